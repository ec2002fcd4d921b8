/**
 * Shared by the URL Tree's typed-array hash tables (./count-table.ts, ./sole-owners.ts): open
 * addressing with linear probing over any capacity, backward-shift deletion (no tombstones),
 * growth by half above 80% full and shrinking below 20%. A restart's first-holder table
 * (./first-holders.ts) is sized once from an estimate and doubles only past 80% (the estimate far off).
 */

export const MIN_CAPACITY = 8;
const TWO_32 = 4294967296;

/** A slot for a hash in a table of `capacity` slots (any size, not only powers of two). */
export function home(hash: number, capacity: number): number {
  // Fibonacci mixing (block hashes are mixed already; this spreads sequential test hashes), then a
  // multiply-shift range reduction: a fraction below 1 times the capacity, always below it.
  return Math.floor(((Math.imul(hash, 0x9e3779b1) >>> 0) / TWO_32) * capacity);
}

/** Whether the entry at `j`, whose home is `h`, may move back to `hole` (h not cyclically in (hole, j]). */
export function mayMoveBack(hole: number, j: number, h: number): boolean {
  return hole <= j ? !(hole < h && h <= j) : !(hole < h || h <= j);
}

/**
 * Backward-shift deletion: empties slot `hole` and moves later entries of its probe run back into
 * it where their home allows, so no tombstone is left. `values` is the occupancy array (0: free).
 */
export function closeHole(keys: Uint32Array, values: Uint8Array | Uint32Array, hole: number): void {
  const cap = keys.length;
  for (let j = hole + 1 === cap ? 0 : hole + 1; values[j] !== 0; j = j + 1 === cap ? 0 : j + 1) {
    if (!mayMoveBack(hole, j, home(keys[j]!, cap))) continue;
    keys[hole] = keys[j]!;
    values[hole] = values[j]!;
    hole = j;
  }
  keys[hole] = 0;
  values[hole] = 0;
}

export const grown = (capacity: number) => Math.ceil(capacity * 1.5);
/** Grow above 80% full; shrink below 20% (to 40% full after the move). */
export const overfull = (used: number, capacity: number) => used * 5 > capacity * 4;
export const underfull = (used: number, capacity: number) => capacity > MIN_CAPACITY && used * 5 < capacity;

/**
 * Puts `key` with its value (not 0: 0 marks a free slot in tables of key/value arrays) in the first
 * free slot of its probe run; the caller knows the key is absent and a slot is free.
 */
export function placeEntry(keys: Uint32Array, values: Uint32Array, key: number, value: number): void {
  const cap = keys.length;
  let i = home(key, cap);
  while (values[i] !== 0) i = i + 1 === cap ? 0 : i + 1;
  keys[i] = key;
  values[i] = value;
}

/** The entries of a key/value table (value 0: free) placed anew in `capacity` slots. */
export function rehashed(
  keys: Uint32Array,
  values: Uint32Array,
  capacity: number,
): [Uint32Array<ArrayBuffer>, Uint32Array<ArrayBuffer>] {
  const newKeys = new Uint32Array(capacity);
  const newValues = new Uint32Array(capacity);
  for (let i = 0; i < values.length; i++) if (values[i] !== 0) placeEntry(newKeys, newValues, keys[i]!, values[i]!);
  return [newKeys, newValues];
}
