/**
 * Block hashing (paper §4; production notes): a block is identified by a 32-bit hash of its
 * letters only, lower-cased, so that punctuation, digits and spacing changes between pages of one
 * template do not hide a repeated block. `\p{L}` keeps every script's letters (Han, Hangul,
 * Cyrillic...), which the runtime's "is letter" test did in the authors' C#.
 */
import { u32ToHash } from "./hash-u32";

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

const SEED1 = 0xdeadbeef;
const SEED2 = 0x41c6ce57;
const M1 = 2654435761;
const M2 = 1597334677;

/** murmur3's finalizer over both lanes; returns the high lane (the 32-bit hash), unsigned. */
function finishHigh(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 ^ (h2 >>> 16)) >>> 0;
}

/** The two lanes of hash64 after its finalizer, as unsigned 32-bit integers [high, low]. */
function lanes(text: string): [number, number] {
  let h1 = SEED1 ^ text.length;
  let h2 = SEED2 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, M1);
    h2 = Math.imul(h2 ^ ch, M2);
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
  return u32ToHash(high) + u32ToHash(low);
}

/**
 * The high half of hash64, as 8 hex digits. Block identities are 32-bit since storage schema 2
 * (src/store/schema.ts weighs the collision risk); being hash64's prefix, they are exactly what the
 * schema-1 hashes narrow to, so migrated trees and new pages agree.
 */
export function hash32(text: string): string {
  return u32ToHash(lanes(text)[0]);
}

/** An ASCII letter's code unit, lower-cased. */
function isAsciiLetter(c: number): boolean {
  return ((c | 0x20) - 0x61) >>> 0 < 26;
}

/**
 * Non-ASCII code units the fast path may skip as non-letters: Latin-1 punctuation and signs
 * (but ª, µ, º are letters) and General Punctuation (nbsp-like spaces, dashes, curly quotes,
 * bullets), which is what English-language text mixes in. Anything else takes the full path.
 */
function isCommonNonLetter(c: number): boolean {
  return (c >= 0x2000 && c <= 0x206f) || (c >= 0xa0 && c <= 0xbf && c !== 0xaa && c !== 0xb5 && c !== 0xba);
}

/**
 * hash32(normalizeBlock(text)). Text of ASCII letters among common punctuation, most blocks of
 * English pages, is hashed letter by letter without building the normalized string or running the
 * Unicode regex; the result is the same (test/block-hash.test.ts compares both paths).
 */
export function blockHash(text: string): string {
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (isAsciiLetter(c)) letters++;
    } else if (!isCommonNonLetter(c)) {
      return hash32(normalizeBlock(text));
    }
  }
  if (letters === 0) return hash32(normalizeBlock(text));
  let h1 = SEED1 ^ letters;
  let h2 = SEED2 ^ letters;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80 && isAsciiLetter(c)) {
      const ch = c | 0x20;
      h1 = Math.imul(h1 ^ ch, M1);
      h2 = Math.imul(h2 ^ ch, M2);
    }
  }
  return u32ToHash(finishHigh(h1, h2));
}
