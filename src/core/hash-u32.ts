/**
 * Block hashes cross every boundary (the Worker's RPC, JSON, storage) as 8 lowercase hex digits
 * (core/block-hash.ts) and live in the URL Tree as unsigned 32-bit integers: a number in a typed
 * array costs 4 bytes where a hex string costs ~30 plus a pointer.
 */

const HEX8 = /^[0-9a-f]{8}$/;

export function isBlockHash(hex: string): boolean {
  return HEX8.test(hex);
}

/** Throws on anything but 8 lowercase hex digits: two spellings of one hash would count apart. */
export function hashToU32(hex: string): number {
  if (!HEX8.test(hex)) throw new Error(`not a 32-bit block hash: ${JSON.stringify(hex.slice(0, 40))}`);
  return parseInt(hex, 16);
}

export function u32ToHash(value: number): string {
  return (value >>> 0).toString(16).padStart(8, "0");
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
