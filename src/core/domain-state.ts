/**
 * Everything known about one domain: its URL Tree, the registry of URL keys already seen
 * (duplicates and revisions), and the queue of held documents that makes eviction exact.
 * Pure and in-memory; the Durable Object persists it, the eval script uses it as is.
 */
import { hashToU32, u32ToHash, uniqueHashes } from "./hash-u32";
import { CHUNK_ENTRIES, HeldDocuments } from "./held-documents";
import { UrlTree, type SerializedNode, type TreeNode } from "./url-tree";

export interface EvictionPolicy {
  /** Most documents held per domain (production: 10,000). */
  maxDocs: number;
  /** Documents older than this are removed... (production: 14 days) */
  maxAgeMs: number;
  /** ...while at least this many of the most recent are kept (production: 100). */
  keepRecent: number;
}

export const DEFAULT_EVICTION: EvictionPolicy = { maxDocs: 10_000, maxAgeMs: 14 * 24 * 3600 * 1000, keepRecent: 100 };

/** A revision adds its never-seen blocks only when they amount to more than this many characters. */
export const REVISION_MIN_NEW_CHARS = 100;

export interface HeldDocument {
  key: string;
  /** Never changed in place: a restart gives the documents of one branch one array (src/store/restore-rows.ts). */
  branch: readonly string[];
  /** Milliseconds since the epoch when the document was first inserted. */
  time: number;
  /**
   * Every hash this document added to its branch (unique, 32-bit), including later revisions: what
   * removal subtracts. Never changed in place (a revision replaces the array), so a held reference
   * is a consistent snapshot, which a streamed export relies on.
   */
  hashes: Uint32Array;
}

/** A held document as it crosses JSON and RPC: hashes as 8 hex digits each. */
export interface SerializedDocument {
  key: string;
  branch: string[];
  time: number;
  hashes: string[];
}

export interface HashedBlock {
  hash: string;
  /** Length of the block's text: a revision must bring enough new text to count. */
  chars: number;
}

export type IngestOutcome =
  | { kind: "inserted"; evicted: number }
  | { kind: "revision"; addedHashes: number; evicted: number }
  | { kind: "unchanged"; evicted: number };

export interface SerializedDomainState {
  version: 1;
  domain: string;
  tree: SerializedNode;
  documents: SerializedDocument[];
}

export class DomainState {
  /**
   * The held documents, in queue order (the first is the oldest): slots in typed arrays and their
   * hashes in shared chunks (./held-documents.ts), not an object and an ArrayBuffer per document.
   */
  readonly held: HeldDocuments;
  /** Keys removed since the last takeRemoved(), with their row ids: what a persistent store must delete too. */
  private removedKeys: string[] = [];
  private removedRowIds: number[] = [];

  constructor(
    readonly domain: string,
    readonly policy: EvictionPolicy = DEFAULT_EVICTION,
    readonly tree: UrlTree = new UrlTree(domain),
    /** The held documents' chunk size (./held-documents.ts): tests make it tiny. */
    chunkEntries = CHUNK_ENTRIES,
  ) {
    this.held = new HeldDocuments(chunkEntries);
  }

  get size(): number {
    return this.held.size;
  }

  /** The held document as an object (made on each call: its hashes are a view, a snapshot). */
  document(key: string): HeldDocument | undefined {
    const slot = this.held.slot(key);
    return slot < 0 ? undefined : this.heldDocument(slot);
  }

  /** The held documents in queue order, each made as document() makes it. */
  *heldDocuments(): IterableIterator<HeldDocument> {
    for (const slot of this.held.slots()) yield this.heldDocument(slot);
  }

  private heldDocument(slot: number): HeldDocument {
    const h = this.held;
    return { key: h.key(slot), branch: h.branch(slot), time: h.time(slot), hashes: h.hashesOf(slot) };
  }

  /** A persistent store's id for the held document's row (0 when none was set). */
  rowId(key: string): number {
    const slot = this.held.slot(key);
    if (slot < 0) throw new Error(`rowId: ${key} is not held`);
    return this.held.rowId(slot);
  }

