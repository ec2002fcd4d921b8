/**
 * The block classifier, trained offline by scripts/train.ts and shipped as data
 * (model-weights.json): two stacked scorers, each a logistic regression or boosted trees. Stage 1
 * scores each block from its own features; stage 2 adds the stage-1 scores of its neighbours and
 * siblings, because content comes in runs (Web2Text's sequence smoothing, in one pass).
 */
import MODEL from "./model-weights.json";
import type { TextBlock } from "./types";

/** One regression tree, flat: node i splits on feature f[i] at t[i] (x <= t goes left), or is a leaf (f = -1). */
export interface FlatTree {
  f: number[];
  t: number[];
  l: number[];
  r: number[];
  /** Leaf value; for internal nodes the value before the split (used for explanations). */
  v: number[];
}

export type Scorer = { kind: "linear"; w: number[] } | { kind: "trees"; base: number; trees: FlatTree[] };

export interface ModelWeights {
  version: 2;
  features: string[];
  stage1: Scorer;
  stage2: Scorer;
  threshold: number;
  /** Where the weights came from: corpora, date, cross-validated scores. */
  trainedOn: string;
}

/** The shipped model (written by scripts/train.ts). */
export const DEFAULT_MODEL = MODEL as unknown as ModelWeights;

export const CONTEXT_FEATURES = [
  "ctx:p",
  "ctx:prev1",
  "ctx:next1",
  "ctx:prev2",
  "ctx:next2",
  "ctx:window",
  "ctx:siblings",
  "ctx:pageMax",
  "ctx:massBefore",
  "ctx:inSpan",
];

/** A block this likely to be content, and this long, anchors the main content's span. */
const ANCHOR_P = 0.8;
const ANCHOR_CHARS = 80;

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** The raw score (log-odds) of one input vector. */
export function margin(s: Scorer, x: ArrayLike<number>): number {
  if (s.kind === "linear") {
    let z = 0;
    for (let i = 0; i < x.length; i++) z += s.w[i]! * x[i]!;
    return z;
  }
  let z = s.base;
  for (const tree of s.trees) {
    let n = 0;
    while (tree.f[n]! >= 0) n = x[tree.f[n]!]! <= tree.t[n]! ? tree.l[n]! : tree.r[n]!;
    z += tree.v[n]!;
  }
  return z;
}

/**
 * A trees scorer laid out for evaluation: every tree's nodes in one set of typed arrays (child
 * indexes made absolute), so scoring a block walks flat memory instead of 160 objects of boxed
 * arrays. Same thresholds, leaves and summation order as `margin`, so the same scores to the bit.
 */
interface CompiledTrees {
  roots: Int32Array;
  f: Int32Array;
  t: Float64Array;
  l: Int32Array;
  r: Int32Array;
  v: Float64Array;
  /** Trees compiled: a scorer whose tree list changed since (training) is compiled again. */
  count: number;
}

const compiled = new WeakMap<Scorer, CompiledTrees>();

function compileTrees(s: Extract<Scorer, { kind: "trees" }>): CompiledTrees {
  const cached = compiled.get(s);
  if (cached && cached.count === s.trees.length) return cached;
  const size = s.trees.reduce((n, tree) => n + tree.f.length, 0);
  const out: CompiledTrees = {
    roots: new Int32Array(s.trees.length),
    f: new Int32Array(size),
    t: new Float64Array(size),
    l: new Int32Array(size),
    r: new Int32Array(size),
    v: new Float64Array(size),
    count: s.trees.length,
  };
  let at = 0;
  s.trees.forEach((tree, i) => {
    out.roots[i] = at;
    for (let n = 0; n < tree.f.length; n++) {
      out.f[at + n] = tree.f[n]!;
      out.t[at + n] = tree.t[n]!;
      out.l[at + n] = at + tree.l[n]!;
      out.r[at + n] = at + tree.r[n]!;
      out.v[at + n] = tree.v[n]!;
    }
    at += tree.f.length;
  });
  compiled.set(s, out);
  return out;
}

/** `margin`, through the compiled layout for trees. */
function fastMargin(s: Scorer, x: ArrayLike<number>): number {
  if (s.kind === "linear") return margin(s, x);
  const { roots, f, t, l, r, v } = compileTrees(s);
  let z = s.base;
  for (let i = 0; i < roots.length; i++) {
    let n = roots[i]!;
    while (f[n]! >= 0) n = x[f[n]!]! <= t[n]! ? l[n]! : r[n]!;
    z += v[n]!;
  }
  return z;
}

