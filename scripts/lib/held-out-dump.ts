/**
 * The per-page dump of held-out figures that `scripts/generalise-cv.ts --dump` writes (one JSON line
 * per page and mode) and that `--compare`, `--gap` and `scripts/peer-gap.ts` read: one format, one reader.
 * `scripts/page-stage-cv.ts --dump` writes its rows in its own shape (site-grouped folds only, each
 * figure as {p, r, f1}, with the page's kind and path); the reader takes those too, as mode "cv", so a
 * page-stage change is compared and set against the peers with the same commands. With `answer`, a
 * page-stage row gives its text answer as served (hybridAnswer, singleAnswer) in place of the cascade's
 * text: how a rendering change (the headline, a stand-in) is compared; other rows have no such figure.
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
  hybridAnswer?: { p: number; r: number; f1: number };
  singleAnswer?: { p: number; r: number; f1: number };
}

function heldOutRow(row: HeldOutRow | PageStageRow, answer: boolean): HeldOutRow {
  if (typeof row.hybrid === "number") {
    if (answer) throw new Error("--answer reads scripts/page-stage-cv.ts dumps only (hybridAnswer)");
    return row as HeldOutRow;
  }
  const stage = row as PageStageRow;
  const { corpus, site, id, type } = stage;
  const hybrid = answer ? stage.hybridAnswer : stage.hybrid;
  const single = answer ? stage.singleAnswer : stage.single;
  if (!hybrid || !single) throw new Error(`${id}: no text answer as served in this dump (hybridAnswer)`);
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

export function readHeldOut(file: string, { answer = false } = {}): HeldOutRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => heldOutRow(JSON.parse(l) as HeldOutRow | PageStageRow, answer));
}
