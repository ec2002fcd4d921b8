/**
 * Row sampling for the boosted trees by row identity, not by row order: whether a row is in a
 * tree's sample is a hash of the row's key (its page, block and feature variant), the tree's
 * round and the seed. Adding or removing a page then changes only that page's draws; a seeded
 * stream over row order reshuffled every later row (3 re-segmented pages moved zyte's CV by 0.006).
 */

/** FNV-1a of a string: a row's page identity (corpus and id). */
export function stringKey(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** murmur3's 32-bit finalizer: every input bit moves every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The key of one row: its page's key, the block's index in the page and which feature variant. */
export function rowKey(pageKey: number, block: number, variant: number): number {
  return fmix32(fmix32(pageKey ^ Math.imul(block + 1, 0x9e3779b9)) ^ Math.imul(variant + 1, 0x7feb352d));
}

/** Whether the row with `key` is drawn for boosting round `round`: a uniform draw below `share`. */
export function inSample(key: number, round: number, seed: number, share: number): boolean {
  const draw = fmix32(key ^ fmix32(Math.imul(round + 1, 0x27d4eb2f) ^ seed));
  return draw / 4294967296 < share;
}
