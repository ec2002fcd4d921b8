/**
 * Which headline heads the article: the one a reader sees on the page, when the page shows one.
 *
 * Pages name their story several times: the `<title>` (with the site's name), og:title and JSON-LD
 * headlines (often reworded for search engines and social cards), and the visible main heading. The
 * visible heading is what the reader of the page sees first, so it heads the answer whenever the page
 * has one that is plausibly the article's: an `<h1>` at the start of the content (or just before it,
 * when a title names it or tells its story, or when it is the only one there and the story's first
 * line stands right under it: headingOverStory), or an `<h1>` anywhere that is exactly the page's title;
 * when no title names an `<h1>`, a smaller heading a title says, right above the first (postTitleAbove).
 *
 * The titles (the metadata's, and the `<title>` less its site name) help where the page is ambiguous:
 * among several such `<h1>`s the one a title names wins; an `<h1>` that is a title plus a tail
 * ("Headline | Opinion", "Headline - Brand") gives way to that title; an `<h1>` that is only the
 * site's name (a logo) or the book's the page belongs to (the title's last part) never counts, but one
 * adding a word to the site's name does when the `<title>` opens with it ("Visual Studio Community |
 * Download Latest Free Version" on the site "Visual Studio"): the page's product, not the logo. An
 * `<h1>` set on two lines is one headline, and one an animation writes out again is one copy
 * (saidOnce). A service or landing page is headed with its name, as its `<title>` gives it
 * (pageName): its `<h1>` is often a slogan ("Your stall. Your story."), and its metadata title often
 * the slogan again; unless a byline or a date stands under its `<h1>`, as under an article's
 * (headedAsArticle). Without a visible main heading the metadata title stands (metadata.ts
 * picks it; not when it fell back to a masthead `<h1>` the `<title>` never mentions: isMasthead), else
 * the `<title>` less its site name; but when the headline so chosen is no `<h1>` of the page, an
 * `<h2>`/`<h3>` in the content that is the `<title>`'s leading part heads it (subheadingInTitle), and
 * of parts joined by pipes only the page's own does (pagePart). When no line of the page says the
 * headline so chosen, a page stating no title in its metadata is headed by its content's first line
 * when that reads as the headline (leading-line.ts: old table layouts).
 *
 * On the WCXB corpora (gold: title + main content) the headline equals the gold's first line on
 * 84.3% / 83.5% of the pages (single, held out / train; stream-ctf 60.3%, where many golds start
 * elsewhere). Before each step, newest first (single / train):
 * - the parts of a title the page shows (session 25; `npm run eval:article`, in-sample): of the pages
 *   whose gold starts with a heading the page shows, single 97.4% -> 98.2%, train 97.4% -> 97.9%,
 *   stream-ctf 98.6% -> 98.8%; 7 pages gained, none lost, no other first line changed over the 2,681
 *   pages: an `<h1>` that is a title as written whose strip took the headline's own part
 *   (titleAsWritten: 2), a product's `<h1>` the metadata title opens with (pageOwn: 1), a short
 *   headline an `<h2>` shows (shownHead: 1), a service page's `<h2>` name (subheadingInTitle: 1), an
 *   `<h2>` rewording the `<title>` above the story (headingAboveStory: 2); and then an `<h2>` the
 *   `<title>` says right under a kicker `<h1>` (titleUnderKicker): train 97.9% -> 98.0%, one gained,
 *   none lost;
 * - headingOverStory (the one `<h1>` where the content begins, not content itself, right over the
 *   story's first line, when no title names it): the same (train: of the 890 pages whose gold starts
 *   with a heading the page shows, 97.3% -> 97.4%: one page gained, a podcast episode's page headed
 *   by its JSON-LD headline; none lost, no other answer changed over the 2,681 pages of the four
 *   corpora; measured with isMasthead, which keeps a masthead `<h1>` over the story out: the tests' page);
 * - titleOpening (an `<h1>` of the content that the `<title>` opens with, over a section's label set
 *   as the content's first `<h1>`): the same (stream-ctf: one page gained, none lost, no other answer
 *   changed over the 2,681 pages of the four corpora);
 * - postTitleAbove (a Blogger post's `<h3>` title above its `<h1>` sections): 84.3% / 82.9% -> the
 *   same / 83.0% (one page gained, none lost, none other changed);
 * - headedAsArticle (a service page with a byline or a date under its `<h1>` headed by it): 84.3% /
 *   82.6% -> 84.3% / 82.9% (stream-ctf 60.7% -> 60.8%; 4 pages gained, none lost);
 * - headingAboveStory (an older page's `<h2>` above the story, no `<h1>`): the same (stream-ctf
 *   60.1% -> 60.7%, 97.1% -> 98.3% of the 484 pages whose gold starts with a heading the page shows:
 *   2000's CNN stories and 2010's Forbes blogs, headed by their `<title>` or a dek before);
 * - leading-line.ts: 83.3% / 82.5% (stream-ctf 51.0% -> 61.3%);
 * - the part the content shows, when the `<title>` opens with the site's name: the same (stream-ctf
 *   48.7% -> 51.0%: BBC and The Nation stories, "BBC News | Business | Story");
 * - saidOnce: the same (linear.app's animated `<h1>` now heads its page readably, once; the gold
 *   takes the `<title>`'s part);
 * - pagePart: 83.3% / 81.9% (single: one page gained, one lost, whose gold keeps "HR Cloud: All-in-One
 *   HRIS | Employee Onboarding & Engagement" whole. Taking the last part where the `<title>` opens
 *   with the site's name headed 25 more of stream-ctf's BBC stories right, but The Nation's pages
 *   with their author's name: hence the part shown, above);
 * - the content's `<h1>` inside a `<form>` wrapping the whole page (inChrome): 83.3% / 81.8%;
 * - an icon font's link glyph read as a heading's permalink mark (permalink-marks.ts): 83.3% / 81.7%;
 * - an `<h1>` adding a word to the site's name that the `<title>` opens with: 83.3% / 81.6%;
 * - isMasthead: 83.3% / 81.4% (stream-ctf 47.2%: its 2010 blog pages show the magazine's logo as
 *   their `<h1>`);
 * - earlier, with an older content model, 83.3% / 81.5% (81.7% on train when subheadingInTitle took
 *   any part of the `<title>` and ran on service pages too, which heads a page with its section's name
 *   "Services"); 83.3% / 81.2% before subheadingInTitle and the svg-free `<h1>` of metadata, 81.7% /
 *   78.8% before the service page's name and one line of a two-line `<h1>`; 79.0% / 76.7% with the
 *   metadata title throughout.
 */
