/**
 * A thread's posts are repeated siblings of one container (vBulletin's `div#posts` of
 * `table#post123`, phpBB's run of `div.post`, XenForo's list of `article.message`). What the answer
 * keeps outside that container after the last post is the forum's footer (its time zone line, a
 * copyright, a "similar threads" box), let in by a thread's low threshold (region.ts: 0.15, so that
 * short replies stay): the block model doubted it.
 * Held-out (page-stage CV, wcxb forum pages hybrid, single-wcxb-dev / train-wcxb-dev, from 0.8119 /
 * 0.7258): such blocks under p 0.5 leave, 0.8144 / 0.7318 (corpora 0.8569 -> 0.8571, 0.8575 ->
 * 0.8580; stream-ctf and single-zyte unchanged). Under p 0.2 / 0.3 / 0.7 / any p: 0.8124 / 0.7268,
 * 0.8138 / 0.7294, 0.8149 / 0.7306, 0.8107 / 0.7210. The same before the first post too (p 0.2 /
 * 0.3): single-wcxb-dev forum 0.7919 / 0.7942: the thread's title and opening post often sit apart.
 */
import { numberFreePath, pathTokens } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path" | "ancestors">;

/** From this p the block model's own verdict stands after the post list. */
const AFTER_POSTS_KEEP_P = 0.5;

/**
 * The posts' container: among the elements whose children hold the answer's text, the one whose
 * children of one shape (path token, numbers aside: `table#post512871`) hold the most of it, at least
 * two of them. -1 when no element has two such children.
 */
export function postListElement(blocks: readonly Block[], content: readonly boolean[]): number {
  // Per parent element, per child shape: the children met and the answer's chars under them.
  type Group = { children: Set<number>; chars: number };
  const byParent = new Map<number, Map<string, Group>>();
  let best = -1;
  let bestChars = 0;
  blocks.forEach((b, i) => {
    if (!content[i] || !b.text) return;
    const ids = b.ancestors ?? [];
    const tokens = pathTokens(b.path);
    if (tokens.length !== ids.length) return;
    for (let d = 0; d + 1 < ids.length; d++) {
      let shapes = byParent.get(ids[d]!);
      if (!shapes) byParent.set(ids[d]!, (shapes = new Map<string, Group>()));
      const shape = numberFreePath(tokens[d + 1]!);
      let group = shapes.get(shape);
      if (!group) shapes.set(shape, (group = { children: new Set<number>(), chars: 0 }));
      group.children.add(ids[d + 1]!);
      group.chars += b.text.length;
      if (group.children.size >= 2 && group.chars > bestChars) {
        best = ids[d]!;
        bestChars = group.chars;
      }
    }
  });
  return best;
}

/**
 * Indices of the answer's blocks after the post list and outside it that the block model gave less
 * than AFTER_POSTS_KEEP_P, in page order. `content` is the answer so far, `p` the model's scores.
 */
export function afterPostList(blocks: readonly Block[], content: readonly boolean[], p: readonly number[]): number[] {
  const list = postListElement(blocks, content);
  if (list < 0) return [];
  let last = -1;
  blocks.forEach((b, i) => {
    if ((b.ancestors ?? []).includes(list)) last = i;
  });
  const out: number[] = [];
  for (let i = last + 1; i < blocks.length; i++) if (content[i] && p[i]! < AFTER_POSTS_KEEP_P) out.push(i);
  return out;
}
