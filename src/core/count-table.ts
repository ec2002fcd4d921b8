/**
 * The c(b) counts of one URL Tree node: an open-addressing hash table from 32-bit block hash to
 * count, in two typed arrays (linear probing, backward-shift deletion, so no tombstones).
 *
 * Why this shape: a domain at the 10,000-document cap holds over a million (node, block) counts and
 * about nine in ten of them are 1. A `Map<string, number>` spends ~70 bytes on each (a boxed key
 * string plus the entry); here an entry is 4 bytes of key and 1 byte of count, about 8 bytes at the
 * table's load. Counts of 255 or more (template blocks high in the tree, a few hundred per domain)
 * keep their true value in a small overflow map; a count byte of 0 marks a free slot, so every
 * 32-bit value, 0 included, can be a key. Counts stay exact.
 */

const MIN_CAPACITY = 8;
/** The count byte meaning "the count is in `overflow`". */
const OVERFLOW = 255;

export class CountTable {
  private keys: Uint32Array;
  private bytes: Uint8Array;
  private overflow: Map<number, number> | null = null;
  private used = 0;

  constructor(capacity = MIN_CAPACITY) {
    this.keys = new Uint32Array(capacity);
    this.bytes = new Uint8Array(capacity);
  }

  /** Distinct hashes with a count above zero. */
  get size(): number {
    return this.used;
  }

  /** Bytes held by the table's arrays (the overflow map counted roughly): for memory reports. */
  get byteLength(): number {
    return this.keys.byteLength + this.bytes.byteLength + (this.overflow ? this.overflow.size * 40 : 0);
  }

  get(hash: number): number {
    const i = this.find(hash);
    if (i < 0) return 0;
    const b = this.bytes[i]!;
    return b === OVERFLOW ? this.overflow!.get(hash)! : b;
  }

  /** Adds one to the hash's count. */
  increment(hash: number): void {
    const i = this.find(hash);
    if (i >= 0) {
      this.store(i, hash, this.countAt(i, hash) + 1);
      return;
    }
    if ((this.used + 1) * 4 > this.keys.length * 3) this.resize(this.keys.length * 2);
    this.store(this.freeSlot(hash), hash, 1);
    this.used++;
  }

  /** Subtracts one from the hash's count; the entry goes at zero. Throws when the hash is absent. */
  decrement(hash: number): void {
    const i = this.find(hash);
    if (i < 0) throw new Error(`CountTable.decrement: hash ${hash} has no count`);
    const c = this.countAt(i, hash);
    if (c > 1) {
      this.store(i, hash, c - 1);
      return;
    }
    this.deleteSlot(i);
    this.used--;
    // A node that lost most of its documents gives the memory back.
    if (this.keys.length > MIN_CAPACITY && this.used * 8 < this.keys.length) this.resize(this.keys.length / 2);
  }

  /** Sets a count outright (a deserialized tree); 0 removes the entry. */
  set(hash: number, count: number): void {
    if (!Number.isInteger(count) || count < 0) throw new Error(`CountTable.set: bad count ${count}`);
    const i = this.find(hash);
    if (i >= 0) {
      if (count > 0) this.store(i, hash, count);
      else {
        this.deleteSlot(i);
        this.used--;
      }
      return;
    }
    if (count === 0) return;
    if ((this.used + 1) * 4 > this.keys.length * 3) this.resize(this.keys.length * 2);
    this.store(this.freeSlot(hash), hash, count);
    this.used++;
  }

  /** Every (hash, count) pair, in slot order. */
  *entries(): IterableIterator<[number, number]> {
    for (let i = 0; i < this.keys.length; i++) {
      const b = this.bytes[i]!;
      if (b !== 0) yield [this.keys[i]!, b === OVERFLOW ? this.overflow!.get(this.keys[i]!)! : b];
    }
  }

  private slotOf(hash: number): number {
    // Fibonacci hashing: block hashes are already well mixed, this only spreads sequential test hashes.
    return (Math.imul(hash, 0x9e3779b1) >>> 0) & (this.keys.length - 1);
  }

  private find(hash: number): number {
    const mask = this.keys.length - 1;
    for (let i = this.slotOf(hash); ; i = (i + 1) & mask) {
      if (this.bytes[i] === 0) return -1;
      if (this.keys[i] === hash) return i;
    }
  }

  private freeSlot(hash: number): number {
    const mask = this.keys.length - 1;
    let i = this.slotOf(hash);
    while (this.bytes[i] !== 0) i = (i + 1) & mask;
    return i;
  }

  private countAt(i: number, hash: number): number {
    const b = this.bytes[i]!;
    return b === OVERFLOW ? this.overflow!.get(hash)! : b;
  }

  private store(i: number, hash: number, count: number): void {
    this.keys[i] = hash;
    if (count < OVERFLOW) {
      this.bytes[i] = count;
      this.overflow?.delete(hash);
    } else {
      this.bytes[i] = OVERFLOW;
      (this.overflow ??= new Map()).set(hash, count);
    }
  }

  /** Backward-shift deletion: later entries of the probe run move up, so lookups never need tombstones. */
  private deleteSlot(i: number): void {
    const mask = this.keys.length - 1;
    if (this.bytes[i] === OVERFLOW) this.overflow!.delete(this.keys[i]!);
    let hole = i;
    for (let j = (i + 1) & mask; this.bytes[j] !== 0; j = (j + 1) & mask) {
      const home = this.slotOf(this.keys[j]!);
      // The entry at j may move to the hole only if its home slot is not cyclically in (hole, j].
      const stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (stays) continue;
      this.keys[hole] = this.keys[j]!;
      this.bytes[hole] = this.bytes[j]!;
      hole = j;
    }
    this.bytes[hole] = 0;
    this.keys[hole] = 0;
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
