/**
 * The URL Tree's hashes held by one document only (./url-tree.ts): hash to a positive 32-bit
 * value, the id of the deepest node of that document's branch. Two typed arrays, open addressing
 * (./probe.ts); a value of 0 marks a free slot.
 */
import { closeHole, grown, home, MIN_CAPACITY, overfull, placeEntry, rehashed, underfull } from "./probe";

export class SoleOwners {
  private keys = new Uint32Array(MIN_CAPACITY);
  private values = new Uint32Array(MIN_CAPACITY);
  private used = 0;

  get size(): number {
    return this.used;
  }

  get byteLength(): number {
    return this.keys.byteLength + this.values.byteLength;
  }

  /** The owner, or 0 when the hash has none. */
  get(key: number): number {
    const keys = this.keys;
    const values = this.values;
    const cap = keys.length;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      const v = values[i]!;
      if (v === 0) return 0;
      if (keys[i] === key) return v;
    }
  }

  /** The hash's owner if it has one; else sets `owner` as its owner and answers 0. One probe. */
  getOrAdd(key: number, owner: number): number {
    const keys = this.keys;
    const values = this.values;
    const cap = keys.length;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      const v = values[i]!;
      if (v !== 0) {
        if (keys[i] === key) return v;
        continue;
      }
      if (overfull(this.used + 1, cap)) {
        this.resize(grown(cap));
        this.place(key, owner);
      } else {
        keys[i] = key;
        values[i] = owner;
      }
      this.used++;
      return 0;
    }
  }

  /** Sets the owner of a hash that has none. */
  add(key: number, owner: number): void {
    if (overfull(this.used + 1, this.keys.length)) this.resize(grown(this.keys.length));
    this.place(key, owner);
    this.used++;
  }

  delete(key: number): boolean {
    const keys = this.keys;
    const values = this.values;
    const cap = keys.length;
    let hole = home(key, cap);
    for (;;) {
      if (values[hole] === 0) return false;
      if (keys[hole] === key) break;
      hole = hole + 1 === cap ? 0 : hole + 1;
    }
    closeHole(keys, values, hole);
    this.used--;
    if (underfull(this.used, cap)) this.resize(Math.max(MIN_CAPACITY, Math.ceil((this.used * 5) / 2)));
    return true;
  }

  /**
   * Takes a bulk build's table as this (empty) one: `size` entries placed in `keys` and `values` as
   * this class places them (./first-holders.ts builds it so). Rehashed only when mostly empty.
   */
  adopt(keys: Uint32Array<ArrayBuffer>, values: Uint32Array<ArrayBuffer>, size: number): void {
    if (this.used !== 0) throw new Error("SoleOwners.adopt: the table is not empty");
    if (keys.length !== values.length || overfull(size, keys.length)) throw new Error("SoleOwners.adopt: bad table");
    this.keys = keys;
    this.values = values;
    this.used = size;
    if (underfull(size, keys.length)) this.resize(Math.max(MIN_CAPACITY, Math.ceil((size * 3) / 2)));
  }

  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) if (this.values[i] !== 0) yield [this.keys[i]!, this.values[i]!];
  }

  private place(key: number, owner: number): void {
    placeEntry(this.keys, this.values, key, owner);
  }

  private resize(capacity: number): void {
    [this.keys, this.values] = rehashed(this.keys, this.values, capacity);
  }
}
