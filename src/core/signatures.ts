/**
 * Forum signatures: the lines a member appends to every post (a quote, rig specs, links). They
 * repeat under each of the member's posts and are not the thread's content: on the WCXB pages of
 * kinds other than article (held-out CV, out-of-fold probabilities), the blocks the cascade kept
 * inside containers named "signature" were 0.3k chars of gold against 13.6k of other text, on 13
 * sites. The page decision drops them on threads, where the posts themselves are kept.
 * A block is in a signature when one of its enclosing elements has a class/id word "signature"
 * (phpBB `div.signature`, XenForo `aside.message-signature`, vBulletin `div.signaturecontainer`).
 */
import { blocksInsideMarked } from "./marked-elements";
import { tokenHas } from "./path-words";
import type { SegmentedPage } from "./types";

const SIGNATURE_WORDS = new Set(["signature", "signatures"]);
const SIGNATURE_PREFIXES = ["signature"];

function isSignatureToken(token: string): boolean {
  return tokenHas(token, SIGNATURE_WORDS, SIGNATURE_PREFIXES);
}

/** Indices of the blocks inside post signatures, in page order. */
export function signatureBlocks(page: SegmentedPage): number[] {
  return blocksInsideMarked(page.blocks, isSignatureToken);
}
