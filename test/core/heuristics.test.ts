import { describe, expect, it } from "vitest";
import { DEFAULT_HARD_RULES, NO_HARD_RULES, type BlockVerdict, type HardRules } from "../../src/core/classify";
import { DomainState } from "../../src/core/domain-state";
import { modelEvidence } from "../../src/core/cascade";
import {
  decide,
  HEURISTICS,
  heuristicLabel,
  parseHeuristic,
  voteBoilerplate,
  type Heuristic,
} from "../../src/core/heuristics";
import { preparePage, processPage, type ProcessResult } from "../../src/core/pipeline";
import type { BranchEvidence } from "../../src/core/tree-evidence";

// ---------- a synthetic site ----------
const NAMES = [
  "apple",
  "birch",
  "cedar",
  "daisy",
  "elder",
  "fern",
  "grape",
  "hazel",
  "iris",
  "juniper",
  "kale",
  "lily",
  "maple",
  "nettle",
];
const MASTHEAD = "Example Daily, your source of local news";
const COPYRIGHT = "Copyright Example Media Group. All rights reserved.";
const TEASER = "Related: the mayor opens the new harbour promenade";

const lede = (i: number) => `The ${NAMES[i]} committee met on Tuesday to discuss the ${NAMES[i]} budget.`;
const body = (i: number) => `Residents of ${NAMES[i]} street said the ${NAMES[i]} plan was long overdue.`;

function article(i: number, extra = ""): string {
  return `<!DOCTYPE html><html><head><title>Story ${NAMES[i]}</title></head><body>
<div id="masthead"><p>${MASTHEAD}</p></div>
<nav><ul><li><a href="/">Home</a></li><li><a href="/news/">News</a></li></ul></nav>
<div id="main" class="story"><h1>Headline ${NAMES[i]}</h1><p>${lede(i)}</p><p>${body(i)}</p>${extra}
<p><a href="/more">Read more</a></p></div>
<div id="bottom"><p>${COPYRIGHT}</p></div>
<footer><p>Contact the newsroom</p></footer></body></html>`;
}
const prepare = (i: number, extra = "", section = "news") =>
  preparePage({ url: `http://www.example.com/${section}/${NAMES[i]}.html`, body: article(i, extra) });

type Opts = { heuristic?: Heuristic; hardRules?: HardRules };
const tree = (opts: Opts = {}) => ({
  kind: "tree" as const,
  heuristic: opts.heuristic ?? HEURISTICS.vote,
  hard: opts.hardRules ?? DEFAULT_HARD_RULES,
});
function stream(n: number, opts: Opts = {}, state = new DomainState("example.com")) {
  const results: ProcessResult[] = [];
  for (let i = 0; i < n; i++) results.push(processPage(state, prepare(i), { classifier: tree(opts), now: 1000 + i }));
  return { state, results };
}
const byText = (i: number, r: ProcessResult): Map<string, BlockVerdict> =>
  new Map(prepare(i).page.blocks.map((b, k) => [b.text, r.verdicts[k]!]));

