/**
 * The article's headline, written once at the top of markdown and HTML. Pages usually carry it
 * twice (the `<title>`, often with a " | Site" suffix, and an `<h1>`), and a metadata title may
 * be a third copy: the renderers keep one.
 */
import { memoized } from "./memo";
import { imageUnit, type Unit } from "./render-layout";
import type { InlineImage } from "./types";

/** Punctuation, symbols, private-use glyphs and whitespace (normalizeHeadline's runs). */
const SPACE_OR_MARK = /[\p{P}\p{S}\p{Co}\s]+/gu;
/** Text of ASCII characters only: no code unit from U+0080 up. */
const ASCII = /^[^\u0080-\uffff]*$/;
/** SPACE_OR_MARK's ASCII characters, taken from it: the class is its own by construction. */
const ASCII_SPACE_OR_MARK = (() => {
  let members = "";
  for (let code = 0; code < 0x80; code++) {
    const char = String.fromCharCode(code);
    SPACE_OR_MARK.lastIndex = 0;
    if (SPACE_OR_MARK.test(char)) members += `\\x${code.toString(16).padStart(2, "0")}`;
  }
  SPACE_OR_MARK.lastIndex = 0;
  return new RegExp(`[${members}]+`, "g");
})();

/**
 * Text for comparing headlines: compatibility forms folded (NFKC), lower case, punctuation,
 * symbols and icon fonts' private-use glyphs dropped, whitespace collapsed.
 */
export function normalizeHeadline(text: string): string {
  // Most texts are ASCII (93% of stream-ctf's blocks): NFKC leaves them as they are, and a plain
  // character class stands for the Unicode properties. It was about 1% of the Worker's CPU per
  // POST /extract, run on every block; this is 0.72 of the time on those blocks.
  if (ASCII.test(text)) return text.toLowerCase().replace(ASCII_SPACE_OR_MARK, " ").trim();
  // One replace where there were two (runs of punctuation and symbols by a space, then runs of
  // whitespace by one space): no character is in both classes, and a run of either, mixed, became one
  // space either way.
  return text.normalize("NFKC").toLowerCase().replace(SPACE_OR_MARK, " ").trim();
}

/** Whether two headlines say the same, up to case, whitespace and punctuation. */
export function sameHeadline(a: string, b: string): boolean {
  const na = normalizeHeadline(a);
  return na !== "" && na === normalizeHeadline(b);
}

/**
 * sameHeadline against one headline, normalized once: for testing many texts against it (every
 * heading of a page against a `<title>` of thousands of parts, on a hostile page).
 */
export function saysHeadline(headline: string): (text: string) => boolean {
  const wanted = normalizeHeadline(headline);
  return (text) => wanted !== "" && normalizeHeadline(text) === wanted;
}

/** The shortest phrase, in letters and digits, whose copies make a heading said over (saidOnce). */
const MIN_COPIED_LETTERS = 10;

/**
 * A heading said over, as one copy: an animated heading writes its phrase out again for each
 * state of the animation, word by word in spans the page runs together ("The productdevelopmentsystem
 * for teamsand agentsThe product development system for teams and agents"). When the heading's letters
 * and digits are one phrase of MIN_COPIED_LETTERS or more repeated whole, the last copy is the one
 * written out plainly (a screen reader's twin of a heading reads once too); any other text comes back
 * as it is.
 */
export function saidOnce(text: string): string {
  // One entry per letter, where it stands: a letter may be two code units ("𝐇"), or lower-case to two
  // ("İ"), so counting code units would cut the last copy in the wrong place.
  const at: number[] = [];
  const letters: string[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]/gu)) {
    at.push(match.index);
    letters.push(match[0].toLowerCase());
  }
  for (let period = MIN_COPIED_LETTERS; period * 2 <= letters.length; period++) {
    if (letters.length % period === 0 && repeatsEvery(letters, period))
      return text.slice(at[letters.length - period]).trim();
  }
  return text;
}

/** Whether `letters` is its first `period` letters over and over; most texts tell at their first mismatch. */
function repeatsEvery(letters: readonly string[], period: number): boolean {
  for (let i = period; i < letters.length; i++) if (letters[i] !== letters[i - period]) return false;
  return true;
}

/**
 * The separators between a title's parts ("Models | Django documentation | Django", "useState – React",
 * an older site's "Story -- Section"), as a regex alternation: TITLE_PARTS here and metadata/title.ts's
 * site-name stripping split on the same ones.
 */
export const TITLE_SEPARATORS = String.raw`\||::|·|•|»|--|-|–|—|\/`;
export const TITLE_PARTS = new RegExp(String.raw`\s+(?:${TITLE_SEPARATORS})\s+`);
/** Of TITLE_SEPARATORS, the dashes: headlines use them themselves too, so a part after one may be the headline's own. */
export const TITLE_DASHES: ReadonlySet<string> = new Set(["-", "–", "—"]);

