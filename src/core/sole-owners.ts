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

  /** Changes the owner of a hash that has one. */
  update(key: number, owner: number): void {
    const keys = this.keys;
    const values = this.values;
    const cap = keys.length;
    for (let i = home(key, cap); values[i] !== 0; i = i + 1 === cap ? 0 : i + 1) {
      if (keys[i] === key) {
        values[i] = owner;
        return;
      }
    }
    throw new Error(`SoleOwners.update: hash ${key} has no owner`);
  }

  /** Removes every hash owned by `owner`, and sizes the table to what is left (2/3 full). */
  dropOwner(owner: number): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    let left = 0;
    for (let i = 0; i < oldValues.length; i++) if (oldValues[i] !== 0 && oldValues[i] !== owner) left++;
    const capacity = Math.max(MIN_CAPACITY, Math.ceil((left * 3) / 2));
    this.keys = new Uint32Array(capacity);
    this.values = new Uint32Array(capacity);
    this.used = left;
    for (let i = 0; i < oldKeys.length; i++) {
      const v = oldValues[i]!;
      if (v !== 0 && v !== owner) this.place(oldKeys[i]!, v);
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

  reserve(n: number): void {
    const capacity = Math.ceil((n * 5) / 4) + 1;
    if (capacity > this.keys.length) this.resize(capacity);
  }

  fit(): void {
    if (this.used * 2 < this.keys.length) this.resize(Math.max(MIN_CAPACITY, Math.ceil((this.used * 3) / 2)));
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
