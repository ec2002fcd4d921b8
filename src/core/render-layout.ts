/**
 * Block layout shared by the markdown and HTML renderers: content blocks grouped into units.
 *
 * Blocks carry their text, their holder tag, their DOM path and for some a `rich` part (types.ts);
 * most structure is inferred from the path:
 *
 * - The holder tag decides the kind of a block. When the holder is generic (div, p, span, section,
 *   custom elements, ...) the path is walked upward through generic elements to the first telling
 *   one, so `li>p` is a list item and `td>div` a cell. Any `pre` (or xmp, listing, plaintext) on
 *   the path makes a code block.
 * - h1..h6 are headings; li a list item; pre/code a code block; figcaption/caption an italic
 *   paragraph; a row of a data table (`rich.row`, one block per row) a line of a table unit, rows
 *   of one table joining even across boilerplate rows; everything else, cells of layout tables
 *   included, a paragraph.
 * - Every `blockquote` on the path nests the block one quote level deeper.
 * - List items are grouped by the path of their nearest `ul`/`ol` (`menu`/`dir` count as `ul`);
 *   lists nested in list items nest. Only list items take part in lists: a heading, code block or
 *   paragraph inside an `li` that does not resolve to the `li` itself ends the list.
 * - A boilerplate figure caption that carries images, right before a content block and outside
 *   nav/header/footer/aside, leaves its images as a paragraph of images only (figureImagesOf); so
 *   does a caption the page decision dropped on purpose (`imagesStay`: captions.ts), where it stood.
 * - Consecutive content blocks held by the same element (`TextBlock.element`: split only by
 *   `<br>` or a skipped element) join as lines of one unit, as in `renderText`; a boilerplate block
 *   in between ends the join. Sibling elements with equal paths stay separate units, except lines of
 *   one `<pre>` set as elements of their own (`div.line`s), which join as one code block (a line left
 *   out between them ends that join too).
 *
 * - A heading's permalink mark ("Usage¶") is left out of its text (permalink-marks.ts); a heading
 *   that was only the mark is no unit. So are characters that never show (invisible-chars.ts).
 *
 * Path tokens are split on `>`; an id or class containing `>` (rare) can mislead the inference,
 * never the escaping.
 */
import { INLINE } from "./segment-tags";
import type { BlockVerdict } from "./classify";
import { withoutInvisible } from "./invisible-chars";
import { withoutPermalinkMarks } from "./permalink-marks";
import { isContent } from "./render-text";
import type { InlineImage, TextBlock } from "./types";

export type UnitKind = "heading" | "item" | "code" | "caption" | "paragraph" | "table";

/** Read only: units of one path share these objects (unitShapeReader). */
export interface Container {
  readonly kind: "quote" | "ul" | "ol";
  /** Path of the element (prefix of the block path); containers are equal when kind and key are. */
  readonly key: string;
}

/**
 * One rendered unit: a heading, a list item, a table, or a paragraph/code block/caption of one or
 * more lines.
 */
export interface Unit {
  kind: UnitKind;
  /** Heading level 1..6; 0 for other kinds. */
  level: number;
  /**
   * Raw (unescaped) text lines: one per block joined into the unit (a table: one per row), never
   * empty except the one line of a unit of figure images only. Code lines keep the page's whitespace.
   */
  lines: string[];
  /** The blocks of the lines, in the same order: their links, images and cells. */
  blocks: TextBlock[];
  /** Code language ("" unknown); "" for other kinds. */
  language: string;
  /** Number of an item of an ordered list in the page (`<ol start>` applied); 0 when unknown. */
  ordinal: number;
  /**
   * An item's `li` element (0: not an item, or unknown): an item of the same `li` as the one before
   * it in its list is a later paragraph of that item (`<li><p>..</p><p>..</p></li>`), not an item.
   */
  item: number;
  /** An `<hr>` came before the unit. */
  ruleBefore: boolean;
  /** Enclosing quotes and lists, outermost first. Only items have list containers, and their last container is their list. */
  containers: Container[];
}

/**
 * Path tokens that say nothing about a unit's kind: generic containers and the inline vocabulary of
 * segmentation (segment-tags.ts), except the inline tags that do carry a kind (code) or never hold
 * running text of their own (ruby annotations, word-break hints).
 */
