import { describe, expect, it } from "vitest";
import { DomainState } from "../../src/core/domain-state";
import { blockFeatures, FEATURE_NAMES } from "../../src/core/features";
import { DEFAULT_MODEL, hybridVerdicts } from "../../src/core/hybrid";
import { CONTEXT_FEATURES, contributions, margin, type Scorer } from "../../src/core/model";
import { classifyPageHybrid, ingestPage, preparePage } from "../../src/core/pipeline";
import { article, articleHtml, TEMPLATE_TEXT } from "../fixtures/synthetic-site";

const prepared = (n: number, host = "www.example.com") => preparePage({ body: articleHtml(n), url: `https://${host}/news/story-${n}.html` });

describe("the shipped model", () => {
  it("matches the feature layout the code computes", () => {
    expect(DEFAULT_MODEL.version).toBe(2);
    expect(DEFAULT_MODEL.features).toEqual([...FEATURE_NAMES, ...CONTEXT_FEATURES]);
    const f = blockFeatures(prepared(1).page.blocks, "t", null);
    expect(f[0]!.length).toBe(FEATURE_NAMES.length);
    expect(DEFAULT_MODEL.threshold).toBeGreaterThan(0);
    expect(DEFAULT_MODEL.threshold).toBeLessThan(1);
  });

  it("explains a tree score by attributions that sum to the margin", () => {
    const scorer: Scorer = { kind: "trees", base: 0.5, trees: [{ f: [0, -1, 1, -1, -1], t: [0.5, 0, 2, 0, 0], l: [1, -1, 3, -1, -1], r: [2, -1, 4, -1, -1], v: [0, -1, 0.4, 1, 2] }] };
    const x = [0.9, 3];
    expect(margin(scorer, x)).toBeCloseTo(2.5);
    const c = contributions(scorer, x);
    expect(c[0]! + c[1]! + 0.5 + 0).toBeCloseTo(2.5);
    expect(c[1]).toBeCloseTo(1.6);
  });
});

describe("hybrid classification", () => {
  it("is deterministic and names its evidence", () => {
    const p = prepared(3);
    const a = classifyPageHybrid(null, p, false, true);
    const b = classifyPageHybrid(null, p, false, true);
    expect(a.verdicts).toEqual(b.verdicts);
    expect(a.method).toBe("cold-start");
    for (const v of a.verdicts) expect(v.rule).toMatch(/^model p=\d\.\d{3} \(.*\)$/);
    const quiet = classifyPageHybrid(null, p, false, false);
    expect(quiet.verdicts.map((v) => v.label)).toEqual(a.verdicts.map((v) => v.label));
    for (const v of quiet.verdicts) expect(v.rule).toMatch(/^model p=\d\.\d{3}$/);
  });

  it("keeps the article on a cold start, from the first page of a site", () => {
    const { text } = classifyPageHybrid(null, prepared(4), false);
    for (const para of article(4).paragraphs) expect(text).toContain(para);
  });

  it("drops the template once the tree knows the site, and labels new blocks unseen", () => {
    const state = new DomainState("example.com");
    let last = classifyPageHybrid(state, prepared(1));
    for (let n = 1; n <= 8; n++) {
      const p = prepared(n);
      ingestPage(state, p, n);
      last = classifyPageHybrid(state, p);
    }
    expect(last.method).toBe("tree");
    for (const t of Object.values(TEMPLATE_TEXT)) expect(last.text).not.toContain(t);
    for (const para of article(8).paragraphs) expect(last.text).toContain(para);
    const p8 = prepared(8);
    const paragraph = p8.page.blocks.findIndex((b) => b.text === article(8).paragraphs[0]);
    expect(last.verdicts[paragraph]!.label).toBe("content-unseen");
    const masthead = p8.page.blocks.findIndex((b) => b.text === TEMPLATE_TEXT.masthead);
    expect(last.verdicts[masthead]!.label).toBe("boilerplate");
    expect(last.verdicts[masthead]!.rule).toMatch(/^tree template: in 7 of 7 other documents/);
    expect(last.verdicts[masthead]!.node).toContain("example.com");
  });

  it("single-page mode ignores the tree", () => {
    const state = new DomainState("example.com");
    for (let n = 1; n <= 6; n++) ingestPage(state, prepared(n), n);
    const withTree = classifyPageHybrid(state, prepared(6), true);
    const alone = classifyPageHybrid(state, prepared(6), false);
    expect(alone.verdicts.every((v) => v.support === 0)).toBe(true);
    expect(withTree.verdicts.some((v) => v.support > 0)).toBe(true);
  });

  it("uses precomputed features when given, with the same result", () => {
    const p = prepared(5);
    const features = blockFeatures(p.page.blocks, p.page.title, null);
    expect(hybridVerdicts({ page: p.page, evidence: null, features })).toEqual(hybridVerdicts({ page: p.page, evidence: null }));
  });
});