describe("pipeline over a site stream", () => {
  it("the key and branch put articles under one directory node", () => {
    const p = prepare(0);
    expect(p.key.domain).toBe("example.com");
    expect(p.key.branch).toEqual(["www", "news"]);
    expect(p.page.title).toBe("Story apple");
  });

  it("cold start: the first page is all content except hard rules", () => {
    const { results } = stream(1);
    const r = results[0]!;
    expect(r.method).toBe("cold-start");
    expect(r.support).toBe(1);
    expect(r.ingest).toEqual({ kind: "inserted", evicted: 0 });
    const v = byText(0, r);
    for (const t of [MASTHEAD, COPYRIGHT, lede(0), body(0), "Headline apple"])
      expect(v.get(t)!.label).toBe("content-unseen");
    expect(v.get("Home")!).toMatchObject({ label: "boilerplate", rule: "hard:nav", node: "" });
    expect(v.get("Contact the newsroom")!.rule).toBe("hard:footer");
    expect(v.get("Read more")!.rule).toBe("hard:links");
  });

  it("without hard rules the first page is entirely content", () => {
    const { results } = stream(1, { hardRules: NO_HARD_RULES });
    expect(results[0]!.verdicts.every((v) => v.label === "content-unseen")).toBe(true);
  });

  it("after >= 5 documents the template is boilerplate and article text stays", () => {
    const { results } = stream(12);
    results.slice(0, 4).forEach((r) => expect(r.method).toBe("cold-start"));
    results.slice(4).forEach((r) => expect(r.method).toBe("tree"));
    for (let i = 5; i < 12; i++) {
      const v = byText(i, results[i]!);
      expect(v.get(MASTHEAD)!.label).toBe("boilerplate");
      expect(v.get(COPYRIGHT)!.label).toBe("boilerplate");
      for (const t of [lede(i), body(i), `Headline ${NAMES[i]}`]) expect(v.get(t)!.label).toBe("content-unseen");
      expect(results[i]!.text.split(/\n+/)).toEqual([`Headline ${NAMES[i]}`, lede(i), body(i)]);
    }
    const last = byText(11, results[11]!);
    expect(last.get(MASTHEAD)).toEqual({
      label: "boilerplate",
      rule: "vote: 3/3 nodes say boilerplate",
      node: "example.com/www/news",
      support: 12,
      count: 12,
    });
    expect(last.get(lede(11))).toEqual({
      label: "content-unseen",
      rule: "vote: 0/3 nodes say boilerplate",
      node: "example.com/www/news",
      support: 12,
      count: 1,
    });
  });

  it("hard rules off: template navigation is caught by the tree", () => {
    const { results } = stream(8, { hardRules: NO_HARD_RULES });
    const v = byText(7, results[7]!);
    expect(v.get("Home")!.label).toBe("boilerplate");
    expect(v.get("Home")!.rule).toMatch(/^vote:/);
    expect(v.get("Read more")!.rule).toMatch(/^vote:/);
  });

  it("hard rule switches are independent", () => {
    const { results } = stream(1, { hardRules: { tags: false, allLinks: true } });
    const v = byText(0, results[0]!);
    expect(v.get("Home")!.rule).toBe("hard:links");
    expect(v.get("Contact the newsroom")!.label).toBe("content-unseen");
  });

  it("a block seen on two pages is 'content' under relaxed-at-domain, boilerplate under strict", () => {
    const relaxed = parseHeuristic("relaxed-at-domain-5");
    if (!relaxed.ok) throw new Error(relaxed.error);
    for (const [h, label] of [
      [relaxed.heuristic, "content"],
      [HEURISTICS.strict, "boilerplate"],
    ] as const) {
      const { state } = stream(6, { heuristic: h });
      processPage(state, prepare(6, `<p>${TEASER}</p>`), { classifier: tree({ heuristic: h }), now: 2000 });
      const r = processPage(state, prepare(7, `<p>${TEASER}</p>`), { classifier: tree({ heuristic: h }), now: 2001 });
      const v = new Map(prepare(7, `<p>${TEASER}</p>`).page.blocks.map((b, k) => [b.text, r.verdicts[k]!]));
      expect(v.get(TEASER)!).toMatchObject({ label, count: 2, support: 8, node: "example.com/www/news" });
      expect(v.get(MASTHEAD)!.label).toBe("boilerplate");
    }
  });

  it("learn: false classifies like an ingest would and leaves the state unchanged", () => {
    const a = stream(8).state;
    const b = stream(8).state;
    const cases = [prepare(8), prepare(3), prepare(9, "", "sport")];
    for (const h of [
      HEURISTICS.vote,
      HEURISTICS.strict,
      { kind: "strict", nMin: 1, cMax: 1 } as Heuristic,
      { kind: "vote", nMin: 1, divisor: 100 } as Heuristic,
    ]) {
      for (const p of cases) {
        const before = structuredClone(a.toJSON());
        const dry = processPage(a, p, { classifier: tree({ heuristic: h }), learn: false, now: 5000 });
        expect(a.toJSON()).toEqual(before);
        expect(dry.ingest).toBeNull();
        const copy = DomainState.fromJSON(structuredClone(b.toJSON()));
        const real = processPage(copy, p, { classifier: tree({ heuristic: h }), now: 5000 });
        expect(dry.verdicts).toEqual(real.verdicts);
        expect(dry.support).toBe(real.support);
        expect(dry.text).toBe(real.text);
      }
    }
  });

  it("re-ingesting a held page is not a new document", () => {
    const { state } = stream(6);
    const r = processPage(state, prepare(2), { classifier: tree(), now: 3000 });
    expect(r.ingest).toEqual({ kind: "unchanged", evicted: 0 });
    expect(r.support).toBe(6);
    expect(byText(2, r).get(lede(2))!.label).toBe("content-unseen");
  });
});

