/**
 * Segmentation of a page over the element cap (budget.ts): the page up to the cap is parsed and
 * walked as any page; the rest is read as text, cheaply, so a page whose content lies past the cap
 * (a template of 30,000 elements before the article, a huge table or comment thread before the
 * end of the story) still answers it (issue 12: never empty).
 *
 * The rest is never parsed as markup: one left-to-right scan (flatTail) keeps its text and links and
 * makes every other tag a paragraph break, giving flat HTML of `<p>` and `<a href>` only (and the
 * rows and cells of a table open at the cut), within caps of its own (paragraphs, elements, tags and
 * characters: flatTail). That HTML is walked inside the elements that were open where the cut fell,
 * kept open (down to the depth cap), until the rest's end tags close them, so its blocks are in the
 * elements they continue: text past the cut inside a comment section reads as the comment section,
 * inside a nav as the nav, the rest of a data table as its rows, and an article after the nav as the
 * page's. Its cost is bounded by those caps whatever the rest's nesting: the scan does constant work
 * per tag, and the parsers' stacks hold at most `tr`, `td`, `p` and `a`.
 *
 * The blocks read so are marked (`pastCap`): the answer's `path` says when it holds any
 * (`past-element-cap`), and a page cut at a cap never teaches the tree (src/service/extract.ts).
 */
import type { PageBudget } from "./budget";
import { BuiltTree, parseEvents, type Attributes, type SegmentEvents } from "./segment-events";
import { SegmentParser, VOID_ELEMENTS } from "./segment-parser";
import { TableLookahead } from "./segment-tables";
import { TAG_INLINE, TAG_SKIP, tagFlags } from "./segment-tag-names";
import { SegmentWalk } from "./segment-walk";
import type { SegmentedPage } from "./types";

/** `stripped` (HTML stripped of non-text elements) segmented up to `cut` as markup and past it as flat text. */
export function segmentPastCap(
  stripped: string,
  cut: number,
  pageUrl: string | undefined,
  budget: PageBudget,
): SegmentedPage {
  const walk = new SegmentWalk(pageUrl, budget);
  const tables = new TableLookahead(walk);
  const tree = new BuiltTree(tables, budget);
  const chain = new OpenChain(tree);
  const parser = new SegmentParser({
    onopentag: (name, attribs) => chain.open(name, attribs),
    ontext: (data) => chain.text(data),
    oncomment: () => chain.comment(),
    onclosetag: () => chain.close(),
  });
  parser.begin(stripped.slice(0, cut));
  parser.writeTo(cut);
  // The elements open at the cut stay open around the rest (their tags, attributes and ids: an article
  // or table cut in two is one element to the region stage, a data table's verdict covers its rows
  // on both sides), but for those the walk skips or reads aside (svg, select, title) and those that
  // would leave the flat text's `<p><a>` no room under the depth cap (deeper, the paragraphs would be
  // flattened into one block): the end of the parse closes these.
  const kept = chain.keepOpen(budget.limits.maxDepth - 2);
  const open = chain.names();
  parser.end();
  // Where the rest begins in the walk's blocks: once the events before the cut have reached it (a
  // table open at the cut holds them back until it closes).
  let tailFrom = -1;
  tables.mark(() => (tailFrom = walk.blocksSoFar()));
  // The walk stops one block past the cap (its cut is made exact in finish): past it, nothing more is
  // read. A table open at the cut holds its blocks back: its rows stand for them (a row is at least
  // one block), and the walk's cap still holds where they are more.
  const before = tailFrom >= 0 ? tailFrom : walk.blocksSoFar() + tables.heldRows();
  const room = budget.limits.maxBlocks - before + 1;
  const parts = room > 0 ? flatTail(stripped, cut, budget, room, open) : [];
  let depth = kept;
  for (const part of parts) {
    if (part.html) parseEvents(part.html, tree);
    // The end of an element kept open at the cut.
    for (; depth > part.closes && depth > 0 && part.closes >= 0; depth--) tree.close();
  }
  for (; depth > 0; depth--) tree.close();
  tables.end();
  const page = walk.finish();
  return tailFrom >= 0 && tailFrom < page.blocks.length ? { ...page, pastCap: tailFrom } : page;
}

/** Passes events on, keeping the open elements (innermost last) to reopen around the text past the cut. */
class OpenChain implements SegmentEvents {
  private readonly stack: [string, Attributes][] = [];
  /** How many of the outermost open elements stay open when the parse ends (keepOpen). */
  private kept = 0;

  constructor(private readonly next: SegmentEvents) {}

