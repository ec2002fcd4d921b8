import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../../src/config";
import { createApp } from "../../src/http/app";
import { articleHtml } from "../fixtures/synthetic-site";

const ORIGIN = "https://reader.example.net";
const story = "https://cors.example.com/news/story-1.html";

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(
    async () => new Response(articleHtml(1), { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
});
afterEach(() => vi.restoreAllMocks());

function preflight(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`http://svc${path}`, {
    method: "OPTIONS",
    headers: {
      origin: ORIGIN,
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization, x-format",
      ...headers,
    },
  });
}

describe("CORS for browser clients of the API", () => {
  it("answers preflights with 204, any origin by default, Authorization allowed, no credentials", async () => {
    for (const path of ["/extract?url=x", "/feed?url=x", `/${story}`, "/inspect?url=x"]) {
      const res = await preflight(path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase(), path).toContain("authorization");
      expect(res.headers.get("access-control-allow-methods"), path).toContain("POST");
      expect(res.headers.get("access-control-allow-credentials"), path).toBeNull();
    }
  });

  it("answers preflights before the key check when API_KEY is set", async () => {
    const res = await createApp().request(
      "/extract?url=x",
      { method: "OPTIONS", headers: { origin: ORIGIN, "access-control-request-method": "GET" } },
      { ...env, API_KEY: "k1" },
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("exposes the evidence headers on an extraction", async () => {
    const res = await SELF.fetch(`http://svc/extract?url=${encodeURIComponent(story)}`, {
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = res.headers.get("access-control-expose-headers")!.toLowerCase().split(",");
    for (const name of ["x-extract-method", "x-tree-support", "x-url-key", "x-domain", "x-page-kind", "x-extract-path"])
      expect(exposed).toContain(name);
    for (const name of ["x-interstitial", "x-article-title", "etag", "x-cache"]) expect(exposed).toContain(name);
  });

  it("keeps the CORS headers on errors, so a page can read a 401 or 400", async () => {
    const app = createApp();
    const denied = await app.request("/extract?url=x", { headers: { origin: ORIGIN } }, { ...env, API_KEY: "k1" });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("access-control-allow-origin")).toBe("*");
    const bad = await SELF.fetch("http://svc/extract", { headers: { origin: ORIGIN } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("gives the admin routes no CORS at all", async () => {
    for (const path of ["/admin/domains/example.com/stats", "/feeds"]) {
      const res = await preflight(path);
      expect(res.status, path).not.toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
      const get = await SELF.fetch(`http://svc${path}`, {
        headers: { origin: ORIGIN, authorization: "Bearer test-admin-key" },
      });
      expect(get.status, path).toBe(200);
      expect(get.headers.get("access-control-allow-origin"), path).toBeNull();
    }
  });

  it("allows only the listed origins when CORS_ORIGINS is set", async () => {
    const app = createApp();
    const listed = { ...env, CORS_ORIGINS: `${ORIGIN}, http://localhost:3000` };
    const ok = await app.request("/extract?url=x", { headers: { origin: "http://localhost:3000" } }, listed);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(ok.headers.get("vary")).toMatch(/\bOrigin\b/);
    const other = await app.request("/extract?url=x", { headers: { origin: "https://evil.example" } }, listed);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const pre = await app.request(
      "/extract?url=x",
      { method: "OPTIONS", headers: { origin: ORIGIN, "access-control-request-method": "POST" } },
      listed,
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });
});

describe("CORS with the response cache", () => {
  it("never hands a listed origin's Allow-Origin to another origin on a cache hit", async () => {
    const app = createApp();
    const vars = { ...env, RESPONSE_CACHE_TTL: "60", CORS_ORIGINS: ORIGIN };
    const path = `/extract?url=${encodeURIComponent("https://cors-cache.example.com/news/story-1.html")}`;
    const get = async (origin: string) => {
      const ctx = createExecutionContext();
      const res = await app.request(path, { headers: { origin } }, vars, ctx);
      await res.text();
      await waitOnExecutionContext(ctx);
      return res;
    };
    const first = await get(ORIGIN);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const other = await get("https://other.example");
    expect(other.headers.get("x-cache")).toBe("HIT");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const again = await get(ORIGIN);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  });
});

describe("CORS_ORIGINS", () => {
  it("defaults to *, takes a comma list of origins, and refuses what is not an origin", () => {
    expect(parseConfig({}).corsOrigins).toBe("*");
    expect(parseConfig({ CORS_ORIGINS: " * " }).corsOrigins).toBe("*");
    expect(parseConfig({ CORS_ORIGINS: "https://a.example, http://localhost:8080/" }).corsOrigins).toEqual([
      "https://a.example",
      "http://localhost:8080",
    ]);
    for (const bad of ["a.example", "https://a.example/path", "https://*.example"]) {
      expect(() => parseConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});