import {
  headingInTitle,
  headingWithTail,
  leadingParts,
  normalizeHeadline,
  saidOnce,
  sameHeadline,
  saysHeadline,
  TITLE_DASHES,
  TITLE_PARTS,
  TITLE_SEPARATORS,
} from "./headline";
import { extendsSiteName, hintsFor, namesSite as isSiteName, stripSiteName } from "./metadata/title";
import { leadingLine, MONTH } from "./leading-line";
import type { PageKind } from "./page-kind";
import { withoutPermalinkMarks } from "./permalink-marks";
import type { TextBlock } from "./types";

/** What the choice reads: the metadata's title, the page's `<title>`, and the page's blocks with their verdicts. */
export interface HeadlineEvidence {
  /** The metadata title (JSON-LD, og:title, ... with the site name stripped: metadata.ts), or null. */
  metadataTitle: string | null;
  /** The page's `<title>` as written ("" when absent). */
  pageTitle: string;
  siteName: string | null;
  host: string | null;
  blocks: readonly TextBlock[];
  /** Per block, whether it is content. */
  content: readonly boolean[];
  /** The page's kind (page-kind.ts), when known. */
  kind?: PageKind | null;
  /**
   * Whether the page states a title in its metadata (JSON-LD, og:, twitter:, Dublin Core ...): one
   * that does not names its story only in its text (leading-line.ts). Unknown counts as stated.
   */
  titleDeclared?: boolean;
  /**
   * The metadata title as the page states it, site name and all (metadata.ts strips it for
   * metadataTitle, which is the page's first `<h1>` instead when that tells the same story): what its
   * stripping took off may be the headline's own last part (titleAsWritten),
   * and its first part the product's name (readPage's pageOwn). Null when none is stated.
   */
  rawMetadataTitle?: string | null;
}

/** How many blocks before the first content block an `<h1>` still heads the content (a byline, a date between). */
const LEADING_BEFORE = 8;
/** How many blocks into the content an `<h1>` still heads it; later ones head sections. */
const LEADING_AFTER = 4;
/** Landmarks whose `<h1>` is the site's chrome, not the article's title. */
const CHROME = new Set(["nav", "footer", "aside", "form"]);
/** The separator of a title's parts that headlines never use themselves (a dash, a colon or a slash may be the headline's own). */
const PIPE = /\s+\|\s+/;
/** Headings a reader sees as a page's headline or its section's. */
const SHOWN_HEADING = /^h[1-3]$/;
/** Headings below `<h1>` that may still name the page (subheadingInTitle). */
const SUBHEADING = /^h[23]$/;
/** Headings longer than this are a paragraph set in a heading tag, not a headline. */
const MAX_HEADLINE = 300;
/** How many blocks under an `<h1>` its byline or date may stand (a deck, a category between: headedAsArticle). */
const DATELINE_AFTER = 5;
/** An author's name after "By" ("By Ada Quill", "Written by A. Quill"): not "By submitting this form, ...". */
const BYLINE =
  /^(?:(?:[Ww]ritten|[Pp]osted)\s+)?(?:[Bb]y|BY)\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}(?:[\s,|]|$)/u;
