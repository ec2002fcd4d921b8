/**
 * A page's tables of links to elsewhere, beside its story: the layouts of 2000-2010 set a
 * site's "Full Coverage" box (a bullet and a headline link per row, "More..." under each section), a
 * right-column directory of other stories (a headline link, a byline, an excerpt and a date per
 * cell) or a look-book (a name link, a job, a quote per person) in a `<table>` of their own, next to
 * or after the story's cell. The block model likes them (short prose, headlines) and the region
 * holds them when the whole page is one layout table. The reader came for the story.
 *
 * Told by structure alone, in any language: the story is its paragraphs (content blocks of prose,
 * teasers.ts isStoryParagraph, but those in a table apart from the element holding most of them; on
 * a page without one, its longest content block of prose). A link
 * table is the outermost `<table>` around a content block that holds none of the story's paragraphs
 * and lies before the first or after the last of them; it is made of short blocks (CELL_MAX_CHARS)
 * of which at least MIN_LINKS are links (a block at least LINK_CELL_SHARE links), at least
 * MIN_LINK_BLOCK_SHARE of its blocks. A table between the story's paragraphs (a data table, a
 * comparison) is the story's own and stays; so does a table with a block of prose (a fact box).
 *
 * stream-ctf left out (trained on the other corpora, as `generalise-cv --loco`), hybrid F1 0.9574 ->
 * 0.9590 (95% site-resampled +0.0001 .. +0.0030; precision 0.9660 -> 0.9686, recall unchanged): 14
 * pages up, none down (yahoo 2000 +0.05 .. +0.40, esquire 2010 +0.16 and +0.19, nymag 2005 +0.01 ..
 * +0.12, cnn 2000 +0.02 and +0.03). Site-grouped CV (page-stage-cv's folds): no page of
 * single-wcxb-dev or single-zyte moves, one of train-wcxb-dev (+0.003, a shelf of partner movers in a
 * table after the story) and three of stream-ctf (+0.13 .. +0.19). Without the tables-apart
 * exception for the story's paragraphs: 0.9584 left out (two pages fewer).
 * Which kinds it runs on is page-decision.ts's (LINK_TABLES_LEAVE).
 */
import { parentElement } from "./element-ids";
import { pathTokens, tokenIsTag } from "./path-words";
import { elementRange, isStoryParagraph } from "./teasers";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path" | "linkShare" | "ancestors">;

/**
 * A block is a link: at least this share of it is link text (a headline with its source and date, as
 * "Markets rally - Reuters (Oct 27, 2000)": at 0.8, as teasers.ts, one of three yahoo 2000 boxes on
 * stream-ctf had too few links).
 */
export const LINK_CELL_SHARE = 0.5;
/** A link table holds at least this many links. */
export const MIN_LINKS = 4;
/** ...and they are at least this share of its blocks with text. */
export const MIN_LINK_BLOCK_SHARE = 0.2;
/** Each of its blocks says at most this much (chars): a headline, a byline, an excerpt, a date. */
export const CELL_MAX_CHARS = 300;
/** Without a story paragraph, the story is the longest content block of prose, at least this long. */
const ANCHOR_MIN_CHARS = 80;
const ANCHOR_MAX_LINK_SHARE = 0.2;
/** Prose: a block with less link text than this share (teasers.ts's story paragraphs have under 0.2). */
const PROSE_MAX_LINK_SHARE = 0.2;

/**
 * The story's paragraphs, in page order, but those in a table apart from the story's own element:
 * a link table's annotated entry ("Project 949 - includes basic characteristics and specifications
 * of the type ...", 249 chars on a yahoo 2000 page) is prose too. On a page without one, its longest content block of prose, or none.
 */
function storyBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  const paragraphs: number[] = [];
  for (let i = 0; i < blocks.length; i++) if (isStoryParagraph(blocks, content, i)) paragraphs.push(i);
  if (paragraphs.length) return withoutTablesApart(blocks, content, paragraphs);
  let best = -1;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (!content[i] || b.linkShare >= ANCHOR_MAX_LINK_SHARE || b.text.length < ANCHOR_MIN_CHARS) continue;
    if (best < 0 || b.text.length > blocks[best]!.text.length) best = i;
  }
  return best < 0 ? [] : [best];
}

