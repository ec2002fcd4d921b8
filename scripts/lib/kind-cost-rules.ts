/**
 * Cost-sensitive page-kind rules, measured by scripts/kind-cost-cv.ts on the kind cost table
 * (scripts/lib/kind-costs.ts): each rule learns a kind decision from a fold's training pages, their
 * signals and what each kind would cost them (their F1 under it), and decides a held-out page's kind
 * from its signals. None beat the shipped rule (plain one-vs-rest, argmax) beyond noise: the figures
 * are in kind-cost-cv.ts.
 */
import { kindScores, MIN_KIND_PROBABILITY, type KindModel, type PageSignals } from "../../src/core/page-kind";
import { siteFold } from "./cv";
import { COSTED_KINDS, type CostedPage } from "./kind-costs";
import { KIND_CLASSES, trainKindModel, type KindSample } from "./kind-training";
import { mean } from "./stats";

/** A kind-training page with its row of the cost table. */
export interface Costed extends KindSample {
  page: CostedPage;
}
/** A learnt decision: a page's kind from its signals. */
export type Decide = (signals: PageSignals) => string;
/** A way of learning the kind decision from a fold's training pages. */
export interface Rule {
  name: string;
  /** `pages`: the table's pages of the fold's training folds (every corpus), for rules that read more than `training`. */
  fit: (training: Costed[], pages: readonly CostedPage[]) => Decide;
}

/** A training page's F1 under a kind: the mean of its hybrid and single-page F1. */
const f1As = (page: CostedPage, kind: string) => (page.hybrid.scores[kind]![2] + page.single.scores[kind]![2]) / 2;
const bestF1 = (page: CostedPage) => Math.max(...COSTED_KINDS.map((k) => f1As(page, k)));

/** The shipped decision: the most probable kind, "other" when none reaches `floor`. */
export function argmaxKind(scores: Record<string, number>, floor = MIN_KIND_PROBABILITY): string {
  let kind = "other";
  let best = floor;
  for (const [c, p] of Object.entries(scores)) if (p > best) [kind, best] = [c, p];
  return kind;
}

export const shipped: Rule = {
  name: "shipped (plain one-vs-rest, argmax)",
  fit: (training) => {
    const model = trainKindModel(training);
    return (s) => argmaxKind(kindScores(s, model));
  },
};

/** Per class pair, the mean F1 a page of true kind j gets as kind k, on the training pages. */
function costMatrix(training: Costed[]): Record<string, Record<string, number>> {
  const m: Record<string, Record<string, number>> = {};
  for (const k of COSTED_KINDS) {
    m[k] = {};
    for (const j of KIND_CLASSES) {
      const of = training.filter((t) => t.kind === j);
      m[k][j] = of.reduce((a, t) => a + f1As(t.page, k), 0) / Math.max(of.length, 1);
    }
  }
  return m;
}

/**
 * The kind of `options.kinds` with the highest expected F1, sum_j p(j) * F1(k | true j): p from the
 * one-vs-rest scores (or the `softmax`'s probabilities) raised to `power` (sharper for a higher
 * power) and normalised, F1(k | j) from costMatrix.
 */
export function expectedF1(options: { power: number; kinds: string[]; softmax?: SoftmaxOptions }): Rule {
  return {
    name: `expected F1 (p^${options.power}, kinds ${options.kinds.length}${options.softmax ? ", softmax" : ""})`,
    fit: (training) => {
      const m = costMatrix(training);
      let probabilities: (signals: PageSignals) => number[];
      if (options.softmax) probabilities = trainSoftmax(training, options.softmax);
      else {
        const model = trainKindModel(training);
        probabilities = (s) => KIND_CLASSES.map((k) => kindScores(s, model)[k]!);
      }
      return (s) => {
        const p = probabilities(s).map((x) => x ** options.power);
        const z = p.reduce((a, b) => a + b, 0) || 1;
        let kind = "other";
        let best = -1;
        for (const k of options.kinds) {
          const e = KIND_CLASSES.reduce((a, j, i) => a + (p[i]! / z) * m[k]![j]!, 0);
          if (e > best) [kind, best] = [k, e];
        }
        return kind;
      };
    },
  };
}

