/**
 * Segmentation: HTML to text blocks (paper §2, "HTML tokenization").
 *
 * A text block is a maximal run of text not interrupted by a tag, where inline formatting tags do
 * not interrupt. The walk reads the whole document as the parser sees it, not only `<body>`: real
 * pages without a `<body>` tag, or with text outside `<html>`, have their text elsewhere.
 *
 * No DOM is built for it: the walk reads htmlparser2's events (segment-events.ts) and keeps what
 * rendering needs on the blocks (segment-collector.ts), so building linkedom nodes only to walk
 * them once would be most of the pipeline's cost. segmentDocument walks an existing DOM instead.
 *
 * Data tables are the one exception to "a tag ends a block": in a table whose cells hold only
 * inline content, with a header cell and a row of two cells or more, each row is one block, its cells
 * separated by a space. Cells of such tables are mostly a word or a number each, which the
 * single-page model reads as boilerplate one by one; a row reads as a line of content. Layout
 * tables (cells holding paragraphs, lists, other tables, scripts) keep one block per cell run.
 */
import { elementCapAt, PageBudget } from "./budget";
import { BuiltTree, documentEvents, parseEvents, type SegmentEvents } from "./segment-events";
import { segmentPastCap } from "./segment-past-cap";
import { TableLookahead } from "./segment-tables";
import { SegmentWalk } from "./segment-walk";
import { stripNonText } from "./strip-non-text";
import type { SegmentedPage } from "./types";

export { collapseWhitespace, visibleLength } from "./segment-text";
export { stripNonText } from "./strip-non-text";

/**
 * Splits an HTML string into text blocks and the page title. `pageUrl` (the response URL) makes
 * link and image URLs absolute, with the page's `<base href>`; without it only absolute ones are kept.
 */
export function segmentHtml(html: string, pageUrl?: string, budget = new PageBudget()): SegmentedPage {
  const page = segmentStripped(stripNonText(html), pageUrl, budget);
  return pageText(page) < NOSCRIPT_MIN_CHARS && NOSCRIPT_OPEN.test(html)
    ? noscriptPage(html, page, pageUrl, budget)
    : page;
}

/**
 * Segmentation of HTML already stripped of non-text elements, within the page's budget. Past the
 * element cap the page is read as flat text (segment-past-cap.ts).
 */
function segmentStripped(stripped: string, pageUrl: string | undefined, budget: PageBudget): SegmentedPage {
  const cut = elementCapAt(stripped, budget);
  budget.check();
  if (cut >= 0) return segmentPastCap(stripped, cut, pageUrl, budget);
  return walkEvents((events) => parseEvents(stripped, events), pageUrl, budget);
}

/**
 * Below this much text the page is an app shell (Discourse forums, some shops), which serves its
 * crawler view inside `<noscript>`: the only page text there is, so it is read then, and only then
 * (elsewhere noscript holds "enable JavaScript" notes and tracking pixels). 250: the shells of
 * the wcxb forum pages hold 0-200 characters; the smallest real pages in the corpora, over 380.
 * The noscript view must also bring NOSCRIPT_MIN_GAIN more characters: a real crawler view is a
 * whole thread or article, a note is a sentence.
 */
const NOSCRIPT_MIN_CHARS = 250;
const NOSCRIPT_MIN_GAIN = 500;
const NOSCRIPT_OPEN = /<noscript(?=[\s/>])/i;
const NOSCRIPT_TAG = /<\/?noscript(?=[\s/>])[^>]*>/gi;

function pageText(page: SegmentedPage): number {
  return page.blocks.reduce((n, b) => n + b.text.length, 0);
}

/**
 * The page with its noscript elements unwrapped, when that gives a page's worth more text; else the
 * page, with what the unwrapped view says besides kept as `noscriptNote` when there is any (below
 * NOSCRIPT_MIN_CHARS + NOSCRIPT_MIN_GAIN characters, so it stays small): an app shell's "enable
 * JavaScript" sentence, which tells the interstitial check why the page is empty.
 */
function noscriptPage(
  html: string,
  page: SegmentedPage,
  pageUrl: string | undefined,
  budget: PageBudget,
): SegmentedPage {
  const unwrapped = segmentStripped(stripNonText(html.replace(NOSCRIPT_TAG, " ")), pageUrl, budget);
  if (pageText(unwrapped) >= pageText(page) + NOSCRIPT_MIN_GAIN) return unwrapped;
  const shown = new Set(page.blocks.map((b) => b.text));
  const note = unwrapped.blocks
    .filter((b) => b.text && !shown.has(b.text))
    .map((b) => b.text)
    .join("\n");
  return note ? { ...page, noscriptNote: note } : page;
}

/**
 * Segmentation of an existing DOM (a linkedom document, for callers that have one): the same walk
 * over the same tree, so linkedom's own `parseHTML(stripNonText(html)).document` gives the blocks
 * segmentHtml gives (test/core/segment-events.test.ts).
 */
export function segmentDocument(doc: unknown, pageUrl?: string, budget = new PageBudget()): SegmentedPage {
  return walkEvents((events) => documentEvents(doc, events), pageUrl, budget);
}

/** The walk over a source of events, through the tree filter (budget caps, skipped content) and table verdicts. */
function walkEvents(
  source: (events: SegmentEvents) => void,
  pageUrl: string | undefined,
  budget: PageBudget,
): SegmentedPage {
  const walk = new SegmentWalk(pageUrl, budget);
  const tables = new TableLookahead(walk);
  source(new BuiltTree(tables, budget));
  tables.end();
  return walk.finish();
}
