/**
 * What a product page carries besides the product, named so in its markup: carousels (sliders of
 * other products, of a brand's story cards, of badges and promotions), menus, and legal small print
 * (a publisher's licence terms, a rating board's notice). The gold leaves their words out. A block is
 * in one when one of its enclosing elements has the class/id word "carousel", "menu" (or their
 * plurals) or "legal". A listing's carousel is often its items, an article's its gallery: products only.
 * Kept words under carousels on pages taken for products (held-out verdicts, the four corpora), in
 * the gold / not: 121 / 1,220 (2 pages / 9); under menus 0 / 190 (0 / 4), legal 0 / 463 (0 / 2).
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models), hybrid F1
 * product pages single-wcxb-dev (held out) / train-wcxb-dev, carousels 0.6688 = / 0.6360 -> 0.6398
 * (8 pages up, 1 down: a product's feature grid inside its carousel; service pages taken for products
 * 0.8470 = / 0.8458 -> 0.8468), then menus and legal text 0.6688 -> 0.6755 / 0.6398 -> 0.6420 (5
 * pages up, none down; the largest two a game shop's licence terms, one page in each corpus);
 * stream-ctf and single-zyte unchanged.
 * Not kept (2026-11-27, cached page-stage folds on 7586a1a): delivery and returns notes (class/id words
 * shipping, delivery, returns not around the `<h1>`, or a short line saying "free shipping", "30-day
 * returns", "ships within"): product pages train-wcxb-dev 0.6394 -> 0.6404 (10 up, 4 down; 95%
 * site-resampled -0.0026 .. +0.0049), single-wcxb-dev 0.6671 -> 0.6656 (1 up, 2 down); corpora
 * single-wcxb-dev 0.8659 -> 0.8658, train-wcxb-dev 0.8650 -> 0.8651, single-zyte and stream-ctf
 * unchanged. A marketplace's item page gives its own shipping and returns terms, and the gold keeps them.
 * Not kept (2026-11-28, cached page-stage folds on 7e667a4, text answer as served): carousels on pages
 * taken for articles or "other" too (an item page taken for an article keeps its carousels of other
 * items): train-wcxb-dev 0.8732 -> 0.8730 (7 up, 3 down; 95% -10.9e-4 .. +3.6e-4; the largest
 * losses services taken for articles, whose carousel is their content, -0.33 and -0.26),
 * single-wcxb-dev 0.8742 -> 0.8733 (0 up, 1 down), stream-ctf 0.9624 -> 0.9646 (6 up, one site's
 * galleries), single-zyte unchanged. On those kinds a shelf is left by its words instead (related.ts).
 */
import { contentInsideMarked } from "./marked-elements";
import { tokenHas } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path">;

const EXTRA_WORDS: ReadonlySet<string> = new Set(["carousel", "carousels", "menu", "menus", "legal"]);

function isExtraToken(token: string): boolean {
  return tokenHas(token, EXTRA_WORDS);
}

/** Indices of the content blocks (with text) inside a carousel, a menu or legal text, in page order. `content` is the answer so far. */
export function productExtraBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentInsideMarked(blocks, content, isExtraToken);
}
