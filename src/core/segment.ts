/**
 * Segmentation: HTML to text blocks (paper §2, "HTML tokenization").
 *
 * A text block is a maximal run of text not interrupted by a tag, where inline formatting tags do
 * not interrupt. The walk starts at the document node rather than `document.body`, because linkedom
 * leaves `body` empty on real pages that have no `<body>` tag and may even put text outside
 * `<html>`; reading `textContent` of big subtrees is avoided for the same reason it is slow there.
 *
 * Data tables are the one exception to "a tag ends a block": in a table whose cells hold only
 * inline content, with a header cell and a row of two cells or more, each row is one block, its cells
 * separated by a space. Cells of such tables are mostly a word or a number each, which the
 * single-page model reads as boilerplate one by one; a row reads as a line of content. Layout
 * tables (cells holding paragraphs, lists, other tables, scripts) keep one block per cell run.
 */
import { capElements, PageBudget } from "./budget";
import { BlockCollector, isCell, type Frame } from "./segment-collector";
import { parseSegmentationDocument } from "./segment-dom";
import { codeLanguage, imageSource, linkTarget, resolveBase } from "./segment-rich";
import { HARD, HARD_ROLES, INLINE, LANDMARK_ROLES, LANDMARK_TAGS, SKIP, VOID } from "./segment-tags";
import { collapseWhitespace } from "./segment-text";
import type { Landmark, SegmentedPage } from "./types";

export { collapseWhitespace, visibleLength } from "./segment-text";

/**
 * Removes script, style, noscript, template and svg elements and comments before the DOM is built:
 * they carry no page text and are often most of a page's bytes, so linkedom parses far less.
 * One left-to-right pass, so a comment marker inside a script (or the reverse) cannot confuse it.
 * The name must end at whitespace, `/` or `>`: `\b` would also match custom elements such as
 * `<svg-icon>` and delete everything up to the next `</svg>`.
 *
 * A CDATA section outside SVG and MathML is a bogus comment to browsers, ending at the first `>`;
 * htmlparser2 reads it up to `]]>` instead, so an unclosed `<![CDATA[` swallowed the rest of the
 * page. It goes here, the browsers' way (inside svg, where CDATA is real, it went with the svg).
 */
