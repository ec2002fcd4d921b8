/**
 * Rendering of the content blocks. Plain text puts a blank line between blocks that sit in
 * different elements and a line break between blocks split only by `<br>` in the same element.
 */
import type { BlockVerdict } from "./classify";
import type { TextBlock } from "./types";

export function isContent(verdict: BlockVerdict): boolean {
  return verdict.label !== "boilerplate";
}

export function renderText(blocks: readonly TextBlock[], verdicts: readonly BlockVerdict[]): string {
  let out = "";
  let previousElement: number | null = null;
  for (let i = 0; i < blocks.length; i++) {
    if (!isContent(verdicts[i]!)) {
      previousElement = null;
      continue;
    }
    const block = blocks[i]!;
    if (out) out += block.element === previousElement ? "\n" : "\n\n";
    out += block.text;
    previousElement = block.element;
  }
  return out;
}
