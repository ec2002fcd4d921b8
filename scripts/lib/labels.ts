/**
 * Block labels for training: which of a page's blocks hold its gold text. By default the word-level
 * LCS alignment of the page with the gold (the measure's own alignment); a block is content when
 * most of its words are aligned. Pages too large for the quadratic table, or LABELS=trigram, use
 * the word-trigram rule: a block is content when most of its word trigrams occur in the gold.
 */
import type { TextBlock } from "../../src/core/types";

export type Tokenize = (text: string) => string[];
export type LabelRule = "lcs" | "trigram";

const MAX_CELLS = 40_000_000;

export function labelBlocks(blocks: readonly TextBlock[], gold: string, tokens: Tokenize, rule: LabelRule): Uint8Array {
  return rule === "trigram" ? trigramLabels(blocks, gold, tokens) : lcsLabels(blocks, gold, tokens);
}

function trigramLabels(blocks: readonly TextBlock[], gold: string, tokens: Tokenize): Uint8Array {
  const g = tokens(gold);
  const grams = new Set<string>();
  for (let i = 0; i + 2 < g.length; i++) grams.add(g[i] + " " + g[i + 1] + " " + g[i + 2]);
  const joined = " " + g.join(" ") + " ";
  return Uint8Array.from(blocks, (b) => {
    const t = tokens(b.text);
    if (t.length === 0) return 0;
    if (t.length < 3) return joined.includes(" " + t.join(" ") + " ") ? 1 : 0;
    let hit = 0;
    for (let i = 0; i + 2 < t.length; i++) if (grams.has(t[i] + " " + t[i + 1] + " " + t[i + 2])) hit++;
    return hit / (t.length - 2) >= 0.5 ? 1 : 0;
  });
}

function lcsLabels(blocks: readonly TextBlock[], gold: string, tokens: Tokenize): Uint8Array {
  const ids = new Map<string, number>();
  const id = (t: string) => ids.get(t) ?? (ids.set(t, ids.size), ids.size - 1);
  const g = tokens(gold).map(id);
  const blockTokens = blocks.map((b) => tokens(b.text));
  const flat: number[] = [];
  const owner: number[] = [];
  blockTokens.forEach((t, bi) => t.forEach((w) => (flat.push(id(w)), owner.push(bi))));
  const n = flat.length;
  const m = g.length;
  if (n === 0 || m === 0) return new Uint8Array(blocks.length);
  if (n * m > MAX_CELLS) return trigramLabels(blocks, gold, tokens);
  const dir = new Uint8Array((n + 1) * (m + 1));
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    const a = flat[i - 1]!;
    for (let j = 1; j <= m; j++) {
      if (a === g[j - 1]) {
        cur[j] = prev[j - 1]! + 1;
        dir[i * (m + 1) + j] = 0;
      } else if (prev[j]! >= cur[j - 1]!) {
        cur[j] = prev[j]!;
        dir[i * (m + 1) + j] = 1;
      } else {
        cur[j] = cur[j - 1]!;
        dir[i * (m + 1) + j] = 2;
      }
    }
    [prev, cur] = [cur, prev];
  }
  const matched = new Float64Array(blocks.length);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const d = dir[i * (m + 1) + j];
    if (d === 0) {
      matched[owner[i - 1]!]! += 1;
      i--;
      j--;
    } else if (d === 1) i--;
    else j--;
  }
  return Uint8Array.from(blocks, (_, bi) => {
    const words = blockTokens[bi]!.length;
    return words > 0 && matched[bi]! / words >= 0.5 ? 1 : 0;
  });
}
