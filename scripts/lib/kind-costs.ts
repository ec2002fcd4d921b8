/**
 * What each page kind costs each page: the page's F1 (hybrid and single-page) with its kind forced to
 * each kind in turn, through the whole page-level stage (scripts/page-stage-cv.ts --kind-table). A
 * kind model trained for what its errors cost reads this table: an article taken for a thread loses
 * far more F1 than the reverse, which plain accuracy does not know.
 */
import type { PageSignals } from "../../src/core/page-kind";
import { KIND_CLASSES } from "./kind-training";
import type { Scores } from "./scorer";

/** The kinds a page can be forced to: the model's classes, and "other" (below MIN_KIND_PROBABILITY). */
export const COSTED_KINDS = [...KIND_CLASSES, "other"];

/** One run of a page (hybrid or single-page): the kind signals it read and its F1 under each kind. */
export interface CostedRun {
  signals: PageSignals;
  /** The page is an interstitial: its kind is not the model's, and every kind scores the same. */
  interstitial: boolean;
  /** Per kind of COSTED_KINDS: [precision, recall, F1]. */
  scores: Record<string, [number, number, number]>;
}

export interface CostedPage {
  key: string;
  corpus: string;
  site: string;
  type?: string;
  fold: number;
  hybrid: CostedRun;
  single: CostedRun;
}

export interface KindCostTable {
  folds: number;
  pages: CostedPage[];
  /** Per fold, the kind signals of its kind-training pages (from the fold's own block model). */
  trainingSignals: Record<string, PageSignals>[];
}

/** A run's scores per forced kind, from `scoreAs` (the page's F1 with its kind forced to `kind`). */
export function costedRun(signals: PageSignals, interstitial: boolean, scoreAs: (kind: string) => Scores): CostedRun {
  const scores: CostedRun["scores"] = {};
  const once = interstitial ? scoreAs("other") : null;
  for (const kind of COSTED_KINDS) {
    const s = once ?? scoreAs(kind);
    scores[kind] = [s.p, s.r, s.f1];
  }
  return { signals, interstitial, scores };
}
