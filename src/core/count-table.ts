/**
 * The explicit c(b) counts of one URL Tree node, keyed by 32-bit block hash, in typed arrays (a
 * hash held by one document only is usually kept once for the whole tree instead: ./sole-owners.ts).
 *
 * Why this shape: a domain at the 10,000-document cap holds over two million (node, block) counts
 * and about nine in ten of them are 1. A `Map<string, number>` spends ~70 bytes on each (a key
 * string plus the entry). Here a count of 1 is implied by membership in a set of keys (4 bytes a
 * slot), and only counts of 2 or more are stored, in a second table (4 bytes of key, 1 of count; a
 * count of 255 or more keeps its true value in a small overflow map: template blocks high in the
 * tree, a few hundred per domain). Both are open-addressing tables (linear probing, backward-shift
 * deletion, no tombstones) grown by half and shrunk when mostly empty, about 6 bytes per count.
 * Counts stay exact.
 */
import { closeHole, grown, home, mayMoveBack, MIN_CAPACITY, overfull, underfull } from "./probe";

/** The count byte meaning "the count is in `overflow`". */
const OVERFLOW = 255;

/** A set of 32-bit keys. Slot value 0 means free; the key 0 itself is kept in a flag. */
class KeySet {
  private keys = new Uint32Array(MIN_CAPACITY);
  private used = 0;
  private hasZero = false;

  get size(): number {
    return this.used + (this.hasZero ? 1 : 0);
  }

  get byteLength(): number {
    return this.keys.byteLength;
  }

  has(key: number): boolean {
    if (key === 0) return this.hasZero;
    const keys = this.keys;
    const cap = keys.length;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      const k = keys[i]!;
      if (k === key) return true;
      if (k === 0) return false;
    }
  }

  /** Fills an empty set with the keys among the first `n` whose count is 1, sized 2/3 full (a bulk build). */
  fillOnes(keys: Uint32Array, counts: Uint32Array, n: number, ones: number): void {
    this.keys = new Uint32Array(Math.max(MIN_CAPACITY, Math.ceil((ones * 3) / 2)));
    for (let i = 0; i < n; i++) {
      if (counts[i] !== 1) continue;
      const key = keys[i]!;
      if (key === 0) this.hasZero = true;
      else {
        this.place(key);
        this.used++;
      }
    }
  }

  /** Adds a key known to be absent. */
  add(key: number): void {
    if (key === 0) {
      this.hasZero = true;
      return;
    }
    if (overfull(this.used + 1, this.keys.length)) this.resize(grown(this.keys.length));
    this.place(key);
    this.used++;
  }

  /**
   * Adds the key when absent (true); removes it when present (false). One probe for the tree's
   * common step: a hash's first count, or its promotion from 1 to 2.
   */
  toggle(key: number): boolean {
    if (key === 0) return (this.hasZero = !this.hasZero);
    const keys = this.keys;
    const cap = keys.length;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      const k = keys[i]!;
      if (k === key) {
        this.delete(key);
        return false;
      }
      if (k === 0) {
        if (overfull(this.used + 1, cap)) {
          this.resize(grown(cap));
          this.place(key);
        } else keys[i] = key;
        this.used++;
        return true;
      }
    }
  }

  /** Removes a key; false when it was absent. */
  delete(key: number): boolean {
    if (key === 0) {
      const had = this.hasZero;
      this.hasZero = false;
      return had;
    }
    const keys = this.keys;
    const cap = keys.length;
    let hole = home(key, cap);
    while (keys[hole] !== key) {
      if (keys[hole] === 0) return false;
      hole = hole + 1 === cap ? 0 : hole + 1;
    }
    for (let j = hole + 1 === cap ? 0 : hole + 1; keys[j] !== 0; j = j + 1 === cap ? 0 : j + 1) {
      if (!mayMoveBack(hole, j, home(keys[j]!, cap))) continue;
      keys[hole] = keys[j]!;
      hole = j;
    }
    keys[hole] = 0;
    this.used--;
    if (underfull(this.used, cap)) this.resize(Math.max(MIN_CAPACITY, Math.ceil((this.used * 5) / 2)));
    return true;
  }

  *values(): IterableIterator<number> {
    if (this.hasZero) yield 0;
    for (const k of this.keys) if (k !== 0) yield k;
  }

  private place(key: number): void {
    const keys = this.keys;
    const cap = keys.length;
    let i = home(key, cap);
    while (keys[i] !== 0) i = i + 1 === cap ? 0 : i + 1;
    keys[i] = key;
  }

  private resize(capacity: number): void {
    const old = this.keys;
    this.keys = new Uint32Array(capacity);
    for (const k of old) if (k !== 0) this.place(k);
  }
}

