import { describe, expect, it } from "vitest";
import { DomainState } from "../../src/core/domain-state";
import { blockFeatures, FEATURE_NAMES } from "../../src/core/features";
import { classifyPage, HYBRID, MIN_EVIDENCE_SUPPORT, SINGLE_PAGE } from "../../src/core/cascade";
import {
  CONTEXT_FEATURES,
  contributions,
  DEFAULT_MODEL,
  margin,
  predictBlocks,
  sigmoid,
  type ModelWeights,
  type Scorer,
} from "../../src/core/model";
import { ingestPage, pageEvidence, preparePage, processPage, type PreparedPage } from "../../src/core/pipeline";
import { article, articleHtml, TEMPLATE_TEXT } from "../fixtures/synthetic-site";

/** The highest input index a scorer reads (-1 marks a leaf in a flat tree). */
function maxFeatureIndex(s: Scorer): number {
  return s.kind === "linear" ? s.w.length - 1 : Math.max(...s.trees.flatMap((t) => t.f));
}

const prepared = (n: number, host = "www.example.com") =>
  preparePage({ body: articleHtml(n), url: `https://${host}/news/story-${n}.html` });
/** The hybrid on one page without teaching the tree (null: no tree at all). */
const hybrid = (state: DomainState | null, p: PreparedPage, explain = false) =>
  processPage(state, p, { classifier: HYBRID, learn: false, explain });

describe("the shipped model", () => {
  it("matches the feature layout the code computes", () => {
    expect(DEFAULT_MODEL.version).toBe(2);
    expect(DEFAULT_MODEL.features).toEqual([...FEATURE_NAMES, ...CONTEXT_FEATURES]);
    // The trees may only read inputs the code fills: stage 1 the block features, stage 2 those plus context.
    expect(maxFeatureIndex(DEFAULT_MODEL.stage1)).toBeLessThan(FEATURE_NAMES.length);
    expect(maxFeatureIndex(DEFAULT_MODEL.stage2)).toBeLessThan(FEATURE_NAMES.length + CONTEXT_FEATURES.length);
    expect(DEFAULT_MODEL.threshold).toBeGreaterThan(0);
    expect(DEFAULT_MODEL.threshold).toBeLessThan(1);
  });

  it("fills every feature under its name, up to the last one", () => {
    // The vectors are allocated at FEATURE_NAMES.length, so their length proves nothing: a value written
    // one slot off (a feature added to the code but not to the names) shows in the named slots instead.
    const at = (name: string) => FEATURE_NAMES.indexOf(name);
    const blocks = prepared(1).page.blocks;
    const longest = blocks.reduce((m, b, i) => (b.text.length > blocks[m]!.text.length ? i : m), 0);
    const young = { support: 3, count: 3, domainSupport: 3, voteBoilerplate: true };
    const f = blockFeatures(
      blocks,
      "t",
      blocks.map(() => young),
    );
    for (const v of f) expect(v[at("bias")]).toBe(1);
    expect(f[blocks.length - 1]![at("relPosition")]).toBe(1);
    expect(f[longest]![at("charsOfMax")]).toBe(1);
    expect(f[longest]![at("tree:known")]).toBe(0);
    expect(f[longest]![at("tree:vote")]).toBe(1);
    expect(f[longest]![at("tree:young")]).toBe(1);
    expect(at("repeat:textElsewhere")).toBe(FEATURE_NAMES.length - 1);
    const cold = blockFeatures(blocks, "t", null);
    expect(cold[longest]![at("tree:young")]).toBe(0);
  });

  it("explains a tree score by attributions that sum to the margin", () => {
    const scorer: Scorer = {
      kind: "trees",
      base: 0.5,
      trees: [
        {
          f: [0, -1, 1, -1, -1],
          t: [0.5, 0, 2, 0, 0],
          l: [1, -1, 3, -1, -1],
          r: [2, -1, 4, -1, -1],
          v: [0, -1, 0.4, 1, 2],
        },
      ],
    };
    const x = [0.9, 3];
    expect(margin(scorer, x)).toBeCloseTo(2.5);
    const c = contributions(scorer, x);
    expect(c[0]! + c[1]! + 0.5 + 0).toBeCloseTo(2.5);
    expect(c[1]).toBeCloseTo(1.6);
  });

  it("scores blocks exactly as the trees read one by one", () => {
    const blocks = prepared(1).page.blocks;
    const features = blockFeatures(blocks, "t", null);
    // An uneven tree (a leaf at depth 1 beside splits at depth 2) and the shipped trees, to the bit.
    const uneven: Scorer = {
      kind: "trees",
      base: 0.25,
      trees: [
        {
          f: [1, -1, 2, -1, -1],
          t: [0.5, 0, 0.3, 0, 0],
          l: [1, -1, 3, -1, -1],
          r: [2, -1, 4, -1, -1],
          v: [0, -1, 0, 1, 2],
        },
      ],
    };
    for (const model of [DEFAULT_MODEL, { ...DEFAULT_MODEL, stage1: uneven, stage2: uneven } as ModelWeights]) {
      const predictions = predictBlocks(model, blocks, features);
      predictions.forEach((prediction, i) => {
        expect(prediction.p1).toBe(sigmoid(margin(model.stage1, features[i]!)));
        expect(prediction.p).toBe(sigmoid(margin(model.stage2, prediction.input)));
      });
    }
  });
});

