/**
 * What a listing carries besides its items, named so in its markup: drop-down menus and the buttons
 * of its cards ("Quick view", "Add to cart"), links to related categories, rating stars ("4.5 out of
 * 5 stars"), error messages a script shows ("Error rating book. Refresh and try again"), and text for
 * screen readers only (`.sr-only`, `.visually-hidden`: a "Loading" for a spinner, a label for an
 * icon). The gold is what a reader sees of the list; a listing's low threshold and wide region
 * (region.ts) let the model keep these. A block is in one when one of its enclosing elements has the
 * class/id word "dropdown", "buttons", "related", "stars", "error" (or their plurals), "sr" or
 * "visually", or names a promotion bar (below). Kept words under such elements on pages taken for listings (held-out verdicts, the
 * four corpora), in the gold / not: dropdown 23 / 460 (1 page / 11), buttons 5 / 243 (1 / 9),
 * related 0 / 313 (0 / 6), stars 1 / 346 (1 / 5), error 0 / 100 (0 / 4), sr 5 / 205 (2 / 12),
 * visually 0 / 39 (0 / 4). The words were picked from those tallies, which held single-wcxb-dev's
 * pages too: its figures below confirm less than a held-out set would.
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models), hybrid F1
 * single-wcxb-dev / train-wcxb-dev: collection 0.7114 -> 0.7130 / 0.7054 -> 0.7109, listing 0.6762
 * -> 0.6794 / 0.7071 -> 0.7086 (41 pages up, 4 down, the largest by 0.027), service pages taken for
 * listings 0.8470 -> 0.8473 / 0.8471 =;
 * stream-ctf and single-zyte unchanged.
 * A shop's announcement bar and promotion bar ("Free shipping on orders over ...", slides of a
 * carousel above the header) are extras too: the word "announcement" or the words "promo" and "bar"
 * in one name ("promo" alone names a news listing's story cards, AP's `PagePromo`: train-wcxb-dev
 * listing 0.7086 -> 0.7064 with it). Same CV, train-wcxb-dev: collection 0.7109 -> 0.7203, service
 * pages taken for listings 0.8471 -> 0.8506, corpus 0.8664 -> 0.8676; 4 pages up (3 of one site,
 * glossier), none down; single-wcxb-dev (held out), stream-ctf and single-zyte unchanged.
 * A shop's filter panel named "refinements" (`div.refinements`, each value with its count and a
 * "Refine by" label for screen readers) is one too. Same CV, train-wcxb-dev collection 0.7203 -> 0.7227
 * (4 pages up on 4 sites, 1 down by 0.001). Not kept, each added to it: "facet" and "pagination"
 * (collection 0.7096: two shops' product grids sit in such an element, their gold lost), "filter" too
 * (0.7084, listing up to 0.7194 but collection down), "pagination" alone (collection 0.7211, listing
 * 0.7086 -> 0.7080); "faq" on its own (collection 0.7109 -> 0.6997: a collection's FAQ is in its gold).
 */
import { contentInsideMarked } from "./marked-elements";
import { tokenHas, wordsOf } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path">;

const EXTRA_WORDS: ReadonlySet<string> = new Set([
  "dropdown",
  "dropdowns",
  "buttons",
  "related",
  "stars",
  "error",
  "errors",
  "sr",
  "visually",
  "announcement",
  "announcements",
  "refinement",
  "refinements",
]);

/** A shop's promotion bar (`div.promo-bar`): "promo" alone also names a news listing's story cards (`PagePromo`). */
function isPromoBar(token: string): boolean {
  const words = wordsOf(token);
  return words.includes("promo") && words.includes("bar");
}

function isExtraToken(token: string): boolean {
  return tokenHas(token, EXTRA_WORDS) || isPromoBar(token);
}

/** Indices of the content blocks (with text) inside a listing's extras, in page order. `content` is the answer so far. */
export function listingExtraBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentInsideMarked(blocks, content, isExtraToken);
}