// ---------- heuristics on hand-built trees ----------
/** One block's evidence along a branch: [n_s, c(b)] per node, domain node first. */
function chain(...spec: Array<[number, number]>): BranchEvidence {
  return {
    nodes: spec.map((_, i) => (i === 0 ? "d" : `s${i}`)),
    support: spec.map(([docs]) => docs),
    counts: spec.map(([, count]) => count),
  };
}
const run = (h: Heuristic, evidence: BranchEvidence) => decide(h, evidence, 0);
const parsed = (spec: string, o?: Parameters<typeof parseHeuristic>[1]): Heuristic => {
  const r = parseHeuristic(spec, o);
  if (!r.ok) throw new Error(r.error);
  return r.heuristic;
};

describe("decide", () => {
  it("strict uses the deepest node with n_s >= 5, else the root", () => {
    expect(run(HEURISTICS.strict, chain([20, 3], [6, 1], [2, 2]))).toEqual({
      boilerplate: false,
      nodeIndex: 1,
      support: 6,
      count: 1,
      rule: "strict: c=1 <= 1",
    });
    expect(run(HEURISTICS.strict, chain([20, 3], [5, 2], [2, 0]))).toMatchObject({
      boilerplate: true,
      nodeIndex: 1,
      rule: "strict: c=2 > 1",
    });
    expect(run(HEURISTICS.strict, chain([4, 2], [3, 1], [1, 1]))).toMatchObject({
      boilerplate: true,
      nodeIndex: 0,
      support: 4,
      count: 2,
    });
    expect(run(HEURISTICS.strict, chain([9, 1], [9, 1], [9, 1]))).toMatchObject({ nodeIndex: 2, boilerplate: false });
  });

  it("strict-support-N needs n_s > N", () => {
    const h = parsed("strict-support-3");
    expect(h).toEqual({ kind: "strict-support", support: 3, cMax: 1 });
    expect(run(h, chain([10, 1], [4, 2], [3, 1]))).toMatchObject({
      boilerplate: true,
      nodeIndex: 1,
      support: 4,
      rule: "strict-support-3: c=2 > 1",
    });
    expect(run(HEURISTICS.strict, chain([10, 1], [4, 2], [3, 1]))).toMatchObject({ boilerplate: false, nodeIndex: 0 });
    expect(run(parsed("strict-support"), chain([100, 2], [50, 1]))).toMatchObject({ nodeIndex: 0, boilerplate: true });
  });

  it("strict-at-domain always decides at the domain node", () => {
    expect(run(HEURISTICS["strict-at-domain"], chain([50, 1], [40, 30], [30, 30]))).toMatchObject({
      boilerplate: false,
      nodeIndex: 0,
      support: 50,
    });
    expect(run(HEURISTICS["strict-at-domain"], chain([2, 2], [1, 1]))).toMatchObject({
      boilerplate: true,
      nodeIndex: 0,
    });
  });

  it("relaxed-at-domain-N raises c_max to 2 once the domain has n_s > N", () => {
    const h = parsed("relaxed-at-domain-10");
    expect(h).toMatchObject({ domainSupport: 10, relaxedCMax: 2, cMax: 1, nMin: 5 });
    expect(run(h, chain([11, 5], [6, 2]))).toMatchObject({
      boilerplate: false,
      nodeIndex: 1,
      rule: "relaxed-at-domain-10: c=2 <= 2",
    });
    expect(run(h, chain([11, 5], [6, 3]))).toMatchObject({ boilerplate: true, nodeIndex: 1 });
    expect(run(h, chain([10, 5], [6, 2]))).toMatchObject({ boilerplate: true, nodeIndex: 1 });
  });

  it("vote: nodes with n_s >= 5 vote c > n_s/100 + 1; the deepest voter reports", () => {
    // thresholds: root 4, s1 3, s2 1.5; s3 has too little support to vote.
    expect(run(HEURISTICS.vote, chain([300, 5], [200, 3], [50, 2], [3, 2]))).toEqual({
      boilerplate: true,
      nodeIndex: 2,
      support: 50,
      count: 2,
      rule: "vote: 2/3 nodes say boilerplate",
    });
    expect(run(HEURISTICS.vote, chain([300, 4], [200, 3], [50, 2]))).toMatchObject({
      boilerplate: false,
      rule: "vote: 1/3 nodes say boilerplate",
    });
  });

  it("vote: a tie is boilerplate", () => {
    expect(run(HEURISTICS.vote, chain([300, 5], [200, 3]))).toMatchObject({
      boilerplate: true,
      rule: "vote: 1/2 nodes say boilerplate",
      nodeIndex: 1,
    });
    expect(run(HEURISTICS.vote, chain([300, 5], [200, 3], [100, 3], [50, 1]))).toMatchObject({
      boilerplate: true,
      rule: "vote: 2/4 nodes say boilerplate",
    });
  });

  it("vote-fast divides by 50", () => {
    const nodes = chain([300, 5], [100, 2.5]);
    expect(run(HEURISTICS.vote, nodes).boilerplate).toBe(true);
    expect(run(HEURISTICS["vote-fast"], nodes)).toMatchObject({
      boilerplate: false,
      rule: "vote: 0/2 nodes say boilerplate",
    });
    expect(run(HEURISTICS["vote-fast"], chain([300, 8], [100, 3.5])).boilerplate).toBe(true);
  });

  it("vote: the root alone decides when no node has n_s >= 5", () => {
    const yes = run(HEURISTICS.vote, chain([4, 2], [3, 2], [1, 1]));
    expect(yes).toMatchObject({ boilerplate: true, nodeIndex: 0, support: 4, count: 2 });
    expect(yes.rule).toMatch(/root alone/);
    expect(run(HEURISTICS.vote, chain([4, 1], [3, 1])).boilerplate).toBe(false);
  });
});