/** Counts of 2 or more: key and count byte per slot; count byte 0 means free. */
class ManyCounts {
  private keys = new Uint32Array(MIN_CAPACITY);
  private bytes = new Uint8Array(MIN_CAPACITY);
  private overflow: Map<number, number> | null = null;
  private used = 0;

  get size(): number {
    return this.used;
  }

  get byteLength(): number {
    return this.keys.byteLength + this.bytes.byteLength + (this.overflow ? this.overflow.size * 40 : 0);
  }

  /** The count, or 0 when the key is not here. */
  get(key: number): number {
    const i = this.find(key);
    if (i < 0) return 0;
    const b = this.bytes[i]!;
    return b === OVERFLOW ? this.overflow!.get(key)! : b;
  }

  /** Fills an empty table with the keys among the first `n` whose count is 2 or more, sized 2/3 full (a bulk build). */
  fillMany(keys: Uint32Array, counts: Uint32Array, n: number, many: number): void {
    const capacity = Math.max(MIN_CAPACITY, Math.ceil((many * 3) / 2));
    this.keys = new Uint32Array(capacity);
    this.bytes = new Uint8Array(capacity);
    for (let i = 0; i < n; i++) {
      const count = counts[i]!;
      if (count < 2) continue;
      const key = keys[i]!;
      const slot = this.freeSlot(key);
      this.keys[slot] = key;
      if (count < OVERFLOW) this.bytes[slot] = count;
      else {
        this.bytes[slot] = OVERFLOW;
        (this.overflow ??= new Map()).set(key, count);
      }
      this.used++;
    }
  }

  /** Adds one to the count of a key that is here (true); false, and nothing changed, when it is not. One probe. */
  bump(key: number): boolean {
    const i = this.find(key);
    if (i < 0) return false;
    const b = this.bytes[i]!;
    if (b < OVERFLOW - 1) this.bytes[i] = b + 1;
    else if (b === OVERFLOW - 1) {
      this.bytes[i] = OVERFLOW;
      (this.overflow ??= new Map()).set(key, OVERFLOW);
    } else this.overflow!.set(key, this.overflow!.get(key)! + 1);
    return true;
  }

  /** Sets the count of a key (count >= 1; the caller removes with `delete`). */
  set(key: number, count: number): void {
    let i = this.find(key);
    if (i < 0) {
      if (overfull(this.used + 1, this.keys.length)) this.resize(grown(this.keys.length));
      i = this.freeSlot(key);
      this.used++;
    }
    this.keys[i] = key;
    if (count < OVERFLOW) {
      this.bytes[i] = count;
      this.overflow?.delete(key);
    } else {
      this.bytes[i] = OVERFLOW;
      (this.overflow ??= new Map()).set(key, count);
    }
  }