/** Weights: 1 + alpha * the F1 the page loses under its worst kind (against its best). */
function regretWeighted(training: Costed[], alpha: number): Costed[] {
  return training.map((t) => {
    const worst = Math.min(...KIND_CLASSES.map((k) => f1As(t.page, k)));
    return { ...t, weight: 1 + alpha * (bestF1(t.page) - worst) };
  });
}

export function weightedRule(alpha: number): Rule {
  return {
    name: `regret-weighted one-vs-rest (alpha ${alpha})`,
    fit: (training) => {
      const model = trainKindModel(regretWeighted(training, alpha));
      return (s) => argmaxKind(kindScores(s, model));
    },
  };
}

/** Labels = the kind under which the page scores best (its gold kind on a tie within `tie`). */
export function bestKindLabels(tie: number): Rule {
  return {
    name: `labels = best-scoring kind (tie ${tie})`,
    fit: (training) => {
      const relabelled = training.map((t) => {
        const best = bestF1(t.page);
        if (f1As(t.page, t.kind) >= best - tie) return t;
        const kind = KIND_CLASSES.reduce((a, k) => (f1As(t.page, k) > f1As(t.page, a) ? k : a), t.kind);
        return { ...t, kind };
      });
      const model = trainKindModel(relabelled);
      return (s) => argmaxKind(kindScores(s, model));
    },
  };
}

export interface SoftmaxOptions {
  l2: number;
  epochs: number;
  lr: number;
  /** Weight of the cross-entropy of the gold kind. */
  ce: number;
  /** Weight of the expected F1 lost (default 1). */
  cost?: number;
}

/**
 * A softmax over the kinds trained to minimise `cost` times the expected F1 lost (sum_k softmax_k *
 * regret_k) plus `ce` times the cross-entropy of the gold kind, full-batch Adam; gives the kind
 * probabilities of a page's signals.
 */
function trainSoftmax(training: Costed[], options: SoftmaxOptions): (signals: PageSignals) => number[] {
  const features = Object.keys(training[0]!.signals);
  const x = training.map((t) => [1, ...features.map((f) => t.signals[f] ?? 0)]);
  const K = KIND_CLASSES.length;
  const d = features.length + 1;
  const regret = training.map((t) => {
    const best = bestF1(t.page);
    return KIND_CLASSES.map((k) => best - f1As(t.page, k));
  });
  const gold = training.map((t) => KIND_CLASSES.indexOf(t.kind));
  const counts = KIND_CLASSES.map((k) => training.filter((t) => t.kind === k).length);
  const rowWeight = gold.map((g) => 1 / Math.sqrt(counts[g]!));
  const totalW = rowWeight.reduce((a, b) => a + b, 0);
  const W = new Float64Array(K * d);
  const m = new Float64Array(K * d);
  const v = new Float64Array(K * d);
  const grad = new Float64Array(K * d);
  const probabilities = (xi: readonly number[]) => {
    const z = KIND_CLASSES.map((_, k) => {
      let s = 0;
      for (let j = 0; j < d; j++) s += W[k * d + j]! * xi[j]!;
      return s;
    });
    const max = Math.max(...z);
    const e = z.map((s) => Math.exp(s - max));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  };
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    grad.fill(0);
    for (let i = 0; i < x.length; i++) {
      const xi = x[i]!;
      const p = probabilities(xi);
      // d/dz_k of sum_c p_c r_c = p_k (r_k - E[r]); of -log p_g = p_k - [k = g].
      const r = regret[i]!;
      const er = p.reduce((a, pc, c) => a + pc * r[c]!, 0);
      for (let k = 0; k < K; k++) {
        const g =
          (rowWeight[i]! / totalW) *
          ((options.cost ?? 1) * p[k]! * (r[k]! - er) + options.ce * (p[k]! - (k === gold[i] ? 1 : 0)));
        for (let j = 0; j < d; j++) grad[k * d + j]! += g * xi[j]!;
      }
    }
    for (let q = 0; q < K * d; q++) {
      if (q % d !== 0) grad[q]! += options.l2 * W[q]!;
      m[q] = 0.9 * m[q]! + 0.1 * grad[q]!;
      v[q] = 0.999 * v[q]! + 0.001 * grad[q]! * grad[q]!;
      W[q]! -= (options.lr * (m[q]! / (1 - 0.9 ** epoch))) / (Math.sqrt(v[q]! / (1 - 0.999 ** epoch)) + 1e-8);
    }
  }
  return (s) => probabilities([1, ...features.map((f) => s[f] ?? 0)]);
}

