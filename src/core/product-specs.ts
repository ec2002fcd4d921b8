/**
 * A product page's specification tables: rows of a name and a value (Weight | 1.1 kg). The model
 * reads each row alone, short and without a sentence, and drops many of them, yet a product's
 * specifications are what a reader (and the WCXB gold, on most shops) takes from the page.
 *
 * Every row of a two-column table of at least MIN_ROWS mostly-text rows is content, wherever the
 * table stands: held-out (page-stage CV, single-wcxb-dev / train-wcxb-dev) product pages went
 * 0.6315 / 0.6300 -> 0.6349 / 0.6340 with service pages 0.8254 / 0.8402 -> 0.8254 / 0.8391 (the
 * service pages taken for products); only tables with a row already content or inside the region
 * gained less: 0.6315 / 0.6308.
 * Not kept (2026-11-27, held-out verdicts of the cached page-stage folds on pages taken for products,
 * both wcxb corpora, words in the gold / not): the model's drops are mostly right outside tables too.
 * Blocks it dropped under an element whose class/id words say description, details, features, specs,
 * highlights, bullets or attributes (not around the `<h1>`): 4,467 / 17,895 (from p 0.2: 2,160 /
 * 11,814); only where the answer already holds half that section's text: 325 / 1,214. Lists of three
 * or more linkless items of 40 chars or more on average that it dropped from p 0.05: 548 / 850. Whether
 * a shop's description and feature bullets are in the gold differs from shop to shop, not with the markup.
 */
import type { SegmentedPage } from "./types";

/** A table of fewer rows is a price box or a size picker rather than specifications. */
const MIN_ROWS = 3;
/** A row mostly of links is navigation (a table of downloads, of other products), not a property. */
const MAX_LINK_SHARE = 0.5;

/**
 * Indices of the rows of the page's specification tables that the answer lacks, in page order.
 * `content` is the answer so far per block; rows in `leaving` (shelves, overlays, comments) stay out.
 */
export function missingSpecRows(
  page: SegmentedPage,
  content: readonly boolean[],
  leaving: Pick<ReadonlySet<number>, "has">,
): number[] {
  const rowsOf = new Map<number, number[]>();
  page.blocks.forEach((b, i) => {
    const row = b.rich?.row;
    if (!row || row.cells.length !== 2 || b.linkShare >= MAX_LINK_SHARE || leaving.has(i)) return;
    const rows = rowsOf.get(row.table) ?? [];
    rows.push(i);
    rowsOf.set(row.table, rows);
  });
  const out: number[] = [];
  for (const rows of rowsOf.values()) if (rows.length >= MIN_ROWS) out.push(...rows.filter((i) => !content[i]));
  return out.sort((a, b) => a - b);
}