/** A whole date, the year in it ("May 18, 2005", "18 May 2005", "2005-05-18"): an event's "starting April 28" is no dateline. */
const FULL_DATE = new RegExp(
  String.raw`\b${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+${MONTH}\.?,?\s+\d{4}\b|\b\d{4}-\d{2}-\d{2}\b`,
  "i",
);
/** Longer lines are a paragraph mentioning a date, not a dateline. */
const MAX_DATELINE = 100;
/** How many blocks above a post's first `<h1>` its title may stand (postTitleAbove). */
const POST_TITLE_ABOVE = 3;
/** Fewer words make a section's label, not a headline (headingOverStory). */
const MIN_HEADLINE_WORDS = 3;
/** Kinds whose `<h1>` is a slogan more often than the page's name. */
const TITLED_KINDS = new Set<PageKind>(["service"]);
/**
 * A `<title>` part that is a domain name: a site's, the page's own ("CNN.com" on www.cnn.com, which
 * namesSite takes too) or another's (a page syndicated from "Example.com").
 */
const DOMAIN_NAME = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,6}$/iu;
/** The separator a stripped tail starts with (" | ", " – "). */
const TAIL_SEPARATOR = new RegExp(String.raw`^\s+(${TITLE_SEPARATORS})\s+`);
/** A template's placeholder left unrendered ("{{ page.title }}"): the script that fills it did not run. */
const UNRENDERED = /\{\{.*\}\}/;

interface ShownHeading {
  text: string;
  /** Inside the content. */
  inContent: boolean;
  /** At the start of the content or just before it: where the reader finds the headline. */
  leads: boolean;
  /** The index of its (first) block. */
  index: number;
}

/** The headline of the answer: the visible main heading, else the metadata title, else the `<title>`. */
export function chooseHeadline(given: HeadlineEvidence): string {
  const rendered = asRendered(given);
  const page = readPage(rendered);
  const evidence = headedAsArticle(rendered, page) ? { ...rendered, kind: "article" as const } : rendered;
  const chosen = mainHeading(evidence, page) ?? titleOrName(evidence, page);
  const saysChosen = saysHeadline(chosen);
  if (page.headings.some((h) => saysChosen(h.text))) return chosen;
  const subheading = subheadingInTitle(evidence, page) ?? headingAboveStory(evidence, page);
  if (subheading !== null) return subheading;
  const part = pagePart(chosen, page, evidence);
  // Only a page stating no title in its metadata may be headed by its first line (leading-line.ts),
  // and never a service page, whose name was chosen on purpose (pageName). Tested before the scan of
  // every line below, which most pages (they state a title) need not pay.
  if (evidence.titleDeclared !== false || (evidence.kind && TITLED_KINDS.has(evidence.kind))) return part;
  // Each line normalized once against both: a hostile page has thousands of lines.
  const said = new Set([normalizeHeadline(chosen), normalizeHeadline(part)]);
  said.delete("");
  if (evidence.blocks.some((b) => said.has(normalizeHeadline(b.text)))) return part;
  return leadingLine({ ...evidence, titleDeclared: false, ...page }) ?? part;
}

/**
 * One part of a headline that is several joined by pipes ("Organic SEO Consultant | Hire an
 * Independent SEO Expert") and no `<h1>` shows: the `<title>` less its site name, or a metadata title
 * worded like one. Titles go from the page to the site ("Story | Section | Site"), so the first part
 * is the page's own. When the
 * `<title>` opens with the site's name the order tells nothing ("BBC News | Business | Story", "The
 * Nation | Comment | Story | Author"): the part the content shows, when one alone is, else the whole.
 * A headline that itself opens with the site's name is the brand's own page (pageName): kept whole.
 */
function pagePart(headline: string, page: PageReading, { blocks, content }: HeadlineEvidence): string {
  const parts = headline.split(PIPE);
  if (parts.length < 2 || page.namesSite(parts[0]!)) return headline;
  if (!page.siteFirst) return parts[0]!;
  // The content's texts normalized once: a hostile <title> has thousands of parts, a page thousands of blocks.
  const contentTexts = new Set(blocks.filter((_, i) => content[i] === true).map((b) => normalizeHeadline(b.text)));
  const shown = parts.filter((part) => {
    const text = normalizeHeadline(part);
    return text !== "" && contentTexts.has(text);
  });
  return shown.length === 1 ? shown[0]! : headline;
}

/** Without a visible main heading: the service page's name, else the metadata title, else the `<title>`. */
function titleOrName(evidence: HeadlineEvidence, page: PageReading): string {
  const metadataTitle = isMasthead(evidence, page) ? null : evidence.metadataTitle;
  if (evidence.kind && TITLED_KINDS.has(evidence.kind)) {
    const name = pageName(page, metadataTitle);
    if (name !== null) return name;
  }
  const h1s = page.headings.map((h) => h.text);
  if (metadataTitle !== null && !UNRENDERED.test(metadataTitle)) {
    const named = headingInTitle(metadataTitle, h1s);
    if (named !== null && !page.namesSite(named)) return named;
    if (!page.namesSite(metadataTitle)) return metadataTitle;
  }
  return page.strippedTitle || metadataTitle || collapse(evidence.pageTitle);
}

