import { describe, expect, it } from "vitest";
import {
  DomainState,
  REVISION_MIN_NEW_CHARS,
  type EvictionPolicy,
  type HashedBlock,
} from "../../src/core/domain-state";
import { hash32 } from "../../src/core/block-hash";
import { u32ToHash } from "../../src/core/hash-u32";
import { UrlTree, type TreeNode } from "../../src/core/url-tree";
import { bothWays, treeState } from "../fixtures/bulk-build";

/** UrlTree tests name hashes by one letter: its char code is the 32-bit hash. */
const id = (name: string) => name.charCodeAt(0);
const ids = (...names: string[]) => Uint32Array.from(names, id);
const counts = (node: TreeNode) => Object.fromEntries([...node.entries()].map(([h, c]) => [String.fromCharCode(h), c]));
/** DomainState tests name blocks by text, hashed as the service would (hex, 32-bit). */
const hx = (text: string) => hash32(text);
const child = (node: TreeNode, ...segments: string[]): TreeNode | undefined => {
  let n: TreeNode | undefined = node;
  for (const s of segments) n = n?.children.get(s);
  return n;
};
const blocks = (...texts: string[]): HashedBlock[] => texts.map((t) => ({ hash: hx(t), chars: t.length }));
const long = (tag: string, n = REVISION_MIN_NEW_CHARS) => `${tag}:${"x".repeat(n - tag.length - 1)}`;

describe("UrlTree", () => {
  it("a bulk build gives the counts of inserting one document at a time, counts past 255 included", () => {
    // 300 documents: a template hash in all (its counts overflow the count byte high in the tree),
    // one in every third, content of each document's own, hash 0, and documents on inner nodes.
    const docs = Array.from({ length: 300 }, (_, i) => ({
      branch: i % 7 === 0 ? ["www"] : ["www", `s${i % 5}`, `p${i % 11}`],
      hashes: Uint32Array.from([id("T"), ...(i % 3 === 0 ? [id("t"), 0] : []), 1000 + i]),
    }));
    const { bulk, oneByOne } = bothWays(docs);
    expect(treeState(bulk)).toEqual(treeState(oneByOne));
    expect(bulk.root.countOf(id("T"))).toBe(300);
    // Counts built in bulk go down exactly as counted ones do.
    for (const d of docs.slice(0, 150)) {
      bulk.removeDocument(d.branch, d.hashes);
      oneByOne.removeDocument(d.branch, d.hashes);
    }
    expect(treeState(bulk)).toEqual(treeState(oneByOne));
    expect(bulk.root.countOf(id("T"))).toBe(150);
  });

  it("insert counts documents and unique hashes along the branch", () => {
    const t = new UrlTree("example.com");
    t.insertDocument(["www", "news"], ids("a", "b"));
    t.insertDocument(["www", "sport"], ids("a", "c"));
    t.insertDocument(["www"], ids("b"));
    expect(t.root.segment).toBe("example.com");
    expect(t.root.docs).toBe(3);
    expect(counts(t.root)).toEqual({ a: 2, b: 2, c: 1 });
    const www = child(t.root, "www")!;
    expect(www.docs).toBe(3);
    expect(child(www, "news")!.docs).toBe(1);
    expect(counts(child(www, "news")!)).toEqual({ a: 1, b: 1 });
    expect(counts(child(www, "sport")!)).toEqual({ a: 1, c: 1 });
    expect(t.nodeCount()).toBe(4);
  });

  it("nodes() follows a branch as far as it exists, creating only when asked", () => {
    const t = new UrlTree("d");
    t.insertDocument(["a", "b"], ids());
    expect(t.nodes(["a", "b", "c"]).map((n) => n.segment)).toEqual(["d", "a", "b"]);
    expect(t.nodes(["x"]).length).toBe(1);
    expect(t.nodeCount()).toBe(3);
    expect(t.nodes(["a", "z"], true).length).toBe(3);
    expect(t.nodeCount()).toBe(4);
  });

  it("revision hashes raise counts but not docs", () => {
    const t = new UrlTree("d");
    t.insertDocument(["a"], ids("x"));
    t.addRevisionHashes(["a"], ids("y"));
    expect(t.root.docs).toBe(1);
    expect(counts(child(t.root, "a")!)).toEqual({ x: 1, y: 1 });
  });

  it("removal exactly undoes insertion and cuts emptied branches", () => {
    const t = new UrlTree("d");
    t.insertDocument(["www", "news", "2024"], ids("a", "b"));
    const before = JSON.stringify(t.toJSON());
    t.insertDocument(["www", "news", "2025", "jan"], ids("a", "c"));
    t.addRevisionHashes(["www", "news", "2025", "jan"], ids("d"));
    t.removeDocument(["www", "news", "2025", "jan"], ids("a", "c", "d"));
    expect(JSON.stringify(t.toJSON())).toBe(before);
    expect(child(t.root, "www", "news", "2025")).toBeUndefined();
    expect(child(t.root, "www", "news")!.children.has("2024")).toBe(true);
    t.removeDocument(["www", "news", "2024"], ids("a", "b"));
    expect(t.root.docs).toBe(0);
    expect(t.root.distinctHashes).toBe(0);
    expect(t.root.children.size).toBe(0);
    expect(t.nodeCount()).toBe(1);
  });

  it("removal keeps nodes that still hold documents and drops zero counts", () => {
    const t = new UrlTree("d");
    t.insertDocument(["a"], ids("x", "y"));
    t.insertDocument(["a", "b"], ids("x"));
    t.removeDocument(["a"], ids("x", "y"));
    const a = child(t.root, "a")!;
    expect(a.docs).toBe(1);
    expect(counts(a)).toEqual({ x: 1 });
    expect(a.countOf(id("y"))).toBe(0);
    expect(child(a, "b")!.docs).toBe(1);
  });

  it("removing a branch that is not in the tree throws", () => {
    const t = new UrlTree("d");
    t.insertDocument(["a"], ids("x"));
    expect(() => t.removeDocument(["a", "missing"], ids("x"))).toThrow();
  });

  it("toJSON/fromJSON round-trips", () => {
    const t = new UrlTree("example.co.uk");
    t.insertDocument(["www", "news"], ids("a", "b"));
    t.insertDocument(["www", "news"], ids("a"));
    t.insertDocument(["blog", "2024", "05"], ids("z"));
    t.addRevisionHashes(["blog", "2024", "05"], ids("q"));
    const json = t.toJSON();
    const back = UrlTree.fromJSON(JSON.parse(JSON.stringify(json)));
    expect(back.toJSON()).toEqual(json);
    expect(back.root.segment).toBe("example.co.uk");
    expect(child(back.root, "www", "news")!.countOf(id("a"))).toBe(2);
    expect(child(back.root, "blog", "2024", "05")!.countOf(id("q"))).toBe(1);
    expect(back.nodeCount()).toBe(t.nodeCount());
  });
});

