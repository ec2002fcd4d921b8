/**
 * A small unified line diff (LCS table), enough to review golden-file changes in a terminal
 * without a dependency. Quadratic in lines, which is fine for pages of a few hundred lines.
 */

type Op = { kind: " " | "-" | "+"; line: string };

function diffOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ kind: " ", line: a[i++]! });
      j++;
    } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Deletions before insertions on ties, as in git's output.
      ops.push({ kind: "-", line: a[i++]! });
    } else {
      ops.push({ kind: "+", line: b[j++]! });
    }
  }
  return ops;
}

/** Unified diff of two texts with `context` lines around changes; "" when they are equal. */
export function unifiedDiff(before: string, after: string, labels: { from: string; to: string }, context = 3): string {
  if (before === after) return "";
  const ops = diffOps(before.split("\n"), after.split("\n"));
  const changed = ops.map((op, k) => (op.kind !== " " ? k : -1)).filter((k) => k >= 0);
  const out = [`--- ${labels.from}`, `+++ ${labels.to}`];
  let k = 0;
  while (k < changed.length) {
    // Grow a hunk while the next change is within two contexts of the previous one.
    const start = Math.max(0, changed[k]! - context);
    let last = changed[k]!;
    while (k + 1 < changed.length && changed[k + 1]! - last <= 2 * context) last = changed[++k]!;
    const end = Math.min(ops.length, last + context + 1);
    k++;
    let oldLine = 1;
    let newLine = 1;
    for (let p = 0; p < start; p++) {
      if (ops[p]!.kind !== "+") oldLine++;
      if (ops[p]!.kind !== "-") newLine++;
    }
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((op) => op.kind !== "+").length;
    const newCount = hunk.filter((op) => op.kind !== "-").length;
    out.push(`@@ -${oldLine},${oldCount} +${newLine},${newCount} @@`);
    for (const op of hunk) out.push(op.kind + op.line);
  }
  return out.join("\n") + "\n";
}
