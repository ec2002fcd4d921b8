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
 *
 * A thread's name is its title, which the gold opens with, yet the model drops it on about one
 * forum page in three (held-out CV, train-wcxb-dev): it sits in a page header apart from the posts.
 * There only an `<h1>` that reads as the `<title>` is the name (a forum's first `<h1>` can be its
 * logo), link or not: Discourse and Stack Exchange link the title to the thread's own address. A
 * linked `<h1>` that leads to the site's front page is the logo even when it reads as the `<title>`
 * (a short thread title leaves the site's name the `<title>`'s longest part).
 */
import { titleMatcher } from "./region";
import type { SegmentedPage, TextBlock } from "./types";

/**
 * Which `<h1>` names the page: its first that is not all link (a product, a listing), or the first
 * that reads as the `<title>`, a link or not (a thread).
 */
export type PageNamedBy = "first h1" | "h1 read as the title";

/**
 * The index of the page name's block when the answer lacks it, else -1. `content` is the answer so
 * far per block; `leaving` holds blocks the page decision takes out (shelves, overlays), which
 * never hold the page's own name.
 */
export function missingPageName(
  page: SegmentedPage,
  content: readonly boolean[],
  leaving: Pick<ReadonlySet<number>, "has">,
  named: PageNamedBy,
): number {
  const kept = (i: number) => content[i] && !leaving.has(i);
  const titled = titleMatcher(page.title);
  if (page.blocks.some((b, i) => kept(i) && titled(b.text))) return -1;
  const isName =
    named === "first h1" ? (b: TextBlock) => b.linkShare < 1 : (b: TextBlock) => titled(b.text) && !linksHome(b);
  const h1 = page.blocks.findIndex((b, i) => b.tag === "h1" && !leaving.has(i) && isName(b));
  return h1 >= 0 && !content[h1] ? h1 : -1;
}

/** Whether the block is all link, and its links lead to a site's front page (a logo's). */
function linksHome(block: TextBlock): boolean {
  const links = block.rich?.links ?? [];
  return block.linkShare >= 1 && links.length > 0 && links.every((l) => frontPage(l.href));
}

function frontPage(href: string): boolean {
  try {
    const url = new URL(href);
    return url.pathname === "/" && url.search === "";
  } catch {
    return false;
  }
}
