/**
 * A heading's permalink mark: documentation generators put a self-link after (or before) each
 * heading (Sphinx's `<a class="headerlink" href="#usage">¶</a>`, `§`, a GitHub-style `#`, a link
 * emoji, an icon font's link glyph), shown on hover for copying the section's address. It is no
 * word of the heading, yet the block's text carries it ("Usage¶"), and segmentation keeps it there:
 * the block model was trained on that text. Every rendering (text, markdown, HTML, the headline) leaves it out, through
 * `withoutPermalinkMarks`, the one place that says what a mark is.
 *
 * A mark is a link inside a heading whose whole text is one mark glyph: "Section § 4" in prose, a
 * heading's "#" that is not a link, and a link that says more ("# Usage") all stay.
 */
import { isHeadingTag } from "./path-words";
import { withMovedText } from "./rich-offsets";
import type { TextBlock, TextSpan } from "./types";

const MARK_GLYPHS: ReadonlySet<string> = new Set(["\u00b6", "\u00a7", "#", "\u{1f517}"]);
/** One private-use character: an icon font's glyph (Font Awesome's link icon is U+F0C1), no letter of any word. */
const ICON_GLYPH = /^\p{Co}$/u;
/** Space and the emoji/text presentation selectors around a glyph ("🔗️"). */
const AROUND_GLYPH = /^[\s\ufe0e\ufe0f]+|[\s\ufe0e\ufe0f]+$/g;
/** Longer link texts are never one glyph: the cheap test before the trim. */
const MAX_MARK_LENGTH = 8;

/** Whether `text` is one permalink glyph, up to the space and presentation selectors around it. */
export function isMarkGlyph(text: string): boolean {
  // The metadata's <h1> capture hands over the link's raw text, indented on lines of its own.
  const short = text.length <= MAX_MARK_LENGTH ? text : text.trim();
  if (short.length > MAX_MARK_LENGTH) return false;
  const glyph = short.replace(AROUND_GLYPH, "");
  return MARK_GLYPHS.has(glyph) || ICON_GLYPH.test(glyph);
}

/** The spans of a heading block's text that are its permalink marks, in order; empty for other blocks. */
export function permalinkMarks(block: TextBlock): TextSpan[] {
  const rich = block.rich;
  if (!rich || (!rich.links && !rich.anchors) || !isHeadingTag(block.tag)) return [];
  const spans = [...(rich.anchors ?? []), ...(rich.links ?? [])].filter((s) =>
    isMarkGlyph(block.text.slice(s.start, s.end)),
  );
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * Whether the block shows any text once its marks are left out: a heading that is only its "¶" renders
 * as nothing, so an answer of such blocks alone is empty (the never-empty check reads this).
 */
export function rendersText(block: TextBlock): boolean {
  if (block.text.length === 0) return false;
  return permalinkMarks(block).length === 0 || withoutPermalinkMarks(block).text.trim().length > 0;
}

/**
 * The block as it renders: without its permalink marks, and one space next to each, so no double or
 * edge space is left; its links, anchors and images moved with the text. Most blocks have no mark
 * and come back as they are.
 */
export function withoutPermalinkMarks(block: TextBlock): TextBlock {
  const marks = permalinkMarks(block);
  if (marks.length === 0) return block;
  const cuts = cutsFor(block.text, marks);
  let text = "";
  let from = 0;
  for (const cut of cuts) {
    text += block.text.slice(from, cut.start);
    from = cut.end;
  }
  text += block.text.slice(from);
  const moved = (offset: number) => movedOffset(offset, cuts);
  // The mark's own link goes with it.
  return withMovedText(block, text, moved, (s) => marks.some((m) => m.start === s.start && m.end === s.end));
}

/** The ranges to cut: each mark with the space before it (else after it), overlapping ranges merged. */
function cutsFor(text: string, marks: readonly TextSpan[]): TextSpan[] {
  const cuts: TextSpan[] = [];
  for (const { start, end } of marks) {
    const cut =
      start > 0 && text[start - 1] === " "
        ? { start: start - 1, end }
        : { start, end: end < text.length && text[end] === " " ? end + 1 : end };
    const last = cuts[cuts.length - 1];
    if (last && cut.start <= last.end) last.end = Math.max(last.end, cut.end);
    else cuts.push(cut);
  }
  return cuts;
}

/** Where an offset of the text lands once the cuts are made: one inside a cut lands at its start. */
function movedOffset(offset: number, cuts: readonly TextSpan[]): number {
  let removed = 0;
  for (const cut of cuts) {
    if (offset <= cut.start) break;
    removed += Math.min(offset, cut.end) - cut.start;
  }
  return offset - removed;
}