describe("DomainState revisions", () => {
  it("the same key again is not a new document; short new text changes nothing", () => {
    const s = new DomainState("d");
    expect(s.ingest("k1", ["a"], blocks("one", "two"), 1)).toEqual({ kind: "inserted", evicted: 0 });
    const before = JSON.stringify(s.toJSON());
    const short = "n".repeat(REVISION_MIN_NEW_CHARS - 1);
    expect(s.ingest("k1", ["a"], blocks("one", "two", short), 2)).toEqual({ kind: "unchanged", evicted: 0 });
    expect(JSON.stringify(s.toJSON())).toBe(before);
    expect(s.size).toBe(1);
  });

  it(">= 100 chars of never-seen text adds those hashes without raising docs", () => {
    const s = new DomainState("d");
    s.ingest("k1", ["a"], blocks("one"), 1);
    const fresh = long("fresh");
    const r = s.ingest("k1", ["a"], blocks("one", fresh, fresh), 2);
    expect(r).toEqual({ kind: "revision", addedHashes: 1, evicted: 0 });
    expect(s.tree.root.docs).toBe(1);
    expect(s.tree.root.count(hx(fresh))).toBe(1);
    expect(Array.from(s.document("k1")!.hashes, u32ToHash)).toEqual([hx("one"), hx(fresh)]);
    s.remove("k1");
    expect(s.tree.root.distinctHashes).toBe(0);
  });

  it("several short blocks add up to the threshold", () => {
    const s = new DomainState("d");
    s.ingest("k1", ["a"], blocks("one"), 1);
    const parts = ["p".repeat(50), "q".repeat(50)];
    expect(s.ingest("k1", ["a"], blocks(...parts), 2)).toMatchObject({ kind: "revision", addedHashes: 2 });
  });

  it("text another document already contributed is not never-seen", () => {
    const s = new DomainState("d");
    const shared = long("shared");
    s.ingest("k1", ["a"], blocks("one"), 1);
    s.ingest("k2", ["b"], blocks(shared), 1);
    expect(s.ingest("k1", ["a"], blocks("one", shared), 2).kind).toBe("unchanged");
    expect(s.tree.root.count(hx(shared))).toBe(1);
  });
});