describe("the model's tree evidence (modelEvidence, voteBoilerplate)", () => {
  // Random branches: 1-5 nodes, supports 0-12 (around nMin = 5), counts 0-supports, so voters, ties
  // and the root-alone case all occur.
  function randomEvidence(seed: number): BranchEvidence {
    let x = seed;
    const next = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const depth = 1 + next(5);
    const nodes = Array.from({ length: depth }, (_, j) => (j === 0 ? "example.com" : `example.com/${"d/".repeat(j)}`));
    const support = Array.from({ length: depth }, () => next(13));
    const blocks = 1 + next(8);
    const counts = Array.from({ length: blocks * depth }, (_, k) => next(support[k % depth]! + 2));
    return { nodes, support, counts };
  }

  it("voteBoilerplate says what decide's vote says, for vote and vote-fast", () => {
    let boilerplate = 0;
    let checked = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const evidence = randomEvidence(seed);
      for (let i = 0; i * evidence.nodes.length < evidence.counts.length; i++) {
        for (const h of [HEURISTICS.vote, HEURISTICS["vote-fast"]]) {
          const said = voteBoilerplate(h, evidence, i);
          expect(said, `seed ${seed} block ${i}`).toBe(decide(h, evidence, i).boilerplate);
          if (said) boilerplate++;
          checked++;
        }
      }
    }
    // Both answers occur, so the comparison can fail either way.
    expect(boilerplate).toBeGreaterThan(checked / 10);
    expect(boilerplate).toBeLessThan(checked - checked / 10);
  });

  it("modelEvidence reads the strict rule's node and the vote as decide gives them", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const evidence = randomEvidence(seed);
      const { blocks, nodes } = modelEvidence(evidence);
      const n = evidence.counts.length / evidence.nodes.length;
      expect(blocks).toHaveLength(n);
      for (let i = 0; i < n; i++) {
        const strict = decide(HEURISTICS.strict, evidence, i);
        expect(blocks[i]).toEqual({
          support: strict.support,
          count: strict.count,
          domainSupport: evidence.support[0],
          voteBoilerplate: decide(HEURISTICS.vote, evidence, i).boilerplate,
        });
        expect(nodes[i]).toBe(evidence.nodes[strict.nodeIndex]);
      }
    }
  });
});

