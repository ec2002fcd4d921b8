/**
 * Gradient-boosted decision trees for weighted logistic loss, histogram-based (features binned
 * into at most 32 quantile bins), grown depth-wise. Deterministic: whether a row is in a tree's sample
 * is a hash of the row's identity (`Dataset.keys`), the round and `seed` (row-sample.ts), so the same
 * rows and options give the same trees, and another page in the data changes no other row's draws.
 * The trees are written in the flat form src/core/model.ts evaluates.
 */
import type { Dataset } from "./logreg";
import type { FlatTree } from "../../src/core/model";
import { inSample } from "./row-sample";

export interface GbdtOptions {
  trees?: number;
  depth?: number;
  learningRate?: number;
  lambda?: number;
  minHessian?: number;
  bins?: number;
  /** Share of rows each tree is grown on (stochastic gradient boosting), drawn per row identity. */
  subsample?: number;
  /** The row-sampling seed (32-bit); another seed measures how much a figure owes to the draw. */
  seed?: number;
}

function quantileEdges(values: Float32Array, dim: number, j: number, rows: number, bins: number): number[] {
  const step = Math.max(1, Math.floor(rows / 20000));
  const sample: number[] = [];
  for (let r = 0; r < rows; r += step) sample.push(values[r * dim + j]!);
  sample.sort((a, b) => a - b);
  const edges: number[] = [];
  for (let b = 1; b < bins; b++) {
    const v = sample[Math.floor((b / bins) * (sample.length - 1))]!;
    if (edges.length === 0 || v > edges[edges.length - 1]!) edges.push(v);
  }
  return edges; // bin k holds values <= edges[k]; the last bin holds the rest
}

