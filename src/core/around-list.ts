/**
 * A thread's posts, and much of a product page's description, are repeated siblings of one
 * container (vBulletin's `div#posts` of `table#post123`, phpBB's run of `div.post`, a product's
 * feature panels). What the answer keeps outside that container, and the block model doubted, is
 * the page's furniture: after it, a forum's footer (time zone line, copyright, "who is online") let in
 * by a thread's low threshold (region.ts: 0.15, so that short replies stay), a shop's delivery,
 * returns and brand boxes after the description; before it, short lines (a breadcrumb trail, a
 * "new topic" bar, a price note). Headings before the list stay: a thread's title often sits apart
 * from its posts, and a product's name from its description.
 * Held-out (page-stage CV, hybrid F1, single-wcxb-dev / train-wcxb-dev), under p 0.5 on threads:
 * forum pages 0.8119 / 0.7258 -> 0.8144 / 0.7318; on products too: product pages 0.6347 / 0.6331 ->
 * 0.6443 / 0.6334 (7 of 8 changed single-wcxb-dev pages up, 22 of 32 train-wcxb-dev pages); corpora
 * 0.8569 / 0.8575 -> 0.8579 / 0.8580, single-zyte and stream-ctf unchanged. Thread cuts p 0.2 / 0.3 /
 * 0.7 / any: forum 0.8124 / 0.7268, 0.8138 / 0.7294, 0.8149 / 0.7306, 0.8107 / 0.7210; the same
 * before the first post too (p 0.2 / 0.3): single-wcxb-dev forum 0.7919 / 0.7942 (a thread's title
 * and opening post often sit apart). Product cuts 0.6 / 0.7 / 0.9: product 0.6534 / 0.6297, 0.6582 /
 * 0.6308, 0.6598 / 0.6266 (train-wcxb-dev down: 25 of 49 pages). Listings (single-wcxb-dev
 * collection 0.6700 -> 0.6570), service (0.8261 -> 0.8229), documentation and other: not kept.
 * Before the list, blocks under 200 chars but headings and the title's line, under p 0.5 (from
 * 0.8579 / 0.8580): corpora 0.8584 / 0.8584 (single-page 0.8566 / 0.8572 -> 0.8572 / 0.8576), forum
 * 0.8144 / 0.7318 -> 0.8181 / 0.7365, product 0.6443 / 0.6334 -> 0.6495 / 0.6327, articles taken
 * for threads or products 0.9365 / 0.9541 -> 0.9362 / 0.9542 (without the title's line, 14 of 17
 * changed single-wcxb-dev pages up, 70 of 92 train-wcxb-dev pages); single-zyte unchanged, stream-ctf
 * single-page 0.9557 -> 0.9558. Under 50 / 80 / 120 chars: 0.8584 / 0.8582, 0.8584 / 0.8582, 0.8583
 * / 0.8583; under 80 on threads only 0.8580 / 0.8582; blocks mostly of links (any length) 0.8579 /
 * 0.8582.
 */
import { forEachRecord, isHeadingTag } from "./path-words";
import { titleMatcher } from "./region";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path" | "ancestors" | "tag">;

/** From this p the block model's own verdict stands outside the list. */
const OUTSIDE_LIST_KEEP_P = 0.5;
/** Before the list only lines shorter than this leave: longer text there is the page's own intro. */
const BEFORE_LIST_MAX_CHARS = 200;

/**
 * The content's list: among the elements whose children hold the answer's text, the one whose
 * children of one shape (path token, numbers aside: `table#post512871`) hold the most of it, at least
 * two of them. -1 when no element has two such children.
 */
export function repeatedListElement(blocks: readonly Block[], content: readonly boolean[]): number {
  // Per parent element, per child shape: the children met and the answer's chars under them.
  type Group = { children: Set<number>; chars: number };
  const byParent = new Map<number, Map<string, Group>>();
  let best = -1;
  let bestChars = 0;
  blocks.forEach((b, i) => {
    if (!content[i] || !b.text) return;
    forEachRecord(b, (parent, shape, record) => {
      let shapes = byParent.get(parent);
      if (!shapes) byParent.set(parent, (shapes = new Map<string, Group>()));
      let group = shapes.get(shape);
      if (!group) shapes.set(shape, (group = { children: new Set<number>(), chars: 0 }));
      group.children.add(record);
      group.chars += b.text.length;
      if (group.children.size >= 2 && group.chars > bestChars) {
        best = parent;
        bestChars = group.chars;
      }
    });
  });
  return best;
}

/**
 * Indices of the answer's blocks outside the content's list that the block model gave less than
 * OUTSIDE_LIST_KEEP_P, in page order: after the list any, before it the short ones but headings and
 * the line that reads as the `<title>`'s headline (a thread's title in a table cell). `content` is the
 * answer so far, `p` the model's scores.
 */
export function aroundRepeatedList(
  blocks: readonly Block[],
  content: readonly boolean[],
  p: readonly number[],
  title: string,
): number[] {
  const list = repeatedListElement(blocks, content);
  if (list < 0) return [];
  let first = -1;
  let last = -1;
  blocks.forEach((b, i) => {
    if (!(b.ancestors ?? []).includes(list)) return;
    if (first < 0) first = i;
    last = i;
  });
  const out: number[] = [];
  const titled = titleMatcher(title);
  blocks.forEach((b, i) => {
    if (!content[i] || p[i]! >= OUTSIDE_LIST_KEEP_P || (i >= first && i <= last)) return;
    if (i > last) out.push(i);
    else if (b.text.length < BEFORE_LIST_MAX_CHARS && !isHeadingTag(b.tag) && !titled(b.text)) out.push(i);
  });
  return out;
}
