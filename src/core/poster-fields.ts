/**
 * A poster's profile fields beside each post: forum software lays them out as a definition list
 * (phpBB's `dl.postprofile` with "Joined:" and "Posts:", FluxBB's `dl` of "Registered:", XenForo's
 * `dl.pairs` of custom fields). They repeat with every post of a member and are not what the thread
 * says; a thread's low threshold (region.ts) let the model keep them. A definition list in a post's
 * own text is rare: kept words under a `<dl>` on pages taken for threads (held-out verdicts, the four
 * corpora), in the gold / not, 7 / 437.
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models), hybrid F1
 * forum pages single-wcxb-dev (held out) / train-wcxb-dev 0.8539 -> 0.8541 / 0.7678 -> 0.7699 (9
 * pages up, none down); every other type, stream-ctf and single-zyte unchanged.
 */
import { contentBlocksWhere } from "./content-blocks";
import { pathHasTag } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path">;

/** Indices of the content blocks (with text) inside a `<dl>`, in page order. `content` is the answer so far. */
export function posterFieldBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentBlocksWhere(blocks, content, (b) => pathHasTag(b.path, "dl"));
}
