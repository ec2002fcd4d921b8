/**
 * fast-check over whole histories of one domain: inserts, revisions (same URL key, new content),
 * removals, evictions and restarts (a bulk rebuild, as the Durable Object does). After every step
 * each node's support and counts, and the evidence a page gets, equal a recount from the held
 * documents alone.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainState, REVISION_MIN_NEW_CHARS, type HashedBlock } from "../../src/core/domain-state";
import { hashToU32, u32ToHash } from "../../src/core/hash-u32";
import { branchEvidence } from "../../src/core/tree-evidence";
import { type BulkDocument, bothWays, treeState } from "../fixtures/bulk-build";

const SEP = "/";
/** Block hashes from a small pool, so documents share blocks (templates) and counts pass 1. */
const hash = fc.integer({ min: 0, max: 30 }).map((n) => u32ToHash(Math.imul(n, 0x9e3779b1)));
const block = fc.record({ hash, chars: fc.integer({ min: 1, max: 2 * REVISION_MIN_NEW_CHARS }) });
const blocks = fc.array(block, { maxLength: 8 });
const branch = fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 3 });
const key = fc.integer({ min: 0, max: 12 }).map((n) => `https://example.com/${n}`);

type Step =
  | { kind: "ingest"; key: string; branch: string[]; blocks: HashedBlock[]; dt: number }
  | { kind: "remove"; key: string }
  | { kind: "evict"; dt: number }
  | { kind: "restart" };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("ingest" as const), key, branch, blocks, dt: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("remove" as const), key }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("evict" as const), dt: fc.nat(200) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("restart" as const) }) },
);

function recount(state: DomainState): Map<string, { docs: number; counts: Map<number, number> }> {
  const nodes = new Map<string, { docs: number; counts: Map<number, number> }>();
  for (const doc of state.heldDocuments()) {
    for (let depth = 0; depth <= doc.branch.length; depth++) {
      const path = doc.branch.slice(0, depth).join(SEP);
      let n = nodes.get(path);
      if (!n) nodes.set(path, (n = { docs: 0, counts: new Map() }));
      n.docs++;
      for (const h of doc.hashes) n.counts.set(h, (n.counts.get(h) ?? 0) + 1);
    }
  }
  return nodes;
}

function checkAgainstRecount(state: DomainState, probe: { key: string; branch: string[]; blocks: HashedBlock[] }) {
  const expected = recount(state);
  const seen = new Set<string>();
  const stack: [ReturnType<typeof state.tree.nodes>[number], string[]][] = [[state.tree.root, []]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    const id = path.join(SEP);
    seen.add(id);
    const e = expected.get(id) ?? { docs: 0, counts: new Map() };
    expect(node.docs, `support at "${id}"`).toBe(e.docs);
    expect(new Map(node.entries()), `counts at "${id}"`).toEqual(e.counts);
    for (const [h, c] of e.counts) expect(node.countOf(h)).toBe(c);
    for (const [segment, child] of node.children) stack.push([child, [...path, segment]]);
  }
  for (const id of expected.keys()) expect(seen.has(id), `node "${id}" missing`).toBe(true);

  // The evidence a page gets: support and counts at each node of its branch, this page counted once.
  const hashes = probe.blocks.map((b) => b.hash);
  const evidence = branchEvidence(state, { key: probe.key, branch: probe.branch, hashes });
  const held = state.document(probe.key);
  const own = new Set(held?.hashes ?? []);
  const depth = probe.branch.length + 1;
  expect(evidence.support.length).toBe(depth);
  for (let j = 0; j < depth; j++) {
    const e = expected.get(probe.branch.slice(0, j).join(SEP));
    expect(evidence.support[j]).toBe((e?.docs ?? 0) + (held ? 0 : 1));
    hashes.forEach((hex, i) => {
      const h = hashToU32(hex);
      expect(evidence.counts[i * depth + j]).toBe((e?.counts.get(h) ?? 0) + (own.has(h) ? 0 : 1));
    });
  }
}

describe("URL Tree counts equal a recount of the held documents (fast-check)", () => {
  it("under random insert, revise, remove, evict and restart sequences", () => {
    const policy = { maxDocs: 6, keepRecent: 2, maxAgeMs: 100 };
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.record({ key, branch, blocks }),
        (steps, probe) => {
          let state = new DomainState("example.com", policy);
          let now = 0;
          for (const s of steps) {
            if (s.kind === "ingest") {
              now += s.dt;
              const held = state.document(s.key);
              // A held key keeps its branch: the URL key decides the branch.
              state.ingest(s.key, held ? held.branch : s.branch, s.blocks, now);
            } else if (s.kind === "remove") state.remove(s.key);
            else if (s.kind === "evict") state.evict((now += s.dt));
            else {
              const restarted = new DomainState("example.com", policy);
              restarted.restoreAll([...state.heldDocuments()]);
              state = restarted;
            }
            expect(state.size).toBeLessThanOrEqual(policy.maxDocs);
            checkAgainstRecount(state, probe);
          }
        },
      ),
      { seed: 1123, numRuns: 120 },
    );
  });
});

describe("a bulk build (a restart) equals inserting the same documents one by one (fast-check)", () => {
  it("node by node: support, every count, and which counts are implied (sole) or explicit", () => {
    // Hashes from a pool small enough that many are shared and large enough that many are not; 0 included.
    const doc = fc.record({
      branch,
      hashes: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 12 }).map((a) => Uint32Array.from(a)),
      // Documents given the branch array of an earlier one, as a restart gives them (one array per branch).
      sameBranchAs: fc.option(fc.nat(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 40 }), (generated) => {
        const docs: BulkDocument[] = [];
        for (const d of generated) {
          const earlier =
            d.sameBranchAs !== undefined && docs.length > 0 ? docs[d.sameBranchAs % docs.length] : undefined;
          docs.push({ branch: earlier ? earlier.branch : d.branch, hashes: d.hashes });
        }
        const { bulk, oneByOne } = bothWays(docs);
        expect(treeState(bulk)).toEqual(treeState(oneByOne));
        expect(bulk.countStats()).toEqual(oneByOne.countStats());
      }),
      { seed: 1626, numRuns: 300 },
    );
  });
});