describe("hybrid classification", () => {
  it("is deterministic and names its evidence", () => {
    const p = prepared(3);
    const a = hybrid(null, p, true);
    const b = hybrid(null, p, true);
    expect(a.verdicts).toEqual(b.verdicts);
    expect(a.method).toBe("cold-start");
    for (const v of a.verdicts) expect(v.rule).toMatch(/^model p=\d\.\d{3} \(.*\)$/);
    const quiet = hybrid(null, p);
    expect(quiet.verdicts.map((v) => v.label)).toEqual(a.verdicts.map((v) => v.label));
    for (const v of quiet.verdicts) expect(v.rule).toMatch(/^model p=\d\.\d{3}$/);
  });

  it("keeps the article on a cold start, from the first page of a site", () => {
    const { text } = hybrid(null, prepared(4));
    for (const para of article(4).paragraphs) expect(text).toContain(para);
  });

  it("drops the template once the tree knows the site, and labels new blocks unseen", () => {
    const state = new DomainState("example.com");
    let last = hybrid(state, prepared(1));
    for (let n = 1; n <= 8; n++) last = processPage(state, prepared(n), { classifier: HYBRID, now: n });
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
    const withTree = hybrid(state, prepared(6));
    const alone = processPage(state, prepared(6), { classifier: SINGLE_PAGE, learn: false });
    expect(alone.verdicts.every((v) => v.support === 0)).toBe(true);
    expect(withTree.verdicts.some((v) => v.support > 0)).toBe(true);
  });

  it("uses precomputed features when given, with the same result", () => {
    const p = prepared(5);
    const features = blockFeatures(p.page.blocks, p.page.title, null);
    expect(classifyPage(p.page, null, { classifier: HYBRID, features })).toEqual(
      classifyPage(p.page, null, { classifier: HYBRID }),
    );
  });

  it("reads the tree only once the domain knows another document", () => {
    const state = new DomainState("example.com");
    const first = prepared(1);
    ingestPage(state, first, 1);
    const alone = pageEvidence(state, first);
    expect(alone.support[0]).toBeLessThan(MIN_EVIDENCE_SUPPORT);
    expect(classifyPage(first.page, alone, { classifier: HYBRID }).verdicts).toEqual(
      classifyPage(first.page, null, { classifier: HYBRID }).verdicts,
    );
    ingestPage(state, prepared(2), 2);
    const second = pageEvidence(state, first);
    expect(second.support[0]).toBe(MIN_EVIDENCE_SUPPORT);
    expect(classifyPage(first.page, second, { classifier: HYBRID }).verdicts.some((v) => v.count === 2)).toBe(true);
  });

  it("classifies without learning exactly as it would after an ingest", () => {
    const state = new DomainState("example.com");
    for (let n = 1; n <= 6; n++) ingestPage(state, prepared(n), n);
    const copy = DomainState.fromJSON(structuredClone(state.toJSON()));
    const dry = processPage(state, prepared(7), { classifier: HYBRID, learn: false, now: 7 });
    const real = processPage(copy, prepared(7), { classifier: HYBRID, now: 7 });
    expect(dry.verdicts).toEqual(real.verdicts);
    expect(state.size).toBe(6);
  });
});
