/**
 * The words of a block as the block features count them (features.ts): its text lower-cased and
 * split on white space (`/\s+/`), and how many of them the page title holds.
 *
 * Speed: this runs on every block of every page, and building every word as a string only to count
 * it and look it up in the title's set was most of the feature cost. One scan counts the words and
 * hashes each one; a word is built only when its hash's low bits are set in the title's bitmap (one
 * array read, where a set of hashes cost a lookup per word), and then looked up as before, so the
 * figures are those of the plain split (the tests check them).
 */
import { isSpace } from "./segment-text";

/** The page title's words, and a bitmap of their hashes' low bits (`wordHash`), which a block's words meet first. */
export interface TitleWords {
  words: ReadonlySet<string>;
  hashBits: Uint32Array;
}

/** Bits in the title's bitmap: a title of 20 words lets about 2% of other words through to the set. */
const HASH_BITS = 1024;

/** How many words `text` has, split on white space as lowerWords splits it. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Lower-cased words of `text`, split on white space. */
export function lowerWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** FNV-1a's offset basis and prime: a word's hash (`wordHash`), also computed inline by features.ts. */
export const WORD_HASH_SEED = 0x811c9dc5;
export const WORD_HASH_PRIME = 0x01000193;

/** FNV-1a over a word's UTF-16 code units. */
function wordHash(word: string): number {
  let h = WORD_HASH_SEED;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), WORD_HASH_PRIME);
  return h;
}

/** Whether a lower-cased word of hash `h` (`wordHash`) may be one of the title's: false means it is not. */
export function titleMayHold(title: TitleWords, h: number): boolean {
  const bit = h & (HASH_BITS - 1);
  return (title.hashBits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
}

export function titleWords(title: string): TitleWords {
  const words = new Set(lowerWords(title));
  const hashBits = new Uint32Array(HASH_BITS / 32);
  for (const word of words) {
    const bit = wordHash(word) & (HASH_BITS - 1);
    hashBits[bit >>> 5]! |= 1 << (bit & 31);
  }
  return { words, hashBits };
}

export interface WordFigures {
  /** `lowerWords(text).length`. */
  count: number;
  /** How many of those words (repeats counted) the title holds. */
  inTitle: number;
}

export function wordFigures(text: string, title: TitleWords): WordFigures {
  const lower = text.toLowerCase();
  let count = 0;
  let inTitle = 0;
  let start = -1;
  let h = 0;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0x20;
    if (!isSpace(c)) {
      if (start < 0) {
        start = i;
        h = WORD_HASH_SEED;
      }
      h = Math.imul(h ^ c, WORD_HASH_PRIME);
      continue;
    }
    if (start < 0) continue;
    count++;
    if (titleMayHold(title, h) && title.words.has(lower.slice(start, i))) inTitle++;
    start = -1;
  }
  return { count, inTitle };
}
