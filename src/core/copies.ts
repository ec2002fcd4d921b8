/**
 * The same text twice in the answer: pages carry copies of their own text that a browser does not
 * show together: a hidden schema.org/microdata copy of the article body, a print or mobile version,
 * a summary box that repeats the first paragraphs, a caption repeated by a gallery's lightbox. The
 * reader needs it once, so a content block whose words were (almost) all said already by earlier
 * content blocks leaves the answer; the first copy stays, whichever it is.
 *
 * Measured by word 4-grams: a block is a copy when at least COPY_SHARE of its 4-grams occur in the
 * content blocks before it under another parent element and another path (numbers in ids aside).
 * Repeats among siblings are the text's own (a meal plan that lists the same recipe every day, a
 * chorus), and so are repeats in a repeated structure, the same path under other parents (cards that
 * share a line, code tabs that differ in one word, the same notice under each webcam); only a long
 * passage (COPY_LONG_WORDS) is a copy wherever it is repeated: cards share lines, not whole stories.
 * Blocks under COPY_MIN_WORDS words are left alone: a short line ("Share", a dateline) recurs in real
 * articles, and its words are few.
 *
 * Site-grouped 3-fold CV on out-of-fold probabilities (scripts/page-stage-cv.ts), hybrid / single-page
 * F1: single-zyte 0.9440 -> 0.9485 / 0.9425 -> 0.9470, single-wcxb-dev 0.8361 -> 0.8423 / 0.8349 ->
 * 0.8410, train-wcxb-dev 0.8455 -> 0.8490 / 0.8445 -> 0.8480, stream-ctf 0.9579 -> 0.9574 / 0.9506 ->
 * 0.9502 (its loss is mostly one page whose gold holds the review twice, as the page does, once hidden).
 */
import { numberFreePath } from "./path-words";
import type { TextBlock } from "./types";

export const COPY_SHARE = 0.8;
export const COPY_MIN_WORDS = 8;
/** A passage this long repeated word for word is a copy even in a repeated structure (two hidden copies). */
export const COPY_LONG_WORDS = 60;

const GRAM = 4;

/** Whether a code point is a word character (`[\p{L}\p{N}]`); decided once per code point met. */
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Per BMP code point: 0 not decided yet, 1 a word character, 2 not. Astral ones in a map. */
const bmpWordChar = new Uint8Array(0x10000);
const astralWordChar = new Map<number, boolean>();

function isWordChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a);
  if (cp < 0x10000) {
    let known = bmpWordChar[cp]!;
    if (known === 0) bmpWordChar[cp] = known = WORD_CHAR.test(String.fromCharCode(cp)) ? 1 : 2;
    return known === 1;
  }
  let known = astralWordChar.get(cp);
  if (known === undefined) astralWordChar.set(cp, (known = WORD_CHAR.test(String.fromCodePoint(cp))));
  return known;
}

/**
 * A block's word 4-grams as numbers: two independent 32-bit hashes of each word (a maximal run of
 * `[\p{L}\p{N}]` in the lower-cased text, hashed over its UTF-16 code units), folded over the gram
 * into 53 bits (a collision among a page's few thousand grams has odds of about 1e-9), so no string
 * is built per word or gram.
 */
function gramKeys(text: string): { words: number; keys: number[] } {
  const lower = text.toLowerCase();
  const a: number[] = [];
  const b: number[] = [];
  let inWord = false;
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i <= lower.length;) {
    const cp = i < lower.length ? lower.codePointAt(i)! : 0x20;
    const units = cp > 0xffff ? 2 : 1;
    if (i < lower.length && isWordChar(cp)) {
      if (!inWord) {
        inWord = true;
        h1 = 0x811c9dc5;
        h2 = 0x01000193;
      }
      for (let u = i; u < i + units; u++) {
        const c = lower.charCodeAt(u);
        h1 = Math.imul(h1 ^ c, 0x01000193);
        h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
      }
    } else if (inWord) {
      inWord = false;
      a.push(h1 >>> 0);
      b.push(h2 >>> 0);
    }
    i += units;
  }
  const keys: number[] = [];
  for (let k = 0; k + GRAM <= a.length; k++) {
    let x = 0x9e3779b9;
    let y = 0x85ebca6b;
    for (let j = k; j < k + GRAM; j++) {
      x = Math.imul(x ^ a[j]!, 0x27d4eb2d) ^ (x >>> 13);
      y = Math.imul(y ^ b[j]!, 0x165667b1) ^ (y >>> 16);
    }
    keys.push((x >>> 11) * 0x100000000 + (y >>> 0));
  }
  return { words: a.length, keys };
}

/** The element holding the block's element (-1: unknown, or the block sits at the top). */
const parentOf = (b: Pick<TextBlock, "ancestors">) => b.ancestors?.at(-2) ?? -1;

interface Place {
  parent: number;
  path: string;
}
/** Places remembered per 4-gram: enough to tell "only among my own kind" from "elsewhere too". */
const MAX_PLACES = 4;

/** Indices of the content blocks that repeat earlier content, in page order. */
export function laterCopies(
  blocks: readonly Pick<TextBlock, "text" | "path" | "ancestors">[],
  content: readonly boolean[],
): number[] {
  const seen = new Map<number, Place[]>();
  const out: number[] = [];
  blocks.forEach((b, i) => {
    if (!content[i]) return;
    // Numbers in a path are per item (`div#post-1806`): a structure is the same without them.
    const here: Place = { parent: parentOf(b), path: numberFreePath(b.path) };
    const { words, keys: grams } = gramKeys(b.text);
    const long = words >= COPY_LONG_WORDS;
    const elsewhere = (p: Place) => p.parent !== here.parent && (p.path !== here.path || long);
    if (words >= COPY_MIN_WORDS && grams.length > 0) {
      let hit = 0;
      for (const g of grams) if (seen.get(g)?.some(elsewhere)) hit++;
      if (hit >= COPY_SHARE * grams.length) return void out.push(i);
    }
    for (const g of grams) {
      const places = seen.get(g);
      if (!places) seen.set(g, [here]);
      else if (places.length < MAX_PLACES && !places.some((p) => p.parent === here.parent && p.path === here.path))
        places.push(here);
    }
  });
  return out;
}
