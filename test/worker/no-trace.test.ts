import { env, listDurableObjectIds, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JSONFEED, mockFeedSite, RSS } from "../fixtures/mock-feed-site";
import { pageWithoutFeed, rss2, stories } from "../fixtures/synthetic-feeds";

// Failed requests must leave nothing behind: no FeedCache or DomainTree object is even created (opening a
// Durable Object creates it, and its schema migration writes its storage). The namespaces' object lists,
// before and after, show what a test's requests created.
afterEach(() => vi.restoreAllMocks());

const objects = async () => ({
  feedCaches: (await listDurableObjectIds(env.FEED_CACHE)).length,
  trees: (await listDurableObjectIds(env.DOMAIN_TREE)).length,
  registries: (await listDurableObjectIds(env.FEED_REGISTRY)).length,
});

/** A JSON Feed whose one item carries an extension nested `depth` objects deep. */
function deepJsonFeed(origin: string, depth: number): string {
  const deep = '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
  return `{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"1","url":"${origin}/news/story-1.html","_x":${deep}}]}`;
}

async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { ...body.error, status: res.status };
}

describe("refused watched-feed registrations open no FeedRegistry", () => {
  it("bad JSON, a missing or forbidden url, a url over the limit", async () => {
    const before = await objects();
    for (const body of [
      "not json",
      "{}",
      '{"url":"http://169.254.169.254/latest"}',
      `{"url":"https://x.example/${"a".repeat(9000)}"}`,
      '{"url":"https://x.example/feed.xml","intervalMinutes":1}',
    ]) {
      const res = await SELF.fetch("http://svc/feeds", {
        method: "POST",
        headers: { authorization: "Bearer test-admin-key", "content-type": "application/json" },
        body,
      });
      expect(res.status, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await objects()).toEqual(before);
  });
});

describe("failed feed requests open no FeedCache", () => {
  it("bad URL, forbidden target, upstream 404, not a feed, an HTML page without feed, a JSON Feed nested 100k deep", async () => {
    const before = await objects();
    const site = mockFeedSite();
    const origin = "https://news.trace.example";
    site.serve(`${origin}/page.html`, { body: pageWithoutFeed, type: "text/html" });
    site.serve(`${origin}/text.xml`, { body: "<notafeed/>", type: RSS });
    site.serve(`${origin}/deep.json`, { body: deepJsonFeed(origin, 100_000), type: JSONFEED });
    const cases: [string, number, string][] = [
      ["ftp://news.trace.example/feed.xml", 400, "bad_request"],
      ["http://10.0.0.1/feed.xml", 400, "forbidden_target"],
      ["http://[2001:db8::1]/feed.xml", 400, "forbidden_target"],
      [`${origin}/404.xml`, 502, "upstream_failed"],
      [`${origin}/text.xml`, 422, "invalid_feed"],
      [`${origin}/page.html`, 422, "no_feed"],
      [`${origin}/deep.json`, 422, "invalid_feed"],
    ];
    for (const [url, status, code] of cases) {
      const res = await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(url)}`);
      expect(await errorOf(res), url).toMatchObject({ status, code });
    }
    expect(await objects()).toEqual(before);
  });

  it("a good feed creates its cache (the check above can fail), and its re-poll is still conditional", async () => {
    const before = await objects();
    const site = mockFeedSite();
    const origin = "https://news.trace-ok.example";
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 3)), type: RSS });
    expect((await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(`${origin}/feed.xml`)}`)).status).toBe(200);
    expect((await objects()).feedCaches).toBe(before.feedCaches + 1);
    site.headers.length = 0;
    const again = await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(`${origin}/feed.xml`)}`);
    expect(again.headers.get("x-feed-upstream")).toBe("304");
    expect(site.headers[0]!.get("if-none-match")).toMatch(/^".+"$/);
  });
});

describe("failed extractions create no DomainTree, and HEAD teaches nothing", () => {
  it("refuses before any storage, and HEAD answers without learning", async () => {
    const before = await objects();
    const site = mockFeedSite();
    const story = "https://news.trace.example/news/story-1.html";
    const requests: [string, RequestInit, number, string][] = [
      [`/extract?url=${encodeURIComponent("http://[100::1]/")}`, {}, 400, "forbidden_target"],
      [`/extract?url=${encodeURIComponent("https://news.trace.example/404")}`, {}, 502, "upstream_failed"],
      [`/https%3A%2F%2Fexample.com%2F%E0%A4%A`, {}, 400, "bad_request"],
      [`/extract?url=${encodeURIComponent(story)}&x=${"a".repeat(9000)}`, {}, 414, "uri_too_long"],
      [
        "/extract",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ url: `https://news.trace.example/${"a".repeat(3_000_000)}`, html: "<p>x</p>" }),
        },
        414,
        "uri_too_long",
      ],
    ];
    for (const [path, init, status, code] of requests) {
      const res = await SELF.fetch(`http://svc${path}`, init);
      expect(res.status, path.slice(0, 80)).toBe(status);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(site.calls).toEqual(["https://news.trace.example/404"]);
    expect(await objects()).toEqual(before);

    // HEAD is answered like GET but teaches nothing: the domain still holds no document (its object
    // may be opened for evidence, as by a GET with learn=0, but never gets a table).
    for (const path of [`/extract?url=${encodeURIComponent(story)}`, `/${story}`]) {
      const res = await SELF.fetch(`http://svc${path}`, { method: "HEAD" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-ingest")).toBe("not-learned");
    }
    const stats = await SELF.fetch("http://svc/admin/domains/trace.example/stats", {
      headers: { authorization: "Bearer test-admin-key" },
    });
    expect(stats.status).toBe(404);
  });
});
