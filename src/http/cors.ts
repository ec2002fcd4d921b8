/**
 * CORS for browser clients of the API (hono/cors): preflights are answered with 204 before any key
 * is checked (a preflight never carries Authorization), `Access-Control-Allow-Origin` comes from
 * CORS_ORIGINS (default `*`), and the evidence headers are exposed so a page can read them.
 *
 * No credentials: keys are Bearer tokens a page sends itself, never cookies, so `*` exposes nothing a
 * caller without the key could not already fetch with curl.
 *
 * Admin routes (/admin/..., /feeds) get no CORS at all: they change or reveal the operator's state
 * and are meant for curl and scripts, so a browser page on another origin cannot call them even
 * when it somehow holds ADMIN_KEY.
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { configOf, type Config } from "../config";
import type { AppEnv } from "./env";

/** Response headers a browser page may read: the extraction's evidence, caching, and the feed reports. */
export const EXPOSED_HEADERS = [
  "X-Extract-Method",
  "X-Tree-Support",
  "X-Heuristic",
  "X-Url-Key",
  "X-Domain",
  "X-Ingest",
  "X-Rows-Written",
  "X-Page-Kind",
  "X-Interstitial",
  "X-Extract-Path",
  "X-Article-Title",
  "X-Article-Byline",
  "X-Article-Published",
  "X-Article-Modified",
  "X-Article-Image",
  "X-Article-Lang",
  "X-Article-Site-Name",
  "X-Cache",
  "X-Feed-Items",
  "X-Feed-Errors",
  "X-Feed-Url",
  "X-Feed-Discovered-From",
  "X-Feed-Format",
  "X-Feed-Upstream",
  "X-Feed-Subrequests",
  "ETag",
  "Server-Timing",
  "WWW-Authenticate",
];

/** Request headers a page may send: the key, the body's type, revalidation, and the proxy route's options. */
export const ALLOWED_HEADERS = [
  "Authorization",
  "Content-Type",
  "Accept",
  "If-None-Match",
  "X-Format",
  "X-Heuristic",
  "X-Learn",
  "X-Debug",
  "X-Hard",
  "X-Title",
  "X-Links",
  "X-Images",
  "X-Comments",
  "X-Frontmatter",
  "X-N-Min",
  "X-C-Max",
  "X-Support",
  "X-Domain-Support",
  "X-Relaxed-C-Max",
  "X-Divisor",
  "X-Max",
];

/** Paths that never get CORS headers: the operator's routes. */
const ADMIN_PATH = /^\/(admin|feeds)(\/|$)/;

/** Browsers cap this (Chrome at 2 hours); a day lets the others skip repeated preflights. */
const PREFLIGHT_MAX_AGE = 86_400;

export function apiCors(): MiddlewareHandler<AppEnv> {
  // One hono/cors instance per parsed configuration (configOf caches one per environment object).
  const handlers = new WeakMap<Config, MiddlewareHandler>();
  const handlerFor = (config: Config): MiddlewareHandler => {
    let handler = handlers.get(config);
    if (!handler) {
      handler = cors({
        origin: config.corsOrigins,
        allowMethods: ["GET", "HEAD", "POST", "OPTIONS"],
        allowHeaders: ALLOWED_HEADERS,
        exposeHeaders: EXPOSED_HEADERS,
        maxAge: PREFLIGHT_MAX_AGE,
        credentials: false,
      });
      handlers.set(config, handler);
    }
    return handler;
  };
  return async (c, next) => {
    if (ADMIN_PATH.test(c.req.path)) return next();
    const config = configOf(c.env);
    const res = await handlerFor(config)(c, next);
    // A response-cache hit carries the headers of the request that filled it: a listed origin's
    // Allow-Origin must not reach an origin that is not listed.
    const origins = config.corsOrigins;
    if (origins !== "*" && !origins.includes(c.req.header("origin") ?? "")) {
      c.res.headers.delete("access-control-allow-origin");
      c.res.headers.delete("access-control-expose-headers");
    }
    return res;
  };
}
