/**
 * An article's teasers of other stories: lists after the story ("more stories", "you may also like",
 * a sidebar of deals, the site's front page under the article) and links set between its paragraphs
 * ("Also on our site: ...", linkParagraphBlocks). They are the site's navigation dressed as prose (a
 * headline link and an excerpt per story), so the block model often likes them, and the region often
 * holds them when they share the article's column. The reader came for the story.
 *
 * A teaser is told by its structure, in any language: a card, the outermost element around one block
 * of a path (numbers in ids aside) that at least MIN_CARDS such cards repeat, short (CARD_MAX_CHARS),
 * holding a link to its story (a block at least TEASER_LINK_SHARE links) and an excerpt (a block of
 * prose). Only cards after the story leave: after its first paragraph, outside the element holding
 * that paragraph, and after its last paragraph outside the cards. A roundup's items ("10 projects for
 * your home") sit with its introduction or before its conclusion, and a story's quotes and figures
 * between its paragraphs; a list of links without excerpts (a changelog, references) is no teaser.
 */
import { maxElementId } from "./element-ids";
import { numberFreePath, pathHasTag } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path" | "linkShare" | "ancestors">;

/** A list has at least this many cards. */
export const MIN_CARDS = 3;
/**
 * A card says at most this much (chars, all its blocks): a headline, an excerpt, a date. Page-stage CV
 * against 400: 500 raised train-wcxb-dev 0.8566 -> 0.8572 (its listings +0.003), the rest within
 * 0.0001; 600 raised single-zyte +0.0020 but cost single-wcxb-dev 0.0025 (its articles 0.0035).
 */
export const CARD_MAX_CHARS = 500;
/** A card links to its story: one of its blocks is at least this much link text. */
export const TEASER_LINK_SHARE = 0.8;
/** A card's excerpt: a block this long that is mostly not link text. */
const EXCERPT_MIN_CHARS = 40;
const EXCERPT_MAX_LINK_SHARE = 0.5;
/** The story's paragraphs: content blocks this long with few links. */
const PARAGRAPH_CHARS = 200;
const PARAGRAPH_MAX_LINK_SHARE = 0.2;

/** Whether block `i` is one of the story's paragraphs (the first is its lede); `content` is the answer so far. */
export function isStoryParagraph(
  blocks: readonly Pick<TextBlock, "text" | "linkShare">[],
  content: readonly boolean[],
  i: number,
): boolean {
  return content[i]! && blocks[i]!.text.length >= PARAGRAPH_CHARS && blocks[i]!.linkShare < PARAGRAPH_MAX_LINK_SHARE;
}

/**
 * The document-order range of the blocks that the element at `depth` of block `i`'s chain holds. Its
 * blocks are contiguous (blocks are in document order) and it sits at that depth of each of their
 * chains (a chain is its parent's plus one), so the walk visits only the element's own blocks.
 */
export function elementRange(blocks: readonly Block[], i: number, depth: number): { first: number; last: number } {
  const element = blocks[i]!.ancestors![depth];
  let first = i;
  while (first > 0 && blocks[first - 1]!.ancestors?.[depth] === element) first--;
  let last = i;
  while (last + 1 < blocks.length && blocks[last + 1]!.ancestors?.[depth] === element) last++;
  return { first, last };
}

/** Indices of the teasers of other stories, in page order: cards after the story and link paragraphs. */
export function teaserBlocks(
  blocks: readonly (Block & Pick<TextBlock, "tag">)[],
  content: readonly boolean[],
): number[] {
  const cards = teaserCardBlocks(blocks, content);
  const links = linkParagraphBlocks(blocks, content);
  return links.length === 0 ? cards : [...new Set([...cards, ...links])].sort((a, b) => a - b);
}

/**
 * Whether a teaser card can hold a content block, told without finding the cards (most articles have
 * no content after their story's element, and finding the cards was a tenth of the page-level
 * decision there). A card is a run of blocks under one element that holds a block after the lede and
 * outside the story's element, the first such block at `outside` or later. A content block in it
 * lies at `outside` or later, or the card holds the lede: one before the lede does (a card is one
 * run), and so does one between the lede and `outside`, which sits in the story's element (so the
 * card's element holds that element, and every block from the lede on, a chain being its parent's
 * plus one). A card holding the lede holds every block from it to `outside`, and a card says at most
 * CARD_MAX_CHARS.
 */
function cardsMayHoldContent(
  blocks: readonly Block[],
  content: readonly boolean[],
  lede: number,
  storyDepth: number,
  story: number,
): boolean {
  let outside = lede + 1;
  while (outside < blocks.length && blocks[outside]!.ancestors?.[storyDepth] === story) outside++;
  if (outside === blocks.length) return false;
  for (let i = outside; i < blocks.length; i++) if (content[i]) return true;
  let chars = 0;
  for (let i = lede; i <= outside; i++) chars += blocks[i]!.text.length;
  return chars <= CARD_MAX_CHARS;
}

/**
 * Indices of the blocks in teaser cards after the story, in page order; `content` is the answer so
 * far. None when no card can hold a content block: such cards would change no verdict.
 */