describe("DomainState eviction", () => {
  const policy: EvictionPolicy = { maxDocs: 3, maxAgeMs: 1000, keepRecent: 2 };

  it("keeps at most maxDocs, removing the oldest first", () => {
    const s = new DomainState("d", { ...policy, maxAgeMs: Infinity });
    for (let i = 0; i < 3; i++) s.ingest(`k${i}`, ["p", `s${i}`], blocks(`t${i}`, "common"), i);
    expect(s.ingest("k3", ["p", "s3"], blocks("t3", "common"), 3)).toEqual({ kind: "inserted", evicted: 1 });
    expect([...s.heldDocuments()].map((d) => d.key)).toEqual(["k1", "k2", "k3"]);
    expect(s.tree.root.docs).toBe(3);
    expect(s.tree.root.count(hx("common"))).toBe(3);
    expect(s.tree.root.count(hx("t0"))).toBe(0);
    expect(child(s.tree.root, "p", "s0")).toBeUndefined();
  });

  it("removes documents older than maxAgeMs but keeps keepRecent", () => {
    const s = new DomainState("d", { ...policy, maxDocs: 100 });
    for (let i = 0; i < 4; i++) s.ingest(`k${i}`, ["p"], blocks(`t${i}`), i * 10);
    expect(s.evict(5000)).toBe(2);
    expect([...s.heldDocuments()].map((d) => d.key)).toEqual(["k2", "k3"]);
    expect(s.evict(1_000_000)).toBe(0);
    expect(s.tree.root.docs).toBe(2);
  });

  it("stops at the first document that is young enough", () => {
    const s = new DomainState("d", { maxDocs: 100, maxAgeMs: 1000, keepRecent: 1 });
    for (let i = 0; i < 4; i++) s.ingest(`k${i}`, ["p"], blocks(`t${i}`), i * 100);
    // now = 1150: k0 (age 1150) and k1 (1050) are too old; k2 (950) is not, so k2 and k3 stay.
    expect(s.evict(1150)).toBe(2);
    expect([...s.heldDocuments()].map((d) => d.key)).toEqual(["k2", "k3"]);
    expect(s.evict(1200)).toBe(0);
    expect(s.evict(1201)).toBe(1);
    expect(s.evict(1_000_000)).toBe(0);
    expect(s.size).toBe(1);
  });

  it("never evicts the document just inserted", () => {
    const s = new DomainState("d", { maxDocs: 1, maxAgeMs: 0, keepRecent: 0 });
    s.ingest("k0", ["a"], blocks("x"), 0);
    expect(s.ingest("k1", ["b"], blocks("y"), 10_000)).toEqual({ kind: "inserted", evicted: 1 });
    expect(s.document("k1")).toBeDefined();
    expect(s.size).toBe(1);
  });

  it("a restart's restoreAll refuses a duplicate key and leaves the state empty", () => {
    const doc = (key: string) => ({ key, branch: ["www"], time: 0, hashes: ids("a") });
    const state = new DomainState("example.com", policy);
    expect(() => state.restoreAll([doc("k1"), doc("k2"), doc("k1")])).toThrow("restore: duplicate key k1");
    expect(state.size).toBe(0);
    expect(state.tree.root.docs).toBe(0);
    state.restoreAll([doc("k1"), doc("k2")]);
    expect([...state.heldDocuments()].map((d) => d.key)).toEqual(["k1", "k2"]);
    expect(state.tree.root.countOf(id("a"))).toBe(2);
  });

  it("serializes and restores held documents and tree", () => {
    const s = new DomainState("d", policy);
    s.ingest("k0", ["a"], blocks("x"), 0);
    s.ingest("k1", ["b"], blocks("y", "x"), 1);
    const json = JSON.parse(JSON.stringify(s.toJSON()));
    const back = DomainState.fromJSON(json, policy);
    expect(back.toJSON()).toEqual(s.toJSON());
    back.remove("k0");
    expect(back.tree.root.count(hx("x"))).toBe(1);
    expect(() => DomainState.fromJSON({ ...json, version: 2 })).toThrow();
  });
});