/**
 * `paragraphs` but those inside a `<table>` that does not hold the story's element: of their parents,
 * the one holding most content prose (blocks under PROSE_MAX_LINK_SHARE links), as a wire story's
 * short paragraphs add up where one annotated link of 249 chars does not.
 */
function withoutTablesApart(
  blocks: readonly Block[],
  content: readonly boolean[],
  paragraphs: readonly number[],
): number[] {
  const parentOf = (i: number) => parentElement(blocks[i]!);
  const prose = new Map<number, number>();
  for (const i of paragraphs) prose.set(parentOf(i), 0);
  prose.delete(-1);
  for (let i = 0; i < blocks.length; i++) {
    if (!content[i] || blocks[i]!.linkShare >= PROSE_MAX_LINK_SHARE) continue;
    const sum = prose.get(parentOf(i));
    if (sum !== undefined) prose.set(parentOf(i), sum + blocks[i]!.text.length);
  }
  let main = -1;
  for (const i of paragraphs)
    if (prose.has(parentOf(i)) && (main < 0 || prose.get(parentOf(i))! > prose.get(parentOf(main))!)) main = i;
  if (main < 0) return [...paragraphs];
  const mainChain = blocks[main]!.ancestors!;
  return paragraphs.filter((i) => {
    const { ancestors, path } = blocks[i]!;
    const tokens = pathTokens(path);
    if (!ancestors || tokens.length !== ancestors.length) return true;
    // An element sits at the same depth of every chain holding it: a table at depth k holds the
    // story's element when the element's chain has it at k too.
    for (let k = 0; k < tokens.length; k++)
      if (tokenIsTag(tokens[k]!, "table") && mainChain[k] !== ancestors[k]) return false;
    return true;
  });
}

/** Short blocks, enough of them links. */
function isLinkTable(blocks: readonly Block[], { first, last }: { first: number; last: number }): boolean {
  let links = 0;
  let texts = 0;
  for (let j = first; j <= last; j++) {
    const b = blocks[j]!;
    if (!b.text) continue;
    if (b.text.length > CELL_MAX_CHARS) return false;
    texts++;
    if (b.linkShare >= LINK_CELL_SHARE) links++;
  }
  return links >= MIN_LINKS && links >= MIN_LINK_BLOCK_SHARE * texts;
}

/** Indices of the content blocks in link tables beside the story, in page order; `content` is the answer so far. */
export function linkTableBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  const story = storyBlocks(blocks, content);
  if (story.length === 0) return [];
  const storyFirst = story[0]!;
  const storyLast = story[story.length - 1]!;
  const holdsStory = ({ first, last }: { first: number; last: number }) => story.some((s) => s >= first && s <= last);
  const out: number[] = [];
  // Per table element judged: whether it is a link table, null when it holds the story (the page's
  // layout: a link table, if any, is inside it). Each table's blocks are walked once.
  const judged = new Map<number, boolean | null>();
  for (let i = 0; i < blocks.length; i++) {
    if (!content[i] || (i >= storyFirst && i <= storyLast)) continue;
    const b = blocks[i]!;
    // Paths write tags in lower case: a path without the word has no table token.
    if (!b.text || !b.ancestors || !b.path.includes("table")) continue;
    const tokens = pathTokens(b.path);
    // Path tokens and element ids are one per enclosing element; a block without both says nothing.
    if (tokens.length !== b.ancestors.length) continue;
    for (let k = 0; k < tokens.length; k++) {
      if (!tokenIsTag(tokens[k]!, "table")) continue;
      const id = b.ancestors[k]!;
      let verdict = judged.get(id);
      if (verdict === undefined) {
        const range = elementRange(blocks, i, k);
        verdict = holdsStory(range) ? null : isLinkTable(blocks, range);
        judged.set(id, verdict);
      }
      if (verdict === null) continue;
      if (verdict) out.push(i);
      break;
    }
  }
  return out;
}
