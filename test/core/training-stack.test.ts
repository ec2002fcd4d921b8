/** Training's stacking option: stage 2 may learn from stage-1 scores made out of fold, by site. */
import { describe, expect, it } from "vitest";
import { blockFeatures } from "../../src/core/features";
import { preparePage } from "../../src/core/pipeline";
import { DEFAULT_TRAINING, trainModel, type TrainingPage, type TrainingOptions } from "../../scripts/lib/training";

/** A synthetic article: a menu of short links, paragraphs of prose, a footer line; prose is content. */
function page(site: number): TrainingPage {
  const words = (n: number, seed: number) =>
    Array.from(
      { length: n },
      (_, i) => ["river", "stone", "paper", "light", "north", "table"][(i * seed + site) % 6],
    ).join(" ");
  const html =
    `<html><head><title>Story ${site}</title></head><body><nav><ul>` +
    [1, 2, 3, 4].map((i) => `<li><a href="/s${i}">Section ${i + site}</a></li>`).join("") +
    `</ul></nav><article><h1>Story ${site}</h1>` +
    [3, 5, 7, 11].map((seed) => `<p>${words(20 + seed + site, seed)}.</p>`).join("") +
    `</article><footer>Copyright ${site}</footer></body></html>`;
  const url = `https://site${site}.example/story`;
  const { page: p, key, metadata } = preparePage({ body: html, url });
  const cold = blockFeatures(p.blocks, p.title, null);
  return {
    corpus: "synthetic",
    site: `site${site}.example`,
    position: 1,
    gold: "",
    blocks: p.blocks,
    title: p.title,
    labels: Uint8Array.from(p.blocks, (b) => (b.text.split(/\s+/).length >= 15 ? 1 : 0)),
    url: key.key,
    id: String(site),
    evidence: null,
    treeSupport: 0,
    served: cold,
    cold,
    answer: { url, key, metadata },
  };
}

const pages = Array.from({ length: 9 }, (_, i) => page(i));
const options: TrainingOptions = { ...DEFAULT_TRAINING, trees: [6, 4], depth: [2, 2], minHessianShare: 0 };

describe("stacking by site folds", () => {
  it("leaves the served stage 1 alone and trains stage 2 on other scores", () => {
    const plain = trainModel(pages, options);
    const stacked = trainModel(pages, { ...options, stackFolds: 3 });
    expect(pages.some((p) => p.labels.includes(1) && p.labels.includes(0))).toBe(true);
    // Stage 1 is what the service scores blocks with: trained on every page either way.
    expect(stacked.stage1).toEqual(plain.stage1);
    // Stage 2 learnt from scores of stage-1 models that never saw the page's site.
    expect(stacked.stage2).not.toEqual(plain.stage2);
  });

  it("is deterministic, and 0 folds is the plain model", () => {
    expect(trainModel(pages, { ...options, stackFolds: 3 })).toEqual(trainModel(pages, { ...options, stackFolds: 3 }));
    expect(trainModel(pages, { ...options, stackFolds: 0 })).toEqual(trainModel(pages, options));
  });
});
