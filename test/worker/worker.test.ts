import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DomainState } from "../../src/core/domain-state";
import { DomainTree } from "../../src/store/domain-tree";
import { SCHEMA_VERSION } from "../../src/store/schema";
import { domainTreeStub } from "../../src/store/stub";
import { article, articleHtml, TEMPLATE_TEXT } from "../fixtures/synthetic-site";
import { treeRequest } from "../fixtures/tree-request";

const ADMIN = { authorization: "Bearer test-admin-key" };
let upstreamCalls: string[] = [];

/** The synthetic site behind a mocked outbound fetch; a few special paths exercise failures. */
function mockUpstream(): void {
  upstreamCalls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    upstreamCalls.push(url.href);
    const m = /^\/news\/story-(\d+)\.html$/.exec(url.pathname);
    if (m) return new Response(articleHtml(Number(m[1])), { headers: { "content-type": "text/html; charset=utf-8" } });
    switch (url.pathname) {
      case "/to-loopback":
        return new Response(null, { status: 302, headers: { location: "http://127.0.0.1/admin" } });
      case "/to-private":
        return new Response(null, { status: 301, headers: { location: "http://192.168.1.1/" } });
      case "/to-file":
        return new Response(null, { status: 302, headers: { location: "file:///etc/passwd" } });
      case "/moved":
        return new Response(null, { status: 301, headers: { location: "/news/story-3.html" } });
      case "/image.png":
        return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { "content-type": "image/png" } });
      case "/slow":
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
        );
      default:
        return new Response("not here", { status: 404, headers: { "content-type": "text/html" } });
    }
  });
}

const storyUrl = (n: number, host = "news.example.com") => `https://${host}/news/story-${n}.html`;

async function extractJson(url: string, query = ""): Promise<{ res: Response; body: any }> {
  const res = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(url)}&format=json${query}`);
  return { res, body: await res.json() };
}

async function documents(domain: string): Promise<number> {
  const res = await SELF.fetch(`http://svc/admin/domains/${domain}/stats`, { headers: ADMIN });
  // A domain the service never learned (or one reset) is a 404: it holds no documents.
  if (res.status === 404) return 0;
  return ((await res.json()) as { documents: number }).documents;
}

beforeEach(mockUpstream);
afterEach(() => vi.restoreAllMocks());

describe("GET /extract learns the site's template", () => {
  it("keeps the template on a cold start and drops it once the domain has seen enough pages", async () => {
    const first = await extractJson(storyUrl(1));
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("x-extract-method")).toBe("cold-start");
    // The template's prose paragraph reads as content to the model alone: only the tree can tell.
    expect(first.body.text).toContain(TEMPLATE_TEXT.about);
    expect(first.body.domain).toBe("example.com");
    for (let n = 2; n <= 6; n++) await extractJson(storyUrl(n));
    const later = await extractJson(storyUrl(7));
    expect(later.res.headers.get("x-extract-method")).toBe("tree");
    expect(Number(later.res.headers.get("x-tree-support"))).toBe(7);
    for (const t of Object.values(TEMPLATE_TEXT)) {
      expect(later.body.text).not.toContain(t);
    }
    // Not the title: the sidebars of earlier pages link to story 7 under that very text, so the
    // tree has seen it before (the quality issue's hybrid classifier is the answer to that).
    const a = article(7);
    for (const p of a.paragraphs) expect(later.body.text).toContain(p);
    expect(later.body.text).not.toContain("not text");
  });

  it("serves the proxy-style route, including folded slashes", async () => {
    const res = await SELF.fetch(`http://svc/${storyUrl(2)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toContain(article(2).paragraphs[0]);
    const folded = await SELF.fetch("http://svc/https:/news.example.com/news/story-2.html", {
      headers: { "x-format": "json" },
    });
    expect(((await folded.json()) as { urlKey: string }).urlKey).toBe(storyUrl(2));
  });

  it("follows redirects and keys the page by its response URL", async () => {
    const { body } = await extractJson("https://news.example.com/moved");
    expect(body.url).toBe(storyUrl(3));
    expect(body.urlKey).toBe(storyUrl(3));
  });
});

describe("formats", () => {
  it("answers markdown, html, json with debug evidence, and honours Accept", async () => {
    const md = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(storyUrl(4))}&format=markdown`);
    expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(await md.text()).toContain(`# ${article(4).title}`);
    expect([...md.headers.keys()].filter((name) => /declared/i.test(name))).toEqual([]);
    expect(md.headers.get("x-article-title")).toBe(
      encodeURIComponent(article(4).title).replace(/%20/g, " ").replace(/%3A/g, ":"),
    );
    const front = await SELF.fetch(
      `http://svc/extract?url=${encodeURIComponent(storyUrl(4))}&format=markdown&frontmatter=1`,
    );
    const frontText = await front.text();
    expect(frontText.startsWith(`---\ntitle: ${JSON.stringify(article(4).title)}\n`)).toBe(true);
    expect(frontText).toContain(`url: ${JSON.stringify(storyUrl(4))}\n---\n\n`);
    // What steers the headline's choice inside (metadata.ts titleDeclared, titleAsStated) is no field of the answer.
    expect(frontText).not.toMatch(/declared|asStated/i);
    const html = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(storyUrl(4))}`, {
      headers: { accept: "text/html" },
    });
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await html.text()).toMatch(/^<!doctype html>/i);
    const { body } = await extractJson(storyUrl(4), "&debug=1");
    // The headline, not the raw <title> with its " | Site" suffix; metadata fields present, null when the page is silent.
    expect(body.title).toBe(article(4).title);
    expect(JSON.stringify(body)).not.toMatch(/titleDeclared|titleAsStated/);
    expect(body).toMatchObject({
      byline: null,
      published: null,
      modified: null,
      image: null,
      lang: null,
      excerpt: null,
    });
    expect(Array.isArray(body.blocks)).toBe(true);
    const block = body.blocks.find((b: { text: string }) => b.text === article(4).paragraphs[0]);
    expect(block).toMatchObject({
      label: expect.stringMatching(/^content/),
      node: expect.stringContaining("example.com"),
    });
    expect(typeof block.support).toBe("number");
    expect(typeof block.rule).toBe("string");
  });

  it("answers a GET whose ETag the client holds with 304, on /extract and the proxy route", async () => {
    for (const path of [`/extract?url=${encodeURIComponent(storyUrl(5))}&learn=0`, `/${storyUrl(5)}`]) {
      const first = await SELF.fetch(`http://svc${path}`, { headers: { "x-learn": "0" } });
      const tag = first.headers.get("etag");
      expect(tag, path).toBeTruthy();
      await first.text();
      const again = await SELF.fetch(`http://svc${path}`, { headers: { "if-none-match": tag!, "x-learn": "0" } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
      const changed = await SELF.fetch(`http://svc${path}`, {
        headers: { "if-none-match": '"other"', "x-learn": "0" },
      });
      expect(changed.status, path).toBe(200);
      await changed.text();
    }
  });

  it("rejects an unknown format or heuristic with 400", async () => {
    const res = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(storyUrl(1))}&format=pdf`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.code).toBe("bad_request");
    const h = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(storyUrl(1))}&heuristic=magic`);
    expect(h.status).toBe(400);
  });
});