/** The most probable kind of the softmax (trainSoftmax). */
export function costSoftmax(options: SoftmaxOptions): Rule {
  return {
    name: `cost softmax (cost ${options.cost ?? 1}, ce ${options.ce}, l2 ${options.l2}, epochs ${options.epochs})`,
    fit: (training) => {
      const probabilities = trainSoftmax(training, options);
      return (s) => {
        const p = probabilities(s);
        return KIND_CLASSES[p.indexOf(Math.max(...p))]!;
      };
    },
  };
}

/** The model's one-vs-rest logits with a bias per kind added (a bias of 0 leaves the kind as it was). */
function biased(model: KindModel, bias: readonly number[]): KindModel {
  return { ...model, weights: model.weights.map((w, k) => [w[0]! + bias[k]!, ...w.slice(1)]) };
}

/**
 * The shipped model with a bias per kind on its logits, chosen to maximise the training pages' mean F1
 * (the table's) under the kinds decided from inner-fold (site-grouped) scores of those pages, by
 * coordinate ascent on a grid. `judged` adds pages (ctf, zyte) whose F1 counts but that teach no kind.
 */
export function tunedBias(options: { inner: number; judged: string[]; rounds: number }): Rule {
  return {
    name: `tuned kind biases (inner ${options.inner} folds, judged also on ${options.judged.join(", ") || "nothing"})`,
    fit: (training, pages) => {
      const extra = pages
        .filter((p) => options.judged.includes(p.corpus))
        .map((page) => ({ site: page.site, kind: "", signals: page.single.signals, page }));
      const judged = [...training, ...extra];
      const inner = (site: string) => siteFold(`inner:${site}`, options.inner);
      const scores: Record<string, number>[] = judged.map(() => ({}));
      for (let f = 0; f < options.inner; f++) {
        const model = trainKindModel(training.filter((t) => inner(t.site) !== f));
        judged.forEach((t, i) => {
          if (inner(t.site) === f) scores[i] = kindScores(t.signals, model);
        });
      }
      const logits = scores.map((s) => KIND_CLASSES.map((k) => Math.log(s[k]! / (1 - s[k]!))));
      const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
      const objective = (bias: number[]) =>
        mean(
          judged.map((t, i) => {
            const shifted = Object.fromEntries(KIND_CLASSES.map((k, c) => [k, sigmoid(logits[i]![c]! + bias[c]!)]));
            return f1As(t.page, argmaxKind(shifted));
          }),
        );
      const bias = KIND_CLASSES.map(() => 0);
      let best = objective(bias);
      for (let round = 0; round < options.rounds; round++)
        for (let c = 0; c < KIND_CLASSES.length; c++)
          for (let b = -2; b <= 2; b += 0.25) {
            const trial = bias.map((x, q) => (q === c ? b : x));
            const o = objective(trial);
            if (o > best + 1e-6) [best, bias[c]] = [o, b];
          }
      console.log(`  fold biases ${bias.join(" ")} (inner objective ${best.toFixed(4)})`);
      const model = biased(trainKindModel(training), bias);
      return (s) => argmaxKind(kindScores(s, model));
    },
  };
}

/** The rule, its training pages joined by the fold's training pages of `corpora` (signals: single-page run's). */
export function withPages(rule: Rule, corpora: string[], label: (page: CostedPage) => string | undefined): Rule {
  return {
    name: `${rule.name} + ${corpora.join(", ")}`,
    fit: (training, pages) => {
      const extra = pages
        .filter((p) => corpora.includes(p.corpus) && label(p))
        .map((page) => ({ site: page.site, kind: label(page)!, signals: page.single.signals, page }));
      return rule.fit([...training, ...extra], pages);
    },
  };
}
