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
import { BuiltTree, documentEvents } from "./segment-events";
import { type ParserTee, SegmentParser } from "./segment-parser";
import { segmentPastCap } from "./segment-past-cap";
import { TableLookahead } from "./segment-tables";
import { SegmentWalk } from "./segment-walk";
import { type ScriptSpan, stripNonText } from "./strip-non-text";
import type { SegmentedPage } from "./types";

export { collapseWhitespace, visibleLength } from "./segment-text";
export { stripNonText } from "./strip-non-text";

/**
 * What rides on the page's first segmentation parse (metadata.ts): a second handler, fed the
 * parser's events before the walk's filters with attributes of its own, and the page's scripts,
 * which the parse never sees (stripNonText removes them). It reads what segmentation reads: the page
 * stripped, and up to the element cap only (`scripts` keeps the spans before the cut).
 */
export interface PageTee extends ParserTee {
  readonly scripts: ScriptSpan[];
  /** A fresh tee for another parse of the page (the noscript view), and taking it over when that view is the page. */
  fork(): PageTee;
  /** `view` was fed the parse of `source` (its scripts' spans index it), which the page's segmentation is now. */
  adopt(view: PageTee, source: string): void;
}

/**
 * Splits an HTML string into text blocks and the page title. `pageUrl` (the response URL) makes
 * link and image URLs absolute, with the page's `<base href>`; without it only absolute ones are kept.
 * `tee`, when given, is fed the parse of the page segmentation gives (the noscript view's, when that is it: noscriptPage).
 */
export function segmentHtml(html: string, pageUrl?: string, budget = new PageBudget(), tee?: PageTee): SegmentedPage {
  const page = segmentStripped(stripNonText(html, tee?.scripts), pageUrl, budget, tee);
  return pageText(page) < NOSCRIPT_MIN_CHARS && NOSCRIPT_OPEN.test(html)
    ? noscriptPage(html, page, pageUrl, budget, tee)
    : page;
}

/**
 * Segmentation of HTML already stripped of non-text elements, within the page's budget. Past the
 * element cap the page is read as flat text (segment-past-cap.ts).
 */
function segmentStripped(
  stripped: string,
  pageUrl: string | undefined,
  budget: PageBudget,
  tee?: PageTee,
): SegmentedPage {
  const cut = elementCapAt(stripped, budget);
  budget.check();
  if (cut >= 0) {
    // Past the cap the walk reads flat text, not the parse: the tee gets a parse of the markup the
    // walk parsed (the page up to the cut), its own, and the scripts before the cut.
    if (tee) teeUpTo(stripped, cut, tee);
    return segmentPastCap(stripped, cut, pageUrl, budget);
  }
  return walkEvents((tree) => new SegmentParser(tree, undefined, tee ?? null).parseWhole(stripped), pageUrl, budget);
}

/** The tee fed `stripped` up to `cut` on its own (a page over the element cap). */
function teeUpTo(stripped: string, cut: number, tee: PageTee): void {
  new SegmentParser(tee.handler, tee.namer).parseWhole(stripped.slice(0, cut));
  const kept = tee.scripts.findIndex((span) => span.strippedAt >= cut);
  if (kept >= 0) tee.scripts.length = kept;
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
 * The page with its noscript elements unwrapped, when that gives a page's worth more text (and the
 * tee, if any, takes what it read of that view, the page segmentation gives: an app shell's crawler
 * view holds its metadata too); else the page, with what the unwrapped view says besides kept as `noscriptNote` when there is any (below
 * NOSCRIPT_MIN_CHARS + NOSCRIPT_MIN_GAIN characters, so it stays small): an app shell's "enable
 * JavaScript" sentence, which tells the interstitial check why the page is empty.
 */
function noscriptPage(
  html: string,
  page: SegmentedPage,
  pageUrl: string | undefined,
  budget: PageBudget,
  tee: PageTee | undefined,
): SegmentedPage {
  const view = tee?.fork();
  const source = html.replace(NOSCRIPT_TAG, " ");
  const unwrapped = segmentStripped(stripNonText(source, view?.scripts), pageUrl, budget, view);
  if (pageText(unwrapped) >= pageText(page) + NOSCRIPT_MIN_GAIN) {
    if (tee && view) tee.adopt(view, source);
    return unwrapped;
  }
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
  return walkEvents((tree) => documentEvents(doc, tree), pageUrl, budget);
}

/** The walk over a source of events, through the tree filter (budget caps, skipped content) and table verdicts. */
function walkEvents(source: (tree: BuiltTree) => void, pageUrl: string | undefined, budget: PageBudget): SegmentedPage {
  const walk = new SegmentWalk(pageUrl, budget);
  const tables = new TableLookahead(walk);
  source(new BuiltTree(tables, budget));
  tables.end();
  return walk.finish();
}