/**
 * The page's own heading when it is one part of a multi-part title: "Models | Django documentation"
 * with an `<h1>` "Models" is headed "Models". The other parts are the site's or the section's name;
 * a heading too short for the site-name rules of metadata/title.ts to strip the title down to is
 * still the headline when the page shows it. Null when no heading is a part.
 */
export function headingInTitle(title: string, headings: readonly string[]): string | null {
  const parts = title.split(TITLE_PARTS).map(normalizeHeadline).filter(Boolean);
  if (parts.length < 2) return null;
  const heading = headings.find((h) => parts.includes(normalizeHeadline(h)));
  return heading === undefined ? null : heading.replace(/\s+/g, " ").trim();
}

/**
 * Whether `heading` is `headline` followed by a tail after a separator ("Headline | Opinion",
 * "Headline - Brand"), by its link's source ("Headline (example.com) 87"), or after a template's
 * one-word label ("Thread: Headline"): the same headline with a label or the brand attached.
 */
export function headlineWithTail(heading: string, headline: string): boolean {
  return headingWithTail(heading, normalizeHeadline(headline));
}

/** headlineWithTail with the headline already normalized (a `<title>` tested against many headings). */
export function headingWithTail(heading: string, normalizedHeadline: string): boolean {
  if (normalizedHeadline === "") return false;
  if (leadingParts(heading, normalizedHeadline.length).includes(normalizedHeadline)) return true;
  const source = SOURCE_TAIL.exec(heading);
  if (source !== null && normalizeHeadline(heading.slice(0, source.index)) === normalizedHeadline) return true;
  const label = LABEL_HEAD.exec(heading);
  return label !== null && normalizeHeadline(heading.slice(label[0].length)) === normalizedHeadline;
}

/**
 * A template's one-word label before the headline ("Thread: Headline", "Review: Headline"): the
 * `<title>` says the headline without it.
 */
const LABEL_HEAD = /^\s*\p{L}+:\s+/u;

/**
 * A link's source after a headline, as news aggregators print it: the domain in parentheses, then
 * perhaps the count of comments ("Headline (example.com) 87"). Not the headline's words: a `<title>`
 * leaves it out.
 */
const SOURCE_TAIL = /\s+\(\s*(?:[\p{L}\p{N}-]+\.)+[a-z]{2,24}\s*\)(?:\s+\d+)?\s*$/iu;

/**
 * A heading's or title's leading parts before a separator, normalized (`normalizeHeadline`), as
 * headlineWithTail compares them: "A | B | C" gives "a", "a b". The parts are normalized one at a
 * time, as normalizing them joined would give (they meet at a space, where no normalizing step
 * reaches across), and only while no longer than `maxLength`: a hostile heading or `<title>` has
 * thousands of parts, and the leading ones only grow longer.
 */
export function leadingParts(heading: string, maxLength: number): string[] {
  const parts = heading.split(TITLE_PARTS);
  const out: string[] = [];
  let leading = "";
  for (let n = 1; n < parts.length; n++) {
    const part = normalizeHeadline(parts[n - 1]!);
    if (part !== "") leading = leading === "" ? part : `${leading} ${part}`;
    if (leading.length > maxLength) break;
    if (leading !== "" && out[out.length - 1] !== leading) out.push(leading);
  }
  return out;
}

export interface PlacedHeadline {
  /** The text of the one top-level heading; "" when there is none. */
  headline: string;
  /** Images of the heading block that became the headline (a hero image), shown right after it. */
  images: InlineImage[];
  /** The units without the headline's copy; every other h1 is an h2, so the headline is the only h1. */
  units: Unit[];
}