export function trainGbdt(data: Dataset, options: GbdtOptions = {}): { base: number; trees: FlatTree[] } {
  const { x, y, w, dim, rows, keys } = data;
  const nTrees = options.trees ?? 150;
  const maxDepth = options.depth ?? 5;
  const lr = options.learningRate ?? 0.15;
  const lambda = options.lambda ?? 1e-3;
  const bins = options.bins ?? 32;

  const edges: number[][] = [];
  for (let j = 0; j < dim; j++) edges.push(quantileEdges(x, dim, j, rows, bins));
  const binned = new Uint8Array(rows * dim);
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j < dim; j++) {
      const e = edges[j]!;
      const v = x[r * dim + j]!;
      let lo = 0;
      let hi = e.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= e[mid]!) hi = mid;
        else lo = mid + 1;
      }
      binned[r * dim + j] = lo;
    }
  }
  let totalW = 0;
  let posW = 0;
  for (let r = 0; r < rows; r++) {
    totalW += w[r]!;
    posW += w[r]! * y[r]!;
  }
  const prior = Math.min(0.99, Math.max(0.01, posW / totalW));
  const base = Math.log(prior / (1 - prior));
  const minHessian = options.minHessian ?? totalW * 1e-4;
  const score = new Float64Array(rows).fill(base);
  const g = new Float64Array(rows);
  const h = new Float64Array(rows);
  const trees: FlatTree[] = [];
  const subsample = options.subsample ?? 0.35;
  const seed = (options.seed ?? 0x9e3779b9) >>> 0;
  const histogram = (idx: Int32Array): { G: Float64Array; H: Float64Array } => {
    const G = new Float64Array(dim * bins);
    const H = new Float64Array(dim * bins);
    for (const r of idx) {
      const off = r * dim;
      const gr = g[r]!;
      const hr = h[r]!;
      for (let j = 0; j < dim; j++) {
        const k = j * bins + binned[off + j]!;
        G[k]! += gr;
        H[k]! += hr;
      }
    }
    return { G, H };
  };

  for (let t = 0; t < nTrees; t++) {
    for (let r = 0; r < rows; r++) {
      const p = 1 / (1 + Math.exp(-score[r]!));
      g[r] = w[r]! * (p - y[r]!);
      h[r] = Math.max(1e-12, w[r]! * p * (1 - p));
    }
    const tree: FlatTree = { f: [], t: [], l: [], r: [], v: [] };
    const addNode = () => {
      tree.f.push(-1);
      tree.t.push(0);
      tree.l.push(-1);
      tree.r.push(-1);
      tree.v.push(0);
      return tree.f.length - 1;
    };
    // Leaves are fitted on the sample but applied to every row, so scores stay exact for all.
    const applyLeaf = (node: number, value: number) => {
      tree.v[node] = value;
    };
    const grow = (node: number, idx: Int32Array, depth: number, hist: { G: Float64Array; H: Float64Array }) => {
      let G = 0;
      let H = 0;
      for (const r of idx) {
        G += g[r]!;
        H += h[r]!;
      }
      const leafValue = (-G / (H + lambda)) * lr;
      // Internal nodes keep their own value too: explanations credit each split with the change.
      tree.v[node] = leafValue;
      if (depth >= maxDepth || H < 2 * minHessian || idx.length < 4) {
        applyLeaf(node, leafValue);
        return;
      }
      const histG = hist.G;
      const histH = hist.H;
      const parentGain = (G * G) / (H + lambda);
      let best = 0;
      let bestJ = -1;
      let bestBin = -1;
      for (let j = 0; j < dim; j++) {
        let gl = 0;
        let hl = 0;
        const nb = edges[j]!.length;
        for (let b = 0; b < nb; b++) {
          gl += histG[j * bins + b]!;
          hl += histH[j * bins + b]!;
          const hr = H - hl;
          if (hl < minHessian || hr < minHessian) continue;
          const gr = G - gl;
          const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parentGain;
          if (gain > best) {
            best = gain;
            bestJ = j;
            bestBin = b;
          }
        }
      }
      if (bestJ < 0) {
        applyLeaf(node, leafValue);
        return;
      }
      let nl = 0;
      for (const r of idx) if (binned[r * dim + bestJ]! <= bestBin) nl++;
      const left = new Int32Array(nl);
      const right = new Int32Array(idx.length - nl);
      let a = 0;
      let c = 0;
      for (const r of idx) {
        if (binned[r * dim + bestJ]! <= bestBin) left[a++] = r;
        else right[c++] = r;
      }
      tree.f[node] = bestJ;
      tree.t[node] = edges[bestJ]![bestBin]!;
      const ln = addNode();
      const rn = addNode();
      tree.l[node] = ln;
      tree.r[node] = rn;
      // Histogram subtraction: scan the smaller child, derive the larger from the parent.
      const small = left.length <= right.length ? left : right;
      const smallHist = depth + 1 < maxDepth ? histogram(small) : { G: new Float64Array(0), H: new Float64Array(0) };
      let largeHist = smallHist;
      if (depth + 1 < maxDepth) {
        const G2 = new Float64Array(dim * bins);
        const H2 = new Float64Array(dim * bins);
        for (let k = 0; k < G2.length; k++) {
          G2[k] = histG[k]! - smallHist.G[k]!;
          H2[k] = histH[k]! - smallHist.H[k]!;
        }
        largeHist = { G: G2, H: H2 };
      }
      grow(ln, left, depth + 1, small === left ? smallHist : largeHist);
      grow(rn, right, depth + 1, small === left ? largeHist : smallHist);
    };
    const picked: number[] = [];
    for (let r = 0; r < rows; r++) if (inSample(keys[r]!, t, seed, subsample)) picked.push(r);
    const sample = Int32Array.from(picked);
    grow(addNode(), sample, 0, histogram(sample));
    // Apply the new tree to every row.
    for (let r = 0; r < rows; r++) {
      let n = 0;
      const off = r * dim;
      while (tree.f[n]! >= 0) n = x[off + tree.f[n]!]! <= tree.t[n]! ? tree.l[n]! : tree.r[n]!;
      score[r]! += tree.v[n]!;
    }
    // Thresholds stay unrounded: they are data values, and rounding would move ties across a split.
    tree.v = tree.v.map((v) => Number(v.toFixed(5)));
    trees.push(tree);
  }
  return { base: Number(base.toFixed(5)), trees };
}