  setRowId(key: string, id: number): void {
    const slot = this.held.slot(key);
    if (slot < 0) throw new Error(`setRowId: ${key} is not held`);
    this.held.setRowId(slot, id);
  }

  /**
   * Inserts a document before it is classified. A key already held is a revision: it does not count
   * as a new document, but its never-seen blocks are added when they bring enough new text.
   */
  ingest(key: string, branch: readonly string[], blocks: readonly HashedBlock[], now: number): IngestOutcome {
    const slot = this.held.slot(key);
    if (slot >= 0) {
      const own = new Set(this.held.hashesOf(slot));
      const fresh = new Map<number, number>();
      for (const b of blocks) {
        const h = hashToU32(b.hash);
        if (own.has(h) || this.tree.root.countOf(h) > 0) continue;
        fresh.set(h, (fresh.get(h) ?? 0) + b.chars);
      }
      let chars = 0;
      for (const n of fresh.values()) chars += n;
      if (chars < REVISION_MIN_NEW_CHARS) return { kind: "unchanged", evicted: this.evict(now, key) };
      const added = Uint32Array.from(fresh.keys());
      this.tree.addRevisionHashes(this.held.branch(slot), added);
      this.held.extend(slot, added);
      return { kind: "revision", addedHashes: added.length, evicted: this.evict(now, key) };
    }
    const unique = uniqueHashes(blocks.map((b) => b.hash));
    this.tree.insertDocument(branch, unique);
    this.held.addWith(key, [...branch], now, unique);
    return { kind: "inserted", evicted: this.evict(now, key) };
  }

  /**
   * Removes oldest documents while more than maxDocs are held, or while more than keepRecent are
   * held and the oldest is older than maxAgeMs. `protect` is never evicted (the document being
   * classified right now must stay in the tree it is classified against).
   */
  evict(now: number, protect?: string): number {
    let evicted = 0;
    const { maxDocs, maxAgeMs, keepRecent } = this.policy;
    const held = this.held;
    for (const slot of held.slots()) {
      const n = held.size;
      const tooMany = n > maxDocs;
      const tooOld = n > keepRecent && now - held.time(slot) > maxAgeMs;
      const key = held.key(slot);
      if (key === protect) continue;
      if (!tooMany && !tooOld) break;
      this.remove(key);
      evicted++;
    }
    return evicted;
  }

  remove(key: string): boolean {
    const held = this.held;
    const slot = held.slot(key);
    if (slot < 0) return false;
    this.tree.removeDocument(held.branch(slot), held.hashesOf(slot));
    this.removedRowIds.push(held.rowId(slot));
    held.remove(key);
    this.removedKeys.push(key);
    return true;
  }

  takeRemoved(): string[] {
    const keys = this.removedKeys;
    this.removedKeys = [];
    this.removedRowIds = [];
    return keys;
  }

  /** takeRemoved() with each key's row id (setRowId), in the same order. */
  takeRemovedRows(): { keys: string[]; rowIds: number[] } {
    const rowIds = this.removedRowIds;
    return { keys: this.takeRemoved(), rowIds };
  }

  /**
   * Restores a held document as stored, without eviction: the way a persistent store reloads, one
   * pass over the documents. Its hashes must be unique, as stored (an import checks it first).
   */
  restore(doc: HeldDocument): void {
    if (this.held.has(doc.key)) throw new Error(`restore: duplicate key ${doc.key}`);
    this.tree.insertDocument(doc.branch, doc.hashes);
    this.held.addWith(doc.key, doc.branch, doc.time, doc.hashes);
  }

  /** restore() for many documents at once, in queue order: one bulk build of the counts (a restart). */
  restoreAll(docs: readonly HeldDocument[]): void {
    if (this.held.size === 0) {
      const bulk = this.bulkRestore();
      for (const doc of docs) bulk.add(doc.key, doc.branch, doc.time, doc.hashes);
      bulk.finish();
      return;
    }
    const keys = new Set<string>();
    for (const doc of docs) {
      if (this.held.has(doc.key) || keys.has(doc.key)) throw new Error(`restore: duplicate key ${doc.key}`);
      keys.add(doc.key);
    }
    for (const doc of docs) this.restore(doc);
  }