export function teaserCardBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  const paragraph = (i: number) => isStoryParagraph(blocks, content, i);
  const lede = blocks.findIndex((_, i) => paragraph(i));
  const storyDepth = (blocks[lede]?.ancestors?.length ?? 0) - 2;
  if (storyDepth < 0) return [];
  const story = blocks[lede]!.ancestors![storyDepth]!;
  if (!cardsMayHoldContent(blocks, content, lede, storyDepth, story)) return [];
  // Blocks after the lede and outside the story's element, by path. An element sits at the same
  // depth of every chain holding it, so one index test replaces a search of each chain; blocks are
  // grouped by their own path first, then those groups by number-free path, which looks up each
  // distinct path once rather than once per block.
  const byOwnPath = new Map<string, number[]>();
  for (let i = lede + 1; i < blocks.length; i++) {
    const { ancestors, path } = blocks[i]!;
    if (!ancestors || ancestors.length < 2 || ancestors[storyDepth] === story) continue;
    const members = byOwnPath.get(path);
    if (members) members.push(i);
    else byOwnPath.set(path, [i]);
  }
  const byPath = new Map<string, number[]>();
  for (const [path, members] of byOwnPath) {
    const key = numberFreePath(path);
    const merged = byPath.get(key);
    if (merged) for (const i of members) merged.push(i);
    else byPath.set(key, members);
  }
  const cards: { first: number; last: number }[] = [];
  // Per element id, how many of a path's blocks it holds; emptied again after each path, and sized
  // for the ids of the chains it counts (a page's paths mostly have too few blocks to count).
  let held = new Int32Array(0);
  for (const members of byPath.values()) {
    if (members.length < MIN_CARDS) continue;
    const size = maxElementId(members.map((i) => blocks[i]!)) + 1;
    if (held.length < size) held = new Int32Array(size);
    for (const i of members) for (const el of blocks[i]!.ancestors!) held[el]!++;
    const found = members.flatMap((i) => {
      // The outermost container around the block that holds no other block of its path.
      const chain = blocks[i]!.ancestors!;
      let k = chain.length - 2;
      if (held[chain[k]!] !== 1) return [];
      while (k > 0 && held[chain[k - 1]!] === 1) k--;
      const range = elementRange(blocks, i, k);
      return isTeaser(blocks, range) ? [range] : [];
    });
    for (const i of members) for (const el of blocks[i]!.ancestors!) held[el] = 0;
    if (found.length >= MIN_CARDS) cards.push(...found);
  }
  if (cards.length === 0) return [];
  const inCard = new Uint8Array(blocks.length);
  for (const { first, last } of cards) inCard.fill(1, first, last + 1);
  let storyEnd = -1;
  blocks.forEach((_, i) => !inCard[i] && paragraph(i) && (storyEnd = i));
  const out = new Set<number>();
  for (const { first, last } of cards) if (first > storyEnd) for (let j = first; j <= last; j++) out.add(j);
  return [...out].sort((a, b) => a - b);
}

/** Short, with a link to its story and an excerpt. */
function isTeaser(blocks: readonly Block[], { first, last }: { first: number; last: number }): boolean {
  let chars = 0;
  let linked = false;
  let excerpt = false;
  for (let j = first; j <= last; j++) {
    const b = blocks[j]!;
    chars += b.text.length;
    linked ||= b.linkShare >= TEASER_LINK_SHARE && b.text.length > 0;
    excerpt ||= b.linkShare < EXCERPT_MAX_LINK_SHARE && b.text.length >= EXCERPT_MIN_CHARS;
  }
  return chars <= CARD_MAX_CHARS && linked && excerpt;
}

/**
 * A paragraph that is a link: at least this much of it is link text, and it is this long (a headline).
 * Not lower: 0.7 raised page-stage CV a little (single-zyte 0.9567 -> 0.9570, stream-ctf 0.9595 ->
 * 0.9597), but on train-wcxb-dev articles it dropped paragraphs that carry the article's own charts
 * and photos (5 images on 3 pages), which leave with their block.
 */
export const LINK_PARAGRAPH_SHARE = 0.8;
const LINK_PARAGRAPH_MIN_CHARS = 20;
/** Elements that hold a story's paragraphs; list items and headings are the story's own structure. */
const PARAGRAPH_TAGS: ReadonlySet<string> = new Set(["p", "div"]);
/**
 * A link written out as its address (`https://amzn.to/2iJF`, `example.org/guide`) is the author's
 * reference, put there to be read, not the headline of another story.
 */
const BARE_ADDRESS = /^(?:[a-z][a-z\d+.-]*:\/\/)?[\w-]+(?:\.[\w-]+)+(?:[/?#]\S*)?$/i;

/**
 * Content paragraphs that are a link to another story, in page order: "Also on our site: ...", "SEE
 * MORE: ...", a row of related headlines set between the story's paragraphs. A story's sentences carry
 * links, not the other way round; a list of links (references, a changelog) is written in list items.
 */
export function linkParagraphBlocks(
  blocks: readonly Pick<TextBlock, "text" | "tag" | "linkShare" | "path">[],
  content: readonly boolean[],
): number[] {
  // A loop rather than flatMap: no array made per block (most blocks are no link paragraph).
  const out: number[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (
      content[i] &&
      b.linkShare >= LINK_PARAGRAPH_SHARE &&
      PARAGRAPH_TAGS.has(b.tag) &&
      b.text.length >= LINK_PARAGRAPH_MIN_CHARS &&
      !BARE_ADDRESS.test(b.text) &&
      !pathHasTag(b.path, "li")
    )
      out.push(i);
  }
  return out;
}
