/**
 * The HTTP contract around the routes: conditional GETs keep CORS, known routes refuse other methods
 * with 405 and Allow, Accept's q-values choose the format, and the small wording and charset rules.
 */
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/http/app";
import { mockFeedSite, RSS } from "../fixtures/mock-feed-site";
import { rss2, stories } from "../fixtures/synthetic-feeds";
import { articleHtml } from "../fixtures/synthetic-site";

const ORIGIN = "https://reader.example.net";

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(
    async () => new Response(articleHtml(1), { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
});
afterEach(() => vi.restoreAllMocks());

describe("a 304 keeps the CORS headers of the 200 it stands for", () => {
  const story = "https://contract.example.com/news/story-1.html";
  // A browser page revalidating with If-None-Match reads a 304 only if it carries Allow-Origin.
  for (const [name, path] of [
    ["/extract", `/extract?url=${encodeURIComponent(story)}&learn=0`],
    ["the proxy route", `/${story}`],
  ] as const) {
    it(`on ${name}, with CORS_ORIGINS * and with a listed origin`, async () => {
      for (const vars of [
        { ...env, CACHE_MAX_AGE: "0" },
        { ...env, CACHE_MAX_AGE: "0", CORS_ORIGINS: ORIGIN },
      ]) {
        const app = createApp();
        const headers = { origin: ORIGIN, "x-learn": "0" };
        const first = await app.request(path, { headers }, vars);
        expect(first.status).toBe(200);
        await first.text();
        const etag = first.headers.get("etag")!;
        expect(etag).toBeTruthy();
        const again = await app.request(path, { headers: { ...headers, "if-none-match": etag } }, vars);
        expect(again.status).toBe(304);
        expect(again.headers.get("etag")).toBe(etag);
        for (const header of ["access-control-allow-origin", "access-control-expose-headers", "vary"])
          expect(again.headers.get(header), header).toBe(first.headers.get(header));
      }
    });
  }
});

describe("the feed's own 304 keeps its CORS headers too", () => {
  it("answers a reader's If-None-Match with 304 and Allow-Origin", async () => {
    vi.restoreAllMocks();
    const site = mockFeedSite();
    const origin = "https://news.contract.example";
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 2)), type: RSS });
    const path = `http://svc/feed?url=${encodeURIComponent(`${origin}/feed.xml`)}`;
    const first = await SELF.fetch(path, { headers: { origin: ORIGIN } });
    expect(first.status).toBe(200);
    await first.text();
    const again = await SELF.fetch(path, { headers: { origin: ORIGIN, "if-none-match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    expect(again.headers.get("access-control-expose-headers")).toBe(first.headers.get("access-control-expose-headers"));
  });
});
