/**
 * A block whose text is one short phrase said over and over ("Book now * Book now * Book now ..."):
 * a marquee or ticker, whose phrase a script scrolls across the screen, so the page writes it out as
 * many times as the widest screen needs. A reader reads it once, and the block is mostly repeats, so
 * it leaves the answer. Told by the words alone: the block's words are a phrase of at most
 * LOOP_MAX_UNIT words repeated at least LOOP_MIN_TIMES times in a row, a cut-off last copy aside. A
 * phrase said twice ("Save 10% Save 10%", a label and its screen-reader twin) is not a loop: it is
 * kept (page-stage CV: dropping those too moved no corpus's F1 by more than 0.0001).
 *
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts), hybrid F1 on service pages of single-wcxb-dev
 * 0.8261 -> 0.8279 (the corpus 0.8584 -> 0.8586); train-wcxb-dev, single-zyte and stream-ctf
 * unchanged at four decimals.
 */
import { contentBlocksWhere } from "./content-blocks";

/** The longest phrase a ticker loops, in words: a slogan, a call to action. */
export const LOOP_MAX_UNIT = 12;
/** A phrase said this many times in a row is a loop, not a label with its twin. */
export const LOOP_MIN_TIMES = 3;

const WORD = /[\p{L}\p{N}]+/gu;
/** How much of the text's start must recur: prose repeats its first word often, eight characters rarely. */
const HEAD_CHARS = 8;

/** Whether the text is a short phrase repeated LOOP_MIN_TIMES times or more in a row. */
export function isLoopedText(text: string): boolean {
  // Before splitting into words, a cheap test most blocks fail: a loop writes its phrase out the
  // same way each time, so the text's first HEAD_CHARS characters recur within its first half (a
  // phrase shorter than that recurs whole with the start of its next copy).
  if (text.length < LOOP_MIN_TIMES * 2) return false;
  const again = text.indexOf(text.slice(0, HEAD_CHARS), 1);
  if (again < 0 || again * 2 > text.length) return false;
  const words = text.toLowerCase().match(WORD);
  if (!words || words.length < LOOP_MIN_TIMES) return false;
  const maxUnit = Math.min(LOOP_MAX_UNIT, Math.floor(words.length / LOOP_MIN_TIMES));
  for (let unit = 1; unit <= maxUnit; unit++) {
    let i = unit;
    while (i < words.length && words[i] === words[i - unit]) i++;
    // The last word may be cut where the strip ends ("... Book now * Bo").
    if (i === words.length || (i === words.length - 1 && words[i - unit]!.startsWith(words[i]!))) return true;
  }
  return false;
}

/** Indices of the content blocks whose text is a loop. */
export function loopedBlocks(blocks: readonly { text: string }[], content: readonly boolean[]): number[] {
  return contentBlocksWhere(blocks, content, (b) => isLoopedText(b.text));
}
