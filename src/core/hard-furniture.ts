/**
 * Text the block model kept inside a page footer (`<footer>`, role=contentinfo), a sidebar (`<aside>`,
 * role=complementary), a form control (`<button>`, `<label>`, `<legend>`, `<textarea>`, `<input>`)
 * or a navigation landmark (`<nav>`, role=navigation).
 * The tree's hard rules (classify.ts) drop such blocks outright; the model reads "under a hard element"
 * as one feature among many, and on shop and catalogue pages it lets through the site's footer, a
 * filter panel's labels, a product card's "add to cart" and a variant picker's buttons. A footer
 * inside a `<blockquote>` is the quotation's attribution ("— the speaker, her role"), part of the
 * quote: it stays. Which kinds each rule runs on, and the gold's share of those blocks, is
 * page-decision.ts's (FOOTER_LEAVES, ASIDE_LEAVES, CONTROLS_LEAVE, NAV_LEAVES).
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, cached folds), hybrid F1 single-wcxb-dev (held
 * out) / train-wcxb-dev: 0.8586 -> 0.8629 / 0.8584 -> 0.8601 (14 pages up and 3 down / 59 up and 10
 * down); collection 0.6702 -> 0.7002 / 0.6809 -> 0.7006, listing 0.6476 -> 0.6528 / 0.6922 ->
 * 0.6944, product 0.6495 -> 0.6507 / 0.6327 -> 0.6343, article 0.9362 -> 0.9394 / 0.9542 -> 0.9543,
 * service 0.8279 -> 0.8280 / 0.8398 -> 0.8394 (service pages taken for listings or products lose a
 * pricing card's buttons); single-zyte and stream-ctf unchanged. Sidebars off articles, threads and
 * documentation then: single-wcxb-dev 0.8629 -> 0.8630 (listing 0.6528 -> 0.6533), single-zyte
 * 0.9636 -> 0.9643 (one article taken for a service page: +0.127), train-wcxb-dev 0.8601 (5 pages
 * up, 1 down), stream-ctf unchanged.
 */
import { contentBlocksWhere } from "./content-blocks";
import { pathHasTag } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "hardTag" | "path">;

/**
 * Form controls: what a visitor clicks or types in, and their captions. A `<select>` and its options
 * never reach a block: segmentation skips them whole (segment-tags.ts SKIP).
 */
const CONTROL_TAGS: ReadonlySet<string> = new Set(["button", "label", "legend", "textarea", "input"]);

/** Indices of the content blocks (with text) whose nearest hard element (segment-walk.ts) passes `test`. */
function contentUnder(blocks: readonly Block[], content: readonly boolean[], test: (b: Block) => boolean): number[] {
  return contentBlocksWhere(blocks, content, (b) => b.hardTag !== null && test(b));
}

/** Content blocks in a footer (role=contentinfo included: segment-tags.ts HARD_ROLES) but a quotation's. */
export function footerBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentUnder(blocks, content, (b) => b.hardTag === "footer" && !pathHasTag(b.path, "blockquote"));
}

/** Content blocks in a sidebar (role=complementary included). */
export function asideBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentUnder(blocks, content, (b) => b.hardTag === "aside");
}

/** Content blocks in a form control. */
export function controlBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentUnder(blocks, content, (b) => CONTROL_TAGS.has(b.hardTag!));
}

/** Content blocks in a navigation landmark (`<nav>`, role=navigation). */
export function navBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentUnder(blocks, content, (b) => b.hardTag === "nav");
}
