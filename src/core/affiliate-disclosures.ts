/**
 * Affiliate disclosures the block model kept on an article: a short note that the page earns a
 * commission on what readers buy through its links ("We may earn commission from links on this
 * page", "As an Amazon Associate we earn from qualifying purchases", "This post contains affiliate
 * links"). It is a legal notice the site stamps on every such article, about the page rather than
 * its subject, and the WCXB golds leave most of them out. Only a short block that speaks of the page
 * or the site itself leaves: an article's own sentence about affiliate programmes ("Streamers earn a
 * commission via affiliate links") is not a disclosure. Which kinds the rule runs on is
 * page-decision.ts's (AFFILIATE_DISCLOSURES_LEAVE).
 * Page-stage CV on the cached folds (s25 folds.cache), text answer as served: train-wcxb-dev 0.8732 ->
 * 0.8733 (+1.0e-4, 95% +0.1e-4..+2.1e-4; 22 pages up, 9 down, each its own site), single-wcxb-dev
 * (held out) 0.8742 -> 0.8743 (+1.6e-4, +0.1e-4..+3.6e-4; 5 up, 0 down), single-zyte and stream-ctf
 * unchanged (news pages carry no such notes). The pages down are golds that keep the same note.
 */
import { contentBlocksWhere } from "./content-blocks";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text">;

/** A disclosure is at most this many words: longer blocks are the article's prose. */
const MAX_WORDS = 60;

/**
 * Longer than this many characters a block is past MAX_WORDS whatever its words: asked first, so the
 * article's long paragraphs are neither scanned by the pattern nor split into words.
 */
const MAX_CHARS = MAX_WORDS * 25;

const WHITESPACE = /\s+/;

/**
 * The page or the site speaking of its own earnings: "we/I (may) earn/receive/make (a small)
 * commission", "this post/article/page/site contains/includes/uses affiliate links", "as an Amazon
 * Associate", "affiliate disclosure/disclaimer".
 */
const DISCLOSURE =
  /\b(?:(?:we|i)\s+(?:may\s+|might\s+|can\s+|will\s+)?(?:earn|receive|make|get)\s+(?:a\s+)?(?:small\s+|(?:\(very\)\s+)?small\s+)?(?:commissions?|compensation|kickback)|(?:this|our)\s+(?:post|article|page|site|website|blog(?:\s+post)?)\s+(?:may\s+)?(?:contains?|includes?|uses?)\s+(?:some\s+)?affiliate|as\s+an\s+amazon\s+associate|affiliate\s+(?:disclosure|disclaimer))\b/i;

/** Indices of the content blocks that are a short affiliate disclosure. */
export function affiliateDisclosures(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentBlocksWhere(
    blocks,
    content,
    (b) => b.text.length <= MAX_CHARS && DISCLOSURE.test(b.text) && b.text.split(WHITESPACE).length <= MAX_WORDS,
  );
}
