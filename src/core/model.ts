/**
 * The block classifier, trained offline by scripts/train.ts and shipped as data
 * (model-weights.json): two stacked scorers, each a logistic regression or boosted trees. Stage 1
 * scores each block from its own features; stage 2 adds the stage-1 scores of its neighbours and
 * siblings, because content comes in runs (Web2Text's sequence smoothing, in one pass).
 */
import MODEL from "./model-weights.json";
import { pathPrefixes } from "./path-words";
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
 * A trees scorer laid out for evaluation: every tree made complete to the scorer's depth (a leaf
 * above it repeated over a subtree of splits that lead to it whichever way they go), so children are
 * implicit (node n's are 2n+1 and 2n+2) and every tree is walked in the same fixed number of steps
 * over flat typed arrays, not 160 objects of boxed arrays. Same thresholds, leaves and summation
 * order as `margin`, so the same scores to the bit.
 */
interface CompiledTrees {
  depth: number;
  /** Per tree, its 2^depth - 1 splits in breadth-first order: the feature, and x <= threshold goes left. */
  feature: Int32Array;
  threshold: Float64Array;
  /** Per tree, its 2^depth leaf values, left to right. */
  leaf: Float64Array;
  /** Trees compiled: a scorer whose tree list changed since (training) is compiled again. */
  count: number;
}

/** Deeper trees than this are not made complete (2^depth leaves each): `margin` scores them as they are. */
const MAX_COMPLETE_DEPTH = 10;

/**
 * The depth `completeMargin` walks in written-out steps (four, below): the depth scripts/train.ts grows
 * both stages' trees to (scripts/lib/training.ts). Other depths take the loop.
 */
const UNROLLED_DEPTH = 4;
const UNROLLED_SPLITS = (1 << UNROLLED_DEPTH) - 1;

const compiled = new WeakMap<Scorer, CompiledTrees | null>();

function treeDepth(tree: FlatTree, n = 0): number {
  return tree.f[n]! < 0 ? 0 : 1 + Math.max(treeDepth(tree, tree.l[n]), treeDepth(tree, tree.r[n]));
}

function compileTrees(s: Extract<Scorer, { kind: "trees" }>): CompiledTrees | null {
  const cached = compiled.get(s);
  if (cached !== undefined && (cached === null || cached.count === s.trees.length)) return cached;
  const depth = s.trees.reduce((d, tree) => Math.max(d, treeDepth(tree)), 0);
  if (depth > MAX_COMPLETE_DEPTH) {
    compiled.set(s, null);
    return null;
  }
  const splits = (1 << depth) - 1;
  const leaves = 1 << depth;
  const out: CompiledTrees = {
    depth,
    feature: new Int32Array(splits * s.trees.length),
    threshold: new Float64Array(splits * s.trees.length),
    leaf: new Float64Array(leaves * s.trees.length),
    count: s.trees.length,
  };
  s.trees.forEach((tree, i) => {
    // Original node `n` placed at complete position `at`; a leaf above the full depth fills its subtree.
    const place = (n: number, at: number, level: number): void => {
      if (level === depth) {
        out.leaf[i * leaves + at - splits] = tree.v[n]!;
        return;
      }
      const isLeaf = tree.f[n]! < 0;
      out.feature[i * splits + at] = isLeaf ? 0 : tree.f[n]!;
      out.threshold[i * splits + at] = isLeaf ? Infinity : tree.t[n]!;
      place(isLeaf ? n : tree.l[n]!, 2 * at + 1, level + 1);
      place(isLeaf ? n : tree.r[n]!, 2 * at + 2, level + 1);
    };
    place(0, 0, 0);
  });
  compiled.set(s, out);
  return out;
}

/** `margin` as a function of the input, through the complete layout for trees. */
function marginOf(s: Scorer): (x: ArrayLike<number>) => number {
  const trees = s.kind === "trees" ? compileTrees(s) : null;
  if (!trees || s.kind !== "trees") return (x) => margin(s, x);
  return (x) => completeMargin(s.base, trees, x);
}

function completeMargin(base: number, trees: CompiledTrees, x: ArrayLike<number>): number {
  const { depth, feature, threshold, leaf, count } = trees;
  const splits = (1 << depth) - 1;
  let z = base;
  if (depth === UNROLLED_DEPTH) {
    // The four steps written out: a fifth less time than the loop below, which gives the same leaves.
    for (let i = 0, first = 0; i < count; i++, first += UNROLLED_SPLITS) {
      let n = x[feature[first]!]! <= threshold[first]! ? 1 : 2;
      n = x[feature[first + n]!]! <= threshold[first + n]! ? 2 * n + 1 : 2 * n + 2;
      n = x[feature[first + n]!]! <= threshold[first + n]! ? 2 * n + 1 : 2 * n + 2;
      n = x[feature[first + n]!]! <= threshold[first + n]! ? 2 * n + 1 : 2 * n + 2;
      z += leaf[i * (UNROLLED_SPLITS + 1) + n - UNROLLED_SPLITS]!;
    }
    return z;
  }
  for (let i = 0, first = 0; i < count; i++, first += splits) {
    let n = 0;
    for (let level = 0; level < depth; level++) {
      n = x[feature[first + n]!]! <= threshold[first + n]! ? 2 * n + 1 : 2 * n + 2;
    }
    z += leaf[i * (splits + 1) + n - splits]!;
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

/**
 * The context scores of a page's blocks (stage-2 inputs after the block's own features), from the
 * stage-1 probabilities: computed once per page, written per block where the caller wants them.
 */
class ContextScores {
  private readonly n: number;
  private readonly weightOf: number[];
  /** Each block's sibling group (blocks of one parent path): one map lookup per block, here, not two and another per write. */
  private readonly siblingsOf: { sum: number; weight: number }[];
  private readonly pageMax: number;
  /** Stage-1 mass of the blocks before each one (the running sum, in block order). */
  private readonly massBefore: number[] = [];
  private readonly totalMass: number;
  private first = -1;
  private last = -1;

  constructor(
    blocks: readonly Pick<TextBlock, "path" | "text">[],
    private readonly p1: readonly number[],
  ) {
    this.n = blocks.length;
    this.weightOf = blocks.map((b) => Math.log1p(b.text.length));
    // The same sums, in the same order, as a lookup and a set per block gave.
    const siblings = new Map<string, { sum: number; weight: number }>();
    this.siblingsOf = blocks.map((b, i) => {
      const parent = pathPrefixes(b.path)[0]!;
      let s = siblings.get(parent);
      if (!s) siblings.set(parent, (s = { sum: 0, weight: 0 }));
      s.sum += p1[i]! * this.weightOf[i]!;
      s.weight += this.weightOf[i]!;
      return s;
    });
    this.pageMax = p1.reduce((m, p) => Math.max(m, p), 0);
    // Where the page's likely content lies: its cumulative mass, and the span between the first and
    // last confident long block. What follows the article (related lists, comments) falls outside.
    const mass = blocks.map((b, i) => p1[i]! * b.text.length);
    this.totalMass = mass.reduce((a, b) => a + b, 0);
    blocks.forEach((b, i) => {
      if (p1[i]! >= ANCHOR_P && b.text.length >= ANCHOR_CHARS) {
        if (this.first < 0) this.first = i;
        this.last = i;
      }
    });
    let before = 0;
    for (let i = 0; i < this.n; i++) {
      this.massBefore.push(before);
      before += mass[i]!;
    }
  }

  /** Writes block i's context scores into `out` from index `k`. */
  write(out: Float64Array, k: number, i: number): void {
    const { n, p1, weightOf } = this;
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
    const s = this.siblingsOf[i]!;
    out[k++] = s.weight > 0 ? s.sum / s.weight : 0;
    out[k++] = this.pageMax;
    out[k++] = this.totalMass > 0 ? this.massBefore[i]! / this.totalMass : 0;
    out[k++] = this.first >= 0 && i >= this.first && i <= this.last ? 1 : 0;
  }

  /** Block i's whole stage-2 input in an array of its own. */
  input(f: Float64Array, i: number): Float64Array {
    const out = new Float64Array(f.length + CONTEXT_FEATURES.length);
    out.set(f);
    this.write(out, f.length, i);
    return out;
  }
}

/** Stage-2 input: the block's own features followed by its context scores. */
export function contextFeatures(
  blocks: readonly Pick<TextBlock, "path" | "text">[],
  features: readonly Float64Array[],
  p1: readonly number[],
): Float64Array[] {
  const context = new ContextScores(blocks, p1);
  return features.map((f, i) => context.input(f, i));
}

export interface Prediction {
  /** Stage-1 probability that the block is content. */
  p1: number;
  /** Final probability (stage 2). */
  p: number;
  /** The stage-2 inputs, for explanations. */
  input: Float64Array;
}

/** A prediction whose stage-2 input is built only when read (explanations read it; scoring does not). */
class ScoredBlock implements Prediction {
  constructor(
    readonly p1: number,
    readonly p: number,
    private readonly context: ContextScores,
    private readonly features: Float64Array,
    private readonly index: number,
  ) {}

  get input(): Float64Array {
    return this.context.input(this.features, this.index);
  }
}

export function predictBlocks(
  weights: ModelWeights,
  blocks: readonly Pick<TextBlock, "path" | "text">[],
  features: readonly Float64Array[],
): Prediction[] {
  const p1 = features.map(marginOf(weights.stage1)).map(sigmoid);
  const context = new ContextScores(blocks, p1);
  // Every block's stage-2 input is scored in one reused row: no array per block.
  let row = new Float64Array(0);
  const stage2 = marginOf(weights.stage2);
  return features.map((f, i) => {
    if (row.length !== f.length + CONTEXT_FEATURES.length) row = new Float64Array(f.length + CONTEXT_FEATURES.length);
    row.set(f);
    context.write(row, f.length, i);
    return new ScoredBlock(p1[i]!, sigmoid(stage2(row)), context, f, i);
  });
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
