/**
 * The per-page dump of held-out figures that `scripts/generalise-cv.ts --dump` writes (one JSON line
 * per page and mode) and that `--compare`, `--gap` and `scripts/peer-gap.ts` read: one format, one reader.
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

export function readHeldOut(file: string): HeldOutRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as HeldOutRow);
}