/**
 * Picks the headline: the given one (service/answer.ts chooses it: headline-choice.ts), else the first
 * h1 of the content, else the page title. Its copy in the content is not repeated: the first h1/h2
 * equal to it, else one that is it with a tail ("Headline | Opinion"), else a first paragraph that says
 * it, and every other h1/h2 equal to it, and what says it again where the article then opens
 * (openingCopies: a hero's `<h3>`, a breadcrumb's last item); an h1 that became the headline is taken
 * out of the flow, so a page title with a " | Site" suffix never heads an article with an h1.
 *
 * Markdown answers saying their headline again as a line below it (`npm run eval:article`, 2026-11-26):
 * train-wcxb-dev 49 -> 15 pages with openingCopies, single-wcxb-dev 6 -> 1; stream-ctf 49 -> 4 with
 * withoutOpeningCopy (its copies are an older page's bold paragraph or a line of a dateline). On
 * 2026-11-27, train-wcxb-dev 11 -> 9 and stream-ctf 4 -> 3 with a heading copy anywhere in the opening units (a forum
 * post's subject under its number and date) and a breadcrumb after an opening heading. On
 * 2026-11-27 (session 22), stream-ctf 3 -> 2 with a copy anywhere before the article begins, however
 * many headings stand above it, and a first paragraph there (a package's links set as headings, then
 * the story's title over its photograph); no other page changed on the four corpora. On 2026-11-27
 * (session 24), train-wcxb-dev 7 -> 6, single-wcxb-dev 2 -> 1 and single-zyte 1 -> 0 with a
 * breadcrumb trail the page names one (its list's class or id says "crumb") below an opening box (a
 * forum's note to guests, a shop's "Need help choosing?"), and the opening counted from the copy
 * taken for the headline too (a story's header set after the page's links: byline, the headline
 * again, date); only those three answers changed, in every format, over the 2,681 pages. The eight
 * still counted: five are no copy a reader sees (two APIs' constructors, "Promise()", a SQL page's
 * parameter "select", a song in a list, a button's "SEO Checker"; eval:article reads them equal up to
 * punctuation and case), three are content chosen wrongly (a shop's menu of sibling sets, a template's
 * "Lorem ipsum" box above the story, a profile's card under the name).
 */
export function placeHeadline(units: readonly Unit[], given?: { headline?: string; title?: string }): PlacedHeadline {
  const clean = (s: string | undefined) => s?.replace(/\s+/g, " ").trim() ?? "";
  let headline = clean(given?.headline);
  let index = -1;
  if (headline) index = copyOfHeadline(units, headline, sayingHeadline(headline));
  else {
    index = units.findIndex((u) => u.kind === "heading" && u.level === 1);
    if (index >= 0) headline = clean(units[index]!.lines.join(" "));
    else {
      headline = clean(given?.title);
      if (headline) index = units.findIndex((u) => isTopHeading(u) && sameHeadline(u.lines.join(" "), headline));
    }
  }
  const images = index >= 0 ? units[index]!.blocks.flatMap((b) => b.rich?.images ?? []) : [];
  // Another h1/h2 saying the headline is the same heading set twice (responsive templates carry one
  // for small screens and one for large; a hero repeats the page's h1 as its h2): it goes too, or the
  // article would open with it twice.
  const says = sayingHeadline(headline);
  const others = units.filter((u, i) => i !== index && !(isTopHeading(u) && says(u.lines.join(" "))));
  const again = openingCopies(others, says);
  const kept = others.filter((_, i) => !again.has(i));
  // The article opens where its headline stands: at the top, or, when the copy taken for the headline
  // stands further down (a story's header set after a block of links), right under it.
  const after = index > 0 ? firstAfter(units, index, kept) : -1;
  const opened = withoutOpeningCopy(kept, says, 0) ?? (after > 0 ? withoutOpeningCopy(kept, says, after) : null);
  const rest = (opened ?? kept).map((u) => (u.kind === "heading" && u.level === 1 ? { ...u, level: 2 } : u));
  return { headline, images, units: rest };
}

/** Where in `kept` (units in order, some left out) the first unit after `units[index]` stands; -1 when none does. */
function firstAfter(units: readonly Unit[], index: number, kept: readonly Unit[]): number {
  const keeps = new Set(kept);
  const next = units.slice(index + 1).find((u) => keeps.has(u));
  return next === undefined ? -1 : kept.indexOf(next);
}

/** How many units open the article: where a copy of the headline with a tail stands. */
const OPENING_UNITS = 3;

/**
 * saysHeadline, each text normalized once: placeHeadline tests every top heading of the page against
 * the headline two or three times, and normalizing (NFKC, Unicode classes) was most of its time.
 */
function sayingHeadline(headline: string): (text: string) => boolean {
  return memoized(saysHeadline(headline));
}

/** Where the content repeats the headline (see placeHeadline); -1 when it does not. */
function copyOfHeadline(units: readonly Unit[], headline: string, says: (text: string) => boolean): number {
  const text = (u: Unit) => u.lines.join(" ");
  const same = units.findIndex((u) => isTopHeading(u) && says(saidOnce(text(u))));
  if (same >= 0) return same;
  // Only where the article opens: further down, "Headline - part two" is a section of its own.
  const normalized = normalizeHeadline(headline);
  const tailed = units
    .slice(0, OPENING_UNITS)
    .findIndex((u) => isTopHeading(u) && headingWithTail(text(u), normalized));
  if (tailed >= 0) return tailed;
  const first = units[0];
  return first !== undefined && first.kind === "paragraph" && says(text(first)) ? 0 : -1;
}

/**
 * Where the article, its headline's copy taken out, opens by saying the headline again: a first
 * paragraph or smaller heading that only says it (a hero's `<h3>` right under the `<h1>`; further
 * down such a heading is a section of its own), and the last item of a list it opens with, a
 * breadcrumb trail ending with the page's own name ("Home", "Guides", "Headline").
 */
