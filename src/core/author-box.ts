/**
 * The author's box after an article: "About the author", a portrait's caption, a paragraph of the
 * writer's career and their links, in an element whose class or id names the author (`div.author-bio`,
 * `div.about-author`, `div#bylines_1-0`, `div.post-authors`, `section.author-block`). The gold texts of
 * article corpora leave it out; the block model keeps it often, because it is prose in the story's
 * column. Only the answer's second half counts: at the top of a story the same words mark the byline,
 * which news golds keep ("By Jane Roe, CNN").
 * An element that holds half the answer or more is the story itself, whatever its class says (a
 * WordPress `article.author-jane-roe`, a `div.author__content`).
 * Measured on the shipped model's answers before writing the rule (article pages of the four corpora,
 * blocks in the answer's second half under such an element): 0 characters in the gold, 7,439 not, over
 * 19 pages of 19 sites; in the first half 3,866 in the gold (stream-ctf's bylines) and 3,629 not.
 */
import { depthsWhere, pathTokens, tokenHas } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path" | "ancestors">;

/** Class and id words that name the author's box (words split on punctuation and camelCase). */
const AUTHOR_WORDS: ReadonlySet<string> = new Set([
  "author",
  "authors",
  "byline",
  "bylines",
  "bio",
  "bios",
  "contributor",
  "contributors",
  "writer",
  "writers",
]);

/** Whether a path token's class or id words name the author's box. */
const namesAuthor = (token: string) => tokenHas(token, AUTHOR_WORDS);

/**
 * What a path holding an author word must hold (a word of AUTHOR_WORDS, or a character outside ASCII,
 * whose lower case may be an ASCII letter): a path met for the first time is mostly answered by this
 * one scan (depthsWhere). Built from the list, so a word added to it is never filtered out here.
 */
const MAY_NAME_AUTHOR = new RegExp([...AUTHOR_WORDS, "[\\u0080-\\uffff]"].join("|"), "i");

/** The answer's blocks (`content`, with text) in the author's box after the story, in page order. */
export function authorBoxBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  let total = 0;
  for (let i = 0; i < blocks.length; i++) if (content[i]) total += blocks[i]!.text.length;
  // Per candidate block, the element ids (outermost first) whose tokens name the author.
  const candidates: { index: number; elements: number[] }[] = [];
  let before = 0;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (!content[i] || !b.text) continue;
    const inSecondHalf = before * 2 > total;
    before += b.text.length;
    if (!inSecondHalf) continue;
    const depths = depthsWhere(b.path, namesAuthor, MAY_NAME_AUTHOR);
    if (depths.length === 0) continue;
    const ids = b.ancestors ?? [];
    if (ids.length !== pathTokens(b.path).length) continue;
    candidates.push({ index: i, elements: depths.map((d) => ids[d]!) });
  }
  if (candidates.length === 0) return [];
  // The answer's characters each candidate element holds: one that holds half or more is the story.
  const held = new Map<number, number>();
  for (const c of candidates) for (const e of c.elements) held.set(e, 0);
  for (let i = 0; i < blocks.length; i++) {
    if (!content[i]) continue;
    for (const e of blocks[i]!.ancestors ?? []) {
      const h = held.get(e);
      if (h !== undefined) held.set(e, h + blocks[i]!.text.length);
    }
  }
  return candidates.filter((c) => c.elements.some((e) => held.get(e)! * 2 < total)).map((c) => c.index);
}
