/**
 * The page-level rules that take blocks out of the answer (page-decision.ts) read only what the
 * answer kept so far, and only blocks with text: this is the one loop they share.
 */
import type { TextBlock } from "./types";

/** Indices of the answer's blocks (`content`) with text that pass `test`, in page order. */
export function contentBlocksWhere<B extends Pick<TextBlock, "text">>(
  blocks: readonly B[],
  content: readonly boolean[],
  test: (block: B) => boolean,
): number[] {
  const out: number[] = [];
  blocks.forEach((b, i) => content[i] && b.text && test(b) && out.push(i));
  return out;
}