  open(tag: string, attributes: Attributes): void {
    this.stack.push([tag, attributes]);
    this.next.open(tag, attributes);
  }

  text(data: string): void {
    this.next.text(data);
  }

  comment(): void {
    this.next.comment();
  }

  close(): void {
    this.stack.pop();
    if (this.stack.length >= this.kept) this.next.close();
  }

  /** The names of the open elements, outermost first. */
  names(): string[] {
    return this.stack.map(([tag]) => tag);
  }

  /**
   * Keeps the outermost open elements open when the parse ends (their closes are not passed on), and
   * says how many: at most `maxDepth` (the walk sees no deeper), and none from an element whose
   * content the walk skips or reads aside (svg, select, title) inward, where the rest's text would be
   * skipped or taken for the title.
   */
  keepOpen(maxDepth: number): number {
    let n = 0;
    for (const [tag] of this.stack) {
      if (n >= maxDepth || tagFlags(tag) & TAG_SKIP || tag === "title") break;
      n++;
    }
    this.kept = n;
    return n;
  }
}

/**
 * Elements whose content is no text of the page or is read raw: skipped to their end tag. The
 * pre-pass (strip-non-text.ts) removed script, style, noscript, template and svg already.
 */
const SKIPPED_TO_END = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "select",
  "textarea",
  "title",
  "xmp",
  "noembed",
  "noframes",
]);
const END_TAGS = new Map<string, RegExp>();

function isLetter(c: number): boolean {
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x7a;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c;
}

/** Where the start or end tag opening at `at` ends (its `>`), attribute values in quotes read whole; -1 if it never does. */
function tagEnd(html: string, at: number): number {
  const n = html.length;
  let i = at + 1;
  if (html.charCodeAt(i) === 0x2f) i++;
  while (i < n && !isSpace(html.charCodeAt(i)) && html.charCodeAt(i) !== 0x3e && html.charCodeAt(i) !== 0x2f) i++;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === 0x3e) return i;
    if (c === 0x3d) {
      // A value: quoted to its closing quote, else up to a space or `>`.
      i++;
      while (i < n && isSpace(html.charCodeAt(i))) i++;
      const q = html.charCodeAt(i);
      if (q === 0x22 || q === 0x27) {
        const close = html.indexOf(q === 0x22 ? '"' : "'", i + 1);
        if (close < 0) return -1;
        i = close + 1;
      }
      continue;
    }
    i++;
  }
  return -1;
}

/** A table's parts that hold its rows: kept as they are in a table open at the cut (flatTail). */
const ROW_PARTS = new Set(["thead", "tbody", "tfoot", "tr", "td", "th"]);
const CELL_OR_ROW = new Set(["tr", "td", "th"]);
/** End tags that end the rows and cells left open inside. */
const TABLE_ENDS = new Set(["tr", "thead", "tbody", "tfoot", "table"]);
/** Start tags that end an open element of the same name (a new item, row, cell, paragraph). */
const SELF_ENDING = new Set(["p", "li", "dt", "dd", "tr", "td", "th", "option"]);
/** Elements of the rest's own structure kept to tell its end tags from those of the elements open at the cut. */
const MAX_OWN_DEPTH = 256;
/** How far down the rest's own open elements an end tag is looked for (past it, it is taken as stray). */
const END_TAG_REACH = 8;

/**
 * What the rest is read for, at most: tags (of any kind, as a multiple of the element cap) and
 * characters of text. The rest is the hostile part of most pages over the cap (nested or repeated
 * tags by the megabyte), and its text is read to answer a page, not to hold all of a huge one: a
 * real article's text is a few tens of thousands of characters. Past either, the page is not read
 * further. With both, a page's rest costs what its first tags cost at most, whatever it holds
 * (npx tsx scripts/hostile-pages.ts).
 */
export const TAIL_TAGS_PER_ELEMENT = 4;
export const TAIL_MAX_CHARS = 262_144;

/** A run of flat HTML, then the end of the element open at the cut at depth `closes` (-1: none). */
export interface FlatPart {
  html: string;
  closes: number;
}

