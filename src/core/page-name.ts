/**
 * The name of a product or listing page: its `<h1>`. The gold of a WCXB product page opens with
 * the product's name, yet the model drops the shop's `<h1>` on about one product page in five
 * (held-out CV): it sits in the buy box, among prices, options and buttons, away from the
 * description the region holds, so the region stage's headline rule (region.ts), which looks just
 * before the first content block, does not reach it. A listing's or category's `<h1>` sits above
 * its filters, away from the items, the same way.
 *
 * The name is the page's first `<h1>` that is not all link; when the answer already holds a block
 * that reads as the page's `<title>`, the page has its name. Held-out (page-stage CV), this first
 * `<h1>` did a little better than only an `<h1>` that reads as the title: product pages 0.6315 /
 * 0.6300 (single-wcxb-dev / train-wcxb-dev) against 0.6312 / 0.6287.
 */
import { matchesTitle } from "./region";
import type { SegmentedPage } from "./types";

/**
 * The index of the page name's block when the answer lacks it, else -1. `content` is the answer so
 * far per block; `leaving` holds blocks the page decision takes out (shelves, overlays), which
 * never hold the page's own name.
 */
export function missingPageName(
  page: SegmentedPage,
  content: readonly boolean[],
  leaving: ReadonlySet<number>,
): number {
  const kept = (i: number) => content[i] && !leaving.has(i);
  if (page.blocks.some((b, i) => kept(i) && matchesTitle(b.text, page.title))) return -1;
  const h1 = page.blocks.findIndex((b, i) => b.tag === "h1" && b.linkShare < 1 && !leaving.has(i));
  return h1 >= 0 && !content[h1] ? h1 : -1;
}
