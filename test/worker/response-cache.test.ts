import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../src/config";
import { createApp } from "../../src/http/app";
import { ALLOWED_HEADERS } from "../../src/http/cors";
import { PROXY_OPTION_HEADERS } from "../../src/http/options";
import { cacheControlFor, canonicalJson, responseCacheKey } from "../../src/http/response-cache";
import { DEFAULT_EXTRACT_OPTIONS, PRODUCTION_TREE } from "../../src/service/options";
import { article, articleHtml } from "../fixtures/synthetic-site";

let upstreamCalls: string[] = [];

beforeEach(() => {
  upstreamCalls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    upstreamCalls.push(url.href);
    const m = /^\/news\/story-(\d+)\.html$/.exec(url.pathname);
    if (m) return new Response(articleHtml(Number(m[1])), { headers: { "content-type": "text/html; charset=utf-8" } });
    return new Response("not here", { status: 404, headers: { "content-type": "text/html" } });
  });
});
afterEach(() => vi.restoreAllMocks());

const app = createApp();
const CACHED = { ...env, RESPONSE_CACHE_TTL: "60" };

/**
 * One request through the app with the response cache on (the test bindings turn it off), and
 * every waitUntil (the cache put) settled before the next request, as in production over time.
 */
async function get(path: string, headers: Record<string, string> = {}, vars: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await app.request(path, { headers }, { ...CACHED, ...vars }, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body, cache: res.headers.get("x-cache") };
}

/** Every test its own host: caches.default outlives a test, and a shared key would leak between them. */
const story = (host: string, n = 1) => `https://${host}.example.com/news/story-${n}.html`;
const extractPath = (url: string, query = "") => `/extract?url=${encodeURIComponent(url)}${query}`;

