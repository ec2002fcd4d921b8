/**
 * A product page's shelves of other products: "related", "recommended", "similar", "recently
 * viewed", up- and cross-sell carousels. They are the shop's navigation, not the product: on the
 * WCXB product pages 2% of the text inside such containers is in the gold (of 108k chars).
 *
 * A block is on a shelf when one of its enclosing elements has such a class/id word and does not
 * enclose the product itself (its first `<h1>`): a page-wide `body.has-related` marks the page.
 * Shops with generated class names (`div.r2-E._B2z`) say it in words instead: a shelf is also the
 * section a short heading such as "You may also like" or "People who viewed this item also viewed"
 * opens (headingShelves). On the WCXB product pages (held-out CV) such sections held 43k chars the
 * cascade kept that are not in the gold against 0.2k that are; on service and listing pages the
 * same phrases title text the gold keeps more often, so the page decision asks on products, and on
 * articles and "other" pages with the story's paragraph kept (page-decision.ts SHELVES_BESIDE_STORY).
 */
import { ancestorsEnclosingHeadline } from "./comments";
import { blocksInsideMarked } from "./marked-elements";
import { memoized } from "./memo";
import { depthsWhere, tokenHas } from "./path-words";
import type { SegmentedPage } from "./types";

const SHELF_WORDS = new Set([
  "related",
  "recommended",
  "recommendation",
  "recommendations",
  "similar",
  "upsell",
  "upsells",
  "crosssell",
  "crosssells",
  "recently",
]);
const SHELF_PREFIXES = ["recommend", "upsell", "crosssell"];

function isShelfToken(token: string): boolean {
  return tokenHas(token, SHELF_WORDS, SHELF_PREFIXES);
}

/**
 * Headings that title a shelf of other products, in the words shops use (English): "You may also
 * like", "Customers also bought", "People who viewed this item also viewed", "Similar items",
 * "Frequently bought together", "Recently viewed", "Complete the look", "Sponsored products".
 */
const SHELF_HEADING = new RegExp(
  "\\b(?:" +
    [
      "you (?:may|might) also (?:like|love|enjoy)",
      "customers (?:who )?(?:also )?(?:bought|viewed|purchased)",
      "people (?:who )?(?:also )?(?:viewed|bought)",
      "also (?:viewed|bought|purchased)",
      "similar (?:items|products)",
      "related (?:items|products)",
      "frequently bought together",
      "recently viewed",
      "more (?:items )?from this (?:seller|brand|shop|store)",
      "(?:complete|shop) the look",
      "recommended (?:for you|products|items)",
      "(?:pairs|goes) well with",
      "sponsored (?:items|products)",
    ].join("|") +
    ")\\b",
  "i",
);
/** A shelf's heading is short: a sentence that says "similar products" is the description's. */
const SHELF_HEADING_MAX_CHARS = 80;
/**
 * A line ending in a full stop (not an ellipsis) is a sentence, not a shelf's heading: a packing
 * list's "... towels, and similar items.", a fact box's sentence that opens "Customers who bought
 * this mug also" and ends in a full stop.
 * Page-stage CV (text answer as served): train-wcxb-dev +0.3e-4 (2 pages up: an article's list, an
 * item page's), the other corpora unchanged.
 */
const SENTENCE_END = /(?<!\.)\.$/;
/** The heading opens its section: it is among the section's first this many blocks (an eyebrow may precede it). */
const HEADING_POSITION = 2;

export interface ShelfOptions {
  /**
   * The answer so far, on a page not taken for a product (an article, an item page taken for one):
   * a shelf then also never encloses the answer's longest `<p>`, the story, whose headline may
   * stand in a header of its own while the story's container opens with a "Related products" line.
   */
  besideStory?: readonly boolean[];
}

/** Indices of the blocks on product shelves, in page order. */
export function shelfBlocks(page: SegmentedPage, options: ShelfOptions = {}): number[] {
  // Most pages, and nearly every article this also runs on, have neither a shelf's class/id word
  // around a block the answer holds nor a shelf's heading: asked first, per path from depthsWhere's
  // cache, that answer costs no walk of the page's elements (the anchored walk below had doubled the
  // page-level decision's time on stream-ctf, whose news pages name their "related" boxes, dropped).
  const holds = options.besideStory;
  const anyNamed = page.blocks.some((b, i) => (!holds || holds[i]) && depthsWhere(b.path, isShelfToken).length > 0);
  const headings = shelfHeadings(page);
  if (!anyNamed && headings.length === 0) return [];
  const anchors = ancestorsEnclosingHeadline(page.blocks);
  if (options.besideStory) for (const el of storyAncestors(page, options.besideStory)) anchors.add(el);
  const named = anyNamed ? blocksInsideMarked(page.blocks, isShelfToken, anchors) : [];
  const shelves = headingShelves(page, headings, anchors);
  if (shelves.size === 0) return named;
  const out = new Set(named);
  page.blocks.forEach((b, i) => (b.ancestors ?? []).some((el) => shelves.has(el)) && out.add(i));
  return [...out].sort((a, b) => a - b);
}

/**
 * Whether a short line reads as a shelf's heading, per text: the phrase list's regex costs more than
 * the rest of the rule, and a site's short lines (its template's) recur on every page.
 */
const readsAsShelfHeading = memoized((text) => !SENTENCE_END.test(text) && SHELF_HEADING.test(text));

/** Indices of the blocks that read as a shelf's heading. */
function shelfHeadings(page: SegmentedPage): number[] {
  const out: number[] = [];
  page.blocks.forEach((b, i) => b.text.length <= SHELF_HEADING_MAX_CHARS && readsAsShelfHeading(b.text) && out.push(i));
  return out;
}

/**
 * The elements a shelf heading opens: for each such heading, the outermost element around it that
 * does not enclose the product (`anchors`) and in which it is among the first HEADING_POSITION
 * blocks, so the whole carousel goes and the product's own sections stay. O(blocks x depth).
 */
function headingShelves(page: SegmentedPage, headings: readonly number[], anchors: ReadonlySet<number>): Set<number> {
  const shelves = new Set<number>();
  if (headings.length === 0) return shelves;
  // Per element, its first blocks in page order (up to HEADING_POSITION of them).
  const firstBlocks = new Map<number, number[]>();
  page.blocks.forEach((b, i) => {
    for (const el of b.ancestors ?? []) {
      const first = firstBlocks.get(el);
      if (!first) firstBlocks.set(el, [i]);
      else if (first.length < HEADING_POSITION) first.push(i);
    }
  });
  for (const h of headings) {
    const opened = (page.blocks[h]!.ancestors ?? []).find((el) => !anchors.has(el) && firstBlocks.get(el)!.includes(h));
    if (opened !== undefined) shelves.add(opened);
  }
  return shelves;
}

/**
 * The elements around the answer's longest `<p>`, none when it has none. A paragraph, not any block:
 * an item page's longest kept block is often on the shelf itself (an ad notice, a card's title run).
 */
function storyAncestors(page: SegmentedPage, content: readonly boolean[]): readonly number[] {
  let longest = -1;
  page.blocks.forEach((b, i) => {
    if (content[i] && b.tag === "p" && (longest < 0 || b.text.length > page.blocks[longest]!.text.length)) longest = i;
  });
  return longest < 0 ? [] : (page.blocks[longest]!.ancestors ?? []);
}