/**
 * Whether a page of a kind named by its `<title>` (a service page) is headed as an article is: its
 * `<h1>` where the content begins, with a byline or a whole date right under it. A slogan has no
 * author and no date; a story, a guide or a blog post the kind model reads as a service page does,
 * and its `<h1>` is its headline. Over the four corpora's 204 service pages the `<title>`'s name
 * heads the answer right where the `<h1>` would not on 46, the `<h1>` on 16 (`npx tsx
 * scripts/headline-misses.ts --service`); with a dateline at the `<h1>`, 4 of those 16 (articles, a
 * library's news page), none of the 46.
 */
function headedAsArticle(evidence: HeadlineEvidence, page: PageReading): boolean {
  if (!evidence.kind || !TITLED_KINDS.has(evidence.kind)) return false;
  const h1 = page.headings.find((h) => h.leads);
  if (h1 === undefined) return false;
  const { blocks } = evidence;
  const end = Math.min(blocks.length, h1.index + 1 + DATELINE_AFTER);
  for (let i = h1.index + 1; i < end; i++) if (blocks[i]!.tag !== "h1" && isDateline(blocks[i]!.text)) return true;
  return false;
}

/** Whether a line is a byline or a dateline (headedAsArticle). */
function isDateline(text: string): boolean {
  const line = text.trim();
  return line.length <= MAX_DATELINE && (BYLINE.test(line) || FULL_DATE.test(line));
}

/** The evidence with the blocks' text as the renderers write it: no heading's permalink mark ("Usage¶"). */
function asRendered(evidence: HeadlineEvidence): HeadlineEvidence {
  return { ...evidence, blocks: evidence.blocks.map(withoutPermalinkMarks) };
}

/** What the choice works with, read once from the evidence. */
interface PageReading {
  /** The metadata title (unless only the first `<h1>` again: statedTitle) and the `<title>` less its site name. */
  titles: string[];
  /** The `<title>` without its site name (nor a book's or section's name that heads the page): "" when absent. */
  strippedTitle: string;
  /** The page's `<h1>`s that may be a headline, in page order. */
  headings: ShownHeading[];
  namesSite: (text: string) => boolean;
  /** Whether the `<title>`'s first part names the site ("BBC News | Business | Story"). */
  siteFirst: boolean;
  /** The `<title>`, whitespace collapsed. */
  pageTitle: string;
}

/**
 * The `<title>`'s last part may name the book or section the page belongs to ("Recoverable Errors with
 * Result - The Rust Programming Language"): when the page shows that name as an `<h1>` and the title's
 * head as a heading of its own, the `<h1>` is the book's name in large type, and the head is the page's.
 */
function readPage(evidence: HeadlineEvidence): PageReading {
  const pageTitle = collapse(evidence.pageTitle);
  const hints = hintsFor(pageTitle, {
    siteName: evidence.siteName,
    host: evidence.host,
    h1: shownHead(pageTitle, evidence.blocks),
  });
  const book = bookName(pageTitle, evidence.blocks);
  const strippedTitle = stripSiteName(pageTitle, book === null ? hints : { ...hints, siteName: book });
  // The first part of the `<title>` or of the metadata title as stated names the page even when it
  // adds a word to the site's name ("Ridge Wallet - Royal Black" on ridge.com: the product).
  const heads = [titleHead(pageTitle), titleHead(collapse(evidence.rawMetadataTitle ?? ""))]
    .filter((h): h is string => h !== null)
    .map(saysHeadline);
  const saysBook = book !== null ? saysHeadline(book) : null;
  const pageOwn = (text: string) => heads.some((says) => says(text)) && extendsSiteName(text, hints);
  const namesSite = (text: string) =>
    (isSiteName(text, hints) && !pageOwn(text)) || (saysBook !== null && saysBook(text));
  const metadataTitle = statedTitle(evidence, strippedTitle);
  const titles = [metadataTitle, strippedTitle].filter((t): t is string => !!t && !namesSite(t));
  const siteFirst = isSiteName(pageTitle.split(PIPE)[0]!, hints);
  const headings = candidateHeadings(evidence, namesSite);
  return { titles, strippedTitle, headings, namesSite, siteFirst, pageTitle };
}

/**
 * The `<title>`'s first part when a heading of the page (`<h1>`-`<h3>`) says it: a headline shorter
 * than the site-name rules trust ("Free Gaza | The Nation" over an `<h2>` "Free Gaza") is still the
 * page's own when the page shows it (metadata/title.ts: plausibleHeadline). Null otherwise.
 */
function shownHead(pageTitle: string, blocks: readonly TextBlock[]): string | null {
  const head = titleHead(pageTitle);
  return head !== null && headingSays(blocks, SHOWN_HEADING, head) ? head : null;
}

/** Whether a heading of the page with one of `tags` says `text` (saysHeadline). */
function headingSays(blocks: readonly TextBlock[], tags: RegExp, text: string): boolean {
  const says = saysHeadline(text);
  return blocks.some((b) => tags.test(b.tag) && says(b.text));
}