/** Per-feature contributions to the margin (linear terms, or Saabas path attributions for trees). */
export function contributions(s: Scorer, x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(x.length);
  if (s.kind === "linear") {
    for (let i = 0; i < x.length; i++) out[i] = s.w[i]! * x[i]!;
    return out;
  }
  for (const tree of s.trees) {
    let n = 0;
    while (tree.f[n]! >= 0) {
      const f = tree.f[n]!;
      const next = x[f]! <= tree.t[n]! ? tree.l[n]! : tree.r[n]!;
      out[f]! += tree.v[next]! - tree.v[n]!;
      n = next;
    }
  }
  return out;
}

/** Stage-2 input: the block's own features followed by its context scores. */
export function contextFeatures(
  blocks: readonly Pick<TextBlock, "path" | "text">[],
  features: readonly Float64Array[],
  p1: readonly number[],
): Float64Array[] {
  const n = blocks.length;
  const parent = blocks.map((b) => b.path.slice(0, Math.max(0, b.path.lastIndexOf(">"))));
  const weightOf = blocks.map((b) => Math.log1p(b.text.length));
  const siblings = new Map<string, { sum: number; weight: number }>();
  blocks.forEach((_, i) => {
    const s = siblings.get(parent[i]!) ?? { sum: 0, weight: 0 };
    s.sum += p1[i]! * weightOf[i]!;
    s.weight += weightOf[i]!;
    siblings.set(parent[i]!, s);
  });
  const pageMax = p1.reduce((m, p) => Math.max(m, p), 0);
  // Where the page's likely content lies: its cumulative mass, and the span between the first and
  // last confident long block. What follows the article (related lists, comments) falls outside.
  const mass = blocks.map((b, i) => p1[i]! * b.text.length);
  const totalMass = mass.reduce((a, b) => a + b, 0);
  let first = -1;
  let last = -1;
  blocks.forEach((b, i) => {
    if (p1[i]! >= ANCHOR_P && b.text.length >= ANCHOR_CHARS) {
      if (first < 0) first = i;
      last = i;
    }
  });
  let before = 0;
  // All inputs are views of one buffer, as blockFeatures' vectors are (a typed array per block is costly).
  const all = new ArrayBuffer(features.reduce((size, f) => size + f.length + CONTEXT_FEATURES.length, 0) * 8);
  let offset = 0;
  return features.map((f, i) => {
    const out = new Float64Array(all, offset, f.length + CONTEXT_FEATURES.length);
    offset += out.byteLength;
    out.set(f);
    let k = f.length;
    out[k++] = p1[i]!;
    out[k++] = i > 0 ? p1[i - 1]! : 0;
    out[k++] = i + 1 < n ? p1[i + 1]! : 0;
    out[k++] = i > 1 ? p1[i - 2]! : 0;
    out[k++] = i + 2 < n ? p1[i + 2]! : 0;
    let sum = 0;
    let weight = 0;
    for (let j = Math.max(0, i - 5); j <= Math.min(n - 1, i + 5); j++) {
      if (j === i) continue;
      sum += p1[j]! * weightOf[j]!;
      weight += weightOf[j]!;
    }
    out[k++] = weight > 0 ? sum / weight : 0;
    const s = siblings.get(parent[i]!)!;
    out[k++] = s.weight > 0 ? s.sum / s.weight : 0;
    out[k++] = pageMax;
    out[k++] = totalMass > 0 ? before / totalMass : 0;
    before += mass[i]!;
    out[k++] = first >= 0 && i >= first && i <= last ? 1 : 0;
    return out;
  });
}

export interface Prediction {
  /** Stage-1 probability that the block is content. */
  p1: number;
  /** Final probability (stage 2). */
  p: number;
  /** The stage-2 inputs, for explanations. */
  input: Float64Array;
}

export function predictBlocks(
  weights: ModelWeights,
  blocks: readonly Pick<TextBlock, "path" | "text">[],
  features: readonly Float64Array[],
): Prediction[] {
  const p1 = features.map((f) => sigmoid(fastMargin(weights.stage1, f)));
  const inputs = contextFeatures(blocks, features, p1);
  return inputs.map((input, i) => ({ p1: p1[i]!, p: sigmoid(fastMargin(weights.stage2, input)), input }));
}

/** The features that pushed a block's final score most, signed: the evidence debug output names. */
export function topEvidence(weights: ModelWeights, input: Float64Array, k = 3): string[] {
  const c = contributions(weights.stage2, input);
  return [...c]
    .map((v, i) => ({ name: weights.features[i] ?? `f${i}`, v }))
    .filter((x) => x.name !== "bias" && Math.abs(x.v) > 1e-4)
    .sort((a, b) => Math.abs(b.v) - Math.abs(a.v))
    .slice(0, k)
    .map((x) => `${x.name}${x.v >= 0 ? "+" : ""}${x.v.toFixed(2)}`);
}
