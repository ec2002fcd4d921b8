/**
 * The held documents of one domain, in queue order, without an object per document: a document is a
 * slot, its key and branch in arrays, its time and store row id in Float64Arrays, and its hashes a
 * range of one of a few shared chunks (Uint32Arrays). A restart at the cap used to make, per stored
 * row, a HeldDocument, a Uint32Array and its ArrayBuffer and two Map entries to objects; the garbage
 * collector copied and traced them all (session 19: about half the bench's rebuild was scavenges).
 *
 * A chunk is append-only: a range, once written, is never written again. A removed document's range
 * and a revised document's old range become garbage, and when the garbage passes a quarter of what
 * the documents hold, the live ranges are copied, in queue order, into new chunks. So a view of a
 * document's hashes (`hashesOf`) stays a consistent snapshot whatever happens after it is taken,
 * which the streamed export relies on: it keeps its old chunks alive while it needs them.
 */
import type { PackedDocuments } from "./url-tree";

/** Entries of a chunk (256 KB): about 19 chunks at the cap, and at most one partly empty. */
export const CHUNK_ENTRIES = 1 << 16;

export class HeldDocuments {
  /** `chunkEntries`: the chunks' size (tests make it tiny, so that compaction and new chunks happen often). */
  constructor(private readonly chunkEntries = CHUNK_ENTRIES) {}

  /** Key to slot, in insertion order: the queue (a revision keeps its place, as Map.set does). */
  private readonly slotOf = new Map<string, number>();
  private keys: (string | undefined)[] = [];
  private branches: (readonly string[] | undefined)[] = [];
  private times = new Float64Array(16);
  private rowIds = new Float64Array(16);
  /** Slot's hashes: chunks[chunkOf[s]] from offsets[s], lengths[s] entries. */
  private chunkOf = new Uint32Array(16);
  private offsets = new Uint32Array(16);
  private lengths = new Uint32Array(16);
  /** Slots of removed documents, reused before new ones. */
  private readonly freeSlots: number[] = [];
  /** Slots ever used (the arrays' used part). */
  private slotCount = 0;
  /** The chunks; the last one is written at `tail`. */
  chunks: Uint32Array[] = [];
  private tail = 0;
  /** Entries held by documents, and entries of the chunks no document holds (not counting the last chunk's free tail). */
  private liveEntries = 0;
  private garbageEntries = 0;
  /** How many times the chunks were compacted (tests). */
  compactions = 0;

  get size(): number {
    return this.slotOf.size;
  }

  has(key: string): boolean {
    return this.slotOf.has(key);
  }

  /** The slot of `key`, or -1. */
  slot(key: string): number {
    return this.slotOf.get(key) ?? -1;
  }

  /** Slots in queue order (oldest first). */
  slots(): IterableIterator<number> {
    return this.slotOf.values();
  }

  key(slot: number): string {
    return this.keys[slot]!;
  }

  branch(slot: number): readonly string[] {
    return this.branches[slot]!;
  }

  time(slot: number): number {
    return this.times[slot]!;
  }

  rowId(slot: number): number {
    return this.rowIds[slot]!;
  }

  setRowId(slot: number, id: number): void {
    this.rowIds[slot] = id;
  }

  length(slot: number): number {
    return this.lengths[slot]!;
  }

  /** The chunk that holds the slot's hashes, from offset(slot), length(slot) entries: read, never written. */
  chunk(slot: number): Uint32Array {
    return this.chunks[this.chunkOf[slot]!]!;
  }

  offset(slot: number): number {
    return this.offsets[slot]!;
  }

  /** A view of the slot's hashes: a snapshot, since chunks are never written twice (see above). */
  hashesOf(slot: number): Uint32Array {
    const at = this.offsets[slot]!;
    return this.chunk(slot).subarray(at, at + this.lengths[slot]!);
  }

