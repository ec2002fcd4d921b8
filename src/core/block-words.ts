/**
 * The words of a block as the block features count them (features.ts): its text lower-cased and
 * split on white space (`/\s+/`), and how many of them the page title holds.
 *
 * Speed: this runs on every block of every page, and building every word as a string only to count
 * it and look it up in the title's set was most of the feature cost. One scan counts the words and
 * hashes each one; a word is built only when its hash is one of the title's words' hashes, and then
 * looked up as before, so the figures are those of the plain split (the tests check them).
 */
import { isSpace } from "./segment-text";

/** The page title's words, and their hashes (`wordHash`), which a block's words meet first. */
export interface TitleWords {
  words: ReadonlySet<string>;
  hashes: ReadonlySet<number>;
}

/** Lower-cased words of `text`, split on white space. */
export function lowerWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** FNV-1a over a word's UTF-16 code units, kept to 30 bits (a small integer, cheap as a set key). */
function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

export function titleWords(title: string): TitleWords {
  const words = new Set(lowerWords(title));
  return { words, hashes: new Set([...words].map(wordHash)) };
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
        h = 0x811c9dc5;
      }
      h = Math.imul(h ^ c, 0x01000193);
      continue;
    }
    if (start < 0) continue;
    count++;
    if (title.hashes.has(h & 0x3fffffff) && title.words.has(lower.slice(start, i))) inTitle++;
    start = -1;
  }
  return { count, inTitle };
}
