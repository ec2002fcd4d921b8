/**
 * Blocks inside elements whose class/id words name a role (an overlay, an action bar, a signature):
 * the page-level rules' common walk. An element carries the flags of its own path token (`test`, one
 * bit per role; none when it encloses the page's headline: `body.modal-open` marks the page state)
 * and of its ancestors. Elements are resolved once per page, top-down from the deepest one already
 * known, so a page costs about one step per element rather than blocks x depth.
 */
import { contentBlocksWhere } from "./content-blocks";
import { maxElementId } from "./element-ids";
import { depthsWhere, pathTokens } from "./path-words";
import { int32Scratch } from "./scratch";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "path" | "ancestors">;

/**
 * Per element id, its flags once resolved, -1 before: kept across pages (scratch.ts), since a Map per
 * call, grown element by element, was garbage the page-level decision left on every page. Not
 * re-entered: `test` and `anchors` are token and set lookups.
 */
const FLAGS = int32Scratch();

/**
 * Per block, the OR of `test`'s flags over its enclosing elements that `anchors` does not hold
 * (`test`'s flags are bits 0-7, what the answer holds).
 */
export function markedFlags(
  blocks: readonly Block[],
  test: (token: string) => number,
  anchors: ReadonlySet<number> = new Set(),
): Uint8Array {
  const flags = FLAGS.take(maxElementId(blocks) + 1, -1);
  const out = new Uint8Array(blocks.length);
  blocks.forEach((b, i) => {
    const ids = b.ancestors ?? [];
    if (ids.length === 0) return;
    let known = flags[ids[ids.length - 1]!]!;
    if (known < 0) {
      const tokens = pathTokens(b.path);
      if (tokens.length !== ids.length) return;
      let k = ids.length - 1;
      while (k >= 0 && flags[ids[k]!]! < 0) k--;
      let state = k >= 0 ? flags[ids[k]!]! : 0;
      for (let j = k + 1; j < ids.length; j++) {
        if (!anchors.has(ids[j]!)) state |= test(tokens[j]!);
        flags[ids[j]!] = state;
      }
      known = state;
    }
    out[i] = known;
  });
  return out;
}

/** Indices of the blocks inside an element whose token passes `test` and that `anchors` does not hold. */
export function blocksInsideMarked(
  blocks: readonly Block[],
  test: (token: string) => boolean,
  anchors: ReadonlySet<number> = new Set(),
): number[] {
  const flags = markedFlags(blocks, (token) => (test(token) ? 1 : 0), anchors);
  return blocks.flatMap((_, i) => (flags[i] ? [i] : []));
}

/**
 * Indices of the answer's blocks (`content`, with text) inside an element whose path token passes
 * `test`, in page order: for rules that read only what the answer kept, so they skip the rest of
 * the page (`test` must be stable and pure: depthsWhere memoises it per path).
 */
export function contentInsideMarked(
  blocks: readonly Pick<TextBlock, "text" | "path">[],
  content: readonly boolean[],
  test: (token: string) => boolean,
): number[] {
  return contentBlocksWhere(blocks, content, (b) => depthsWhere(b.path, test).length > 0);
}
