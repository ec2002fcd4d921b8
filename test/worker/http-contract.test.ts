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

describe("a known route asked with a method it does not serve: 405 with Allow", () => {
  const ADMIN = { authorization: "Bearer test-admin-key" };
  const cases: [method: string, path: string, allow: string, headers?: Record<string, string>][] = [
    ["PUT", "/extract?url=https://contract.example.com/a", "GET, HEAD, POST"],
    ["DELETE", "/extract", "GET, HEAD, POST"],
    ["POST", "/https://contract.example.com/a", "GET, HEAD"],
    ["PATCH", "/https:/contract.example.com/a?b=1", "GET, HEAD"],
    ["POST", "/", "GET, HEAD"],
    ["PUT", "/inspector.js", "GET, HEAD"],
    ["POST", "/inspect?url=https://contract.example.com/a", "GET, HEAD"],
    ["POST", "/feed?url=https://contract.example.com/feed.xml", "GET"],
    ["PUT", "/feed/https://contract.example.com/feed.xml", "GET"],
    // HEAD on /feed was already refused before any route (input-limits.ts): the same answer.
    ["HEAD", "/feed?url=https://contract.example.com/feed.xml", "GET"],
    ["PUT", "/feeds", "GET, HEAD, POST", ADMIN],
    ["POST", "/feeds/0123456789abcdef", "GET, HEAD, DELETE", ADMIN],
    ["POST", "/admin/domains/example.com/stats", "GET, HEAD", ADMIN],
    ["DELETE", "/admin/domains/example.com/export", "GET, HEAD", ADMIN],
    ["GET", "/admin/domains/example.com/import", "POST", ADMIN],
    ["GET", "/admin/domains/example.com/reset", "POST", ADMIN],
    // The admin routes have no CORS, so no preflight answers OPTIONS there.
    ["OPTIONS", "/admin/domains/example.com/stats", "GET, HEAD", ADMIN],
  ];
  for (const [method, path, allow, headers] of cases) {
    it(`${method} ${path}`, async () => {
      const res = await SELF.fetch(`http://svc${path}`, { method, headers });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("cache-control")).toBe("no-store");
      if (method === "HEAD") return;
      const body = (await res.json()) as { error: { code: string; message: string; allow: string[] } };
      expect(body.error.code).toBe("method_not_allowed");
      expect(body.error.message).toContain(method);
      expect(body.error.allow.join(", ")).toBe(allow);
    });
  }

  it("keeps unknown paths 404, the key check first on admin routes, and CORS on the API's 405", async () => {
    for (const [method, path] of [
      ["PUT", "/nothing-here"],
      ["POST", "/ftp://example.com/a"],
      ["DELETE", "/admin/nothing"],
    ] as const) {
      const res = await SELF.fetch(`http://svc${path}`, { method, headers: ADMIN });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
    const noKey = await SELF.fetch("http://svc/admin/domains/example.com/stats", { method: "POST" });
    expect(noKey.status).toBe(401);
    await noKey.text();
    const api = await SELF.fetch("http://svc/extract", { method: "PUT", headers: { origin: ORIGIN } });
    expect(api.status).toBe(405);
    expect(api.headers.get("access-control-allow-origin")).toBe("*");
    await api.text();
  });

  it("still answers HEAD like GET where GET only reads, and CORS preflights with 204", async () => {
    const head = await SELF.fetch("http://svc/", { method: "HEAD" });
    expect(head.status).toBe(200);
    const preflight = await SELF.fetch("http://svc/extract?url=x", {
      method: "OPTIONS",
      headers: { origin: ORIGIN, "access-control-request-method": "PUT" },
    });
    expect(preflight.status).toBe(204);
  });
});

describe("Accept chooses the format by q-value", () => {
  const path = `/extract?url=${encodeURIComponent("https://contract.example.com/news/story-2.html")}&learn=0`;
  const typeFor = async (accept: string) => {
    const res = await SELF.fetch(`http://svc${path}`, { headers: { accept } });
    expect(res.status, accept).toBe(200);
    await res.text();
    return res.headers.get("content-type")!.split(";")[0];
  };

  it("answers the highest q among the formats named, never one given q=0", async () => {
    expect(await typeFor("text/html;q=0, text/markdown")).toBe("text/markdown");
    expect(await typeFor("text/plain;q=0.5, application/json")).toBe("application/json");
    expect(await typeFor("text/html;q=0.4, text/markdown;q=0.6")).toBe("text/markdown");
    // A tie goes to the format named first; a malformed q drops its range.
    expect(await typeFor("text/markdown;q=0.8, text/html;q=0.8")).toBe("text/markdown");
    expect(await typeFor("text/html;q=high, application/json;q=0.1")).toBe("application/json");
    // Nothing named acceptably: the default, text.
    expect(await typeFor("text/markdown;q=0, */*")).toBe("text/plain");
  });

  it("reads the proxy route's Accept the same way", async () => {
    const res = await SELF.fetch("http://svc/https://contract.example.com/news/story-3.html", {
      headers: { accept: "text/html;q=0.1, text/markdown", "x-learn": "0" },
    });
    expect(res.headers.get("content-type")).toMatch(/^text\/markdown/);
    await res.text();
  });
});

describe("small contract points", () => {
  it("says which words a flag option takes when it refuses one", async () => {
    const res = await SELF.fetch(
      `http://svc/extract?url=${encodeURIComponent("https://contract.example.com/a")}&learn=maybe`,
    );
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string } };
    for (const word of ["1", "true", "yes", "on", "0", "false", "no", "off", '"maybe"'])
      expect(error.message).toContain(word);
    // Every word it names is taken.
    for (const word of ["yes", "TRUE", "on", "no", "Off"]) {
      const ok = await SELF.fetch(
        `http://svc/extract?url=${encodeURIComponent("https://contract.example.com/news/story-4.html")}&learn=0&links=${word}`,
      );
      expect(ok.status, word).toBe(200);
      await ok.text();
    }
  });

  it("types the admin, watched-feed and inspect JSON answers with charset=utf-8, like the others", async () => {
    const ADMIN = { authorization: "Bearer test-admin-key" };
    const story = "https://charset.example.com/news/story-1.html";
    const learned = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(story)}`);
    expect(learned.status).toBe(200);
    await learned.text();
    const answers = [
      await SELF.fetch(`http://svc/inspect?url=${encodeURIComponent(story)}`),
      await SELF.fetch("http://svc/admin/domains/charset.example.com/stats", { headers: ADMIN }),
      await SELF.fetch("http://svc/admin/domains/charset.example.com/export", { headers: ADMIN }),
      await SELF.fetch("http://svc/feeds", { headers: ADMIN }),
      await SELF.fetch("http://svc/feeds", {
        method: "POST",
        headers: { ...ADMIN, "content-type": "application/json" },
        body: JSON.stringify({ url: "https://charset.example.com/feed.xml" }),
      }),
      await SELF.fetch("http://svc/admin/domains/charset.example.com/reset", { method: "POST", headers: ADMIN }),
    ];
    for (const res of answers) {
      expect(res.ok, res.url).toBe(true);
      expect(res.headers.get("content-type"), res.url).toBe("application/json; charset=utf-8");
      await res.json();
    }
  });
});
