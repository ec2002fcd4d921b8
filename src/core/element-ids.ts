/**
 * Element ids (TextBlock.ancestors) are the segmentation walk's document-order numbers, so they are
 * small and dense: figures per element fit arrays indexed by id, which cost less than maps keyed by
 * id (one hash lookup per block and ancestor).
 */
import type { TextBlock } from "./types";

/**
 * The largest element id among the blocks' ancestors (0 when there is none): arrays of this plus one
 * fit them all. The walk numbers an element before the elements it holds, so a chain's largest id is
 * its last; reading that one alone costs a third of reading every chain whole.
 */
export function maxElementId(blocks: readonly Pick<TextBlock, "ancestors">[]): number {
  let max = 0;
  for (const { ancestors } of blocks) {
    // An index, not `at(-1)`: this runs per block in several stages, and `at` is a call V8 does not inline.
    const innermost = ancestors && ancestors.length > 0 ? ancestors[ancestors.length - 1]! : 0;
    if (innermost > max) max = innermost;
  }
  return max;
}

/** The element holding the block's element (-1: unknown, or the block sits at the top). */
export function parentElement(b: Pick<TextBlock, "ancestors">): number {
  const chain = b.ancestors;
  return chain && chain.length >= 2 ? chain[chain.length - 2]! : -1;
}
