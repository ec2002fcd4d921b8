/**
 * Block hashes cross every boundary (the Worker's RPC, JSON, storage) as 8 lowercase hex digits
 * (core/block-hash.ts) and live in the URL Tree as unsigned 32-bit integers: a number in a typed
 * array costs 4 bytes where a hex string costs ~30 plus a pointer.
 */

const HEX8 = /^[0-9a-f]{8}$/;

export function isBlockHash(hex: string): boolean {
  return HEX8.test(hex);
}

/**
 * Throws on anything but 8 lowercase hex digits: two spellings of one hash would count apart.
 * Checked and read in one loop (a regex test and parseInt cost twice as much, and every block's
 * hash is read on insert and again for the evidence).
 */
export function hashToU32(hex: string): number {
  let value = hex.length === 8 ? 0 : -1;
  for (let i = 0; i < 8 && value >= 0; i++) {
    const digit = hexDigit(hex.charCodeAt(i));
    value = digit < 0 ? -1 : value * 16 + digit;
  }
  if (value < 0) throw new Error(`not a 32-bit block hash: ${JSON.stringify(hex.slice(0, 40))}`);
  return value;
}

/** A lowercase hex digit's value, or -1. */
function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Two lowercase hex digits per byte value. */
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/**
 * 8 lowercase hex digits, by bytes from a table: every block of every page is hashed (block-hash.ts),
 * and `toString(16).padStart(8, "0")` cost ~270 ns a call where this costs ~30.
 */
export function u32ToHash(value: number): string {
  const v = value >>> 0;
  return BYTE_HEX[v >>> 24]! + BYTE_HEX[(v >>> 16) & 0xff]! + BYTE_HEX[(v >>> 8) & 0xff]! + BYTE_HEX[v & 0xff]!;
}

/** Unique hashes of a list, first occurrences in order: a document counts each block once. */
export function uniqueHashes(hexes: Iterable<string>): Uint32Array {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const hex of hexes) {
    const h = hashToU32(hex);
    if (!seen.has(h)) {
      seen.add(h);
      out.push(h);
    }
  }
  return Uint32Array.from(out);
}
