import { describe, expect, it } from "vitest";
import { CURVE_MAX_DOCUMENTS, domainFigures, learningCurve } from "../../src/core/domain-figures";
import { DomainState } from "../../src/core/domain-state";

/** Names stand for blocks; the store's hashes are 32-bit, 8 hex digits. */
const hash = (name: string) =>
  [...name]
    .reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
    .toString(16)
    .padStart(8, "0");
const doc = (...names: string[]) => ({ hashes: names.map(hash) });

describe("learningCurve", () => {
  it("is 0 for the first page, then the share of blocks found in at least half of the earlier pages", () => {
    const curve = learningCurve([doc("nav", "foot", "a1"), doc("nav", "foot", "b1", "b2"), doc("nav", "x", "y", "z")]);
    expect(curve).toEqual([0, 0.5, 0.25]);
  });

  it("counts a block repeated within one page once, and an empty page as 0", () => {
    expect(learningCurve([doc("nav", "a"), doc("nav", "nav", "b"), doc()])).toEqual([0, 0.5, 0]);
  });

  it("needs a block in half of the earlier pages, not just one of them", () => {
    // Page 4 sees "rare" in 1 of 3 earlier pages (below half) and "nav" in 3 of 3.
    const curve = learningCurve([doc("nav", "rare"), doc("nav", "b"), doc("nav", "c"), doc("nav", "rare")]);
    expect(curve[3]).toBe(0.5);
  });

  it("stops after CURVE_MAX_DOCUMENTS pages", () => {
    const docs = Array.from({ length: CURVE_MAX_DOCUMENTS + 20 }, (_, i) => doc("nav", `own-${i}`));
    expect(new Set(docs.map((d) => d.hashes[1])).size).toBe(docs.length);
    expect(learningCurve(docs)).toHaveLength(CURVE_MAX_DOCUMENTS);
  });
});

describe("domainFigures", () => {
  it("reports documents, nodes and the support along the branch as far as the tree has nodes", () => {
    const state = new DomainState("example.com");
    const block = (name: string) => ({ hash: hash(name), chars: 40 });
    state.ingest("https://example.com/news/1", ["news"], [block("nav"), block("a")], 1000);
    state.ingest("https://example.com/news/2", ["news"], [block("nav"), block("b")], 2000);
    state.ingest("https://example.com/sport/3", ["sport"], [block("nav"), block("c")], 3000);
    const figures = domainFigures(state, ["news", "world"]);
    expect(figures.documents).toBe(3);
    expect(figures.nodes).toBe(3);
    expect(figures.branch).toEqual([
      { node: "example.com", support: 3 },
      { node: "example.com/news", support: 2 },
    ]);
    expect(figures.curve).toEqual([0, 0.5, 0.5]);
    expect([figures.oldest, figures.newest]).toEqual([1000, 3000]);
  });
});
