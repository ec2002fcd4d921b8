import { SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_ECHOED_HEADER } from "../../src/http/extract-response";
import { MAX_URL_LENGTH } from "../../src/net/url-limit";
import { safeFetch } from "../../src/net/safe-fetch";
import { articleHtml } from "../fixtures/synthetic-site";

const ADMIN = { authorization: "Bearer test-admin-key" };
const PAGE = "<html><head><title>T</title></head><body><article><p>Some text of the page.</p></article></body></html>";

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(
    async () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
});
afterEach(() => vi.restoreAllMocks());

async function error(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, code: body.error.code, message: body.error.message };
}

describe("URL length", () => {
  const long = `https://limits.example/${"a".repeat(MAX_URL_LENGTH)}`;

  it.each([
    ["query", `/extract?url=${encodeURIComponent(long)}`],
    ["proxy path", `/${long}`],
    ["feed query", `/feed?url=${encodeURIComponent(long)}`],
    ["feed path", `/feed/${long}`],
  ])("a request URL over the limit (%s) is 414 uri_too_long", async (_name, path) => {
    expect(await error(await SELF.fetch(`http://svc${path}`))).toMatchObject({ status: 414, code: "uri_too_long" });
  });

  it("a URL just under the limit is served", async () => {
    const url = `https://limits.example/${"a".repeat(MAX_URL_LENGTH - 200)}`;
    expect((await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(url)}`)).status).toBe(200);
  });

  it("a JSON body's url over the limit is 414, for /extract and /feeds", async () => {
    const extract = await SELF.fetch("http://svc/extract", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: long, html: "<p>x</p>" }),
    });
    expect(await error(extract)).toMatchObject({ status: 414, code: "uri_too_long" });
    const feeds = await SELF.fetch("http://svc/feeds", {
      method: "POST",
      headers: { ...ADMIN, "content-type": "application/json" },
      body: JSON.stringify({ url: long }),
    });
    expect(await error(feeds)).toMatchObject({ status: 414, code: "uri_too_long" });
  });

  it("a redirect to a URL over the limit is refused", async () => {
    const fetchImpl = (async () =>
      new Response(null, { status: 302, headers: { location: long } })) as unknown as typeof fetch;
    const result = await safeFetch("https://limits.example/r", { allowHosts: new Set(), fetchImpl });
    expect(result).toMatchObject({ ok: false, failure: { kind: "forbidden_target" } });
  });
});

describe("malformed input is a 400, not a 500", () => {
  it.each([
    "/https%3A%2F%2Fexample.com%2F%E0%A4%A",
    "/https%3A%2F%2Fexample.com%2F%",
    "/feed/https%3A%2F%2Fexample.com%2F%E0%A4%A",
  ])("%s", async (path) => {
    expect(await error(await SELF.fetch(`http://svc${path}`))).toMatchObject({
      status: 400,
      code: "bad_request",
      message: expect.stringMatching(/percent-encoded/),
    });
  });

  it("JSON bodies nested deeper than 32 levels", async () => {
    const post = (depth: number) =>
      SELF.fetch("http://svc/extract?url=https://limits.example/a&learn=0", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"html":"<p>x</p>","x":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      });
    expect((await post(30)).status).toBe(200);
    expect(await error(await post(33))).toMatchObject({ status: 400, message: expect.stringMatching(/nested/) });
    expect(await error(await post(100_000))).toMatchObject({ status: 400, code: "bad_request" });
  });
});

describe("headers echoing the request are bounded", () => {
  it("X-Url-Key and X-Domain are sent when short, left out when longer than the bound", async () => {
    const short = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent("https://limits.example/a.html")}`);
    expect(short.headers.get("x-url-key")).toMatch(/limits\.example/);
    expect(short.headers.get("x-domain")).toBe("limits.example");
    const longUrl = `https://limits.example/${"b".repeat(MAX_ECHOED_HEADER + 10)}/a.html`;
    const long = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(longUrl)}&format=json`);
    expect(long.status).toBe(200);
    expect(long.headers.get("x-url-key")).toBeNull();
    expect(long.headers.get("x-domain")).toBe("limits.example");
    expect(((await long.json()) as { urlKey: string }).urlKey.length).toBeGreaterThan(MAX_ECHOED_HEADER);
  });
});

describe("HEAD", () => {
  it("is answered on the extraction routes like GET, without a body, and teaches nothing", async () => {
    vi.mocked(globalThis.fetch).mockImplementation(
      async () => new Response(articleHtml(3), { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
    for (const path of ["/extract?url=https://head.example/a.html", "/https://head.example/b.html"]) {
      const res = await SELF.fetch(`http://svc${path}`, { method: "HEAD" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-ingest"), path).toBe("not-learned");
      expect(await res.text()).toBe("");
    }
    const stats = await SELF.fetch("http://svc/admin/domains/head.example/stats", { headers: ADMIN });
    expect(stats.status).toBe(404);
    // The GET after a HEAD is not served from a stored HEAD answer: it teaches.
    const get = await SELF.fetch("http://svc/extract?url=https://head.example/a.html");
    expect(get.headers.get("x-ingest")).toBe("inserted");
  });

  it("is refused (405, Allow) on /feed, where the GET would poll and store the feed", async () => {
    for (const path of ["/feed?url=https://limits.example/feed.xml", "/feed/https://limits.example/feed.xml"]) {
      const res = await SELF.fetch(`http://svc${path}`, { method: "HEAD" });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow")).toBe("GET");
    }
    expect(vi.mocked(globalThis.fetch)).not.toHaveBeenCalled();
  });

  it("is answered on /, the inspector's files and the read-only /inspect", async () => {
    for (const path of ["/", "/inspector.js", "/inspector.css", "/favicon.svg", "/favicon.ico"]) {
      expect((await SELF.fetch(`http://svc${path}`, { method: "HEAD" })).status, path).toBe(200);
    }
    const inspect = await SELF.fetch("http://svc/inspect?url=https://limits.example/a.html", { method: "HEAD" });
    expect(inspect.status).toBe(200);
  });
});

describe("the limits reach every route, and browsers can read the refusal", () => {
  it("a long /inspect URL is 414 with CORS headers", async () => {
    const url = `https://limits.example/${"c".repeat(MAX_URL_LENGTH)}`;
    const res = await SELF.fetch(`http://svc/inspect?url=${encodeURIComponent(url)}`, {
      headers: { origin: "https://elsewhere.example" },
    });
    expect(res.status).toBe(414);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("uri_too_long");
  });
});
