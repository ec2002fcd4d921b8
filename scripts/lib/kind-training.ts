/**
 * How the page-kind model (src/core/page-kind.ts) is trained, in one place for scripts/eval-kind.ts
 * (which writes the shipped weights) and the cross-validation of the whole decision (cv.ts, the gate,
 * page-stage-cv.ts): there each fold trains its own kind model on the fold's training pages, as it
 * trains its own block model, so no held-out page's kind was learned from that page.
 *
 * The kind labels are the WCXB page types of train-wcxb-dev (forum is our "thread", collection our
 * "listing"); the signals read the block model's cold-start probabilities of the same pages (for
 * the shipped model the shipped block model's, for a fold its own block model's), as the service
 * reads that model's probabilities before deciding the kind.
 */
import { predictBlocks, type ModelWeights } from "../../src/core/model";
import { pageSignals, type KindModel, type PageSignals } from "../../src/core/page-kind";
import type { SegmentedPage } from "../../src/core/types";
import { pack, trainLogReg } from "./logreg";
import type { TrainingPage } from "./training";

/** The corpus whose page types teach the kind model; single-wcxb-dev stays eval-kind's held-out set. */
export const KIND_TRAINING_CORPUS = "train-wcxb-dev";

export const KIND_CLASSES = ["article", "thread", "product", "listing", "documentation", "service"];
const TYPE_TO_KIND: Record<string, string> = { forum: "thread", collection: "listing" };

/** The kind a corpus page type names, or undefined for an untyped page. */
export function kindOfType(type: string | undefined): string | undefined {
  if (!type) return undefined;
  const kind = TYPE_TO_KIND[type] ?? type;
  return KIND_CLASSES.includes(kind) ? kind : undefined;
}

export interface KindSample {
  site: string;
  kind: string;
  signals: PageSignals;
  /** How much the sample counts, over its class's weight (default 1): a cost-sensitive weight. */
  weight?: number;
}

export interface KindTrainingOptions {
  /** The signals the model reads (default: every signal pageSignals gives). */
  features?: readonly string[];
  l2: number;
  epochs: number;
}

export const DEFAULT_KIND_TRAINING: KindTrainingOptions = { l2: 1e-4, epochs: 400 };

/**
 * One-vs-rest logistic regressions; rows weigh the square root of their class's inverse frequency,
 * between plain accuracy (articles would swamp the rare kinds) and balanced classes.
 */
export function trainKindModel(samples: readonly KindSample[], options = DEFAULT_KIND_TRAINING): KindModel {
  if (samples.length === 0) throw new Error(`no typed ${KIND_TRAINING_CORPUS} pages to train the kind model on`);
  const features = [...(options.features ?? Object.keys(samples[0]?.signals ?? {}))];
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
  const inputs = samples.map((s) => Float64Array.from([1, ...features.map((f) => s.signals[f] ?? 0)]));
  const weights = KIND_CLASSES.map((kind) => {
    const rows = samples.map((s, i) => ({
      f: inputs[i]!,
      y: s.kind === kind ? 1 : 0,
      w: (s.weight ?? 1) / Math.sqrt(counts.get(s.kind)!),
    }));
    return trainLogReg(pack(rows), { epochs: options.epochs, lr: 0.05, l2: options.l2 });
  });
  return { classes: KIND_CLASSES, features, weights };
}

/** A page as the kind model learns from it (a TrainingPage is one). */
export interface KindPage extends SegmentedPage {
  corpus: string;
  site: string;
  type?: string;
  /** The URL the service reads (the page's URL key). */
  url: string;
}

/** The pages among `pages` the kind model learns from: the kind corpus's typed pages. */
export function kindTrainingPages<P extends KindPage>(pages: readonly P[]): P[] {
  return pages.filter((p) => p.corpus === KIND_TRAINING_CORPUS && kindOfType(p.type) !== undefined);
}

/**
 * The kind samples among `pages` (kindTrainingPages), their signals computed from
 * `coldProbabilities` (the block model's, without tree evidence).
 */
export function kindSamples<P extends KindPage>(
  pages: readonly P[],
  coldProbabilities: (page: P) => readonly number[],
): KindSample[] {
  return kindTrainingPages(pages).map((p) => ({
    site: p.site,
    kind: kindOfType(p.type)!,
    signals: pageSignals(p, coldProbabilities(p), p.url),
  }));
}

/** A block model's cold-start probabilities of a prepared page: what the kind signals read. */
export function coldProbabilities(model: ModelWeights, page: TrainingPage): number[] {
  return predictBlocks(model, page.blocks, page.cold).map((x) => x.p);
}
