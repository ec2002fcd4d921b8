/**
 * A scratch tally of 32-bit hashes for the URL Tree's bulk build (./url-tree.ts insertDocuments):
 * hash to count, open addressing (./probe.ts). Any hash may be a key, 0 included, because a count
 * of 0 marks a free slot. Only adds and merges: a tally lives for one rebuild and is then let go.
 */
import { grown, home, MIN_CAPACITY, overfull, placeEntry, rehashed } from "./probe";

export class CountTally {
  keys: Uint32Array;
  counts: Uint32Array;
  size = 0;

  constructor(expected = 0) {
    const capacity = Math.max(MIN_CAPACITY, Math.ceil((expected * 5) / 4) + 1);
    this.keys = new Uint32Array(capacity);
    this.counts = new Uint32Array(capacity);
  }

  /** The hash's tally, 0 when it has none. */
  get(key: number): number {
    const keys = this.keys;
    const counts = this.counts;
    const cap = keys.length;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      const c = counts[i]!;
      if (c === 0 || keys[i] === key) return c;
    }
  }

  /** Adds `count` (at least 1) to the hash's tally. */
  add(key: number, count: number): void {
    const keys = this.keys;
    const counts = this.counts;
    const cap = keys.length;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      const c = counts[i]!;
      if (c === 0) {
        if (overfull(this.size + 1, cap)) {
          this.resize(grown(cap));
          this.place(key, count);
        } else {
          keys[i] = key;
          counts[i] = count;
        }
        this.size++;
        return;
      }
      if (keys[i] === key) {
        counts[i] = c + count;
        return;
      }
    }
  }

  /** Adds every tally of `other` into this one. */
  merge(other: CountTally): void {
    const { keys, counts } = other;
    for (let i = 0; i < counts.length; i++) if (counts[i] !== 0) this.add(keys[i]!, counts[i]!);
  }

  private place(key: number, count: number): void {
    placeEntry(this.keys, this.counts, key, count);
  }

  private resize(capacity: number): void {
    [this.keys, this.counts] = rehashed(this.keys, this.counts, capacity);
  }
}
