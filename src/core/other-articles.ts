/**
 * The page's other stories in `<article>` elements: HTML's element for a self-contained composition
 * is how many sites mark each card of a video playlist, a "you may also like" shelf or the next
 * stories of an endless scroll, before, beside or after the story, often inside the story's own
 * `<article>`. The block model likes them (short prose, headlines), and the region holds them when
 * they sit in the story's column. On an article page they are teasers of other stories (teasers.ts).
 *
 * Told by structure alone, in any language: the story is where its first paragraph sits (a content
 * block of prose, as teasers.ts finds it); a block inside an `<article>` element that does not hold
 * that paragraph belongs to another story when at least MIN_ARTICLES such elements share their path
 * (numbers aside): a shelf, not one aside. Each of them is short (TEASER_MAX_CHARS) and links to its
 * story (a block at least TEASER_LINK_SHARE links: its headline, a "read more", its share buttons),
 * and they stand together: content between them (a listicle's section headings) makes them the
 * story's own items. Elements with the same path as the story's own article are its siblings in a
 * sequence (a live blog's entries, a thread's posts) and stay, and so do the sections of a case
 * study marked up as articles (a heading of their own that is no link) and tabs of a guide (long).
 *
 * Page-stage CV (scripts/page-stage-cv.ts, out-of-fold probabilities and fold kind models), hybrid
 * F1, with the bare-address exception of teasers.ts: single-zyte 0.9565 -> 0.9614, single-wcxb-dev
 * 0.8498 -> 0.8510 (its articles 0.9343 -> 0.9365), train-wcxb-dev 0.8545 -> 0.8547, stream-ctf
 * 0.9592 -> 0.9591. Without the link and heading conditions, a listicle's items and a case study's
 * sections left too (train-wcxb-dev articles -0.0017, two pages down to F1 0.08 and 0.15).
 */
import { memoized } from "./memo";
import { isHeadingTag, numberFreePath, pathTokens, tokenIsTag } from "./path-words";
import { isStoryParagraph, TEASER_LINK_SHARE } from "./teasers";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path" | "linkShare" | "ancestors" | "tag">;

/** A shelf of other stories has at least this many `<article>` elements of one path. */
export const MIN_ARTICLES = 3;
/**
 * Another story's article says at most this much (chars, all its blocks): a headline, an excerpt. An
 * article element holding more is a section of the story (a tab, a chapter), not a teaser.
 */
export const TEASER_MAX_CHARS = 800;

interface OtherArticle {
  blocks: number[];
  chars: number;
  /** One of its blocks is a link (its headline, a "read more", its share buttons). */
  linked: boolean;
  /** It has a heading of its own that is no link: a section of the story, not a teaser. */
  titled: boolean;
}

/**
 * Per `<article>` token of a path: its depth and the number-free path down to it. Memoised by the
 * path, which a page's blocks repeat: the path down to each article is joined once, not per block.
 */
const articleDepths = memoized((path): readonly { depth: number; path: string }[] => {
  const tokens = pathTokens(path);
  const found: { depth: number; path: string }[] = [];
  tokens.forEach((token, k) => {
    if (tokenIsTag(token, "article")) found.push({ depth: k, path: numberFreePath(tokens.slice(0, k + 1).join(">")) });
  });
  return found;
});

/** Per `<article>` element around the block: its element id and the number-free path down to it. */
function articlesAround(block: Block): { id: number; path: string }[] {
  // Paths write tags in lower case: a path without the word has no article token.
  if (!block.path.includes("article")) return [];
  const ids = block.ancestors ?? [];
  // Path tokens and element ids are one per enclosing element; a block without both says nothing.
  if (pathTokens(block.path).length !== ids.length) return [];
  return articleDepths(block.path).map((a) => ({ id: ids[a.depth]!, path: a.path }));
}

/** Indices of the content blocks inside other stories' `<article>` elements, in page order. */
export function otherArticleBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  const lede = blocks.findIndex((_, i) => isStoryParagraph(blocks, content, i));
  if (lede < 0) return [];
  const story = articlesAround(blocks[lede]!);
  const storyIds = new Set(story.map((a) => a.id));
  const storyPaths = new Set(story.map((a) => a.path));
  // Only content blocks leave, each inside another story's article: without one (most pages), no
  // group need be built.
  const other = (a: { id: number; path: string }) => !storyIds.has(a.id) && !storyPaths.has(a.path);
  if (!blocks.some((b, i) => content[i] && b.text && articlesAround(b).some(other))) return [];
  // Per path, the other stories' article elements: their blocks and their text.
  const groups = new Map<string, Map<number, OtherArticle>>();
  blocks.forEach((b, i) => {
    if (!b.text) return;
    for (const a of articlesAround(b)) {
      if (!other(a)) continue;
      const elements = groups.get(a.path) ?? new Map<number, OtherArticle>();
      const element = elements.get(a.id) ?? { blocks: [], chars: 0, linked: false, titled: false };
      element.blocks.push(i);
      element.chars += b.text.length;
      element.linked ||= b.linkShare >= TEASER_LINK_SHARE;
      element.titled ||= isHeadingTag(b.tag) && b.linkShare < TEASER_LINK_SHARE;
      elements.set(a.id, element);
      groups.set(a.path, elements);
    }
  });
  const out = new Set<number>();
  for (const elements of groups.values()) {
    if (elements.size < MIN_ARTICLES) continue;
    const members = [...elements.values()];
    if (members.some((e) => e.chars > TEASER_MAX_CHARS || !e.linked || e.titled)) continue;
    const held = new Set(members.flatMap((e) => e.blocks));
    const first = Math.min(...held);
    const last = Math.max(...held);
    // A shelf is one run: content between its articles (a listicle's section headings) makes them the story's items.
    let run = true;
    for (let i = first; i <= last && run; i++) run = held.has(i) || !content[i] || !blocks[i]!.text;
    if (run) for (const i of held) if (content[i]) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}
