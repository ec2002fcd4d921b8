/**
 * A restart's one table of hashes (./url-tree.ts insertPacked): every distinct hash of the documents
 * with its first holder's node (the deepest of its branch), in the very layout of the sole-owner
 * table (./sole-owners.ts: keys and values side by side in two arrays, value 0 free). A hash that a
 * second document brings becomes shared: its value turns into SHARED plus its shared index. At the
 * end the shared hashes are taken out and what stays is the sole-owner table itself, so the hashes of
 * one document (most of them: ~305,000 of ~312,000 at the bench's cap) are hashed and placed once.
 *
 * Until session 22 a table of dense ids (hash-ids.ts) came first, sized for a third of the
 * occurrences, plus per-id hash and holder arrays, and the sole hashes were placed again in their
 * own table: two random probes per sole hash, and at 10,000 documents of ~150 blocks with 80 of their
 * own (bench:worker --scale-only) ~800,000 distinct hashes against the 500,000 expected, so the ids
 * grew and rehashed (~30 MB allocated). Here the table is sized from the documents themselves
 * (estimateDistinct), before any hash is placed, and grows only when that estimate was far off.
 */
import { closeHole, home, MIN_CAPACITY, overfull } from "./probe";

/** A value's mark for a hash two documents or more hold; the low 31 bits are its shared index. */
export const SHARED = 0x80000000;
const INDEX = 0x7fffffff;

/** Below this many occurrences the estimate is their number (an upper bound, and small). */
const EXACT_BELOW = 1 << 16;
/** At least this many occurrences are sampled (~4,000 distinct ones at the bench's cap): a few per cent of error. */
const SAMPLED_OCCURRENCES = 1 << 14;
/** At most one hash in 64 is sampled. */
const MAX_SAMPLE_SHIFT = 6;
const TWO_32 = 4294967296;

/** Hashes as a bulk build holds them: document k's `lengths[k]` from `offsets[k]` in `chunks[chunkOf[k]]`. */
export interface HashRanges {
  count: number;
  chunks: readonly Uint32Array[];
  chunkOf: Uint32Array;
  offsets: Uint32Array;
  lengths: Uint32Array;
}

/** A mix of a hash's bits unlike probe.ts's `home`, so that the sample is not one run of a table. */
const sampleMix = (h: number) => Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;

/**
 * About how many distinct hashes the documents hold, read before any is placed: the distinct hashes
 * of a fixed slice of the hash space (1/64 at the cap; larger for fewer occurrences, so that ~16,000
 * occurrences are sampled), scaled up. Block hashes are uniform, so at the cap's ~312,000 distinct
 * hashes the sample holds ~4,900 and the estimate is within a few per cent; a table sized for it
 * fills to about 2/3. One sequential pass over the hashes. A small build gets its number of
 * occurrences.
 */
export function estimateDistinct(docs: HashRanges): number {
  let total = 0;
  for (let k = 0; k < docs.count; k++) total += docs.lengths[k]!;
  if (total < EXACT_BELOW) return total;
  const rate = 2 ** Math.min(MAX_SAMPLE_SHIFT, Math.floor(Math.log2(total / SAMPLED_OCCURRENCES)));
  const sample = new SampleSet(Math.ceil(total / rate), TWO_32 / rate);
  for (let k = 0; k < docs.count; k++) {
    const from = docs.offsets[k]!;
    sample.addDocument(docs.chunks[docs.chunkOf[k]!]!, from, from + docs.lengths[k]!);
  }
  return Math.min(total, sample.size * rate);
}

/** estimateDistinct's sample: the distinct hashes whose sampleMix is below `below`. */
class SampleSet {
  private keys: Uint32Array;
  /** 1 where a key is (0, a key like any other, cannot mark a free slot). */
  private used: Uint8Array;
  size = 0;

  /** `expected`: about how many hashes it gets (it grows past 80%). */
  constructor(
    expected: number,
    private readonly below: number,
  ) {
    const capacity = Math.max(MIN_CAPACITY, Math.ceil(expected * 1.5));
    this.keys = new Uint32Array(capacity);
    this.used = new Uint8Array(capacity);
  }

  /** A loop of its own per document, as FirstHolders.addDocument is (V8 optimizes it early). */
  addDocument(chunk: Uint32Array, from: number, end: number): void {
    if (overfull(this.size + end - from, this.keys.length)) this.grow(this.size + end - from);
    const keys = this.keys;
    const used = this.used;
    const cap = keys.length;
    for (let i = from; i < end; i++) {
      const h = chunk[i]!;
      if (sampleMix(h) >= this.below) continue;
      let s = home(h, cap);
      while (used[s] !== 0 && keys[s] !== h) s = s + 1 === cap ? 0 : s + 1;
      if (used[s] === 0) {
        used[s] = 1;
        keys[s] = h;
        this.size++;
      }
    }
  }

