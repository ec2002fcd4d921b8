import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { blockHash, hash64, normalizeBlock } from "../../src/core/block-hash";
import type { DomainTree } from "../../src/store/domain-tree";
import { narrowSchema1Hashes, packHashes, unpackHashes } from "../../src/store/hash-codec";
import { currentVersion, migrate, SCHEMA_1, SCHEMA_VERSION } from "../../src/store/schema";
import { domainTreeStub } from "../../src/store/stub";

/** Version 1's encoding: 8 bytes per 16-hex-digit hash, big-endian. */
function packSchema1(hashes: string[]): Uint8Array {
  const out = new Uint8Array(hashes.length * 8);
  hashes.forEach((h, i) => {
    for (let b = 0; b < 8; b++) out[i * 8 + b] = parseInt(h.slice(b * 2, b * 2 + 2), 16);
  });
  return out;
}

describe("hash codec", () => {
  it("round-trips 32-bit hashes in 4 bytes each", () => {
    const hashes = ["00000000", "ffffffff", "0a1b2c3d", blockHash("hello world")];
    const packed = packHashes(hashes);
    expect(packed.byteLength).toBe(16);
    expect(unpackHashes(packed)).toEqual(hashes);
  });

  it("refuses what it could not store faithfully", () => {
    expect(() => packHashes(["00000000000000aa"])).toThrow();
    expect(() => packHashes(["ABCDEF01"])).toThrow();
    expect(() => packHashes(["xyz"])).toThrow();
  });

  it("narrows schema-1 hashes to the new block hashes, once each", () => {
    const texts = ["Template block", "Story one", "Story two"];
    const wide = texts.map((t) => hash64(normalizeBlock(t)));
    const narrowed = unpackHashes(narrowSchema1Hashes(packSchema1([...wide, wide[0]!.slice(0, 8) + "00000000"])));
    expect(narrowed).toEqual(texts.map(blockHash));
  });
});

describe("schema upgrade", () => {
  it("brings a version-1 store to the current version with the same documents, in order", async () => {
    const domain = "upgrade.example";
    const stub = domainTreeStub(env, domain);
    const pages = [
      ["Template block", "Story one"],
      ["Template block", "Story two"],
      ["Template block", "Story three"],
    ];
    // Recent times: the test environment evicts documents older than 14 days beyond the newest 3.
    const t0 = Date.now() - 1000;
    const exported = await runInDurableObject(stub, async (instance: DomainTree, state) => {
      const sql = state.storage.sql;
      // A new object stores nothing until its first write, so there is no current schema to drop.
      expect(currentVersion(sql)).toBe(0);
      for (const statement of SCHEMA_1) sql.exec(statement);
      sql.exec(`INSERT INTO meta (name, value) VALUES ('schema_version', '1'), ('domain', ?)`, domain);
      pages.forEach((texts, i) => {
        sql.exec(
          `INSERT INTO documents (url_key, branch, time, hashes) VALUES (?, ?, ?, ?)`,
          `https://${domain}/news/${i}.html`,
          JSON.stringify(["news"]),
          t0 + i,
          packSchema1(texts.map((t) => hash64(normalizeBlock(t)))),
        );
      });
      expect(currentVersion(sql)).toBe(1);

      state.storage.transactionSync(() => migrate(sql));
      expect(currentVersion(sql)).toBe(SCHEMA_VERSION);
      const indexes = sql
        .exec(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents'`)
        .toArray();
      expect(indexes).toEqual([]);
      const rows = sql.exec<{ hashes: ArrayBuffer }>(`SELECT hashes FROM documents ORDER BY seq`).toArray();
      expect(rows.map((r) => r.hashes.byteLength)).toEqual([8, 8, 8]);

      (instance as unknown as { state: unknown }).state = null;
      return JSON.parse((await instance.exportTree())!) as {
        documents: { key: string; time: number }[];
        tree: [string, number, [string, number][], unknown[]];
      };
    });
    expect(exported.documents.map((d) => d.time)).toEqual([t0, t0 + 1, t0 + 2]);
    expect(exported.tree[1]).toBe(3);
    expect(Object.fromEntries(exported.tree[2])[blockHash("Template block")]).toBe(3);

    // New pages hash the template to the same 32-bit value the upgrade left in the tree.
    const res = await stub.ingest({
      domain,
      key: `https://${domain}/news/3.html`,
      branch: ["news"],
      blocks: ["Template block", "Story four"].map((t) => ({ hash: blockHash(t), chars: t.length })),
      learn: true,
      now: t0 + 3,
    });
    expect(res.ingest?.kind).toBe("inserted");
    // The template block is now in 4 documents at the domain node (evidence: block 0, node 0).
    expect(res.evidence.counts[0]).toBe(4);
    expect(res.evidence.support[0]).toBe(4);
    expect(res.rowsWritten).toBe(1);
    expect((await stub.stats()).documents).toBe(4);
  });

  it("is a no-op on a current store and refuses a newer one", async () => {
    const stub = domainTreeStub(env, "current.example");
    await runInDurableObject(stub, async (_instance: DomainTree, state) => {
      const sql = state.storage.sql;
      migrate(sql);
      expect(currentVersion(sql)).toBe(SCHEMA_VERSION);
      sql.exec(`UPDATE meta SET value = ? WHERE name = 'schema_version'`, String(SCHEMA_VERSION + 1));
      expect(() => migrate(sql)).toThrow(/newer/);
    });
  });
});
