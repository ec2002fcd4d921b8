/**
 * The per-page dump of held-out figures that `scripts/generalise-cv.ts --dump` writes (one JSON line
 * per page and mode) and that `--compare`, `--gap` and `scripts/peer-gap.ts` read: one format, one reader.
 * `scripts/page-stage-cv.ts --dump` writes its rows in its own shape (site-grouped folds only, each
 * figure as {p, r, f1}, with the page's kind and path); the reader takes those too, as mode "cv", so a
 * page-stage change is compared and set against the peers with the same commands.
 */
import { readFileSync } from "node:fs";

export interface HeldOutRow {
  /** "loco": the corpus left out of training; "cv": the site-grouped folds. */
  mode: "loco" | "cv";
  corpus: string;
  site: string;
  id: string;
  type?: string;
  hybrid: number;
  hybridP: number;
  hybridR: number;
  singlePage: number;
}

/** A row of `scripts/page-stage-cv.ts --dump`. */
interface PageStageRow {
  corpus: string;
  site: string;
  id: string;
  type?: string;
  hybrid: { p: number; r: number; f1: number };
  single: { p: number; r: number; f1: number };
}

function heldOutRow(row: HeldOutRow | PageStageRow): HeldOutRow {
  if (typeof row.hybrid === "number") return row as HeldOutRow;
  const { corpus, site, id, type, hybrid, single } = row as PageStageRow;
  return {
    mode: "cv",
    corpus,
    site,
    id,
    type,
    hybrid: hybrid.f1,
    hybridP: hybrid.p,
    hybridR: hybrid.r,
    singlePage: single.f1,
  };
}

export function readHeldOut(file: string): HeldOutRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => heldOutRow(JSON.parse(l) as HeldOutRow | PageStageRow));
}
