/**
 * Characters a page holds that never show and only split what a reader sees as one word: the
 * zero-width space (U+200B, a break opportunity: documentation sites put one in each heading's
 * anchor), the word joiner (U+2060) and a byte-order mark inside the text (U+FEFF). The answers leave
 * them out, so "zero\u200bwidth" reads as "zerowidth" to a search or a tokenizer. The zero-width
 * non-joiner and joiner (U+200C, U+200D) stay: they change how Persian, Indic scripts and emoji
 * sequences look.
 *
 * The soft hyphen (U+00AD) stays too, though it is as invisible: it is the text as written (German and
 * Dutch pages set it in long compounds, `&shy;`), every HTML and markdown viewer hides it, and gold
 * texts keep it. Left out, one train-wcxb-dev page whose gold keeps it fell 0.990 -> 0.583 in the
 * cached-fold CV (session 26), and pages of such sites would fall alike.
 *
 * Done on the answer's blocks, not in segmentation: block texts are what the model reads.
 */
import { withMovedText } from "./rich-offsets";
import type { TextBlock } from "./types";

const INVISIBLE = /[\u200b\u2060\ufeff]/;

function invisible(c: number): boolean {
  return c === 0x200b || c === 0x2060 || c === 0xfeff;
}

/**
 * The block without invisible characters; its spans, images and cells moved with the text. A space
 * left double (an invisible "word" between two) or at an end goes too: the text stays collapsed.
 */
export function withoutInvisible(block: TextBlock): TextBlock {
  const code = block.rich?.code;
  if (!INVISIBLE.test(block.text) && !(code && INVISIBLE.test(code.raw))) return block;
  const source = block.text;
  // The new offset of each old one (0..length).
  const moved = new Array<number>(source.length + 1);
  let text = "";
  for (let i = 0; i < source.length; i++) {
    moved[i] = text.length;
    const c = source.charCodeAt(i);
    if (invisible(c)) continue;
    if (c === 32 && (text === "" || text.charCodeAt(text.length - 1) === 32)) continue;
    text += source[i];
  }
  moved[source.length] = text.length;
  if (text.endsWith(" ")) text = text.slice(0, -1);
  const at = (offset: number) => Math.min(moved[offset] ?? text.length, text.length);
  const out = withMovedText(block, text, at);
  if (code) out.rich = { ...out.rich, code: { ...code, raw: code.raw.replace(/[\u200b\u2060\ufeff]/g, "") } };
  return out;
}