function openingCopies(units: readonly Unit[], saysIt: (text: string) => boolean): Set<number> {
  const says = (u: Unit) => saysIt(u.lines.join(" "));
  const copies = new Set<number>();
  // A heading saying only the headline while the article has not begun (only headings or images
  // above it): a forum post's subject under the post's number and date, a hero's heading under its
  // image; and the first paragraph when it says only the headline, there too (a package's links to
  // its parts set as headings, then the story's title over its photograph). After the first
  // paragraph such a heading is a section of its own.
  let begins = 0;
  for (; begins < units.length && (units[begins]!.kind === "heading" || imagesOnly(units[begins]!)); begins++)
    if (units[begins]!.kind === "heading" && says(units[begins]!)) copies.add(begins);
  if (units[begins]?.kind === "paragraph" && says(units[begins]!)) copies.add(begins);
  const opening = Math.min(OPENING_UNITS, units.length);
  const before = (end: number) => end <= begins;
  // The first list, when the article opens with one or one follows a heading or an image there (a
  // banner, then the breadcrumb trail): its last item.
  const start = units.slice(0, opening).findIndex((u) => u.kind === "item");
  if (start < 0) return copies;
  const list = units[start]!.containers.at(-1)?.key;
  if (list === undefined) return copies;
  // After a paragraph a list is the article's own, unless the page names it a breadcrumb trail: one
  // set below a box the page opens with ("Need help choosing?", a forum's note to guests).
  if (!before(start) && !namesTrail(list)) return copies;
  let last = start;
  while (units[last + 1]?.kind === "item" && units[last + 1]!.containers.at(-1)?.key === list) last++;
  if (says(units[last]!)) copies.add(last);
  return copies;
}

/** A breadcrumb trail's class or id ("ol.crumbs", "nav.breadcrumb>ul"): the list's element or its parent's. */
const TRAIL = /crumb/i;

/** Whether a list's path (a Container key) is one the page names a breadcrumb trail. */
function namesTrail(key: string): boolean {
  return key
    .split(">")
    .slice(-2)
    .some((token) => TRAIL.test(token));
}

/**
 * The opening paragraphs without the one that says the headline, or its line that does: an older page
 * sets its headline in bold type after a line of links or a date, or as one line of a dateline
 * ("Headline<br>Thursday, July 6, 2000"; "Monday August 14 7:49 PM ET<br>Headline"): a paragraph, or
 * one of its first lines or its last (lineOf), in the first OPENING_UNITS units, once. A paragraph saying only the
 * headline is never a section of its own. Images of the copy stay, as a paragraph of their own. The
 * opening is the OPENING_UNITS units from `from`; null when none of them says the headline.
 */
function withoutOpeningCopy(units: readonly Unit[], says: (text: string) => boolean, from: number): Unit[] | null {
  const found = units
    .slice(from, from + OPENING_UNITS)
    .findIndex((u) => u.kind === "paragraph" && lineOf(u, says) >= 0);
  if (found < 0) return null;
  const at = from + found;
  const unit = units[at]!;
  const line = lineOf(unit, says);
  const copy = unit.blocks[line]!;
  const images = copy.rich?.images?.length ? [imageUnit(copy, copy.rich.images)] : [];
  const rest =
    unit.lines.length === 1
      ? []
      : [{ ...unit, lines: unit.lines.filter((_, i) => i !== line), blocks: unit.blocks.filter((_, i) => i !== line) }];
  const replaced = line === 0 ? [...images, ...rest] : [...rest, ...images];
  return [...units.slice(0, at), ...replaced, ...units.slice(at + 1)];
}

/**
 * Which line of a paragraph says the headline: one of its first OPENING_LINES (an older page's kicker,
 * then the headline, then its byline: "Backseat Driver<br>Headline<br>Jerry Flint, 06.14.05"; with
 * its first line alone the headline stood twice, once at the top and once in the body), or its last;
 * -1 when none does.
 */
function lineOf(unit: Unit, says: (text: string) => boolean): number {
  const opening = Math.min(OPENING_LINES, unit.lines.length);
  for (let i = 0; i < opening; i++) if (says(unit.lines[i]!)) return i;
  const last = unit.lines.length - 1;
  return says(unit.lines[last]!) ? last : -1;
}

/** Lines of an opening paragraph that may set the headline: a kicker and a section line may come first. */
const OPENING_LINES = 3;

/** A unit of figure images only (imageUnit's): its one line is empty. */
function imagesOnly(unit: Unit): boolean {
  return unit.kind === "paragraph" && unit.lines.every((line) => line.trim() === "");
}

function isTopHeading(unit: Unit): boolean {
  return unit.kind === "heading" && unit.level <= 2;
}
