import { describe, expect, it } from "vitest";
import { COSTED_KINDS, costedRun } from "../../scripts/lib/kind-costs";
import { kindScores } from "../../src/core/page-kind";
import { trainKindModel, type KindSample } from "../../scripts/lib/kind-training";
import { mean } from "../../scripts/lib/stats";

describe("kind cost table", () => {
  it("scores a page under every kind, the model's and other", () => {
    const asked: string[] = [];
    const run = costedRun({ linkShare: 0.1 }, false, (kind) => {
      asked.push(kind);
      return { p: 1, r: 0.5, f1: kind === "thread" ? 0.9 : 0.4 };
    });
    expect(asked).toEqual(COSTED_KINDS);
    expect(COSTED_KINDS).toContain("other");
    expect(run.scores.thread).toEqual([1, 0.5, 0.9]);
    expect(run.scores.article).toEqual([1, 0.5, 0.4]);
  });

  it("scores an interstitial once: its kind is not the model's, so every kind scores the same", () => {
    let calls = 0;
    const run = costedRun({}, true, () => ({ p: 0.2, r: 0.3, f1: 0.25 + calls++ }));
    expect(calls).toBe(1);
    expect(new Set(Object.values(run.scores).map((s) => s[2])).size).toBe(1);
  });
});

describe("kind model sample weights", () => {
  // Two kinds told apart by one signal; the ambiguous middle goes to the kind whose pages weigh more.
  const samples = (threadWeight: number): KindSample[] =>
    Array.from({ length: 40 }, (_, i) => ({
      site: `s${i}`,
      kind: i % 2 ? "thread" : "article",
      signals: { x: (i % 2 ? 0.6 : 0.4) + ((i % 5) - 2) * 0.05 },
      weight: i % 2 ? threadWeight : 1,
    }));
  const middle = { x: 0.5 };
  const threadOdds = (w: number) => {
    const scores = kindScores(middle, trainKindModel(samples(w), { l2: 1e-4, epochs: 300 }));
    return scores.thread! / scores.article!;
  };

  it("leans the model toward the kind whose pages cost more to miss", () => {
    expect(threadOdds(4)).toBeGreaterThan(threadOdds(1));
  });
});

describe("mean", () => {
  it("is 0 for no values", () => {
    expect(mean([])).toBe(0);
    expect(mean([1, 2, 6])).toBe(3);
  });
});
