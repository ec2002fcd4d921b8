/**
 * Weighted, L2-regularised logistic regression trained full-batch with Adam: small and
 * deterministic (no random initialisation, no shuffling), so the same data gives the same weights.
 */

export interface Dataset {
  /** Row-major features, `dim` per row. */
  x: Float32Array;
  y: Uint8Array;
  w: Float32Array;
  dim: number;
  rows: number;
  /** Each row's identity (scripts/lib/row-sample.ts): the boosted trees draw their samples by it. */
  keys: Uint32Array;
}

export function trainLogReg(data: Dataset, options: { epochs?: number; lr?: number; l2?: number } = {}): number[] {
  const { x, y, w, dim, rows } = data;
  const epochs = options.epochs ?? 250;
  const lr = options.lr ?? 0.05;
  const l2 = options.l2 ?? 1e-4;
  const theta = new Float64Array(dim);
  const m = new Float64Array(dim);
  const v = new Float64Array(dim);
  const grad = new Float64Array(dim);
  let totalWeight = 0;
  for (let r = 0; r < rows; r++) totalWeight += w[r]!;
  for (let epoch = 1; epoch <= epochs; epoch++) {
    grad.fill(0);
    for (let r = 0; r < rows; r++) {
      const off = r * dim;
      let z = 0;
      for (let j = 0; j < dim; j++) z += theta[j]! * x[off + j]!;
      const p = 1 / (1 + Math.exp(-z));
      const g = (w[r]! * (p - y[r]!)) / totalWeight;
      if (g === 0) continue;
      for (let j = 0; j < dim; j++) grad[j]! += g * x[off + j]!;
    }
    for (let j = 1; j < dim; j++) grad[j]! += l2 * theta[j]!;
    for (let j = 0; j < dim; j++) {
      m[j] = 0.9 * m[j]! + 0.1 * grad[j]!;
      v[j] = 0.999 * v[j]! + 0.001 * grad[j]! * grad[j]!;
      const mh = m[j]! / (1 - 0.9 ** epoch);
      const vh = v[j]! / (1 - 0.999 ** epoch);
      theta[j]! -= (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return [...theta].map((t) => Number(t.toFixed(5)));
}

/** Packs per-row vectors into a Dataset; a row without a key is known by its index. */
export function pack(rows: { f: Float64Array; y: number; w: number; key?: number }[]): Dataset {
  const dim = rows[0]?.f.length ?? 0;
  const x = new Float32Array(rows.length * dim);
  const y = new Uint8Array(rows.length);
  const w = new Float32Array(rows.length);
  const keys = new Uint32Array(rows.length);
  rows.forEach((r, i) => {
    x.set(r.f, i * dim);
    y[i] = r.y;
    w[i] = r.w;
    keys[i] = r.key ?? i;
  });
  return { x, y, w, dim, rows: rows.length, keys };
}