  /**
   * A new document, last in the queue, with room for `length` hashes, unwritten: the caller writes
   * them at chunk(slot) from offset(slot) before anything else touches the documents.
   */
  add(key: string, branch: readonly string[], time: number, length: number): number {
    if (this.slotOf.has(key)) throw new Error(`held documents: duplicate key ${key}`);
    const slot = this.freeSlots.pop() ?? this.newSlot();
    this.keys[slot] = key;
    this.branches[slot] = branch;
    this.times[slot] = time;
    this.rowIds[slot] = 0;
    this.place(slot, length);
    this.slotOf.set(key, slot);
    return slot;
  }

  /** add() with the hashes copied in. */
  addWith(key: string, branch: readonly string[], time: number, hashes: ArrayLike<number>): number {
    const slot = this.add(key, branch, time, hashes.length);
    this.write(slot, hashes);
    return slot;
  }

  /** The hashes of a slot add() has just made room for, copied into its range (written once: see above). */
  write(slot: number, hashes: ArrayLike<number>): void {
    const chunk = this.chunk(slot);
    const at = this.offsets[slot]!;
    for (let i = 0; i < hashes.length; i++) chunk[at + i] = hashes[i]!;
  }

  /** The slot's hashes extended by `added` (a revision): a new range; the old one becomes garbage. */
  extend(slot: number, added: ArrayLike<number>): void {
    const oldChunk = this.chunk(slot);
    const oldAt = this.offsets[slot]!;
    const oldLength = this.lengths[slot]!;
    this.liveEntries -= oldLength;
    this.garbageEntries += oldLength;
    this.place(slot, oldLength + added.length);
    const chunk = this.chunk(slot);
    const at = this.offsets[slot]!;
    chunk.set(oldChunk.subarray(oldAt, oldAt + oldLength), at);
    for (let i = 0; i < added.length; i++) chunk[at + oldLength + i] = added[i]!;
    this.maybeCompact();
  }

  remove(key: string): boolean {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return false;
    this.slotOf.delete(key);
    this.keys[slot] = undefined;
    this.branches[slot] = undefined;
    this.liveEntries -= this.lengths[slot]!;
    this.garbageEntries += this.lengths[slot]!;
    this.lengths[slot] = 0;
    this.freeSlots.push(slot);
    this.maybeCompact();
    return true;
  }

  clear(): void {
    this.slotOf.clear();
    this.keys = [];
    this.branches = [];
    this.freeSlots.length = 0;
    this.slotCount = 0;
    this.chunks = [];
    this.tail = 0;
    this.liveEntries = 0;
    this.garbageEntries = 0;
  }

  /**
   * The documents for a bulk build (UrlTree.insertPacked), slot k being the k-th in the queue: only
   * right when no slot was ever freed since clear() (a restart into an empty state).
   */
  packed(): PackedDocuments {
    if (this.slotCount !== this.slotOf.size) throw new Error("held documents: slots are not in queue order");
    return {
      count: this.slotCount,
      branches: this.branches,
      chunks: this.chunks,
      chunkOf: this.chunkOf,
      offsets: this.offsets,
      lengths: this.lengths,
    };
  }

  /**
   * The held documents as they are now, in queue order, for a reader that outlives this call (the
   * streamed export): copies of the slots' few numbers and of the key, branch and chunk lists, not
   * an object per document (rows20 left the export making 10,000 objects and views up front, +3 MB
   * peak). Chunks are never written twice, so the ranges keep reading what they held now.
   */
  snapshot(): HeldSnapshot {
    const n = this.slotOf.size;
    const keys: string[] = new Array<string>(n);
    const branches: (readonly string[])[] = new Array<readonly string[]>(n);
    const times = new Float64Array(n);
    const chunkOf = new Uint32Array(n);
    const offsets = new Uint32Array(n);
    const lengths = new Uint32Array(n);
    let k = 0;
    for (const slot of this.slotOf.values()) {
      keys[k] = this.keys[slot]!;
      branches[k] = this.branches[slot]!;
      times[k] = this.times[slot]!;
      chunkOf[k] = this.chunkOf[slot]!;
      offsets[k] = this.offsets[slot]!;
      lengths[k] = this.lengths[slot]!;
      k++;
    }
    return new HeldSnapshot(keys, branches, times, this.chunks.slice(), chunkOf, offsets, lengths);
  }

