/**
 * The DomainTree at the edges: reads of a domain the service never learned create nothing, and a
 * domain's export, reset and import give back the same documents, stats and evidence.
 */
import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DomainTree, TreeRequest } from "../../src/store/domain-tree";
import { domainTreeStub } from "../../src/store/stub";

const ADMIN = { authorization: "Bearer test-admin-key" };
const admin = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`http://svc/admin/domains/${path}`, { ...init, headers: { ...ADMIN, ...(init.headers ?? {}) } });
const hex = (n: number) => (Math.imul(n + 1, 0x9e3779b1) >>> 0).toString(16).padStart(8, "0");

/** Every table in the object's SQLite database: none means nothing was ever written. */
async function tables(domain: string): Promise<string[]> {
  return runInDurableObject(domainTreeStub(env, domain), (_: DomainTree, state) =>
    state.storage.sql
      .exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%'`)
      .toArray()
      .map((r) => r.name),
  );
}

function page(domain: string, n: number, extra: number[] = []): TreeRequest {
  const template = [0, 1, 2, 3];
  return {
    domain,
    key: `https://www.${domain}/news/${n}.html`,
    branch: ["www", "news"],
    blocks: [...template, 100 + n, ...extra].map((b) => ({ hash: hex(b), chars: 120 })),
    learn: true,
    now: Date.now() - 1000 + n,
  };
}

describe("an unknown domain", () => {
  it("stats and export answer 404 JSON and create no storage", async () => {
    const domain = "never-seen.example";
    for (const path of ["stats", "export", "export?format=ndjson"]) {
      const res = await admin(`${domain}/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    expect(await tables(domain)).toEqual([]);
    expect((await admin(`${domain}/stats`)).status).toBe(404);
  });

  it("a classify-only request and a reset write nothing", async () => {
    const domain = "read-only.example";
    const stub = domainTreeStub(env, domain);
    const answer = await stub.ingest({ ...page(domain, 1), learn: false });
    expect(answer.ingest).toBeNull();
    expect(answer.evidence.support[0]).toBe(1);
    expect(await stub.reset()).toEqual({ removed: 0 });
    expect(await tables(domain)).toEqual([]);
    // The first real write creates the schema.
    await stub.ingest(page(domain, 1));
    expect(await tables(domain)).toEqual(expect.arrayContaining(["meta", "documents"]));
  });
});

describe("a first write that fails", () => {
  it("leaves nothing behind and the next write works", async () => {
    const domain = "failed-first.example";
    const stub = domainTreeStub(env, domain);
    // A key over SQLite's value limit: the insert (and the schema created with it) is rolled back.
    const huge = { ...page(domain, 1), key: `https://www.${domain}/${"x".repeat(3 * 1024 * 1024)}` };
    // Called on the instance, not over RPC: a rejected RPC also surfaces as an unhandled error in the runner.
    await runInDurableObject(stub, async (instance: DomainTree) => {
      await expect(instance.ingest(huge)).rejects.toThrow(/TOOBIG|too big/i);
    });
    expect(await tables(domain)).toEqual([]);
    expect((await admin(`${domain}/stats`)).status).toBe(404);
    expect((await stub.ingest(page(domain, 2))).ingest?.kind).toBe("inserted");
    expect(((await (await admin(`${domain}/stats`)).json()) as { documents: number }).documents).toBe(1);
  });
});

describe("export, reset, import", () => {
  it("gives back the same documents, stats and evidence", async () => {
    const domain = "roundtrip.example";
    const stub = domainTreeStub(env, domain);
    for (let n = 0; n < 12; n++) await stub.ingest(page(domain, n));
    // A revision: the same URL key with enough new text, added to the held document.
    const revised = await stub.ingest(page(domain, 3, [900, 901]));
    expect(revised.ingest?.kind).toBe("revision");
    const probe = { ...page(domain, 50), learn: false };
    const evidenceBefore = (await stub.ingest(probe)).evidence;
    const statsBefore = await (await admin(`${domain}/stats`)).json();

    const exported = await admin(`${domain}/export?format=ndjson`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const ndjson = await exported.text();
    const lines = ndjson.trimEnd().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: "urltree-domain", version: 1, domain, documents: 12 });
    expect(lines).toHaveLength(13);
    // Accept asks for the same thing; the original JSON form stays the default.
    expect(await (await admin(`${domain}/export`, { headers: { accept: "application/x-ndjson" } })).text()).toBe(
      ndjson,
    );
    expect((await (await admin(`${domain}/export`)).json()) as object).toHaveProperty("tree");

    const conflict = await admin(`${domain}/import`, { method: "POST", body: ndjson });
    expect(conflict.status).toBe(409);

    expect(((await (await admin(`${domain}/reset`, { method: "POST" })).json()) as { removed: number }).removed).toBe(
      12,
    );
    expect((await admin(`${domain}/stats`)).status).toBe(404);

    const imported = await admin(`${domain}/import`, {
      method: "POST",
      headers: { "content-type": "application/x-ndjson" },
      body: ndjson,
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ domain, imported: 12 });

    const statsAfter = (await (await admin(`${domain}/stats`)).json()) as Record<string, unknown>;
    expect({ ...statsAfter, bytes: 0 }).toEqual({ ...(statsBefore as object), bytes: 0 });
    expect((await stub.ingest(probe)).evidence).toEqual(evidenceBefore);
    expect(await (await admin(`${domain}/export?format=ndjson`)).text()).toBe(ndjson);

    // After a restart the object rebuilds the same state from the imported rows.
    const rebuilt = await runInDurableObject(stub, (instance: DomainTree) => {
      (instance as unknown as { state: unknown }).state = null;
      return instance.ingest(probe);
    });
    expect(rebuilt.evidence).toEqual(evidenceBefore);
  });

  it("refuses bad input whole with a 400 naming the problem, and stores nothing", async () => {
    const domain = "bad-import.example";
    const header = JSON.stringify({ format: "urltree-domain", version: 1, domain, documents: 2 });
    const doc = (n: number, hashes = hex(n) + hex(n + 1)) =>
      JSON.stringify({ key: `https://${domain}/x/${n}`, branch: ["x"], time: 1, hashes });
    const cases: [string, string, RegExp][] = [
      ["count", [header, doc(1)].join("\n"), /announces 2/],
      ["version", [header.replace('"version":1', '"version":9'), doc(1), doc(2)].join("\n"), /version 9/],
      ["domain", [header.replace(domain, "other.example"), doc(1), doc(2)].join("\n"), /other\.example/],
      ["hash", [header, doc(1), doc(2, "zzzzzzzz")].join("\n"), /line 3: "hashes"/],
      ["key", [header, doc(1), doc(1)].join("\n"), /appears twice/],
      // A branch that is not its key's (the key says directory x): before session 19, taken in under ["y"].
      [
        "branch",
        [header, doc(1), doc(2).replace('"branch":["x"]', '"branch":["y"]')].join("\n"),
        /line 3: "branch" \["y"\] is not the branch of key "https:\/\/bad-import\.example\/x\/2" \(its key gives \["x"\]\)/,
      ],
      ["cap", [header.replace('"documents":2', '"documents":41'), doc(1)].join("\n"), /cap of 40/],
    ];
    for (const [what, body, message] of cases) {
      const res = await admin(`${domain}/import`, { method: "POST", body });
      expect(res.status, what).toBe(400);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("bad_request");
      expect(error.message, what).toMatch(message);
    }
    const wrongType = await admin(`${domain}/import`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(wrongType.status).toBe(415);
    expect(await tables(domain)).toEqual([]);
  });
});