/**
 * The text of `html` from `from` on as flat HTML: paragraphs (`<p>`) of its text, split at every tag
 * that is not inline or a table cell (and at `<br>`), with its links (`<a>` start tags as written, never nested),
 * the rows of a table open at the cut as rows and cells (`<tr><td>`), every other tag dropped;
 * entities are left for the parser to decode. At most `maxParagraphs` paragraphs (rows included), maxElements elements, TAIL_TAGS_PER_ELEMENT * maxElements tags and TAIL_MAX_CHARS
 * characters of text: the rest of the page past them is not read.
 *
 * `open` names the elements open at the cut (outermost first). The rest's end tags that end one of
 * them split the flat HTML into parts, each followed by that element's end, so that the text after
 * a nav or comment section closes is walked outside it. The rest's own elements are followed as a
 * stack of names (at most MAX_OWN_DEPTH, an end tag looked for END_TAG_REACH deep), which only
 * serves to tell whose end an end tag is: no parse, and constant work per tag.
 */
export function flatTail(
  html: string,
  from: number,
  budget: PageBudget,
  maxParagraphs: number,
  open: readonly string[] = [],
): FlatPart[] {
  const parts: FlatPart[] = [];
  let out: string[] = [];
  const maxElements = budget.limits.maxElements;
  let paragraphs = 0;
  let elements = 0;
  let inParagraph = false;
  /**
   * The paragraph open: `p`, or `tr` for a row of a table, or "" for the rest of a row open at the cut
   * (then `inCell` when a cell of the row is open).
   */
  let paragraphTag = "p";
  let inCell = false;
  let inLink = false;
  let depth = open.length;
  const own: string[] = [];
  let ownOverflow = 0;
  let tags = TAIL_TAGS_PER_ELEMENT * maxElements;
  let chars = TAIL_MAX_CHARS;
  const openParagraph = (): boolean => {
    // Text directly in a table's rows goes in a row's cell (a row of its own if none is open).
    if (inTable()) {
      if (!openRow()) return false;
      openCell();
      return true;
    }
    if (inParagraph && paragraphTag !== "p") endParagraph();
    return inParagraph || startParagraph("p");
  };
  const openRow = (): boolean => {
    if (inParagraph && paragraphTag !== "p") return true;
    endParagraph();
    // Cut inside a row (or a cell of one): the rest of it is that row's, until its end.
    if (inOpenRow()) {
      inParagraph = true;
      paragraphTag = "";
      inCell = open[depth - 1] !== "tr";
      return true;
    }
    return startParagraph("tr");
  };
  /** Writes the start of a paragraph or row, within the caps. */
  const startParagraph = (tag: string): boolean => {
    if (paragraphs >= maxParagraphs || elements >= maxElements) return false;
    out.push(`<${tag}>`);
    paragraphs++;
    elements++;
    inParagraph = true;
    paragraphTag = tag;
    return true;
  };
  /**
   * A cell of the row open: a new one for a cell's start tag (`tag`), else the one open if any. Cells
   * are not counted as elements: a row counts as the paragraph it stands for, and each cell written
   * answers a tag of the rest (the tag cap bounds them) or text in a row that had none.
   */
  const openCell = (tag?: string): void => {
    if (inCell && tag === undefined) return;
    if (inLink) out.push("</a>");
    out.push(`<${tag ?? "td"}>`);
    inLink = false;
    inCell = true;
  };
  const endParagraph = () => {
    if (inLink) out.push("</a>");
    if (inParagraph && paragraphTag) out.push(`</${paragraphTag}>`);
    inLink = inParagraph = inCell = false;
  };
  const endTag = (name: string) => {
    if (ownOverflow > 0) {
      ownOverflow--;
      return;
    }
    if (own.length > 0) {
      const reach = Math.max(0, own.length - END_TAG_REACH);
      for (let k = own.length - 1; k >= reach; k--) {
        if (own[k] === name) {
          own.length = k;
          return;
        }
      }
      // Rows and cells left open are ended by the end of the row, section or table around them.
      if (!TABLE_ENDS.has(name) || own.length > END_TAG_REACH || own.some((tag) => !CELL_OR_ROW.has(tag))) return;
      own.length = 0;
    }
    if (depth > 0 && open[depth - 1] === name) {
      endParagraph();
      depth--;
      parts.push({ html: out.join(""), closes: depth });
      out = [];
    }
  };
  /**
   * Whether the rest is in the rows of a table open at the cut: inside it, the rest's own elements
   * down to here are table parts (row, cell, section) and inline ones. Its rows are then kept as rows
   * and cells (`tr`, `td`, `th`), which the walk reads as the rows before the cut, in that same table
   * (kept open: a data table stays one); anything else inside a cell makes paragraphs, as anywhere.
   * Tables that start in the rest are read flat, a row a paragraph: the flat HTML nests no deeper.
   */
  const inTable = (): boolean => {
    let k = own.length - 1;
    for (const stop = Math.max(-1, k - END_TAG_REACH); k > stop; k--) {
      const tag = own[k]!;
      if (!ROW_PARTS.has(tag) && !(tagFlags(tag) & TAG_INLINE)) return false;
    }
    return k < 0 && depth > 0 && (ROW_PARTS.has(open[depth - 1]!) || open[depth - 1] === "table");
  };
  /** Whether the rest is in a row open at the cut: no row of its own (its own cells are that row's). */
  const inOpenRow = (): boolean => {
    for (let k = own.length - 1, stop = Math.max(0, k - END_TAG_REACH); k >= stop; k--)
      if (own[k] === "tr") return false;
    return depth > 0 && CELL_OR_ROW.has(open[depth - 1]!);
  };
  const startTag = (name: string) => {
    if (VOID_ELEMENTS.has(name)) return;
    // A row or cell ends the cells (and a row the row) left open before it, as in a parse.
    if (name === "tr" || name === "td" || name === "th") {
      while (
        own.length > 0 &&
        CELL_OR_ROW.has(own[own.length - 1]!) &&
        (name === "tr" || own[own.length - 1] !== "tr")
      ) {
        own.pop();
      }
    }
    if (SELF_ENDING.has(name) && own[own.length - 1] === name) return;
    if (own.length < MAX_OWN_DEPTH) own.push(name);
    else ownOverflow++;
  };
  const n = html.length;
  let i = from;
  while (i < n) {
    budget.step();
    let lt = html.indexOf("<", i);
    if (lt < 0) lt = n;
    if (lt > i) {
      const text = html.slice(i, lt);
      if (/\S/.test(text)) {
        if (!openParagraph()) break;
        chars -= text.length;
        if (chars < 0) {
          // Cut at the budget, never inside an entity (the parser would read its start as text).
          const kept = text.slice(0, text.length + chars);
          out.push(kept.replace(/&[^;\s]*$/, ""));
          break;
        }
        out.push(text);
      } else if (inParagraph) out.push(" ");
    }
    if (lt >= n || --tags < 0) break;
    const next = html.charCodeAt(lt + 1);
    const closing = next === 0x2f;
    if (!isLetter(closing ? html.charCodeAt(lt + 2) : next)) {
      if (closing || next === 0x21 || next === 0x3f) {
        // A comment, declaration or bogus end tag: no text (the pre-pass removed real comments).
        const end = html.indexOf(">", lt + 1);
        if (end < 0) break;
        i = end + 1;
      } else {
        // A `<` that opens no tag is text, to the parser too when the character after it is the
        // page's; before another `<` (a tag, dropped), written as an entity.
        if (!openParagraph()) break;
        out.push(next === 0x3c ? "&lt;" : "<");
        i = lt + 1;
      }
      continue;
    }
    const end = tagEnd(html, lt);
    if (end < 0) break;
    let nameEnd = lt + (closing ? 2 : 1);
    while (nameEnd < end && !isSpace(html.charCodeAt(nameEnd)) && html.charCodeAt(nameEnd) !== 0x2f) nameEnd++;
    const name = html.slice(lt + (closing ? 2 : 1), nameEnd).toLowerCase();
    i = end + 1;
    if (closing) endTag(name);
    else if (SKIPPED_TO_END.has(name)) {
      let endTagAt = END_TAGS.get(name);
      if (!endTagAt) END_TAGS.set(name, (endTagAt = new RegExp(`</${name}[\\s/>]`, "gi")));
      endTagAt.lastIndex = i;
      const found = endTagAt.exec(html);
      if (!found) break;
      i = found.index;
      continue;
    } else startTag(name);
    if (name === "a") {
      if (closing) {
        if (inLink) out.push("</a>");
        inLink = false;
      } else if (elements < maxElements && openParagraph()) {
        if (inLink) out.push("</a>");
        out.push(html.slice(lt, end + 1));
        elements++;
        inLink = true;
      }
      continue;
    }
    // In a table, its rows and cells are kept; elsewhere a table's cells go on their row's line, as a
    // data table's do (segment.ts): a row is a paragraph.
    if (!closing && (name === "tr" || name === "td" || name === "th") && inTable()) {
      if (name === "tr") endParagraph();
      if (!openRow()) break;
      if (name !== "tr") openCell(name);
    } else if (name === "td" || name === "th") {
      if (inParagraph && !inCell) out.push(" ");
    } else if (name === "br" || !(tagFlags(name) & TAG_INLINE)) endParagraph();
  }
  endParagraph();
  parts.push({ html: out.join(""), closes: -1 });
  return parts;
}
