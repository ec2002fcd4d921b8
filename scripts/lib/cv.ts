/**
 * Site-grouped cross-validation of the hybrid model, shared by `npm run train` (the figure that
 * predicts unseen sites) and the CI gate (the floors): pages fall into folds by a hash of their
 * site, so no site is ever in both training and test; each fold's model is trained exactly as the
 * shipped one (training.ts) on the other folds and scores the held-out pages through the service's
 * decision (service-calls.ts) with the team's scorer.
 */
import { CURVE } from "./curve";
import type { KindModel } from "../../src/core/page-kind";
import { coldProbabilities, kindSamples, trainKindModel, type KindPage } from "./kind-training";
import type { Scores } from "./scorer";
import type { BranchEvidence } from "../../src/core/tree-evidence";
import { modelText, modelTexts, type FoldModels } from "./service-calls";
import { trainModel, type TrainingOptions, type TrainingPage } from "./training";

/** Folds of the gate and of `npm run train`: 3 keeps the gate near 3 minutes on 2 cores. */
export const CV_FOLDS = 3;

/** FNV-1a of the site name: a fixed, seed-free assignment of sites to folds. */
export function siteFold(site: string, folds: number): number {
  let h = 2166136261;
  for (let i = 0; i < site.length; i++) h = Math.imul(h ^ site.charCodeAt(i), 16777619);
  return (h >>> 0) % folds;
}

/**
 * Each fold's kind model from cached out-of-fold block probabilities (`kindInFold[fold]`, keyed by
 * `key`, as scripts/page-stage-cv.ts caches them): trained on the fold's training pages only, as
 * crossValidate trains it.
 */
export function foldKindModels<P extends KindPage>(
  kindInFold: readonly Record<string, readonly number[]>[],
  pages: readonly P[],
  key: (page: P) => string,
): KindModel[] {
  return kindInFold.map((probabilities, fold) =>
    trainKindModel(
      kindSamples(
        pages.filter((p) => siteFold(p.site, CV_FOLDS) !== fold),
        (p) => probabilities[key(p)]!,
      ),
    ),
  );
}

/** One held-out page's F1: hybrid (with the tree's evidence) and single-page (without). */
export interface HeldOutScore {
  corpus: string;
  site: string;
  id: string;
  type?: string;
  position: number;
  hybrid: number;
  singlePage: number;
  /** Precision and recall behind `hybrid` and `singlePage`: which of the two a page loses. */
  hybridP: number;
  hybridR: number;
  singlePageP: number;
  singlePageR: number;
  /** F1 of the text answer as served (servedText: the headline once, a stand-in on a page with no content). */
  hybridAnswer: number;
  singlePageAnswer: number;
  /** Hybrid F1 at each threshold of `thresholds`, when asked. */
  sweep: number[];
}

export interface CvOptions {
  folds: number;
  training: TrainingOptions;
  /** Also score the held-out pages at these decision thresholds (tuning; slow). */
  thresholds?: readonly number[];
  /** Skip the single-page answer (experiments that judge the hybrid one; its fields are then NaN). */
  hybridOnly?: boolean;
  onFold?: (fold: number, folds: number) => void;
}

