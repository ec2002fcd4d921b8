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
 * A block under COPY_MIN_WORDS words has too few 4-grams to be measured so: it is a copy when its words,
 * all of them and only them, were said by an earlier content block in another place (parent and path,
 * as above): a carousel's slides cloned for its loop, a pricing card's line in a desktop and a mobile
 * copy, a tab's heading repeated in its panel. A one-word line ("Share", "Features") is left alone.
 *
 * Site-grouped 3-fold CV on out-of-fold probabilities (scripts/page-stage-cv.ts), hybrid / single-page
 * F1: single-zyte 0.9440 -> 0.9485 / 0.9425 -> 0.9470, single-wcxb-dev 0.8361 -> 0.8423 / 0.8349 ->
 * 0.8410, train-wcxb-dev 0.8455 -> 0.8490 / 0.8445 -> 0.8480, stream-ctf 0.9579 -> 0.9574 / 0.9506 ->
 * 0.9502 (its loss is mostly one page whose gold holds the review twice, as the page does, once hidden).
 */
import { parentElement } from "./element-ids";
import { numberFreePath } from "./path-words";
import { float64Scratch, int32Scratch, uint8Scratch, type Scratch } from "./scratch";
import type { TextBlock } from "./types";

export const COPY_SHARE = 0.8;
export const COPY_MIN_WORDS = 8;
/**
 * A short block (under COPY_MIN_WORDS) of at least this many words is a copy when an earlier content
 * block elsewhere said exactly its words. Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2
 * cache, fold kind models), hybrid F1 train-wcxb-dev 0.8606 -> 0.8614 (service 0.8396 -> 0.8408,
 * listing 0.6992 -> 0.7043), single-wcxb-dev (held out) 0.8632 -> 0.8660 (service 0.8279 -> 0.8399,
 * listing 0.6550 -> 0.6644, product 0.6507 -> 0.6578, collection 0.7042 -> 0.7122), stream-ctf 0.9602
 * unchanged, single-zyte 0.9643 -> 0.9642. From one word (1), single-zyte lost 0.0004 (one page).
 */
export const SHORT_COPY_MIN_WORDS = 2;
/** A passage this long repeated word for word is a copy even in a repeated structure (two hidden copies). */
export const COPY_LONG_WORDS = 60;

const GRAM = 4;

/** Whether a code point is a word character (`[\p{L}\p{N}]`); decided once per code point met. */
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
/** Per BMP code point: 0 not decided yet, 1 a word character, 2 not. Astral ones in a map. */
const bmpWordChar = new Uint8Array(0x10000);
const astralWordChar = new Map<number, boolean>();

/** Per ASCII unit, 1 for `[a-zA-Z0-9]`: the word characters below 0x80. */
const ASCII_WORD_CHAR = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++)
  ASCII_WORD_CHAR[c] = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) ? 1 : 0;