/**
 * metadata.ts falls back to the first `<h1>` when the page states no title in its metadata (and takes
 * it over a metadata title telling the same story): such a title is the heading again, no second
 * opinion on it. Null then, when the `<title>` says something else.
 */
function statedTitle({ metadataTitle, blocks }: HeadlineEvidence, strippedTitle: string): string | null {
  if (metadataTitle === null || strippedTitle === "" || sameHeadline(metadataTitle, strippedTitle))
    return metadataTitle;
  const firstH1 = blocks.find((b) => b.tag === "h1");
  return firstH1 !== undefined && sameHeadline(firstH1.text, metadataTitle) ? null : metadataTitle;
}

/**
 * Whether the metadata title is only the page's first `<h1>` (metadata.ts falls back to it) and that
 * `<h1>` shares no word with the `<title>` less its site name: the masthead in large type ("New York
 * Magazine" on a page titled "Comptroller Is Dragged Into Pension Scandal -- Daily Intel"), not the story.
 */
function isMasthead({ metadataTitle, blocks }: HeadlineEvidence, page: PageReading): boolean {
  const firstH1 = blocks.find((b) => b.tag === "h1");
  if (metadataTitle === null || firstH1 === undefined) return false;
  if (page.strippedTitle === "" || page.namesSite(page.strippedTitle)) return false;
  if (!sameHeadline(firstH1.text, metadataTitle)) return false;
  const titleWords = storyWords(page.strippedTitle);
  return ![...storyWords(metadataTitle)].some((word) => titleWords.has(word));
}

/**
 * The `<title>`'s first part when others follow it: by convention the page's own name ("Ansible
 * playbooks — Ansible Community Documentation"), the site's coming after. Null for a one-part title.
 */
function titleHead(pageTitle: string): string | null {
  const parts = pageTitle.split(TITLE_PARTS);
  return parts.length >= 2 ? parts[0]! : null;
}

/** The title's last part when an `<h1>` shows it and another heading shows the rest (see readPage). */
function bookName(pageTitle: string, blocks: readonly TextBlock[]): string | null {
  const parts = pageTitle.split(TITLE_PARTS);
  if (parts.length < 2) return null;
  const tail = parts[parts.length - 1]!;
  const head = parts.slice(0, -1).join(" ");
  return headingSays(blocks, /^h1$/, tail) && headingSays(blocks, SHOWN_HEADING, head) ? tail : null;
}

/** The visible main heading; null when the page shows none the reader would take for the headline. */
export function mainHeading(evidence: HeadlineEvidence, page = readPage(asRendered(evidence))): string | null {
  const { titles, headings } = page;
  const leading = headings.filter((h) => h.leads);
  const whole = titleAsWritten(evidence, page, leading) ?? titleAsWritten(evidence, page, headings);
  if (whole !== null) return whole;
  // The titles normalized once: a hostile <title> has thousands of parts, a hostile page thousands of <h1>s.
  const titleSays = titles.map(saysHeadline);
  const normalizedTitles = titles.map(normalizeHeadline);
  // A heading a title names, exactly or as its first part(s) ("Headline | Opinion" gives "Headline"): the
  // page agrees with itself. First where the content begins, then anywhere (a title far above the text).
  for (const scope of [leading, headings]) {
    for (const says of titleSays) {
      const named = scope.find((h) => says(h.text));
      if (named) return named.text;
    }
    const head = titles.findIndex((_, t) => scope.some((h) => headingWithTail(h.text, normalizedTitles[t]!)));
    if (head >= 0) return titles[head]!;
  }
  if (evidence.kind && TITLED_KINDS.has(evidence.kind)) return null;
  // Several candidates: the one telling a title's story ("Related Products" above "Ergonomic Mice" is not it).
  const story = leading.find((h) => titles.some((title) => tellsStory(h.text, title)));
  if (story !== undefined) return story.text;
  const opening = titleOpening(titles, headings);
  if (opening !== null) return opening;
  const first = leading.find((h) => h.inContent);
  if (first === undefined) return isMasthead(evidence, page) ? null : headingOverStory(evidence, leading);
  return (
    postTitleAbove(evidence, first.index, titleSays) ?? titleUnderKicker(evidence, first.index, titleSays) ?? first.text
  );
}

/**
 * The `<h2>` right under the content's first `<h1>`, when a title says it exactly and none names the
 * `<h1>`: the `<h1>` is a kicker, the topic's label set large ("Toddler Sleep Training"), and the
 * `<h2>` under it the story's own headline, as the `<title>` and og:title give it. Null otherwise.
 */
function titleUnderKicker(
  { blocks, content }: HeadlineEvidence,
  h1: number,
  titleSays: ((text: string) => boolean)[],
): string | null {
  const next = blockUnder(blocks, h1);
  const block = blocks[next];
  if (block?.tag !== "h2" || content[next] !== true) return null;
  const text = collapse(block.text);
  return titleSays.some((says) => says(text)) ? text : null;
}