  /**
   * A restart into an empty state: documents added one by one, their hashes written straight into
   * the shared chunks by the caller (no array per document), then one bulk build of the counts
   * (UrlTree.insertPacked) at finish(). A duplicate key throws and leaves the state empty.
   */
  bulkRestore(): BulkRestore {
    if (this.held.size !== 0 || this.tree.root.docs !== 0) throw new Error("bulkRestore: the state is not empty");
    // Slots from 0 in queue order (none freed before), which is the order insertPacked reads them in.
    this.held.clear();
    return new BulkRestore(this);
  }

  /** BulkRestore's end: the counts built from the held documents (called once). */
  buildFromHeld(): void {
    this.tree.insertPacked(this.held.packed());
  }

  /** Oldest and newest insertion times of held documents. */
  timeRange(): { oldest: number; newest: number } | null {
    let oldest = Infinity;
    let newest = -Infinity;
    for (const slot of this.held.slots()) {
      const time = this.held.time(slot);
      if (time < oldest) oldest = time;
      if (time > newest) newest = time;
    }
    return this.held.size ? { oldest, newest } : null;
  }

  /** Branch nodes from the domain node down, as far as the tree has them. */
  branchNodes(branch: readonly string[]): TreeNode[] {
    return this.tree.nodes(branch, false);
  }

  toJSON(): SerializedDomainState {
    const documents = [...this.heldDocuments()].map(serializeDocument);
    return { version: 1, domain: this.domain, tree: this.tree.toJSON(), documents };
  }

  /**
   * The counts are a function of the documents, so they are rebuilt from them rather than read
   * from `data.tree`: a serialized tree that disagreed with its documents cannot come back.
   */
  static fromJSON(
    data: SerializedDomainState,
    policy: EvictionPolicy = DEFAULT_EVICTION,
    chunkEntries = CHUNK_ENTRIES,
  ): DomainState {
    if (data.version !== 1) throw new Error(`unsupported domain state version ${String(data.version)}`);
    const state = new DomainState(data.domain, policy, undefined, chunkEntries);
    for (const doc of data.documents) state.restore(deserializeDocument(doc));
    return state;
  }
}

/** DomainState.bulkRestore's handle. */
export class BulkRestore {
  private done = false;
  constructor(private readonly state: DomainState) {}

  /**
   * Room for a document's `length` hashes, last in the queue: the caller writes them at
   * `state.held.chunk(slot)` from `state.held.offset(slot)` before the next call. Answers the slot.
   */
  reserve(key: string, branch: readonly string[], time: number, length: number, rowId = 0): number {
    try {
      const slot = this.state.held.add(key, branch, time, length);
      this.state.held.setRowId(slot, rowId);
      return slot;
    } catch (err) {
      this.state.held.clear();
      throw new Error(`restore: duplicate key ${key}`, { cause: err });
    }
  }

  /** reserve() with the hashes copied in. */
  add(key: string, branch: readonly string[], time: number, hashes: ArrayLike<number>, rowId = 0): void {
    this.state.held.write(this.reserve(key, branch, time, hashes.length, rowId), hashes);
  }

  finish(): void {
    if (this.done) throw new Error("bulkRestore: finished twice");
    this.done = true;
    this.state.buildFromHeld();
  }
}

export function serializeDocument(doc: HeldDocument): SerializedDocument {
  return { key: doc.key, branch: [...doc.branch], time: doc.time, hashes: Array.from(doc.hashes, u32ToHash) };
}

export function deserializeDocument(doc: SerializedDocument): HeldDocument {
  return { key: doc.key, branch: [...doc.branch], time: doc.time, hashes: Uint32Array.from(doc.hashes, hashToU32) };
}
