/**
 * Comments under a thread's posts: question-and-answer sites (Stack Exchange and its clones) hang a
 * short comment list under the question and under each answer ("Perfect, thanks", "Does this work
 * in Windows 7?"). The posts are the thread's content; these side remarks are not: on the WCXB forum
 * pages of Stack Exchange sites the cascade kept about 17k chars in such lists, 44 of them in the gold.
 * Site-grouped 3-fold CV (page-stage-cv.ts, hybrid): forum pages 0.8194 -> 0.8455 on single-wcxb-dev
 * (held out) and 0.7377 -> 0.7413 on train-wcxb-dev; the corpora 0.8635 -> 0.8653 and 0.8607 ->
 * 0.8609, single-zyte and stream-ctf unchanged.
 *
 * A comment list hangs under a post when its outermost comment container (comments.ts's words) sits
 * beside the post's own body: its parent element also holds content prose outside every comment
 * container. It takes two such posts on the page (a question and an answer), so that a forum whose
 * first post is followed by one container of all the replies (Invision's `ipsComment` posts, a blog
 * theme's `#comments` list on a page taken for a thread) keeps its replies: they are the thread.
 */
import { isCommentToken } from "./comments";
import { depthsWhere, pathTokens } from "./path-words";
import type { TextBlock } from "./types";

/** Posts with a comment list beside their body the page must have before their lists leave. */
const MIN_POSTS = 2;
/** A post's body: content prose, mostly not links. */
const BODY_LINK_SHARE = 0.5;

type PostBlock = Pick<TextBlock, "path" | "ancestors" | "linkShare">;

/** Indices of the content blocks in comment lists under posts, in page order (empty when fewer than MIN_POSTS). */
export function postCommentBlocks(blocks: readonly PostBlock[], content: readonly boolean[]): number[] {
  // Per content block, its outermost comment container's parent element (NONE: in none).
  const listParent = blocks.map((b, i) => (content[i] ? commentListParent(b) : NONE));
  // Elements that hold some post's body: every ancestor of content prose outside comment containers.
  const holdsBody = new Set<number>();
  blocks.forEach((b, i) => {
    if (!content[i] || listParent[i] !== NONE || b.linkShare >= BODY_LINK_SHARE) return;
    for (const id of b.ancestors ?? []) holdsBody.add(id);
  });
  const posts = new Set(listParent.filter((p) => p >= 0 && holdsBody.has(p)));
  if (posts.size < MIN_POSTS) return [];
  const out: number[] = [];
  listParent.forEach((p, i) => posts.has(p) && out.push(i));
  return out;
}

/** Not in a comment container. */
const NONE = -1;
/** In a comment container at the top, or one whose element ids are unknown: no parent to tell by. */
const UNKNOWN = -2;

/** The parent element of the block's outermost comment container: NONE, UNKNOWN, or its id. */
function commentListParent(b: PostBlock): number {
  const depths = depthsWhere(b.path, isCommentToken);
  if (depths.length === 0) return NONE;
  const ids = b.ancestors ?? [];
  const k = depths[0]!;
  return k > 0 && ids.length === pathTokens(b.path).length ? ids[k - 1]! : UNKNOWN;
}