const NOT_TRANSPARENT_INLINE = new Set(["code", "rp", "rt", "ruby", "wbr"]);
const TRANSPARENT = new Set([
  "",
  "#document",
  "div",
  "p",
  "section",
  "center",
  ...[...INLINE].filter((tag) => !NOT_TRANSPARENT_INLINE.has(tag)),
]);
const PRE = new Set(["pre", "xmp", "listing", "plaintext"]);
const LISTS = new Set(["ul", "ol", "menu", "dir"]);
const HEADING = /^h([1-6])$/;

/** A path token's tag: the token up to its first `#` (id) or `.` (class), lower-cased. */
function tagOf(token: string): string {
  let end = 0;
  while (end < token.length) {
    const c = token.charCodeAt(end);
    if (c === 35 /* # */ || c === 46 /* . */) break;
    end++;
  }
  return token.slice(0, end).toLowerCase();
}

/** What a block's path and holder tag make of it: its tags, its unit's kind and level, its containers. */
interface UnitShape {
  /** The path's tags, the last one the holder's own. */
  tags: readonly string[];
  kind: UnitKind;
  level: number;
  containers: readonly Container[];
  /** Index in `tags` of the item's `li`; -1 when the block is no item. */
  liIndex: number;
}

/**
 * The shape of each distinct (path, holder tag, table row or not), worked out once per layout: a
 * page's blocks share few paths (every item of a list, every paragraph of a body), and reading the
 * path was most of the layout's time. Units of one shape share its Container objects (never changed);
 * each unit gets its own list of them.
 */
function unitShapeReader(): (block: TextBlock) => UnitShape {
  const byPath = new Map<string, Map<string, UnitShape>>();
  return (block) => {
    let byHolder = byPath.get(block.path);
    if (byHolder === undefined) byPath.set(block.path, (byHolder = new Map<string, UnitShape>()));
    const holder = block.tag.toLowerCase();
    const row = !!block.rich?.row;
    const key = row ? `${holder} row` : holder;
    let shape = byHolder.get(key);
    if (shape === undefined) byHolder.set(key, (shape = unitShape(block.path, holder, row)));
    return shape;
  };
}

function unitShape(path: string, holder: string, row: boolean): UnitShape {
  const tokens = path.split(">");
  const tags = tokens.map(tagOf);
  // The holder's own tag is authoritative (the path's last token names the same element).
  tags[tags.length - 1] = holder;

  let kind: UnitKind = "paragraph";
  let level = 0;
  let liIndex = -1;
  if (row) kind = "table";
  else if (tags.some((t) => PRE.has(t))) kind = "code";
  else {
    for (let i = tags.length - 1; i >= 0; i--) {
      const t = tags[i]!;
      const h = HEADING.exec(t);
      if (h) {
        kind = "heading";
        level = Number(h[1]);
      } else if (t === "li") {
        kind = "item";
        liIndex = i;
      } else if (t === "code") kind = "code";
      else if (t === "figcaption" || t === "caption") kind = "caption";
      else if (TRANSPARENT.has(t) || t.includes("-")) continue;
      break;
    }
  }

  const prefix = (i: number) => tokens.slice(0, i + 1).join(">");
  const containers: Container[] = [];
  let hasList = false;
  for (let i = 0; i < tags.length; i++) {
    const t = tags[i]!;
    if (t === "blockquote") containers.push({ kind: "quote", key: prefix(i) });
    else if (kind === "item" && i < liIndex && LISTS.has(t)) {
      containers.push({ kind: t === "ol" ? "ol" : "ul", key: prefix(i) });
      hasList = true;
    }
  }
  // An `li` outside any list: group it by its parent's path.
  if (kind === "item" && !hasList) containers.push({ kind: "ul", key: prefix(liIndex - 1) + ">" });
  // For an item, quotes inside the li come after its list, which must stay last: move them before.
  if (kind === "item" && containers[containers.length - 1]!.kind === "quote") {
    let lastList = containers.length - 1;
    while (containers[lastList]!.kind === "quote") lastList--;
    containers.push(...containers.splice(lastList, 1));
  }
  return { tags, kind, level, containers, liIndex };
}

