/**
 * Calls to action the block model kept on a page that sells a service: a short link standing on its
 * own ("Book a demo", "See pricing", "Get the brief") is a button drawn as a link, an invitation to
 * click rather than text to read, and the WCXB golds of service pages leave most of them out. A link
 * that is a list item (a list of the service's parts, a listing's items) or a heading (a card's
 * title) says what the page offers, and stays. Which kinds the rule runs on is page-decision.ts's
 * (CALLS_TO_ACTION_LEAVE).
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models; tuned on
 * train-wcxb-dev), hybrid F1 train-wcxb-dev 0.8618 -> 0.8623 (service 0.8437 -> 0.8457, listing
 * 0.7043 -> 0.7057; documentation 0.9310 -> 0.9307: a manual page taken for a service loses its
 * links), single-wcxb-dev (held out) 0.8661 -> 0.8668 (service 0.8399 -> 0.8470, listing 0.6644 ->
 * 0.6656), single-zyte 0.9642 -> 0.9643, stream-ctf unchanged. Links of up to 3 / 4 / 6 words: train
 * service +0.0006 / +0.0017 / +0.0020; list items and headings too: single-wcxb-dev listing pages
 * taken for services -0.0055 (their items are links).
 */
import { contentBlocksWhere } from "./content-blocks";
import { isHeadingTag, tokenIsTag } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "tag" | "linkShare" | "path">;

/** A call to action is at most this many words. */
const MAX_WORDS = 5;

const WHITESPACE = /\s+/;

/** Indices of the content blocks that are a short link of their own: not a list item, not a heading. */
export function callsToAction(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentBlocksWhere(
    blocks,
    content,
    (b) => b.linkShare >= 1 && !inListItem(b) && !isHeadingTag(b.tag) && b.text.split(WHITESPACE).length <= MAX_WORDS,
  );
}

/** Whether the block is a list item, or the one element in one (`<li><p><a>`): its holder or the holder's parent is an `<li>`. */
function inListItem(b: Block): boolean {
  if (b.tag === "li") return true;
  const end = b.path.lastIndexOf(">");
  const parent = b.path.lastIndexOf(">", end - 1);
  return end > 0 && tokenIsTag(b.path.slice(parent + 1, end), "li");
}