/**
 * An `<h1>` saying a title as the page wrote it (the `<title>`, the metadata title as stated), where
 * stripping its site name took something off: the page shows the whole, so the part taken off is the
 * headline's own. A last part that is no site's name ("Arizona Sandal – Stone – Unisex", taken off as
 * a tail shaped like a name), or the site's name first ("CSRankings: Computer Science Rankings"): the
 * brand's own page, named whole as pageName names it. Not a site's name as the tail ("Free Gaza | The
 * Nation" over the story "Free Gaza"). Null when no `<h1>` in `scope` is such a title.
 */
function titleAsWritten(evidence: HeadlineEvidence, page: PageReading, scope: readonly ShownHeading[]): string | null {
  const written: [string, string | null][] = [
    [page.pageTitle, page.strippedTitle],
    [collapse(evidence.rawMetadataTitle ?? ""), evidence.metadataTitle],
  ];
  for (const [title, stripped] of written) {
    if (title === "" || stripped === null || !keptWhole(title, collapse(stripped), page.namesSite)) continue;
    const says = saysHeadline(title);
    const found = scope.find((h) => says(h.text));
    if (found !== undefined) return found.text;
  }
  return null;
}

/** Whether a title stripped to `stripped` lost a part that is the headline's own (see titleAsWritten). */
function keptWhole(title: string, stripped: string, namesSite: (text: string) => boolean): boolean {
  if (stripped === "" || title === stripped) return false;
  if (title.endsWith(stripped)) return true;
  if (!title.startsWith(stripped)) return false;
  const rest = title.slice(stripped.length);
  const separator = TAIL_SEPARATOR.exec(rest);
  if (separator === null) return false;
  const tail = rest.slice(separator[0].length);
  // Only a dash the headline itself uses between its parts: a tail after one of its own is one more of
  // them, a tail after another (" - Personally Tested" of a headline without one) or after a pipe,
  // which headlines never use ("Headline | Section | Site"), is a label or the site's.
  const dash = separator[1]!;
  return tail !== "" && !namesSite(tail) && TITLE_DASHES.has(dash) && stripped.includes(` ${dash} `);
}

/**
 * The one `<h1>` where the content begins, not itself content, with the story's first line right
 * under it: an article's `<header>` the block model drops with its date and share buttons, over a
 * `<title>` and JSON-LD headline reworded for search ("Health effects of household cleaners" over
 * "Keeping It Clean"). Three words or more: a section's label ("Blog", "Latest news") set large
 * above the content is no headline; nor a masthead metadata.ts fell back to (isMasthead). Null
 * otherwise (then the titles stand: titleOrName).
 */
function headingOverStory({ blocks, content }: HeadlineEvidence, leading: readonly ShownHeading[]): string | null {
  if (leading.length !== 1) return null;
  const h1 = leading[0]!;
  if (h1.inContent || h1.text.split(" ").length < MIN_HEADLINE_WORDS) return null;
  return content[blockUnder(blocks, h1.index)] === true ? h1.text : null;
}

/** The first block under the `<h1>` at `index` that is neither more of an `<h1>` nor empty (blocks.length when none is). */
function blockUnder(blocks: readonly TextBlock[], index: number): number {
  let next = index + 1;
  while (next < blocks.length && (blocks[next]!.tag === "h1" || blocks[next]!.text.trim() === "")) next++;
  return next;
}

/**
 * An `<h1>` of the content that a title opens with, the title's later parts its section's and site's
 * names ("Embassy reopens after threat - Middle East | News"), when no `<h1>` where the content begins
 * tells a title's story: the first `<h1>` there may be a section's label set large ("World | The
 * Mideast") above the story's own, further in. Null when no such `<h1>` is.
 */
function titleOpening(titles: readonly string[], headings: readonly ShownHeading[]): string | null {
  // Headings are no longer than MAX_HEADLINE (candidateHeadings); normalized, twice that at most.
  const heads = titles.map((title) => new Set(leadingParts(title, 2 * MAX_HEADLINE)));
  if (heads.every((set) => set.size === 0)) return null;
  for (const set of heads) {
    const found = headings.find((h) => h.inContent && set.has(normalizeHeadline(h.text)));
    if (found !== undefined) return found.text;
  }
  return null;
}

/**
 * A smaller heading in the content right above its first `<h1>`, that a title says exactly, when no
 * title names any `<h1>`: the post's title, set smaller than its sections' headings (Blogger
 * templates: the date, the post's title in an `<h3>`, then the post's `<h1>` sections). Null when none is.
 */
function postTitleAbove(
  { blocks, content }: HeadlineEvidence,
  h1: number,
  titleSays: ((text: string) => boolean)[],
): string | null {
  for (let i = h1 - 1; i >= Math.max(0, h1 - POST_TITLE_ABOVE); i--) {
    const block = blocks[i]!;
    if (content[i] !== true || !SUBHEADING.test(block.tag)) continue;
    const text = collapse(block.text);
    if (titleSays.some((says) => says(text))) return text;
  }
  return null;
}