/** Lays out the content blocks as units, in order. */
export function layoutBlocks(blocks: readonly TextBlock[], verdicts: readonly BlockVerdict[]): Unit[] {
  const units: Unit[] = [];
  const shapeOf = unitShapeReader();
  let previousElement: number | null = null;
  for (let b = 0; b < blocks.length; b++) {
    const verdict = verdicts[b];
    const block = withoutInvisible(withoutPermalinkMarks(blocks[b]!));
    if (!verdict || !isContent(verdict) || !block.text) {
      previousElement = null;
      const figure = verdict && block.text ? figureImagesOf(block, verdict, blocks[b + 1], verdicts[b + 1]) : null;
      if (figure) units.push(imageUnit(block, figure));
      continue;
    }
    const last = units[units.length - 1];
    const row = block.rich?.row;
    // Rows of one table make one unit, even across rows left out as boilerplate.
    if (row && last?.kind === "table" && last.blocks[0]!.rich!.row!.table === row.table) {
      last.lines.push(block.text);
      last.blocks.push(block);
      previousElement = block.element;
      continue;
    }
    if (last && block.element === previousElement && !row) {
      last.lines.push(last.kind === "code" ? (block.rich?.code?.raw ?? block.text) : block.text);
      last.blocks.push(block);
      continue;
    }
    // Null after a block left out: the join of lines below does not reach across it either.
    const afterContent = previousElement !== null;
    previousElement = block.element;

    const { tags, kind, level, containers, liIndex } = shapeOf(block);
    // Lines of one `<pre>` set as elements of their own (an editor's `div.cm-line`s) are one code
    // block, unless a line between them was left out: the fence would hide the gap. (Only a code
    // unit just before can take the line: the walk up the path is skipped otherwise.)
    const pre = afterContent && last?.kind === "code" ? preElement(block, tags) : null;
    if (pre !== null && last !== undefined && preElement(last.blocks.at(-1)!) === pre) {
      last.lines.push(block.rich?.code?.raw ?? block.text);
      last.blocks.push(block);
      continue;
    }
    const code = block.rich?.code;
    units.push({
      kind,
      level,
      lines: [kind === "code" ? (code?.raw ?? block.text) : block.text],
      blocks: [block],
      language: kind === "code" ? (code?.language ?? "") : "",
      ordinal: kind === "item" ? (block.rich?.ordinal ?? 0) : 0,
      item: kind === "item" && block.ancestors?.length === tags.length ? (block.ancestors[liIndex] ?? 0) : 0,
      ruleBefore: block.rich?.hrBefore === true,
      containers: [...containers],
    });
  }
  return units;
}

/** The element id of the `<pre>` (or xmp, ...) holding the block, the innermost one; null when none or unknown. */
function preElement(block: TextBlock, tags: readonly string[] = block.path.split(">").map(tagOf)): number | null {
  const ids = block.ancestors;
  if (!ids || ids.length !== tags.length) return null;
  for (let k = tags.length - 1; k >= 0; k--) if (PRE.has(tags[k]!)) return ids[k]!;
  return null;
}

const FIGURE_PARTS = /(^|>)(figure|figcaption)([#.>]|$)/;
const TEMPLATE_LANDMARKS = new Set(["nav", "header", "footer", "aside"]);

/**
 * The images of a figure whose caption is boilerplate: all of them when the page decision dropped the
 * caption and kept its images (`imagesStay`); else the images before its text when the figure opens
 * content (the next block is content and the figure is not in a template region). Captions (credits,
 * one-liners) often read as boilerplate to the classifier while their picture belongs to the article.
 */
function figureImagesOf(
  block: TextBlock,
  verdict: BlockVerdict,
  next: TextBlock | undefined,
  nextVerdict: BlockVerdict | undefined,
) {
  if (verdict.imagesStay) return block.rich?.images?.length ? block.rich.images : null;
  const images = block.rich?.images?.filter((im) => im.at === 0);
  if (!images?.length || !next || !nextVerdict || !isContent(nextVerdict)) return null;
  if (block.hardTag || (block.landmark && TEMPLATE_LANDMARKS.has(block.landmark))) return null;
  return FIGURE_PARTS.test(block.path) ? images : null;
}

/** A unit of images only: a paragraph of an empty block that carries them (all at its empty text's start). */
export function imageUnit(block: TextBlock, images: InlineImage[]): Unit {
  const carrier: TextBlock = { ...block, text: "", rich: { images: images.map((im) => ({ ...im, at: 0 })) } };
  const none = { level: 0, language: "", ordinal: 0, item: 0, ruleBefore: false, containers: [] };
  return { kind: "paragraph", lines: [""], blocks: [carrier], ...none };
}

/** Number of leading containers two chains share. */
export function commonDepth(a: readonly Container[], b: readonly Container[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i]!.kind === b[i]!.kind && a[i]!.key === b[i]!.key) i++;
  return i;
}