  delete(key: number): void {
    const i = this.find(key);
    if (i < 0) return;
    const keys = this.keys;
    const bytes = this.bytes;
    const cap = keys.length;
    if (bytes[i] === OVERFLOW) this.overflow!.delete(key);
    closeHole(keys, bytes, i);
    this.used--;
    if (underfull(this.used, cap)) this.resize(Math.max(MIN_CAPACITY, Math.ceil((this.used * 5) / 2)));
  }

  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) {
      const b = this.bytes[i]!;
      if (b !== 0) yield [this.keys[i]!, b === OVERFLOW ? this.overflow!.get(this.keys[i]!)! : b];
    }
  }

  private find(key: number): number {
    const keys = this.keys;
    const bytes = this.bytes;
    const cap = keys.length;
    for (let i = home(key, cap); ; i = i + 1 === cap ? 0 : i + 1) {
      if (bytes[i] === 0) return -1;
      if (keys[i] === key) return i;
    }
  }

  private freeSlot(key: number): number {
    const cap = this.keys.length;
    let i = home(key, cap);
    while (this.bytes[i] !== 0) i = i + 1 === cap ? 0 : i + 1;
    return i;
  }

  private resize(capacity: number): void {
    const oldKeys = this.keys;
    const oldBytes = this.bytes;
    this.keys = new Uint32Array(capacity);
    this.bytes = new Uint8Array(capacity);
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldBytes[i] === 0) continue;
      const slot = this.freeSlot(oldKeys[i]!);
      this.keys[slot] = oldKeys[i]!;
      this.bytes[slot] = oldBytes[i]!;
    }
  }
}

export class CountTable {
  private readonly ones = new KeySet();
  /** Created on the first count of 2: most deep nodes never need it. */
  private many: ManyCounts | null = null;

  /** Distinct hashes with a count above zero. */
  get size(): number {
    return this.ones.size + (this.many?.size ?? 0);
  }

  /** Bytes held by the table's arrays (the overflow map counted roughly): for memory reports. */
  get byteLength(): number {
    return this.ones.byteLength + (this.many?.byteLength ?? 0);
  }

  get(hash: number): number {
    const c = this.many?.get(hash) ?? 0;
    if (c > 0) return c;
    return this.ones.has(hash) ? 1 : 0;
  }

  /** Adds one to the hash's count. */
  increment(hash: number): void {
    if (this.many?.bump(hash)) return;
    if (!this.ones.toggle(hash)) (this.many ??= new ManyCounts()).set(hash, 2);
  }

  /** Subtracts one from the hash's count; the entry goes at zero. Throws when the hash is absent. */
  decrement(hash: number): void {
    const c = this.many?.get(hash) ?? 0;
    if (c > 2) this.many!.set(hash, c - 1);
    else if (c === 2) {
      this.many!.delete(hash);
      this.ones.add(hash);
    } else if (!this.ones.delete(hash)) throw new Error(`CountTable.decrement: hash ${hash} has no count`);
  }

  /** Sets a count outright (a deserialized tree); 0 removes the entry. */
  set(hash: number, count: number): void {
    if (!Number.isInteger(count) || count < 0) throw new Error(`CountTable.set: bad count ${count}`);
    this.many?.delete(hash);
    this.ones.delete(hash);
    if (count === 1) this.ones.add(hash);
    else if (count > 1) (this.many ??= new ManyCounts()).set(hash, count);
  }

  /**
   * Takes the first `n` (key, count) pairs, keys distinct and counts at least 1, into an empty table
   * at once (a restart's bulk build): each entry placed once into tables sized for the lot, instead
   * of counted up one document at a time.
   */
  fill(keys: Uint32Array, counts: Uint32Array, n: number): void {
    if (this.size !== 0) throw new Error("CountTable.fill: the table is not empty");
    let ones = 0;
    for (let i = 0; i < n; i++) if (counts[i] === 1) ones++;
    this.ones.fillOnes(keys, counts, n, ones);
    if (ones < n) (this.many = new ManyCounts()).fillMany(keys, counts, n, n - ones);
  }

  /** Every (hash, count) pair: the counts of 1, then the others. */
  *entries(): IterableIterator<[number, number]> {
    for (const h of this.ones.values()) yield [h, 1];
    if (this.many) yield* this.many.entries();
  }
}