function isWordChar(cp: number): boolean {
  if (cp < 0x80) return ASCII_WORD_CHAR[cp] === 1;
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
 * is built per word or gram. `whole` folds all the words so, for a block too short to have 4-grams
 * enough (under COPY_MIN_WORDS words), and is 0 for longer blocks.
 *
 * One reader serves a page's blocks in turn: its typed buffers are allocated once per page and grown
 * when a block has more words, not built per block (the arrays were a third of this stage's
 * allocation). `keys` holds the last block read, up to `gramCount`.
 */
class GramReader {
  words = 0;
  gramCount = 0;
  whole = 0;
  keys = new Float64Array(256);
  private a = new Int32Array(256);
  private b = new Int32Array(256);

  read(text: string): void {
    const lower = text.toLowerCase();
    const n = lower.length;
    // The word buffers in locals: the loop reads and writes them per word, not through `this`.
    let a: Int32Array = this.a;
    let b: Int32Array = this.b;
    let words = 0;
    let inWord = false;
    let h1 = 0;
    let h2 = 0;
    for (let i = 0; i < n;) {
      // Most text is ASCII: a unit below 0x80 is its own code point, told a word character by a table.
      const unit = lower.charCodeAt(i);
      let units = 1;
      let word: boolean;
      if (unit < 0x80) word = ASCII_WORD_CHAR[unit] === 1;
      else {
        const cp = lower.codePointAt(i)!;
        if (cp > 0xffff) units = 2;
        word = isWordChar(cp);
      }
      if (word) {
        if (!inWord) {
          inWord = true;
          h1 = 0x811c9dc5;
          h2 = 0x01000193;
        }
        h1 = Math.imul(h1 ^ unit, 0x01000193);
        h2 = Math.imul(h2 ^ unit, 0x5bd1e995) ^ (h2 >>> 15);
        if (units === 2) {
          const low = lower.charCodeAt(i + 1);
          h1 = Math.imul(h1 ^ low, 0x01000193);
          h2 = Math.imul(h2 ^ low, 0x5bd1e995) ^ (h2 >>> 15);
        }
      } else if (inWord) {
        inWord = false;
        if (words === a.length) ({ a, b } = this.growWords());
        a[words] = h1;
        b[words] = h2;
        words++;
      }
      i += units;
    }
    if (inWord) {
      if (words === a.length) ({ a, b } = this.growWords());
      a[words] = h1;
      b[words] = h2;
      words++;
    }
    this.words = words;
    this.gramCount = Math.max(0, words - GRAM + 1);
    if (this.keys.length < this.gramCount) this.keys = new Float64Array(a.length);
    const keys = this.keys;
    for (let k = 0; k < this.gramCount; k++) keys[k] = foldWords(a, b, k, k + GRAM);
    this.whole = words < COPY_MIN_WORDS ? foldWords(a, b, 0, words) : 0;
  }

  private growWords(): { a: Int32Array; b: Int32Array } {
    const [a, b] = [this.a, this.b];
    this.a = new Int32Array(a.length * 2);
    this.b = new Int32Array(b.length * 2);
    this.a.set(a);
    this.b.set(b);
    return { a: this.a, b: this.b };
  }
}

/**
 * The reader kept across pages, its buffers grown to the most words a block had; replaced when a
 * block (a hostile page's) made them longer than READER_KEEP_WORDS, so the module does not hold them.
 */
let keptReader = new GramReader();
const READER_KEEP_WORDS = 1 << 14;

function gramReader(): GramReader {
  if (keptReader.keys.length > READER_KEEP_WORDS) keptReader = new GramReader();
  return keptReader;
}

/** Words `from` to `to` (their two hashes) folded into one 53-bit key. */
function foldWords(a: Int32Array, b: Int32Array, from: number, to: number): number {
  let x = 0x9e3779b9;
  let y = 0x85ebca6b;
  for (let j = from; j < to; j++) {
    x = Math.imul(x ^ a[j]!, 0x27d4eb2d) ^ (x >>> 13);
    y = Math.imul(y ^ b[j]!, 0x165667b1) ^ (y >>> 16);
  }
  return (x >>> 11) * 0x100000000 + (y >>> 0);
}

/** Places remembered per 4-gram: enough to tell "only among my own kind" from "elsewhere too". */
const MAX_PLACES = 4;

/**
 * The keys met so far (4-grams; a short block's whole words), each with the first MAX_PLACES distinct
 * places (a place: the block's parent element and number-free path, by id) it was met in. An open-addressing table over the 53-bit keys
 * in typed arrays: a Map keyed by such numbers boxes each one and was most of this stage's time on
 * long pages (1-2 ms for a page of 2,000 words).
 */
class GramPlaces {
  private mask = 0;
  private size = 0;
  private capacity = 0;
  private keys: Float64Array = new Float64Array(0);
  private counts: Uint8Array = new Uint8Array(0);
  private places: Int32Array = new Int32Array(0);

  /**
   * The first arrays come from `start` (kept across pages, scratch.ts: the table must not outlive
   * its call); growing allocates new ones. Only `counts` is cleared: a key or place is read only
   * where its slot's count says it was written.
   */
  constructor(capacity: number, start: TableScratch) {
    this.mask = capacity - 1;
    this.capacity = capacity;
    this.keys = start.keys.take(capacity);
    this.counts = start.counts.take(capacity);
    this.places = start.places.take(capacity * MAX_PLACES);
  }

  /** The key's slot, or -1 when the key was not met. */
  find(key: number): number {
    const slot = this.slotOf(key);
    return this.counts[slot] === 0 ? -1 : slot;
  }

  count(slot: number): number {
    return this.counts[slot]!;
  }

  place(slot: number, k: number): number {
    return this.places[slot * MAX_PLACES + k]!;
  }

  /** Records that `key` was met at `place`: a new key, or a further place while it has room. */
  add(key: number, place: number, samePlace: (a: number, b: number) => boolean): void {
    let slot = this.slotOf(key);
    const n = this.counts[slot]!;
    if (n === 0) {
      if ((this.size + 1) * 2 > this.capacity) {
        this.grow();
        slot = this.slotOf(key);
      }
      this.keys[slot] = key;
      this.counts[slot] = 1;
      this.places[slot * MAX_PLACES] = place;
      this.size++;
      return;
    }
    if (n >= MAX_PLACES) return;
    for (let k = 0; k < n; k++) if (samePlace(this.places[slot * MAX_PLACES + k]!, place)) return;
    this.places[slot * MAX_PLACES + n] = place;
    this.counts[slot] = n + 1;
  }

  private slotOf(key: number): number {
    // The low 32 bits of a key are one of its word hashes' folds: well mixed already.
    let slot = (key >>> 0) & this.mask;
    while (this.counts[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & this.mask;
    return slot;
  }

  private grow(): void {
    const { keys, counts, places, capacity } = this;
    this.capacity = capacity * 2;
    this.mask = this.capacity - 1;
    this.keys = new Float64Array(this.capacity);
    this.counts = new Uint8Array(this.capacity);
    this.places = new Int32Array(this.capacity * MAX_PLACES);
    for (let old = 0; old < capacity; old++) {
      if (counts[old] === 0) continue;
      const slot = this.slotOf(keys[old]!);
      this.keys[slot] = keys[old]!;
      this.counts[slot] = counts[old]!;
      this.places.set(places.subarray(old * MAX_PLACES, (old + 1) * MAX_PLACES), slot * MAX_PLACES);
    }
  }
}

/** A GramPlaces table's first arrays, kept across pages (one set per table of laterCopies). */
interface TableScratch {
  keys: Scratch<Float64Array>;
  counts: Scratch<Uint8Array>;
  places: Scratch<Int32Array>;
}

const tableScratch = (): TableScratch => ({ keys: float64Scratch(), counts: uint8Scratch(), places: int32Scratch() });
const SEEN_SCRATCH = tableScratch();
const SHORT_SCRATCH = tableScratch();

/**
 * Slots a table starts with at least: a page's few short lines, a short page's grams. Each slot costs
 * 25 bytes, allocated and zeroed per page, so a table starts small and grows when half full (1,024
 * slots for every page were a tenth of this stage's time).
 */
const MIN_CAPACITY = 64;
/**
 * At most this many slots at the start (800 KB; content of about 100,000 characters): a longer text
 * need not be words (a hostile page of a million entities has none), so past this the table grows.
 */
const MAX_START_CAPACITY = 1 << 15;

/**
 * Slots for the content's 4-grams at most half full, from its length (a word and its space take about
 * six characters), so a long page's table is allocated once rather than doubled and rehashed on the
 * way; a page that says more grows it as before.
 */
function tableCapacity(blocks: readonly Pick<TextBlock, "text">[], content: readonly boolean[]): number {
  let chars = 0;
  blocks.forEach((b, i) => content[i] && (chars += b.text.length));
  let capacity = MIN_CAPACITY;
  while (capacity < chars / 3 && capacity < MAX_START_CAPACITY) capacity *= 2;
  return capacity;
}

/** Indices of the content blocks that repeat earlier content, in page order. */
export function laterCopies(
  blocks: readonly Pick<TextBlock, "text" | "path" | "ancestors">[],
  content: readonly boolean[],
): number[] {
  const seen = new GramPlaces(tableCapacity(blocks, content), SEEN_SCRATCH);
  // A place per content block: its parent element and its path's id (numbers in a path are per item,
  // `div#post-1806`: a structure is the same without them).
  const parents: number[] = [];
  const paths: number[] = [];
  const pathIds = new Map<string, number>();
  const samePlace = (a: number, b: number) => parents[a] === parents[b] && paths[a] === paths[b];
  // The whole texts of short blocks (GramReader's `whole`) and their places. Capped at MAX_PLACES as the
  // grams are, or a page of one line in every card would compare each card with all before it; the
  // cap answers the same: the places kept are no copy of each other, so they all share one parent or
  // one path, and two of them already tell whether a block is elsewhere.
  const shortTexts = new GramPlaces(MIN_CAPACITY, SHORT_SCRATCH);
  /** Whether `key` was met under another parent and at another path (at any path when `anyPath`). */
  const metElsewhere = (table: GramPlaces, key: number, parent: number, pathId: number, anyPath: boolean) => {
    const slot = table.find(key);
    for (let k = 0; slot >= 0 && k < table.count(slot); k++) {
      const p = table.place(slot, k);
      if (parents[p] !== parent && (paths[p] !== pathId || anyPath)) return true;
    }
    return false;
  };
  const reader = gramReader();
  const out: number[] = [];
  blocks.forEach((b, i) => {
    if (!content[i]) return;
    const path = numberFreePath(b.path);
    let pathId = pathIds.get(path);
    if (pathId === undefined) pathIds.set(path, (pathId = pathIds.size));
    const here = parents.length;
    const parent = parentElement(b);
    parents.push(parent);
    paths.push(pathId);
    reader.read(b.text);
    const { words, keys: grams, gramCount, whole } = reader;
    if (words >= SHORT_COPY_MIN_WORDS && words < COPY_MIN_WORDS) {
      // Too short for 4-grams to tell: a copy when an earlier block in another place said exactly these words.
      if (metElsewhere(shortTexts, whole, parent, pathId, false)) return void out.push(i);
      shortTexts.add(whole, here, samePlace);
    }
    const long = words >= COPY_LONG_WORDS;
    if (words >= COPY_MIN_WORDS && gramCount > 0) {
      let hit = 0;
      for (let k = 0; k < gramCount; k++) if (metElsewhere(seen, grams[k]!, parent, pathId, long)) hit++;
      if (hit >= COPY_SHARE * gramCount) return void out.push(i);
    }
    for (let k = 0; k < gramCount; k++) seen.add(grams[k]!, here, samePlace);
  });
  return out;
}
