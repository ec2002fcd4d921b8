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
 * same phrases title text the gold keeps more often, so the page decision asks on products only.
 */
import { ancestorsEnclosingHeadline } from "./comments";
import { blocksInsideMarked } from "./marked-elements";
import { tokenHas } from "./path-words";
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
/** The heading opens its section: it is among the section's first this many blocks (an eyebrow may precede it). */
const HEADING_POSITION = 2;

/** Indices of the blocks on product shelves, in page order. */
export function shelfBlocks(page: SegmentedPage): number[] {
  const anchors = ancestorsEnclosingHeadline(page.blocks);
  const named = blocksInsideMarked(page.blocks, isShelfToken, anchors);
  const shelves = headingShelves(page, anchors);
  if (shelves.size === 0) return named;
  const out = new Set(named);
  page.blocks.forEach((b, i) => (b.ancestors ?? []).some((el) => shelves.has(el)) && out.add(i));
  return [...out].sort((a, b) => a - b);
}

/**
 * The elements a shelf heading opens: for each such heading, the outermost element around it that
 * does not enclose the product (`anchors`) and in which it is among the first HEADING_POSITION
 * blocks, so the whole carousel goes and the product's own sections stay. O(blocks x depth).
 */
function headingShelves(page: SegmentedPage, anchors: ReadonlySet<number>): Set<number> {
  const shelves = new Set<number>();
  const headings = page.blocks.flatMap((b, i) =>
    b.text.length <= SHELF_HEADING_MAX_CHARS && SHELF_HEADING.test(b.text) ? [i] : [],
  );
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
