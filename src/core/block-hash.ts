/**
 * Block hashing (paper §4; production notes): a block is identified by a 32-bit hash of its
 * letters only, lower-cased, so that punctuation, digits and spacing changes between pages of one
 * template do not hide a repeated block. `\p{L}` keeps every script's letters (Han, Hangul,
 * Cyrillic...), which the runtime's "is letter" test did in the authors' C#.
 */

const NON_LETTERS = /[^\p{L}]+/gu;
const WHITESPACE = /\s+/g;

/**
 * The normalized form that is hashed. A block with no letters at all (a date, a price, "|", "1 2 3")
 * would normalize to "", and one shared hash would then count as boilerplate on every page. Such a
 * block is keyed instead by its own digits and punctuation (whitespace removed) behind a marker no
 * letter-only form can produce, so "12 May 2015" and "13 May 2015" stay apart while a separator that
 * really repeats in the template is still recognised as template.
 */
export function normalizeBlock(text: string): string {
  const letters = text.replace(NON_LETTERS, "").toLowerCase();
  if (letters) return letters;
  return "#" + text.replace(WHITESPACE, "");
}

/** The two lanes of hash64 after its finalizer, as unsigned 32-bit integers [high, low]. */
function lanes(text: string): [number, number] {
  let h1 = 0xdeadbeef ^ text.length;
  let h2 = 0x41c6ce57 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  h1 ^= h1 >>> 16;
  h2 ^= h2 >>> 16;
  return [h2 >>> 0, h1 >>> 0];
}

/**
 * 64-bit hash as 16 hex digits: two 32-bit multiply-xorshift lanes over UTF-16 code units with
 * murmur3's finalizer. Non-cryptographic on purpose: blocks are hashed on the hot path.
 */
export function hash64(text: string): string {
  const [high, low] = lanes(text);
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}

/**
 * The high half of hash64, as 8 hex digits. Block identities are 32-bit since storage schema 2
 * (src/store/schema.ts weighs the collision risk); being hash64's prefix, they are exactly what the
 * schema-1 hashes narrow to, so migrated trees and new pages agree.
 */
export function hash32(text: string): string {
  return lanes(text)[0].toString(16).padStart(8, "0");
}

export function blockHash(text: string): string {
  return hash32(normalizeBlock(text));
}