describe("the response cache of GET /extract and the proxy route", () => {
  it("answers a repeated GET from the cache without the upstream, with the same body and ETag", async () => {
    const path = extractPath(story("hit"), "&format=json");
    const first = await get(path);
    expect(first.res.status).toBe(200);
    expect(first.cache).toBe("MISS");
    expect(Number(first.res.headers.get("x-rows-written"))).toBeGreaterThan(0);
    const second = await get(path);
    expect(second.cache).toBe("HIT");
    expect(upstreamCalls).toHaveLength(1);
    expect(second.body).toBe(first.body);
    expect(JSON.parse(second.body).text).toContain(article(1).paragraphs[0]);
    expect(second.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(second.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
    // This request wrote nothing and never called the tree.
    expect(second.res.headers.get("x-rows-written")).toBe("0");
    expect(second.res.headers.get("server-timing")).toBeNull();
    for (const r of [first.res, second.res]) {
      expect(r.headers.get("cache-control")).toBe("public, max-age=300");
      expect(r.headers.get("vary")).toBe("Accept");
    }
  });

  it("misses for a different format, option or Accept, and keys by the parsed options", async () => {
    const url = story("options");
    expect((await get(extractPath(url))).cache).toBe("MISS");
    expect((await get(extractPath(url, "&format=markdown"))).cache).toBe("MISS");
    expect((await get(extractPath(url), { accept: "application/json" })).cache).toBe("MISS");
    expect((await get(extractPath(url, "&learn=0"))).cache).toBe("MISS");
    expect((await get(extractPath(url, "&heuristic=vote"))).cache).toBe("MISS");
    expect((await get(extractPath(url, "&heuristic=vote&divisor=20"))).cache).toBe("MISS");
    expect((await get(extractPath(url, "&title=Other"))).cache).toBe("MISS");
    expect(upstreamCalls).toHaveLength(7);
    // The same answer however it was asked for: Accept or format=, /extract or the proxy route.
    expect((await get(extractPath(url), { accept: "text/markdown, text/plain;q=0.5" })).cache).toBe("HIT");
    expect((await get(extractPath(url, "&format=md"))).cache).toBe("HIT");
    const proxied = await get(`/${url}`, { "x-format": "json" });
    expect(proxied.cache).toBe("HIT");
    expect(proxied.res.headers.get("vary")).toBe(["Accept", ...PROXY_OPTION_HEADERS].join(", "));
    // hard=0 does not change the hybrid classifier's answer, so it is the same entry.
    expect((await get(extractPath(url, "&hard=0"))).cache).toBe("HIT");
    expect(upstreamCalls).toHaveLength(7);
  });

  it("caches the proxy route under its headers' options", async () => {
    const url = story("proxy");
    expect((await get(`/${url}`, { "x-format": "html" })).cache).toBe("MISS");
    expect((await get(`/${url}`, { "x-format": "html" })).cache).toBe("HIT");
    expect((await get(`/${url}`, { "x-format": "html", "x-learn": "0" })).cache).toBe("MISS");
    expect((await get(`/${url}`)).cache).toBe("MISS");
    expect(upstreamCalls).toHaveLength(3);
  });

  // A browser's (or any shared) HTTP cache keys on the URL and the headers Vary names: with `Vary: Accept` alone it
  // handed the JSON fetched with `X-Format: json` to a later fetch of the same proxy URL without the header.
  it("names the proxy route's option headers in Vary, on a miss, a hit and a 304", async () => {
    expect(PROXY_OPTION_HEADERS).toEqual(expect.arrayContaining(["x-format", "x-learn", "x-comments", "x-n-min"]));
    const path = `/${story("proxy-vary")}`;
    const miss = await get(path, { "x-format": "json" });
    const hit = await get(path, { "x-format": "json" });
    const notModified = await get(path, { "x-format": "json", "if-none-match": hit.res.headers.get("etag")! });
    expect([miss.cache, hit.cache, notModified.res.status]).toEqual(["MISS", "HIT", 304]);
    for (const { res } of [miss, hit, notModified]) {
      const vary = res.headers.get("vary")!.split(", ");
      expect(vary).toEqual(["Accept", ...PROXY_OPTION_HEADERS]);
    }
    // Every one of them is a header a browser page may send (the CORS preflight allows it).
    const allowed = new Set(ALLOWED_HEADERS.map((h) => h.toLowerCase()));
    expect(PROXY_OPTION_HEADERS.filter((h) => !allowed.has(h))).toEqual([]);
    // /extract reads its options from the query, part of the URL every cache keys on.
    expect((await get(extractPath(story("proxy-vary"), "&format=json"))).res.headers.get("vary")).toBe("Accept");
  });

  it("answers If-None-Match with 304 on a hit", async () => {
    const path = `/${story("etag")}`;
    const first = await get(path);
    const tag = first.res.headers.get("etag")!;
    expect(tag).toBeTruthy();
    const again = await get(path, { "if-none-match": tag });
    expect(again.res.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(again.res.headers.get("vary")).toBe(first.res.headers.get("vary"));
    expect(upstreamCalls).toHaveLength(1);
  });

  it("never caches POST", async () => {
    const url = story("post");
    const post = async () => {
      const res = await app.request(
        extractPath(url),
        {
          method: "POST",
          headers: { "content-type": "text/html" },
          body: articleHtml(1),
        },
        CACHED,
        createExecutionContext(),
      );
      await res.text();
      return res;
    };
    for (const res of [await post(), await post()]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBe("BYPASS");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("vary")).toBe("Accept");
    }
    // Nor does a POST fill the entry of the GET of the same URL.
    expect((await get(extractPath(url))).cache).toBe("MISS");
  });

  it("is off with RESPONSE_CACHE_TTL=0, and never serves debug answers", async () => {
    const url = story("bypass");
    for (let i = 0; i < 2; i++) {
      const off = await get(extractPath(url), {}, { RESPONSE_CACHE_TTL: "0" });
      expect(off.cache).toBe("BYPASS");
      expect(off.res.headers.get("cache-control")).toBe("public, max-age=300");
      const debug = await get(extractPath(url, "&format=json&debug=1"));
      expect(debug.cache).toBe("BYPASS");
      expect(debug.res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(upstreamCalls).toHaveLength(4);
  });

  it("never caches errors, which are no-store", async () => {
    const path = extractPath("https://errors.example.com/missing");
    for (let i = 0; i < 2; i++) {
      const { res, cache } = await get(path);
      expect(res.status).toBe(502);
      expect(cache).toBe("MISS");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect(upstreamCalls).toHaveLength(2);
    const bad = await get(extractPath(story("errors"), "&format=pdf"));
    expect(bad.res.status).toBe(400);
    expect(bad.res.headers.get("cache-control")).toBe("no-store");
  });

  it("is shared across keys and private to clients when API_KEY is set; CACHE_MAX_AGE=0 is no-cache", async () => {
    const path = extractPath(story("keys"));
    const keyed = { API_KEY: "k-api", ADMIN_KEY: "k-admin" };
    const byApiKey = await get(path, { authorization: "Bearer k-api" }, keyed);
    expect(byApiKey.cache).toBe("MISS");
    expect(byApiKey.res.headers.get("cache-control")).toBe("private, max-age=300");
    const byAdminKey = await get(path, { authorization: "Bearer k-admin" }, keyed);
    expect(byAdminKey.cache).toBe("HIT");
    expect(byAdminKey.body).toBe(byApiKey.body);
    // The key is checked before the cache: no key, no answer, even for a cached page.
    expect((await get(path, {}, keyed)).res.status).toBe(401);
    const revalidate = await get(path, {}, { CACHE_MAX_AGE: "0" });
    expect(revalidate.cache).toBe("HIT");
    expect(revalidate.res.headers.get("cache-control")).toBe("no-cache");
    expect(upstreamCalls).toHaveLength(1);
  });
});

describe("the response cache key", () => {
  const target = "https://example.com/a";

  it("is canonical JSON: key order does not matter, undefined is absent, non-data throws", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, "x"], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError);
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
  });

  it("changes with the target and with every option, including ones added later", async () => {
    const key = async (options: object, t = target) =>
      (await responseCacheKey("https://svc", { target: t, options: { ...DEFAULT_EXTRACT_OPTIONS, ...options } })).url;
    const base = await key({});
    expect(base).toMatch(/^https:\/\/svc\/__response-cache\/extract\/v1\/[0-9a-f]{64}$/);
    expect(await key({})).toBe(base);
    const reordered = Object.fromEntries(Object.entries(DEFAULT_EXTRACT_OPTIONS).reverse());
    expect(await key(reordered)).toBe(base);
    const variants: object[] = [
      { format: "json" },
      { learn: false },
      { debug: true },
      { title: "T" },
      { classifier: PRODUCTION_TREE },
      { classifier: { ...PRODUCTION_TREE, hard: { tags: false, allLinks: true } } },
      { someFutureOption: 1 },
    ];
    for (const v of variants) expect(await key(v), JSON.stringify(v)).not.toBe(base);
    expect(await key({}, "https://example.com/b")).not.toBe(base);
  });

  it("sets Cache-Control by method, debug and the variables", () => {
    const open = parseConfig({});
    expect(cacheControlFor("GET", DEFAULT_EXTRACT_OPTIONS, open)).toBe("public, max-age=300");
    expect(cacheControlFor("HEAD", DEFAULT_EXTRACT_OPTIONS, parseConfig({ CACHE_MAX_AGE: "10" }))).toBe(
      "public, max-age=10",
    );
    expect(cacheControlFor("GET", DEFAULT_EXTRACT_OPTIONS, parseConfig({ API_KEY: "k" }))).toBe("private, max-age=300");
    expect(cacheControlFor("GET", { ...DEFAULT_EXTRACT_OPTIONS, debug: true }, open)).toBe("private, no-store");
    expect(cacheControlFor("POST", DEFAULT_EXTRACT_OPTIONS, open)).toBe("no-store");
  });
});