  private grow(need: number): void {
    const oldKeys = this.keys;
    const oldUsed = this.used;
    let cap = oldKeys.length * 2;
    while (overfull(need, cap)) cap *= 2;
    this.keys = new Uint32Array(cap);
    this.used = new Uint8Array(cap);
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldUsed[i] === 0) continue;
      let s = home(oldKeys[i]!, cap);
      while (this.used[s] !== 0) s = s + 1 === cap ? 0 : s + 1;
      this.keys[s] = oldKeys[i]!;
      this.used[s] = 1;
    }
  }
}

export class FirstHolders {
  /** Slot i: a hash and its value (0 free; a node id; or SHARED | shared index). */
  keys: Uint32Array<ArrayBuffer>;
  values: Uint32Array<ArrayBuffer>;
  /** Distinct hashes placed. */
  size = 0;
  /** The hash of each shared index, and how many there are. */
  shared = new Uint32Array(MIN_CAPACITY);
  sharedCount = 0;
  /** How many times the table grew (an estimate far too low): 0 when it was right (tests). */
  growths = 0;

  /** `expected`: about how many distinct hashes (estimateDistinct); the table is 2/3 full there. */
  constructor(expected: number) {
    const capacity = Math.max(MIN_CAPACITY, Math.ceil(expected * 1.5));
    this.keys = new Uint32Array(capacity);
    this.values = new Uint32Array(capacity);
  }

  /**
   * One document's hashes (unique), `length` of them from `from` in `hashes`, held on node `owner`
   * (an id, 1 to 2^31 - 1): for each, `occ` gets from `at` either SHARED | its shared index, when an
   * earlier document holds it too, or the slot it was placed in (its first holder so far), which
   * `split` reads at the end. `occ` before `at` holds the earlier documents' entries: a growth
   * renumbers their slots. A loop of its own, called once per document, so that a cold start's V8
   * optimizes it after the first documents rather than replacing a long-running loop on the stack.
   */
  addDocument(hashes: Uint32Array, from: number, length: number, owner: number, occ: Uint32Array, at: number): void {
    // Grown before the document, never in it, so the loop below keeps its arrays.
    if (overfull(this.size + length, this.keys.length)) this.grow(occ, at, this.size + length);
    const keys = this.keys;
    const values = this.values;
    const cap = keys.length;
    for (let i = 0; i < length; i++) {
      const key = hashes[from + i]!;
      let s = home(key, cap);
      for (;;) {
        const v = values[s]!;
        if (v === 0) {
          keys[s] = key;
          values[s] = owner;
          this.size++;
          occ[at + i] = s;
          break;
        }
        if (keys[s] === key) {
          occ[at + i] = v >= SHARED ? v : (values[s] = this.share(key));
          break;
        }
        s = s + 1 === cap ? 0 : s + 1;
      }
    }
  }

  /**
   * One document's entries in `occ` from `from` to `end`, after every document was added: the shared
   * ones written back from `w` as their shared index, the sole ones (whose slot still holds an owner)
   * left out, being in the table already. Answers the next `w`.
   */
  split(occ: Uint32Array, from: number, end: number, w: number): number {
    const values = this.values;
    for (let o = from; o < end; o++) {
      const e = occ[o]!;
      const v = e >= SHARED ? e : values[e]!;
      if (v >= SHARED) occ[w++] = v & INDEX;
    }
    return w;
  }

  /**
   * After split: the shared hashes taken out (backward-shift deletion), leaving hash to owner for the
   * sole ones only, the table SoleOwners adopts. Answers keys, values and their number.
   */
  soleTable(): { keys: Uint32Array<ArrayBuffer>; values: Uint32Array<ArrayBuffer>; size: number } {
    const keys = this.keys;
    const values = this.values;
    const cap = keys.length;
    for (let m = 0; m < this.sharedCount; m++) {
      const key = this.shared[m]!;
      let s = home(key, cap);
      while (keys[s] !== key || values[s] === 0) s = s + 1 === cap ? 0 : s + 1;
      closeHole(keys, values, s);
    }
    return { keys, values, size: this.size - this.sharedCount };
  }

  /** The next shared index for `key`, as a value. */
  private share(key: number): number {
    const m = this.sharedCount++;
    if (m === this.shared.length) {
      const grown = new Uint32Array(m * 2);
      grown.set(this.shared);
      this.shared = grown;
    }
    this.shared[m] = key;
    return (SHARED | m) >>> 0;
  }

  /** Doubles the table until `need` fits, placing every entry anew and renumbering the slots in `occ` before `at`. */
  private grow(occ: Uint32Array, at: number, need: number): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    let cap = oldKeys.length * 2;
    while (overfull(need, cap)) cap *= 2;
    const keys = new Uint32Array(cap);
    const values = new Uint32Array(cap);
    const moved = new Uint32Array(oldKeys.length);
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldValues[i] === 0) continue;
      let s = home(oldKeys[i]!, cap);
      while (values[s] !== 0) s = s + 1 === cap ? 0 : s + 1;
      keys[s] = oldKeys[i]!;
      values[s] = oldValues[i]!;
      moved[i] = s;
    }
    for (let o = 0; o < at; o++) {
      const e = occ[o]!;
      if (e < SHARED) occ[o] = moved[e]!;
    }
    this.keys = keys;
    this.values = values;
    this.growths++;
  }
}