describe("duplicates and concurrency", () => {
  it("counts the same article under two URLs once", async () => {
    await extractJson(storyUrl(5, "dup.example.org"));
    const again = await extractJson(`${storyUrl(5, "dup.example.org")}?utm_source=feed#top`);
    expect(again.body.urlKey).toBe(storyUrl(5, "dup.example.org"));
    expect(again.res.headers.get("x-ingest")).toBe("unchanged");
    expect(await documents("example.org")).toBe(1);
  });

  it("does not lose or double-count concurrent requests for one domain", async () => {
    const urls = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => storyUrl(n, "www.busy.example.net"));
    await Promise.all([...urls, ...urls].map((u) => extractJson(u)));
    expect(await documents("example.net")).toBe(8);
    const exported = await SELF.fetch("http://svc/admin/domains/example.net/export", { headers: ADMIN });
    const state = (await exported.json()) as { tree: [string, number, [string, number][], unknown[]] };
    expect(state.tree[1]).toBe(8);
  });
});

describe("errors never change stored state", () => {
  const cases: [string, number, string][] = [
    ["https://news.example.com/to-loopback", 400, "forbidden_target"],
    ["https://news.example.com/to-private", 400, "forbidden_target"],
    ["https://news.example.com/to-file", 400, "forbidden_target"],
    ["http://127.0.0.1/", 400, "forbidden_target"],
    ["http://169.254.169.254/latest/meta-data", 400, "forbidden_target"],
    ["file:///etc/passwd", 400, "bad_request"],
    ["not a url", 400, "bad_request"],
    ["https://news.example.com/missing", 502, "upstream_failed"],
    ["https://news.example.com/image.png", 415, "unsupported_media_type"],
    ["https://news.example.com/slow", 504, "upstream_timeout"],
  ];
  for (const [url, status, code] of cases) {
    it(`${url} -> ${status} ${code}`, async () => {
      const before = await documents("example.com");
      const res = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(url)}`);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(((await res.json()) as any).error).toMatchObject({ code, message: expect.any(String) });
      expect(await documents("example.com")).toBe(before);
    });
  }

  it("never fetches the loopback target of a redirect", async () => {
    await SELF.fetch(`http://svc/extract?url=${encodeURIComponent("https://news.example.com/to-loopback")}`);
    expect(upstreamCalls.some((u) => u.includes("127.0.0.1"))).toBe(false);
  });

  it("answers 400 without a url, 404 for unknown routes", async () => {
    expect((await SELF.fetch("http://svc/extract")).status).toBe(400);
    expect((await SELF.fetch("http://svc/nope")).status).toBe(404);
  });
});