const NON_TEXT =
  /<!--[\s\S]*?-->|<!\[CDATA\[[^>]*>|<(script|style|noscript|template|svg)(?=[\s/>])[^>]*>[\s\S]*?<\/\1\s*>/gi;

export function stripNonText(html: string): string {
  return html.replace(NON_TEXT, (_m, tag: string | undefined) => (tag ? ` <${tag}></${tag}> ` : " "));
}

const WS = /\s+/g;
const SPACE = /\s/;

/**
 * The slice of the DOM the walk reads. Declared here because the Workers type library has no DOM
 * (its `Element` is HTMLRewriter's), and linkedom's nodes satisfy it in both runtimes.
 */
interface DomNode {
  readonly nodeType: number;
  readonly firstChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  readonly parentNode: DomNode | null;
  readonly data?: string;
  readonly localName?: string;
  readonly textContent: string | null;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
}
type DomElement = DomNode & Required<Pick<DomNode, "localName" | "getAttribute" | "hasAttribute">>;

/** `tag#id.class1.class2`: ids and classes are what distinguish template regions. */
function pathToken(el: DomElement, tag: string): string {
  let token = tag;
  // Values of one name (most) need no trim and split.
  const id = el.getAttribute("id");
  if (id) token += "#" + (SPACE.test(id) ? id.trim().split(WS)[0] : id);
  const cls = el.getAttribute("class");
  if (cls && !SPACE.test(cls)) token += "." + cls;
  else if (cls) {
    const names = cls.trim().split(WS);
    for (let i = 0; i < names.length && i < 3; i++) if (names[i]) token += "." + names[i];
  }
  return token;
}

function openFrame(el: DomElement, tag: string, parent: Frame, id: number, base: string | null): Frame {
  const role = el.getAttribute("role");
  const landmark: Landmark | null =
    (LANDMARK_TAGS.has(tag) ? (tag as Landmark) : null) ??
    (role ? (LANDMARK_ROLES[role] ?? null) : null) ??
    parent.landmark;
  const isLink = tag === "a" && el.hasAttribute("href");
  const frame: Frame = {
    id,
    token: pathToken(el, tag),
    tag,
    landmark,
    hardTag: HARD.has(tag) ? tag : (role && HARD_ROLES[role]) || parent.hardTag,
    inLink: parent.inLink || isLink,
    parent,
    link: parent.link,
    href: null,
    table: parent.table,
    code: parent.code,
    ordinal: 0,
    srcset: null,
  };
  if (isLink) {
    frame.link = frame;
    frame.href = linkTarget(el.getAttribute("href"), base);
  } else if (tag === "pre" || tag === "code") {
    if (tag === "pre" || frame.code !== null) frame.code = codeLanguage(el.getAttribute("class")) || frame.code || "";
  } else if (tag === "ol") {
    frame.ordinal = (parseInt(el.getAttribute("start") ?? "", 10) || 1) - 1;
  } else if (tag === "li" && parent.tag === "ol") {
    frame.ordinal = ++parent.ordinal;
  } else if (tag === "table" && isDataTable(el)) {
    frame.table = id;
  }
  return frame;
}

const TABLE_PARTS = new Set(["thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup", "col"]);

/**
 * Whether a table holds data rather than layout: only table parts, inline elements, `br` and `img`
 * inside, a header cell, and some row of two cells or more. Stops at the first element that says
 * layout. The header cell matters: tables of inline cells without one are mostly the link bars and
 * widgets of old table layouts, which the URL Tree removes better cell by cell (measured on
 * stream-ctf: without the `th` condition 3 in 4 pages had "data" tables and F1 dropped).
 */
function isDataTable(table: DomNode): boolean {
  let wideRow = false;
  let header = false;
  let node: DomNode | null = table.firstChild;
  while (node && node !== table) {
    if (node.nodeType === ELEMENT_NODE) {
      const tag = (node as DomElement).localName.toLowerCase();
      if (!TABLE_PARTS.has(tag) && !INLINE.has(tag) && tag !== "br" && tag !== "img") return false;
      if (tag === "tr" && !wideRow) wideRow = countCells(node) >= 2;
      if (tag === "th") header = true;
      if (node.firstChild) {
        node = node.firstChild;
        continue;
      }
    }
    while (node !== table && !node.nextSibling) node = node.parentNode!;
    node = node === table ? null : node.nextSibling;
  }
  return wideRow && header;
}

function countCells(row: DomNode): number {
  let n = 0;
  for (let c = row.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && isCell(c.localName!.toLowerCase())) n++;
  }
  return n;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

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

/** Segmentation of HTML already stripped of non-text elements, within the page's budget. */
function segmentStripped(stripped: string, pageUrl: string | undefined, budget: PageBudget): SegmentedPage {
  const capped = capElements(stripped, budget);
  budget.check();
  return segmentDocument(parseSegmentationDocument(capped, budget), pageUrl, budget);
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

/** The page with its noscript elements unwrapped, when that gives a page's worth more text. */
function noscriptPage(
  html: string,
  page: SegmentedPage,
  pageUrl: string | undefined,
  budget: PageBudget,
): SegmentedPage {
  const unwrapped = segmentStripped(stripNonText(html.replace(NOSCRIPT_TAG, " ")), pageUrl, budget);
  return pageText(unwrapped) >= pageText(page) + NOSCRIPT_MIN_GAIN ? unwrapped : page;
}

/**
 * The walk over a linkedom document: the lean one segmentHtml builds, or one from linkedom's own
 * `parseHTML(stripNonText(html))`, which gives the same blocks (test/segment-dom.test.ts).
 */
export function segmentDocument(doc: unknown, pageUrl?: string, budget = new PageBudget()): SegmentedPage {
  const maxBlocks = budget.limits.maxBlocks;
  const document = doc as { childNodes: ArrayLike<DomNode> };
  const root: Frame = {
    id: 0,
    token: "",
    tag: "#document",
    landmark: null,
    hardTag: null,
    inLink: false,
    parent: null,
    link: null,
    href: null,
    table: 0,
    code: null,
    ordinal: 0,
    srcset: null,
  };
  const collector = new BlockCollector(root);
  let title = "";
  let elementCount = 0;
  let base = resolveBase(pageUrl, null);
  let baseSeen = false;
  // The frame of the element the walk is in; frames link to their parents, so a block keeps its
  // holder chain after the walk moves on without copying it.
  let current = root;

  // Iterative pre-order walk: real pages nest deep enough to overflow a recursive one. The top
  // level is read through childNodes because linkedom's doctype node reports no nextSibling.
  walk: for (const top of Array.from(document.childNodes)) {
    let node: DomNode | null = top;
    while (node) {
      budget.step();
      // Past the block cap the rest of the page is not read (the cut is made exact below).
      if (collector.blocks.length > maxBlocks) break walk;
      let descend = false;
      if (node.nodeType === TEXT_NODE) {
        const data = node.data;
        if (data) collector.add(data, current);
      } else if (node.nodeType === ELEMENT_NODE) {
        const el = node as DomElement;
        const tag = el.localName.toLowerCase();
        if (tag === "title") {
          if (!title) title = collapseWhitespace(el.textContent ?? "");
        } else if (current.table && (isCell(tag) || tag === "br" || tag === "img")) {
          // Inside a data-table row: cells and breaks go on the row's block.
          if (tag === "img") {
            const src = imageSource(el, null, base);
            if (src) collector.inlineImage({ at: 0, src, alt: collapseWhitespace(el.getAttribute("alt") ?? "") });
            else collector.wordBreak();
          } else if (tag === "br") collector.wordBreak();
          else {
            collector.cell(tag === "th");
            if (el.firstChild) {
              current = openFrame(el, tag, current, ++elementCount, base);
              descend = true;
            }
          }
        } else if (SKIP.has(tag)) {
          collector.flush();
          // The first <base href> counts, as in browsers; links before it resolve against the page URL.
          if (tag === "base" && !baseSeen && el.hasAttribute("href")) {
            baseSeen = true;
            base = resolveBase(pageUrl, el.getAttribute("href"));
          }
        } else {
          if (!INLINE.has(tag) || tag === "br") collector.flush();
          if (tag === "img") {
            const src = imageSource(el, current.tag === "picture" ? current.srcset : null, base);
            if (src) collector.image({ at: 0, src, alt: collapseWhitespace(el.getAttribute("alt") ?? "") }, current);
          } else if (tag === "hr") collector.rule();
          else if (tag === "source" && current.tag === "picture") {
            current.srcset ??= el.getAttribute("srcset") ?? el.getAttribute("data-srcset");
          }
          if (!VOID.has(tag) && el.firstChild) {
            current = openFrame(el, tag, current, ++elementCount, base);
            descend = true;
          }
        }
      }
      if (descend) {
        node = node.firstChild;
        continue;
      }
      // Climb until a next sibling exists, closing elements on the way (a closing non-inline tag
      // ends a block, except a cell of a data table).
      while (node !== top && !node.nextSibling) {
        node = node.parentNode!;
        const closing = current;
        current = current.parent ?? root;
        if (!INLINE.has(closing.tag) && !(closing.table && isCell(closing.tag))) {
          collector.flush();
          collector.closed(closing);
        }
      }
      node = node === top ? null : node.nextSibling;
    }
  }
  collector.flush();
  const { blocks } = collector;
  if (blocks.length > maxBlocks) {
    budget.cut("blocks");
    blocks.length = maxBlocks;
  }
  return { title, blocks };
}
