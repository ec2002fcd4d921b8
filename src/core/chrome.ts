/**
 * Page chrome that templates name in their class/id words: action bars (share, save, reply, add to
 * list: `div.post-actions`, `ul.product-actions`) and disclaimers (price, affiliate and legal small
 * print: `p.disclaimer`). On the WCXB pages of kinds other than article (held-out CV, out-of-fold
 * probabilities), the blocks the cascade kept inside such containers were 0.6k chars of gold against
 * 13.3k of other text for "actions" (21 sites) and 2.1k against 30.1k for "disclaimer" (13 sites).
 * A block is in chrome when one of its enclosing elements has such a word and does not enclose the
 * page's headline (`body.has-actions` marks the page).
 */
import { ancestorsEnclosingHeadline } from "./comments";
import { depthsWhere, pathTokens, tokenHas } from "./path-words";
import type { SegmentedPage } from "./types";

const CHROME_WORDS = new Set(["actions", "disclaimer", "disclaimers"]);

function isChromeToken(token: string): boolean {
  return tokenHas(token, CHROME_WORDS);
}

/** Indices of the blocks inside action bars and disclaimers, in page order. */
export function chromeBlocks(page: SegmentedPage): number[] {
  const anchors = ancestorsEnclosingHeadline(page.blocks);
  const out: number[] = [];
  page.blocks.forEach((b, i) => {
    const depths = depthsWhere(b.path, isChromeToken);
    const ids = b.ancestors ?? [];
    if (depths.length === 0 || ids.length !== pathTokens(b.path).length) return;
    if (depths.some((k) => !anchors.has(ids[k]!))) out.push(i);
  });
  return out;
}
