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
import type { Context, MiddlewareHandler } from "hono";
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

/**
 * hono/cors, used for preflights only: its answer is built from scratch, so it costs nothing per
 * ordinary request.
 */
function preflightHandlers(): (config: Config) => MiddlewareHandler {
  // One hono/cors instance per parsed configuration (configOf caches one per environment object).
  const handlers = new WeakMap<Config, MiddlewareHandler>();
  return (config) => {
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
}

const EXPOSED_LIST = EXPOSED_HEADERS.join(",");

/**
 * The same headers hono/cors gives a non-preflight request, set on the final response after the
 * route has answered. hono/cors sets them on `c.res` before `next()`, which makes Hono build an
 * empty Response first and then copy the route's Response into a new one to merge them (its
 * `set res`): 2.9% of the isolate's time per POST /extract (cpu17's profile).
 */
function addCorsHeaders(c: Context<AppEnv>, config: Config): void {
  const origins = config.corsOrigins;
  const origin = c.req.header("origin") ?? "";
  let headers = c.res.headers;
  const apply = (): void => {
    if (origins === "*") {
      headers.set("access-control-allow-origin", "*");
      headers.set("access-control-expose-headers", EXPOSED_LIST);
      return;
    }
    if (origins.includes(origin)) {
      headers.set("access-control-allow-origin", origin);
      headers.set("access-control-expose-headers", EXPOSED_LIST);
    } else {
      // A response-cache hit carries the headers of the request that filled it: a listed origin's
      // Allow-Origin must not reach an origin that is not listed.
      headers.delete("access-control-allow-origin");
      headers.delete("access-control-expose-headers");
    }
    headers.append("vary", "Origin");
  };
  try {
    apply();
  } catch (err) {
    // A Response whose headers are immutable (one straight from fetch() or a cache): copy it once,
    // as Hono did for every response before. No route returns one today.
    if (!(err instanceof TypeError)) throw err;
    const copy = new Response(c.res.body, c.res);
    headers = copy.headers;
    apply();
    c.res = undefined; // no merge with the response being replaced
    c.res = copy;
  }
}

export function apiCors(): MiddlewareHandler<AppEnv> {
  const preflightFor = preflightHandlers();
  return async (c, next) => {
    if (ADMIN_PATH.test(c.req.path)) return next();
    const config = configOf(c.env);
    // hono/cors answers every OPTIONS itself (204), without calling the routes.
    if (c.req.method === "OPTIONS") return preflightFor(config)(c, next);
    await next();
    addCorsHeaders(c, config);
  };
}
