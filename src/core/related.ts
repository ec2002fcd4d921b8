/**
 * A product page's shelves of other products: "related", "recommended", "similar", "recently
 * viewed", up- and cross-sell carousels. They are the shop's navigation, not the product: on the
 * WCXB product pages 2% of the text inside such containers is in the gold (of 108k chars).
 *
 * A block is on a shelf when one of its enclosing elements has such a class/id word and does not
 * enclose the product itself (its first `<h1>`): a page-wide `body.has-related` marks the page.
 */
import { ancestorsEnclosingHeadline } from "./comments";
import { depthsWhere, pathTokens, tokenHas } from "./path-words";
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

/** Indices of the blocks on product shelves, in page order. */
export function shelfBlocks(page: SegmentedPage): number[] {
  const anchors = ancestorsEnclosingHeadline(page.blocks);
  const out: number[] = [];
  page.blocks.forEach((b, i) => {
    const depths = depthsWhere(b.path, isShelfToken);
    const ids = b.ancestors ?? [];
    if (depths.length === 0 || ids.length !== pathTokens(b.path).length) return;
    if (depths.some((k) => !anchors.has(ids[k]!))) out.push(i);
  });
  return out;
}