describe("parseHeuristic", () => {
  it("reads names, parameters and overrides", () => {
    expect(parsed("vote")).toEqual(HEURISTICS.vote);
    expect(parsed("vote-fast")).toEqual({ kind: "vote", nMin: 5, divisor: 50 });
    expect(parsed("strict", { nMin: 3, cMax: 2 })).toEqual({ kind: "strict", nMin: 3, cMax: 2 });
    expect(parsed("relaxed-at-domain-500", { relaxedCMax: 3 })).toMatchObject({ domainSupport: 500, relaxedCMax: 3 });
    expect(heuristicLabel(parsed("strict-support-3"))).toBe("strict-support-3");
    expect(heuristicLabel(parsed("vote-fast"))).toBe("vote-fast");
  });

  it("rejects unknown names, including prototype keys", () => {
    for (const s of [
      "bogus",
      "",
      "strict-5",
      "vote-fast-3",
      "strict-support-",
      "strict-support-x",
      "STRICT",
      "constructor",
      "__proto__",
      "toString",
    ]) {
      const r = parseHeuristic(s);
      expect(r.ok, s).toBe(false);
    }
  });

  it("rejects bad parameters", () => {
    expect(parseHeuristic("strict", { support: 3 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/does not apply/),
    });
    expect(parseHeuristic("vote", { cMax: 1 }).ok).toBe(false);
    expect(parseHeuristic("strict", { nMin: -1 }).ok).toBe(false);
    expect(parseHeuristic("strict", { cMax: Number.NaN }).ok).toBe(false);
    expect(parseHeuristic("strict", { nMin: Infinity }).ok).toBe(false);
    expect(parseHeuristic("vote", { divisor: 0 }).ok).toBe(false);
    // One message for every divisor out of range: -1 was told "non-negative", and then 0 "positive".
    for (const divisor of [0, -1, Infinity])
      expect(parseHeuristic("vote", { divisor })).toEqual({
        ok: false,
        error: 'parameter "divisor" must be a positive number',
      });
    expect(parseHeuristic("strict", { constructor: 1 } as never).ok).toBe(false);
  });

  it("does not share state with the defaults", () => {
    parsed("strict", { nMin: 9 });
    expect(HEURISTICS.strict).toEqual({ kind: "strict", nMin: 5, cMax: 1 });
    expect(DEFAULT_HARD_RULES).toEqual({ tags: true, allLinks: true });
  });
});