describe("POST /extract with caller-supplied HTML", () => {
  it("classifies raw HTML without teaching the tree when no key is configured", async () => {
    const res = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(storyUrl(9, "posted.example.io"))}`, {
      method: "POST",
      headers: { "content-type": "text/html" },
      body: articleHtml(9),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ingest")).toBe("not-learned");
    expect(await res.text()).toContain(article(9).paragraphs[1]);
    expect(await documents("example.io")).toBe(0);
  });

  it("accepts JSON {url, html, title}", async () => {
    const res = await SELF.fetch("http://svc/extract?format=json", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: storyUrl(10, "posted.example.io"), html: articleHtml(10), title: "Given title" }),
    });
    const body = (await res.json()) as any;
    expect(body.title).toBe("Given title");
    expect(body.text).toContain(article(10).paragraphs[0]);
  });

  it("refuses bad bodies with clear errors", async () => {
    const post = (body: BodyInit, type: string, q = `?url=${encodeURIComponent(storyUrl(1))}`) =>
      SELF.fetch(`http://svc/extract${q}`, { method: "POST", headers: { "content-type": type }, body });
    expect((await post("{nope", "application/json")).status).toBe(400);
    expect((await post(JSON.stringify({ url: storyUrl(1) }), "application/json")).status).toBe(400);
    expect((await post("%PDF-1.4", "application/pdf")).status).toBe(415);
    expect((await post("<p>x</p>", "text/html", "")).status).toBe(400);
    expect((await post("<p>x</p>", "text/html", "?url=ftp://x.example.com/")).status).toBe(400);
    // Over MAX_BYTES: answered from the page up to it (see budget.test.ts), a cut JSON body refused.
    const big = await post("<p>" + "a".repeat(5 * 1024 * 1024) + "</p>", "text/html");
    expect(big.status).toBe(200);
    expect(big.headers.get("x-truncated")).toBe("bytes");
    const bigJson = await post(
      JSON.stringify({ url: storyUrl(1), html: "a".repeat(5 * 1024 * 1024) }),
      "application/json",
    );
    expect(bigJson.status).toBe(413);
  });
});

describe("admin routes", () => {
  it("need the admin key", async () => {
    expect((await SELF.fetch("http://svc/admin/domains/example.com/stats")).status).toBe(401);
    expect(
      (await SELF.fetch("http://svc/admin/domains/example.com/stats", { headers: { authorization: "Bearer wrong" } }))
        .status,
    ).toBe(403);
  });

  it("report stats, export the tree and reset a domain", async () => {
    for (const n of [1, 2, 3]) await extractJson(storyUrl(n, "admin.example.co.uk"));
    const stats = (await (
      await SELF.fetch("http://svc/admin/domains/example.co.uk/stats", { headers: ADMIN })
    ).json()) as any;
    expect(stats).toMatchObject({ domain: "example.co.uk", documents: 3, schemaVersion: SCHEMA_VERSION });
    expect(stats.bytes).toBeGreaterThan(0);
    expect(stats.nodes).toBeGreaterThanOrEqual(3);
    const reset = await SELF.fetch("http://svc/admin/domains/example.co.uk/reset", { method: "POST", headers: ADMIN });
    expect(((await reset.json()) as any).removed).toBe(3);
    expect(await documents("example.co.uk")).toBe(0);
  });
});

describe("DomainTree durable object", () => {
  it("evicts by count as documents arrive and by age in the alarm, keeping counts exact", async () => {
    const stub = domainTreeStub(env, "evict.example");
    const old = Date.now() - 30 * 24 * 3600 * 1000;
    for (let k = 0; k < 45; k++) await stub.ingest(treeRequest("evict.example", k, old + k));
    expect((await stub.stats()).documents).toBe(40);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const stats = await stub.stats();
    expect(stats.documents).toBe(3);
    const state = JSON.parse((await stub.exportTree())!) as {
      tree: [string, number, [string, number][], unknown[]];
      documents: { key: string }[];
    };
    expect(state.documents.map((d) => d.key)).toEqual([42, 43, 44].map((k) => `https://evict.example/a/${k}.html`));
    expect(state.tree[1]).toBe(3);
    expect(Object.fromEntries(state.tree[2])["000000aa"]).toBe(3);
  });

  it("rebuilds the same tree from storage after a restart", async () => {
    const stub = domainTreeStub(env, "restart.example");
    for (let k = 0; k < 6; k++) await stub.ingest(treeRequest("restart.example", k));
    const before = await stub.exportTree();
    const rebuilt = await runInDurableObject(stub, (instance: DomainTree) => {
      // The cast reaches a private field: were it renamed, nulling it would test nothing, so check it is loaded.
      const held = instance as unknown as { state: unknown };
      expect(held.state).toBeInstanceOf(DomainState);
      held.state = null;
      return instance.exportTree();
    });
    expect(rebuilt).toBe(before);
  });

  it("writes one document row per new page", async () => {
    const stub = domainTreeStub(env, "rows.example");
    await stub.ingest(treeRequest("rows.example", 1));
    const second = await stub.ingest(treeRequest("rows.example", 2));
    expect(second.ingest?.kind).toBe("inserted");
    // Schema 2: the document row only (no url_key index entry).
    expect(second.rowsWritten).toBe(1);
  });
});
