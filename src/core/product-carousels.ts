/**
 * A product page's carousels: sliders of other products ("customers also viewed"), of a brand's story
 * cards, of badges and promotions, whose words the gold leaves out. A block is in one when one of its
 * enclosing elements has the class/id word "carousel" or "carousels". Kept words under such elements
 * on pages taken for products (held-out verdicts, the four corpora), in the gold / not: 121 / 1,220
 * (2 pages / 9). A listing's carousel is often its items, an article's its gallery: products only.
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models), hybrid F1
 * product pages single-wcxb-dev (held out) / train-wcxb-dev 0.6688 = / 0.6360 -> 0.6398 (8 pages up,
 * 1 down: a product's feature grid inside its carousel), service pages taken for products 0.8470 = /
 * 0.8458 -> 0.8468; stream-ctf and single-zyte unchanged.
 */
import { contentInsideMarked } from "./marked-elements";
import { tokenHas } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path">;

const CAROUSEL_WORDS: ReadonlySet<string> = new Set(["carousel", "carousels"]);

function isCarouselToken(token: string): boolean {
  return tokenHas(token, CAROUSEL_WORDS);
}

/** Indices of the content blocks (with text) inside a carousel, in page order. `content` is the answer so far. */
export function carouselBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentInsideMarked(blocks, content, isCarouselToken);
}
