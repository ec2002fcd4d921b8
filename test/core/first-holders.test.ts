import { describe, expect, it } from "vitest";
import { estimateDistinct, FirstHolders, type HashRanges } from "../../src/core/first-holders";
import { bothWays, treeState } from "../fixtures/bulk-build";

/** These build tens of thousands of hashes (~1-2 s each alone): on a loaded machine vitest's 5 s default
 * failed them for time, not behaviour (seen under three parallel jobs, 2026-11-27). */
const SLOW_MS = 60_000;

/** A seeded 32-bit generator (mulberry32): block hashes are uniform 32-bit values. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * `n` documents as worker-scale.ts makes them: a site template, a section template and `own` hashes
 * of each document's own, so that distinct hashes are most of the occurrences (not the third the
 * bulk build assumed until session 22).
 */
function siteDocuments(n: number, own: number, seed: number): { branch: string[]; hashes: Uint32Array }[] {
  const next = random(seed);
  const site = Array.from({ length: 20 }, next);
  const sections = Array.from({ length: 10 }, () => Array.from({ length: 30 }, next));
  return Array.from({ length: n }, (_, i) => ({
    branch: ["www", `s${i % 10}`, `t${Math.floor(i / 10) % 2}`],
    hashes: Uint32Array.from(new Set([...site, ...sections[i % 10]!, ...Array.from({ length: own }, next)])),
  }));
}

function ranges(docs: readonly { hashes: Uint32Array }[]): HashRanges {
  return {
    count: docs.length,
    chunks: docs.map((d) => d.hashes),
    chunkOf: Uint32Array.from(docs, (_, k) => k),
    offsets: new Uint32Array(docs.length),
    lengths: Uint32Array.from(docs, (d) => d.hashes.length),
  };
}

function distinct(docs: readonly { hashes: Uint32Array }[]): number {
  const all = new Set<number>();
  for (const d of docs) for (const h of d.hashes) all.add(h);
  return all.size;
}

describe("estimateDistinct", { timeout: SLOW_MS }, () => {
  it("is within 5% of the distinct hashes of a large build, whatever their share of the occurrences", () => {
    for (const own of [10, 80, 200]) {
      const docs = siteDocuments(2000, own, own);
      const truth = distinct(docs);
      expect(Math.abs(estimateDistinct(ranges(docs)) / truth - 1)).toBeLessThan(0.05);
    }
  });

  it("answers the number of occurrences for a small build (an upper bound)", () => {
    const docs = siteDocuments(20, 5, 1);
    expect(estimateDistinct(ranges(docs))).toBe(docs.reduce((s, d) => s + d.hashes.length, 0));
  });
});

describe("FirstHolders", { timeout: SLOW_MS }, () => {
  /** What the table must end with: hash to owner for hashes of one document, per document its shared hashes in order. */
  function expected(docs: readonly { hashes: Uint32Array }[], owners: readonly number[]) {
    const holders = new Map<number, number[]>();
    docs.forEach((d, k) => d.hashes.forEach((h) => (holders.get(h) ?? holders.set(h, []).get(h)!).push(k)));
    const sole = new Map([...holders].filter(([, ks]) => ks.length === 1).map(([h, ks]) => [h, owners[ks[0]!]!]));
    const shared = docs.map((d) => [...d.hashes].filter((h) => holders.get(h)!.length > 1));
    return { sole, shared };
  }

  function build(docs: readonly { hashes: Uint32Array }[], owners: readonly number[], estimate: number) {
    const holders = new FirstHolders(estimate);
    const total = docs.reduce((s, d) => s + d.hashes.length, 0);
    const occ = new Uint32Array(total);
    const starts = [0];
    for (const [k, d] of docs.entries()) {
      holders.addDocument(d.hashes, 0, d.hashes.length, owners[k]!, occ, starts[k]!);
      starts.push(starts[k]! + d.hashes.length);
    }
    const shared: number[][] = [];
    let w = 0;
    for (let k = 0; k < docs.length; k++) {
      const from = w;
      w = holders.split(occ, starts[k]!, starts[k + 1]!, w);
      shared.push(Array.from(occ.subarray(from, w), (m) => holders.shared[m]!));
    }
    const table = holders.soleTable();
    const sole = new Map<number, number>();
    for (let i = 0; i < table.keys.length; i++) if (table.values[i] !== 0) sole.set(table.keys[i]!, table.values[i]!);
    return { sole, shared, size: table.size, capacity: table.keys.length, growths: holders.growths };
  }

  it("splits sole and shared hashes exactly, with its estimate or far below it (the table grows)", () => {
    const docs = siteDocuments(1200, 60, 7);
    // Hash 0 is a key like any other (a free slot is marked by its value).
    docs[3]!.hashes[0] = 0;
    const owners = docs.map((_, k) => 1 + (k % 97));
    const want = expected(docs, owners);
    const cases: [number, boolean][] = [
      [estimateDistinct(ranges(docs)), false],
      [8, true],
      [1000, true],
    ];
    for (const [estimate, grows] of cases) {
      const got = build(docs, owners, estimate);
      expect(got.sole).toEqual(want.sole);
      expect(got.size).toBe(want.sole.size);
      expect(got.shared).toEqual(want.shared);
      expect(got.growths > 0).toBe(grows);
    }
  });

  it("does not grow when sized by estimateDistinct, and its table is 2/3 full or so", () => {
    const docs = siteDocuments(3000, 80, 11);
    const got = build(docs, Array<number>(docs.length).fill(1), estimateDistinct(ranges(docs)));
    expect(got.growths).toBe(0);
    expect(got.size / got.capacity).toBeGreaterThan(0.6);
    expect(got.size / got.capacity).toBeLessThan(0.72);
  });
});

describe("a restart's bulk build with most hashes of one document", { timeout: SLOW_MS }, () => {
  it("equals inserting one by one, and its table never grew", () => {
    // ~90,000 occurrences, 75% of them distinct: the old estimate (a third) was too low by 2.2x.
    const docs = siteDocuments(450, 150, 3);
    const { bulk, oneByOne } = bothWays(docs);
    expect(bulk.lastBulkGrowths).toBe(0);
    // As JSON: a deep comparison of ~70,000 counts per node is slow.
    expect(JSON.stringify(treeState(bulk))).toBe(JSON.stringify(treeState(oneByOne)));
    expect(bulk.countStats()).toEqual(oneByOne.countStats());
    // Counts built in bulk go down exactly as counted ones do.
    for (const d of docs.slice(0, 200)) {
      bulk.removeDocument(d.branch, d.hashes);
      oneByOne.removeDocument(d.branch, d.hashes);
    }
    expect(JSON.stringify(treeState(bulk))).toBe(JSON.stringify(treeState(oneByOne)));
  });
});
