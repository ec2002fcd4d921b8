/**
 * Plain-text rendering of the content blocks. A blank line goes between blocks that sit in
 * different elements, a line break between blocks split only by `<br>` in the same element and
 * between rows of one data table. A row's cells are separated by a tab: columns line up in a
 * terminal, paste into a spreadsheet, and the words stay in reading order. No markup of any kind,
 * and no heading's permalink mark (permalink-marks.ts).
 */
import type { BlockVerdict } from "./classify";
import { withoutPermalinkMarks } from "./permalink-marks";
import type { TextBlock } from "./types";

export function isContent(verdict: BlockVerdict): boolean {
  return verdict.label !== "boilerplate";
}

/** A row's cells, trimmed, tab-separated (a cell spanning n columns is followed by n - 1 tabs more); other blocks' text as it is. */
export function blockPlainText(block: TextBlock): string {
  const row = block.rich?.row;
  const cells = row?.cells;
  if (!cells || cells.length < 2) return block.text;
  return cells
    .map((start, i) => {
      const cell = block.text.slice(start, cells[i + 1] ?? block.text.length).trim();
      const span = row.spans?.[i] ?? 1;
      return span > 1 ? cell + "\t".repeat(span - 1) : cell;
    })
    .join("\t");
}

export function renderText(blocks: readonly TextBlock[], verdicts: readonly BlockVerdict[]): string {
  let out = "";
  let previousElement: number | null = null;
  let previousTable = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = isContent(verdicts[i]!) ? withoutPermalinkMarks(blocks[i]!) : null;
    if (!block?.text) {
      previousElement = null;
      continue;
    }
    const table = block.rich?.row?.table ?? 0;
    if (out) out += block.element === previousElement || (table !== 0 && table === previousTable) ? "\n" : "\n\n";
    out += blockPlainText(block);
    previousElement = block.element;
    previousTable = table;
  }
  return out;
}
