/**
 * The headline of a page that sets it in no heading tag: the content's first line.
 *
 * Pages of table layouts (news sites of 2000-2010 and their like) set the story's headline in a
 * `<td>`, a `<p>` or a `<div>` in bold or large type, and their `<title>` is the section's or the
 * site's ("MSN Entertainment TV Channel") or the headline behind the section's name ("Views - Junk
 * Science - EPA Rules Raise Gas Prices"). When no heading shows the headline chosen from the titles
 * and no line of the page says it either, the content's first line heads the answer:
 * (a) when it is a part of the `<title>` of two words or more: the title's other parts are the
 *     section's and the site's;
 * (b) when the page names its story nowhere but in its text (no title in its metadata, no `<h1>`), so
 *     the `<title>` is likely the section's, and the line reads like a headline: short, no sentence's
 *     end, no byline, photo credit, date (English month names) or clock time, and longer text
 *     follows it.
 * Never on service pages, whose name headline-choice.ts picks on purpose (TITLED_KINDS).
 * The renderers then drop the line's copy under the headline (headline.ts placeHeadline).
 * Only on pages that state no title in their metadata: a modern page's first line is an eyebrow, a
 * hero's label or a teaser ("Private Music Lessons" where the gold keeps the title), and its stated
 * title is the better headline. English month names in the date test: other languages' dates pass.
 * The markdown's first line is the gold's on stream-ctf (old news pages; gold without the `<title>`)
 * 51.0% -> 61.3% of the pages, single-wcxb-dev 83.3% -> 83.7% (held out), train-wcxb-dev
 * 82.5% (one page gained, one lost).
 */
import { wordCount } from "./block-words";
import { normalizeHeadline } from "./headline";
import type { PageKind } from "./page-kind";
import type { TextBlock } from "./types";

/** What the choice reads. */
export interface LeadingLineEvidence {
  blocks: readonly TextBlock[];
  /** Per block, whether it is content. */
  content: readonly boolean[];
  /** The page's `<title>` without its site name. */
  strippedTitle: string;
  /** Whether the page states a title in its metadata (JSON-LD, og:, twitter:, Dublin Core ...). */
  titleDeclared: boolean;
  namesSite: (text: string) => boolean;
  /** The page's kind (page-kind.ts): a first line read from its shape heads articles only, not a listing's first card. */
  kind?: PageKind | null;
}

/** Longer lines are a deck or a paragraph, not a headline. */
const MAX_WORDS = 15;
/** How many content lines after the first may pass before the story's text (a byline, a date, a deck). */
const LINES_AFTER = 3;
/** One word is a section's name or a label ("Books", "Overview"), not a story's headline. */
const MIN_WORDS = 2;
/** A sentence's end, or a label's colon ("Select a section:"). */
const SENTENCE_END = /[.!:;,]$/;
/**
 * A byline, a photo's credit ("Photo: Ada Quill"; not a gallery's plural "Photos: ..." headline), or
 * a news agency's credit line standing alone.
 */
const BYLINE =
  /^(?:(?:by|posted by|written by|interviewed by)\s|(?:photo|photograph|picture)\s*(?:by\s|:)|(?:associated press|reuters|afp|ap)$)/i;
/** An English month's name, whole or cut short: other languages' dates pass (see above). */
export const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
/**
 * A month's name and a day or a year ("May 18, 2005", "October 2000"), a day and a month's name
 * ("Friday 5 March", "5th March"), a date in digits ("2004-03-05"), or a clock time ("Updated 10:45
 * GMT"): a dateline, which a headline never is.
 */
const DATE = new RegExp(
  String.raw`\b${MONTH}\.?\s+\d{1,4}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}\b|^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b|\b\d{1,2}:\d{2}\b`,
  "i",
);
/** Tags whose line is an item or a cell of a list, never the page's headline. */
const NOT_HEADLINE_TAGS = new Set(["li", "dt", "dd", "th", "figcaption", "caption", "label", "button"]);

/** The content's first line as the headline, or null when the page gives no reason to take it. */
export function leadingLine(evidence: LeadingLineEvidence): string | null {
  const { blocks, content } = evidence;
  if (evidence.titleDeclared) return null;
  const first = content.findIndex((c, i) => c && blocks[i]!.text.trim() !== "");
  if (first < 0) return null;
  const line = blocks[first]!;
  const text = line.text.trim();
  const words = wordCount(text);
  if (words < MIN_WORDS || words > MAX_WORDS || NOT_HEADLINE_TAGS.has(line.tag) || line.rich?.row !== undefined)
    return null;
  if (evidence.namesSite(text)) return null;
  if (isTitlePart(text, evidence.strippedTitle)) return text;
  if (evidence.kind !== "article" || blocks.some((b) => b.tag === "h1")) return null;
  if (SENTENCE_END.test(text) || BYLINE.test(text) || DATE.test(text)) return null;
  return proseFollows(evidence, first, words) ? text : null;
}

/** Whether the text is a run of whole words of the title, up to case and punctuation. */
function isTitlePart(text: string, title: string): boolean {
  const part = normalizeHeadline(text);
  return part !== "" && ` ${normalizeHeadline(title)} `.includes(` ${part} `);
}

/** Whether one of the few content lines after the first is longer than it: the story it heads, not a list of labels. */
function proseFollows({ blocks, content }: LeadingLineEvidence, first: number, words: number): boolean {
  let seen = 0;
  for (let i = first + 1; i < blocks.length && seen < LINES_AFTER; i++) {
    if (content[i] !== true || blocks[i]!.text.trim() === "") continue;
    if (wordCount(blocks[i]!.text) > words) return true;
    seen++;
  }
  return false;
}