export function crossValidate(
  pages: readonly TrainingPage[],
  prf: (extracted: string, gold: string) => Scores,
  options: CvOptions,
): HeldOutScore[] {
  const scores: HeldOutScore[] = [];
  for (let fold = 0; fold < options.folds; fold++) {
    const training = pages.filter((p) => siteFold(p.site, options.folds) !== fold);
    const model = trainModel(training, options.training);
    // The kind model too is the fold's own: the shipped one has learned the held-out pages' kinds.
    const models: FoldModels = {
      model,
      kindModel: trainKindModel(kindSamples(training, (p) => coldProbabilities(model, p))),
    };
    for (const page of pages.filter((p) => siteFold(p.site, options.folds) === fold)) {
      const hybrid = (m: FoldModels) => prf(modelText(page, page.evidence, m, page.served, page.url), page.gold);
      // The cascade's text (the gate's measure since the first session) and the text answer as served.
      const scored = (evidence: BranchEvidence | null, features: readonly Float64Array[]) => {
        const { text, answer } = modelTexts(page, evidence, models, features, page.url);
        return { text: prf(text, page.gold), answer: prf(answer, page.gold).f1 };
      };
      const none = { text: { p: NaN, r: NaN, f1: NaN }, answer: NaN };
      const { text: served, answer: servedAnswer } = scored(page.evidence, page.served);
      const { text: cold, answer: coldAnswer } = options.hybridOnly ? none : scored(null, page.cold);
      scores.push({
        corpus: page.corpus,
        site: page.site,
        id: page.id,
        type: page.type,
        position: page.position,
        hybrid: served.f1,
        singlePage: cold.f1,
        hybridP: served.p,
        hybridR: served.r,
        singlePageP: cold.p,
        singlePageR: cold.r,
        hybridAnswer: servedAnswer,
        singlePageAnswer: coldAnswer,
        sweep: (options.thresholds ?? []).map((threshold) => hybrid({ ...models, model: { ...model, threshold } }).f1),
      });
    }
    options.onFold?.(fold, options.folds);
  }
  return scores;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export interface CorpusCvSummary {
  pages: number;
  hybrid: number;
  singlePage: number;
  /** The same means over the text answer as served (HeldOutScore's hybridAnswer, singlePageAnswer). */
  answer: { hybrid: number; singlePage: number };
  curve: Record<string, { hybrid: number; singlePage: number; pages: number }>;
  sweep: number[];
}

/** Mean F1 per corpus (pages weigh equally, as in `npm run eval`), with the learning curve. */
export function summarizeCv(scores: readonly HeldOutScore[]): Record<string, CorpusCvSummary> {
  const out: Record<string, CorpusCvSummary> = {};
  for (const corpus of [...new Set(scores.map((s) => s.corpus))].sort()) {
    const own = scores.filter((s) => s.corpus === corpus);
    const curve: CorpusCvSummary["curve"] = {};
    for (const b of CURVE) {
      const inBucket = own.filter((s) => s.position >= b.from && s.position <= b.to);
      if (inBucket.length === 0) continue;
      const hybrid = mean(inBucket.map((s) => s.hybrid));
      curve[b.name] = { hybrid, singlePage: mean(inBucket.map((s) => s.singlePage)), pages: inBucket.length };
    }
    const sweep = (own[0]?.sweep ?? []).map((_, i) => mean(own.map((s) => s.sweep[i]!)));
    const hybrid = mean(own.map((s) => s.hybrid));
    const answer = {
      hybrid: mean(own.map((s) => s.hybridAnswer)),
      singlePage: mean(own.map((s) => s.singlePageAnswer)),
    };
    out[corpus] = { pages: own.length, hybrid, singlePage: mean(own.map((s) => s.singlePage)), answer, curve, sweep };
  }
  return out;
}

/** One line per corpus, as `npm run train` prints it and model-weights.json records it. */
export function cvLine(corpus: string, s: CorpusCvSummary): string {
  const curve = (k: "hybrid" | "singlePage") =>
    Object.entries(s.curve)
      .map(([name, c]) => `${name} ${c[k].toFixed(3)}`)
      .join(" / ");
  return (
    `${corpus}: hybrid F1 ${s.hybrid.toFixed(3)}, single-page F1 ${s.singlePage.toFixed(3)}, ` +
    `curve ${curve("hybrid")} (single-page ${curve("singlePage")})`
  );
}

/** Mean held-out F1 per page type of the corpora that give one (`type` in index.jsonl). */
export function typeLines(scores: readonly HeldOutScore[]): string[] {
  const lines: string[] = [];
  for (const corpus of [...new Set(scores.filter((s) => s.type).map((s) => s.corpus))].sort()) {
    const own = scores.filter((s) => s.corpus === corpus && s.type);
    const types = [...new Set(own.map((s) => s.type!))].sort();
    const parts = types.map((t) => {
      const of = own.filter((s) => s.type === t);
      return `${t} ${mean(of.map((s) => s.hybrid)).toFixed(3)} (${of.length})`;
    });
    lines.push(`${corpus} by type: ${parts.join(", ")}`);
  }
  return lines;
}
