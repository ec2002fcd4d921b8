/**
 * apiCors sets its headers on the route's answer after the route (no copy of the Response); before
 * session 18 it was hono/cors, which set them on `c.res` before `next()`. Every answer must carry the
 * same CORS headers as the old form: routes, statuses (200, 304, 400, 401, 404, 405, 414, preflight
 * 204), origins listed or not, `*` or a list, response-cache hits.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configOf } from "../../src/config";
import { createApp } from "../../src/http/app";
import { ALLOWED_HEADERS, EXPOSED_HEADERS } from "../../src/http/cors";
import type { AppEnv } from "../../src/http/env";
import { articleHtml } from "../fixtures/synthetic-site";

/** The middleware as it was on main 511337b (hono/cors before next()). */
function oldApiCors(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (/^\/(admin|feeds)(\/|$)/.test(c.req.path)) return next();
    const config = configOf(c.env);
    const res = await cors({
      origin: config.corsOrigins,
      allowMethods: ["GET", "HEAD", "POST", "OPTIONS"],
      allowHeaders: ALLOWED_HEADERS,
      exposeHeaders: EXPOSED_HEADERS,
      maxAge: 86_400,
      credentials: false,
    })(c, next);
    const origins = config.corsOrigins;
    if (origins !== "*" && !origins.includes(c.req.header("origin") ?? "")) {
      c.res.headers.delete("access-control-allow-origin");
      c.res.headers.delete("access-control-expose-headers");
    }
    return res;
  };
}

const LISTED = "https://reader.example.net";
const story = (n: number) => `https://cors-compare.example.com/news/story-${n}.html`;

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(
    async () => new Response(articleHtml(1), { headers: { "content-type": "text/html; charset=utf-8" } }),
  );
});
afterEach(() => vi.restoreAllMocks());

/** Status, every header name, and the values of the CORS headers and Vary. */
function shape(res: Response): Record<string, string | number> {
  const out: Record<string, string | number> = { status: res.status };
  for (const [name, value] of res.headers) {
    out[name] = name.startsWith("access-control-") || name === "vary" || name === "allow" ? value : "(present)";
  }
  return out;
}

interface Case {
  label: string;
  path: string;
  init?: RequestInit;
}

const cases = (origin: string | null, n: number): Case[] => {
  const o: Record<string, string> = origin ? { origin } : {};
  const html = { ...o, "content-type": "text/html" };
  return [
    { label: "GET / text", path: "/", init: { headers: o } },
    { label: "GET / inspector", path: "/", init: { headers: { ...o, accept: "text/html" } } },
    { label: "GET /extract 200", path: `/extract?url=${encodeURIComponent(story(n))}`, init: { headers: o } },
    {
      label: "HEAD /extract",
      path: `/extract?url=${encodeURIComponent(story(n))}`,
      init: { method: "HEAD", headers: o },
    },
    { label: "GET proxy 200", path: `/${story(n + 100)}`, init: { headers: o } },
    { label: "GET /extract 400", path: "/extract", init: { headers: o } },
    {
      label: "POST /extract 200",
      path: `/extract?url=${encodeURIComponent(story(n))}&learn=false`,
      init: { method: "POST", headers: html, body: articleHtml(2) },
    },
    { label: "POST /extract 400", path: "/extract", init: { method: "POST", headers: html, body: "<p>x</p>" } },
    {
      label: "POST /extract 415",
      path: `/extract?url=${encodeURIComponent(story(n))}`,
      init: { method: "POST", headers: { ...o, "content-type": "image/png" }, body: "x" },
    },
    { label: "PUT /extract 405", path: "/extract", init: { method: "PUT", headers: o } },
    { label: "DELETE proxy 405", path: `/${story(n)}`, init: { method: "DELETE", headers: o } },
    { label: "GET 404", path: "/no-such-route", init: { headers: o } },
    { label: "GET 414", path: `/extract?url=${"a".repeat(20_000)}`, init: { headers: o } },
    { label: "HEAD /feed 405", path: "/feed?url=x", init: { method: "HEAD", headers: o } },
    {
      label: "OPTIONS preflight",
      path: "/extract?url=x",
      init: {
        method: "OPTIONS",
        headers: { ...o, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
      },
    },
    { label: "OPTIONS bare", path: "/extract", init: { method: "OPTIONS", headers: o } },
    { label: "admin", path: "/admin/domains/example.com/stats", init: { headers: { ...o } } },
  ];
};

async function run(app: ReturnType<typeof createApp>, c: Case, vars: object): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(c.path, c.init, vars, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

describe("apiCors gives every answer the CORS headers hono/cors gave", () => {
  const before = createApp({ cors: oldApiCors() });
  const after = createApp();
  const configs: [string, Record<string, string>][] = [
    ["CORS_ORIGINS *", {}],
    ["CORS_ORIGINS listed", { CORS_ORIGINS: `${LISTED}, http://localhost:3000` }],
    ["API_KEY set", { API_KEY: "k1" }],
  ];
  let n = 0;
  for (const [configLabel, extra] of configs) {
    for (const origin of [null, LISTED, "https://other.example"]) {
      it(`${configLabel}, origin ${origin ?? "none"}`, async () => {
        const vars = { ...env, ...extra };
        n += 1;
        for (const c of cases(origin, n)) {
          const old = shape(await run(before, c, vars));
          expect(shape(await run(after, c, vars)), c.label).toEqual(old);
        }
      });
    }
  }

  it("on 304s and response-cache hits, for listed and other origins", async () => {
    const vars = { ...env, RESPONSE_CACHE_TTL: "60", CORS_ORIGINS: LISTED };
    const path = `/extract?url=${encodeURIComponent(story(999))}`;
    // The first request fills the cache; then each form answers from it, alternately.
    const first = await run(before, { label: "fill", path, init: { headers: { origin: LISTED } } }, vars);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const etag = first.headers.get("etag")!;
    for (const origin of [LISTED, "https://other.example", null]) {
      const o: Record<string, string> = origin ? { origin } : {};
      for (const c of [
        { label: `hit ${origin}`, path, init: { headers: o } },
        { label: `304 ${origin}`, path, init: { headers: { ...o, "if-none-match": etag } } },
      ]) {
        const old = await run(before, c, vars);
        const now = await run(after, c, vars);
        expect(now.headers.get("x-cache") ?? String(now.status), c.label).toMatch(/HIT|304/);
        expect(shape(now), c.label).toEqual(shape(old));
      }
    }
  });
});
