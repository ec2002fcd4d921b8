import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fuzzParams, soupHtml } from "../fixtures/fuzz";
import { rss2, stories } from "../fixtures/synthetic-feeds";

/**
 * Random URLs, headers, methods and bodies through the whole Hono app in workerd, with a mocked
 * upstream. Whatever arrives: never a 500 (a 502 or 504 only when the mocked upstream itself fails,
 * which it does for "missing" paths), and every error carries the JSON error body
 * `{"error": {"code", "message"}}` (HEAD answers have no body).
 */
const params = fuzzParams(env as unknown as Record<string, unknown>, 40);

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith(".xml"))
      return new Response(rss2(url.origin, stories(1, 3)), { headers: { "content-type": "application/rss+xml" } });
    if (url.pathname.includes("missing")) return new Response("no", { status: 404 });
    return new Response(
      `<html><head><title>T</title></head><body><article><p>${url.pathname} text of the page</p></article></body></html>`,
      {
        headers: { "content-type": "text/html; charset=utf-8" },
      },
    );
  });
});
afterEach(() => vi.restoreAllMocks());

/** Visible ASCII only: a header value `fetch` itself would refuse is not a request the Worker can receive. */
const headerText = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, "").trim());

const weirdUrl = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    "https://example.com/%E0%A4%A",
    "https%3A%2F%2Fexample.com%2F%E0%A4%A",
    "http://[::1]/",
    "http://[2001:db8::1]/",
    "http://0x7f.1/",
    "https://news.fuzz.example/feed.xml",
    "https://news.fuzz.example/missing",
    "javascript:alert(1)",
    "https://user:pw@example.com/",
    "https://exa mple.com/",
    "//example.com",
    "",
  ),
  fc.string({ maxLength: 80 }),
  fc.nat({ max: 12_000 }).map((n) => `https://long.fuzz.example/${"a".repeat(n)}`),
);

const OPTIONS = [
  "format",
  "heuristic",
  "learn",
  "debug",
  "title",
  "links",
  "images",
  "comments",
  "frontmatter",
  "max",
  "nMin",
  "support",
  "hard",
];
const query = fc.array(fc.tuple(fc.constantFrom(...OPTIONS), fc.string({ maxLength: 12 })), { maxLength: 3 });

const path = fc.oneof(
  fc
    .tuple(weirdUrl, query)
    .map(
      ([u, q]) =>
        `/extract?url=${encodeURIComponent(u)}${q.map(([k, v]) => `&${k}=${encodeURIComponent(v)}`).join("")}`,
    ),
  weirdUrl.map((u) => `/${u.replace(/^\/+/, "").replace(/[\s#]/g, "")}`),
  weirdUrl.map((u) => `/feed?url=${encodeURIComponent(u)}`),
  weirdUrl.map((u) => `/feed/${u.replace(/[\s#]/g, "")}`),
  fc.string({ maxLength: 30 }).map((d) => `/admin/domains/${encodeURIComponent(d)}/stats`),
  fc.constantFrom("/", "/feeds", "/feeds/abc", "/extract", "/%", "/%%", "/admin/domains//export"),
);

const HEADER_NAMES = [
  "accept",
  "x-format",
  "x-heuristic",
  "x-learn",
  "x-max",
  "content-type",
  "content-encoding",
  "authorization",
  "if-none-match",
  "x-title",
];
const headers = fc.array(
  fc.tuple(
    fc.constantFrom(...HEADER_NAMES),
    fc.oneof(
      headerText,
      fc.constantFrom("Bearer test-admin-key", "application/json", "text/html", "gzip", "br", "zstd", "*/*"),
    ),
  ),
  { maxLength: 4 },
);

const body = fc.oneof(
  soupHtml,
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.record({ url: weirdUrl, html: soupHtml, title: fc.string({ maxLength: 10 }) }).map((o) => JSON.stringify(o)),
  fc.nat({ max: 50_000 }).map((d) => "[".repeat(d)),
);

const request = fc.record({
  method: fc.constantFrom("GET", "GET", "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS"),
  path,
  headers,
  body,
});

describe("fuzz: random requests through the app", () => {
  it(
    "never answers 500, and every error is JSON with a code and a message",
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async ({ method, path: p, headers: h, body: b }) => {
          let url: string;
          try {
            url = new URL(`http://svc${p}`).href;
          } catch {
            return; // not a request a client could send
          }
          const res = await SELF.fetch(url, {
            method,
            headers: h,
            body: method === "POST" || method === "PUT" ? b : undefined,
          });
          const label = `${method} ${p.slice(0, 200)}`;
          if (res.status >= 500) expect([502, 504], label).toContain(res.status);
          if (res.status >= 400 && method !== "HEAD") {
            expect(res.headers.get("content-type"), p.slice(0, 200)).toMatch(/^application\/json/);
            const json = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
            expect(typeof json.error?.code).toBe("string");
            expect(typeof json.error?.message).toBe("string");
          } else {
            await res.arrayBuffer();
          }
        }),
        params,
      );
    },
    Math.max(60_000, (params.numRuns ?? 0) * 500),
  ); // a hang guard scaled to the run count
});