  /** Slots ever used since clear(): at most the most documents held at once (slots are reused). */
  packedSlotCount(): number {
    return this.slotCount;
  }

  /** Entries held by documents and entries of garbage: tests, and what compaction decides on. */
  entryStats(): { live: number; garbage: number; chunks: number } {
    return { live: this.liveEntries, garbage: this.garbageEntries, chunks: this.chunks.length };
  }

  /** Room for `length` entries at the end of the last chunk, or in a new one; sets the slot's range. */
  private place(slot: number, length: number): void {
    let last = this.chunks.length - 1;
    if (last < 0 || this.tail + length > this.chunks[last]!.length) {
      if (last >= 0) this.garbageEntries += this.chunks[last]!.length - this.tail;
      this.chunks.push(new Uint32Array(Math.max(this.chunkEntries, length)));
      this.tail = 0;
      last++;
    }
    this.chunkOf[slot] = last;
    this.offsets[slot] = this.tail;
    this.lengths[slot] = length;
    this.tail += length;
    this.liveEntries += length;
  }

  /**
   * Copies the live ranges into new chunks when the garbage passes a quarter of the live entries
   * (and a chunk): at the cap that is every ~2,500 evictions, a copy of ~5 MB, so memory stays
   * within ~1.25x of the hashes held without a copy per removal.
   */
  private maybeCompact(): void {
    if (this.garbageEntries <= Math.max(this.chunkEntries, this.liveEntries / 4)) return;
    const old = this.chunks;
    const oldChunkOf = this.chunkOf.slice(0, this.slotCount);
    const oldOffsets = this.offsets.slice(0, this.slotCount);
    this.chunks = [];
    this.tail = 0;
    this.liveEntries = 0;
    this.garbageEntries = 0;
    for (const slot of this.slotOf.values()) {
      const from = oldOffsets[slot]!;
      const length = this.lengths[slot]!;
      this.place(slot, length);
      this.chunk(slot).set(old[oldChunkOf[slot]!]!.subarray(from, from + length), this.offsets[slot]);
    }
    this.compactions++;
  }

  private newSlot(): number {
    const slot = this.slotCount++;
    if (slot === this.times.length) {
      const n = slot * 2;
      this.times = grown(this.times, new Float64Array(n));
      this.rowIds = grown(this.rowIds, new Float64Array(n));
      this.chunkOf = grown(this.chunkOf, new Uint32Array(n));
      this.offsets = grown(this.offsets, new Uint32Array(n));
      this.lengths = grown(this.lengths, new Uint32Array(n));
    }
    return slot;
  }
}

/** HeldDocuments.snapshot(): document k of the queue as it was then, made when read. */
export class HeldSnapshot {
  constructor(
    private readonly keys: readonly string[],
    private readonly branches: readonly (readonly string[])[],
    private readonly times: Float64Array,
    private readonly chunks: readonly Uint32Array[],
    private readonly chunkOf: Uint32Array,
    private readonly offsets: Uint32Array,
    private readonly lengths: Uint32Array,
  ) {}

  get size(): number {
    return this.keys.length;
  }

  /** The k-th document (0: the oldest): its hashes a view of the snapshot's chunk. */
  document(k: number): { key: string; branch: readonly string[]; time: number; hashes: Uint32Array } {
    const at = this.offsets[k]!;
    return {
      key: this.keys[k]!,
      branch: this.branches[k]!,
      time: this.times[k]!,
      hashes: this.chunks[this.chunkOf[k]!]!.subarray(at, at + this.lengths[k]!),
    };
  }
}

function grown<T extends Float64Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