/**
 * What a service or landing page is called: an `<h1>` that is a part of its `<title>` ("Stall rental"
 * of "Stall rental | Riverside Markets"), else one at the start of the content telling the same as the
 * `<title>` less its site name, else that `<title>`: a heading that says something else is a slogan
 * ("Your stall. Your story."). A `<title>` that opens with the site's name ("Ledgerwell: Bookkeeping for Small
 * Businesses") is the brand's own page, and the name is part of what it is called: kept whole. The
 * metadata title only when it is a part of the `<title>` (og:title "About" of "About – Brand"): it is
 * often the slogan again. Null when the `<title>` names nothing but the site.
 */
function pageName(page: PageReading, metadataTitle: string | null): string | null {
  const inTitle = (texts: string[]) => {
    const part = headingInTitle(page.pageTitle, texts);
    return part !== null && !page.namesSite(part) ? part : null;
  };
  const part = inTitle(page.headings.map((h) => h.text));
  if (part !== null) return part;
  const name = page.strippedTitle;
  if (name === "" || page.namesSite(name)) return null;
  const shown = page.headings.find((h) => h.leads && tellsStory(h.text, name));
  if (shown !== undefined) return shown.text;
  if (name !== page.pageTitle && page.pageTitle.endsWith(name)) return page.pageTitle;
  return (metadataTitle !== null ? inTitle([metadataTitle]) : null) ?? name;
}

/**
 * A lower heading in the content that is a part of the `<title>`, when no `<h1>` heads the answer: a
 * forum sets the thread's title in an `<h2>` or `<h3>` below the site's logo (the page's one `<h1>`),
 * and its `<title>` adds the board's and the site's names ("Thread title / Board / Site"). Only the
 * `<title>`'s leading part(s): its later parts are the page's section or site ("Services" of "Stall
 * rental | Services | Riverside Markets"), and a section's heading is no name. On the kinds named by
 * their `<title>` (a service page's name was chosen on purpose) only when no `<h1>` may head the page:
 * then the `<h2>` its `<title>` opens with is its name ("Tramline CDN" of "Tramline CDN | Content
 * Delivery Network | Tramline", where the `<title>` less the site's name would be the tagline). Null
 * when none is.
 */
function subheadingInTitle({ blocks, content, kind }: HeadlineEvidence, page: PageReading): string | null {
  if (kind && TITLED_KINDS.has(kind) && page.headings.length > 0) return null;
  const texts: string[] = [];
  blocks.forEach((block, i) => {
    if (!SUBHEADING.test(block.tag) || content[i] !== true) return;
    if (inChrome(block, true)) return;
    const text = collapse(block.text);
    if (text !== "" && text.length <= MAX_HEADLINE && !page.namesSite(text)) texts.push(text);
  });
  // The <title>'s leading parts once for all the subheadings (a hostile page has thousands of each).
  const normalized = texts.map(normalizeHeadline);
  const heads = new Set(leadingParts(page.pageTitle, Math.max(0, ...normalized.map((t) => t.length))));
  const found = normalized.findIndex((text) => text !== "" && heads.has(text));
  return found >= 0 ? texts[found]! : null;
}

/**
 * The `<h2>` standing right above the story on a page with no `<h1>` of its own (none, or only the
 * site's logo): older news and blog templates set the story's headline as an `<h2>` just before the
 * text, and their `<title>` wraps it in the site's name, the blog's and a date ("Site.com - Headline -
 * December 4, 2000", "Headline « Blog name - Site.com"). It heads the answer when the `<title>` says it
 * (two words or more, at word boundaries), unless it is a later part of a `<title>` whose first part is
 * the page's own (not the site's name nor a domain name) ("Guides" of "Pruning roses | Guides | Site": a section's name). The nearest such
 * `<h2>` above the content's first block, else at its start; failing any, the nearest above the
 * content's first block (or that block) that tells a title's story in other words (tellsStory: the
 * `<title>` reworded for search). Never on service
 * pages (pageName). Null when there is none.
 */
