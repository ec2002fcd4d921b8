/**
 * Page chrome that templates name in their class/id words: action bars (share, save, reply, add to
 * list: `div.post-actions`, `ul.product-actions`) and disclaimers (price, affiliate and legal small
 * print: `p.disclaimer`). On the WCXB pages of kinds other than article (held-out CV, out-of-fold
 * probabilities), the blocks the cascade kept inside such containers were 0.6k chars of gold against
 * 13.3k of other text for "actions" (21 sites) and 2.1k against 30.1k for "disclaimer" (13 sites).
 * A block is in chrome when one of its enclosing elements has such a word and does not enclose the
 * page's headline (`body.has-actions` marks the page) nor is a section named after its heading
 * (heading-sections.ts: a manual's "Disclaimer" section).
 */
import { blocksInsideMarked, markedFlags } from "./marked-elements";
import { isOverlayToken, roleNameExempt } from "./overlays";
import { tokenHas } from "./path-words";
import type { SegmentedPage } from "./types";

const CHROME_WORDS = new Set(["actions", "disclaimer", "disclaimers"]);

export function isChromeToken(token: string): boolean {
  return tokenHas(token, CHROME_WORDS);
}

/** Indices of the blocks inside action bars and disclaimers, in page order. */
export function chromeBlocks(page: SegmentedPage): number[] {
  return blocksInsideMarked(page.blocks, isChromeToken, roleNameExempt(page.blocks, isChromeToken));
}

const OVERLAY = 1;
const CHROME = 2;

/**
 * overlayBlocks and chromeBlocks in one walk (the page decision asks for both on every page that is
 * not an article); a block in both is an overlay's.
 */
export function overlayAndChromeBlocks(page: SegmentedPage): { overlays: number[]; chrome: number[] } {
  const test = (token: string) => (isOverlayToken(token) ? OVERLAY : 0) | (isChromeToken(token) ? CHROME : 0);
  const flags = markedFlags(
    page.blocks,
    test,
    roleNameExempt(page.blocks, (token) => test(token) !== 0),
  );
  const overlays: number[] = [];
  const chrome: number[] = [];
  flags.forEach((f, i) => (f & OVERLAY ? overlays.push(i) : f & CHROME && chrome.push(i)));
  return { overlays, chrome };
}
