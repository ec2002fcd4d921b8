/**
 * Dense ids for the 32-bit hashes of a URL Tree's bulk build (./url-tree.ts insertDocuments): each
 * distinct hash gets the next id from 0, so that per-hash figures live in plain arrays indexed by id
 * and a document's hashes are looked up once, not once per pass. Open addressing (./probe.ts home),
 * key and id+1 side by side in one array, so a probe reads one cache line, not one in each of two
 * arrays (the table is several MB at the cap: most probes miss the cache). Lives for one rebuild.
 */
import { home, MIN_CAPACITY } from "./probe";

export class HashIds {
  /** Slot i: key at 2i, id + 1 at 2i + 1 (0: free), so any hash, 0 included, may be a key. */
  private slots: Uint32Array;
  private capacity: number;
  /** The hash of each id. */
  hashes: Uint32Array;
  /** How many documents hold each id (addDocument). */
  holders: Uint32Array;
  size = 0;

  /** `expected`: about how many distinct hashes; the table grows past it. */
  constructor(expected: number) {
    this.capacity = Math.max(MIN_CAPACITY, Math.ceil(expected * 1.5));
    this.slots = new Uint32Array(this.capacity * 2);
    this.hashes = new Uint32Array(Math.max(MIN_CAPACITY, expected));
    this.holders = new Uint32Array(this.hashes.length);
  }

  /**
   * One document's hashes (unique), `length` of them from `from` in `hashes` (a chunk shared by many
   * documents, ./held-documents.ts): each one's id written to `occ` from `at`, and one more holder
   * for it. A loop of its own, called once per document, so that V8 optimizes it after the first
   * documents of a cold start rather than waiting to replace a long-running loop on the stack.
   */
  addDocument(hashes: Uint32Array, from: number, length: number, occ: Uint32Array, at: number): void {
    for (let i = 0; i < length; i++) {
      const id = this.idOf(hashes[from + i]!);
      this.holders[id]!++;
      occ[at + i] = id;
    }
  }

  /** The hash's id, a new one (the next) when it has none. */
  idOf(key: number): number {
    const slots = this.slots;
    const cap = this.capacity;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      const v = slots[2 * i + 1]!;
      if (v === 0) {
        const id = this.size++;
        if (id === this.hashes.length) {
          this.hashes = grownArray(this.hashes);
          this.holders = grownArray(this.holders);
        }
        this.hashes[id] = key;
        // Above 2/3 full the table doubles (the probe runs of linear probing lengthen fast past it).
        if (this.size * 3 > cap * 2) this.rehash(cap * 2);
        else {
          slots[2 * i] = key;
          slots[2 * i + 1] = id + 1;
        }
        return id;
      }
      if (slots[2 * i] === key) return v - 1;
    }
  }

  private rehash(capacity: number): void {
    const slots = new Uint32Array(capacity * 2);
    const hashes = this.hashes;
    for (let id = 0; id < this.size; id++) {
      const key = hashes[id]!;
      let i = home(key, capacity);
      while (slots[2 * i + 1] !== 0) i = i + 1 === capacity ? 0 : i + 1;
      slots[2 * i] = key;
      slots[2 * i + 1] = id + 1;
    }
    this.slots = slots;
    this.capacity = capacity;
  }
}

/** The array twice as long, its contents kept. */
function grownArray(a: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length * 2);
  out.set(a);
  return out;
}