function headingAboveStory({ blocks, content, kind }: HeadlineEvidence, page: PageReading): string | null {
  if (page.headings.length > 0 || (kind && TITLED_KINDS.has(kind))) return null;
  const firstContent = content.findIndex((c, i) => c && blocks[i]!.text.trim() !== "");
  if (firstContent < 0) return null;
  const title = ` ${normalizeHeadline(page.pageTitle)} `;
  const parts = page.pageTitle.split(TITLE_PARTS);
  const siteFirst = page.namesSite(parts[0]!) || DOMAIN_NAME.test(parts[0]!.trim());
  const own = (siteFirst ? parts.slice(1) : parts).map(normalizeHeadline);
  const sections = new Set(own.slice(1));
  const names = (i: number) => {
    const block = blocks[i];
    if (block?.tag !== "h2" || inChrome(block, content[i] === true)) return null;
    const text = collapse(block.text);
    const normalized = normalizeHeadline(text);
    if (text.length > MAX_HEADLINE || !normalized.includes(" ") || page.namesSite(text)) return null;
    return title.includes(` ${normalized} `) && !sections.has(normalized) ? text : null;
  };
  // Else one telling a title's story in other words ("7 Ways to Help You Transition to a Plant Based
  // Diet" under the `<title>` "7 Ways to Transition to a Plant-Based Diet | Brand"): the page's
  // headline, the `<title>` reworded for search. Three words of three letters or more: a shop's
  // "Buy Widget" shares half its words with "Widget on Store" and is a button's label; and not a
  // title with a tail ("Headline / Dec 2025"), which the title says better.
  const normalizedTitles = page.titles.map(normalizeHeadline);
  const tells = (i: number) => {
    const block = blocks[i];
    if (block?.tag !== "h2" || inChrome(block, content[i] === true)) return null;
    const text = collapse(block.text);
    if (text.length > MAX_HEADLINE || page.namesSite(text) || storyWords(text).size < MIN_HEADLINE_WORDS) return null;
    if (normalizedTitles.some((t) => headingWithTail(text, t))) return null;
    return page.titles.some((t) => tellsStory(text, t)) ? text : null;
  };
  const above = (test: (i: number) => string | null) => {
    for (let i = firstContent; i >= Math.max(0, firstContent - LEADING_BEFORE); i--) {
      const text = test(i);
      if (text !== null) return text;
    }
    return null;
  };
  const below = (test: (i: number) => string | null) => {
    for (let i = firstContent + 1; i <= Math.min(blocks.length - 1, firstContent + LEADING_AFTER); i++) {
      const text = test(i);
      if (text !== null) return text;
    }
    return null;
  };
  // A reworded title only above the story: below its first block an `<h2>` telling the title's story
  // is a section of it ("Why prune roses in winter" under "How to prune roses in winter").
  return above(names) ?? below(names) ?? above(tells);
}

/**
 * Whether the heading stands in the site's chrome (a menu's, a footer's): not the page's own. A
 * `<form>` is chrome only around what is not content: some sites wrap the whole page in one form
 * (ASP.NET's), the article and its `<h1>` included.
 */
function inChrome(block: TextBlock, isContent: boolean): boolean {
  if (block.landmark === "form") return !isContent;
  return block.landmark !== null && CHROME.has(block.landmark);
}

/** The page's `<h1>`s that may be its headline (not chrome, not the site's name), in page order, whitespace collapsed. */
function candidateHeadings(
  { blocks, content }: HeadlineEvidence,
  namesSite: (text: string) => boolean,
): ShownHeading[] {
  const firstContent = content.findIndex((c, i) => c && blocks[i]!.text.trim() !== "");
  const out: ShownHeading[] = [];
  // By normalized text, so that a page of thousands of <h1>s is read in one pass.
  const seenAs = new Map<string, ShownHeading>();
  for (const { index: i, text } of headingLines(blocks)) {
    const block = blocks[i]!;
    if (inChrome(block, content[i] === true)) continue;
    if (text === "" || text.length > MAX_HEADLINE || UNRENDERED.test(text) || namesSite(text)) continue;
    const leads = firstContent >= 0 && i >= firstContent - LEADING_BEFORE && i <= firstContent + LEADING_AFTER;
    const inContent = content[i] === true;
    const key = normalizeHeadline(text);
    const seen = key === "" ? undefined : seenAs.get(key);
    if (seen === undefined) {
      const heading = { text, inContent, leads, index: i };
      out.push(heading);
      if (key !== "") seenAs.set(key, heading);
    } else if (leads && !seen.leads) Object.assign(seen, { inContent, leads, index: i });
  }
  return out;
}

/**
 * The `<h1>`s with the index of their first block. An `<h1>` set on two lines ("Covered market<br>stall rental")
 * is two blocks of one element, and one headline: the reader reads the lines together, and the
 * renderer writes them as one heading.
 */
function headingLines(blocks: readonly TextBlock[]): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  blocks.forEach((block, i) => {
    if (block.tag !== "h1") return;
    const previous = blocks[i - 1];
    const last = out[out.length - 1];
    if (last !== undefined && previous?.tag === "h1" && previous.element === block.element) {
      last.text = collapse(`${last.text} ${block.text}`);
    } else out.push({ index: i, text: collapse(block.text) });
  });
  return out.map((line) => ({ ...line, text: saidOnce(line.text) }));
}

/**
 * Whether a heading tells the title's story: at least half the words (3 letters or more) of the longer
 * of the two are shared. Stricter than sameStory, so a site's name that opens the title ("Data Blog" of
 * "Data Blog: Small adventures with small models") is not taken for the headline.
 */
function tellsStory(heading: string, title: string): boolean {
  const a = storyWords(heading);
  const b = storyWords(title);
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared > 0 && shared * 2 >= Math.max(a.size, b.size);
}

/** The words of 3 letters or more, normalized: what two titles telling one story share. */
function storyWords(text: string): Set<string> {
  return new Set(
    normalizeHeadline(text)
      .split(" ")
      .filter((w) => w.length >= 3),
  );
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
