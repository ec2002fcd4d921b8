/**
 * HTTP caching of extraction answers: the `Vary` and `Cache-Control` headers, and a short-lived
 * response cache in the Workers Cache API (`caches.default`) so a repeated identical GET skips
 * the upstream fetch and the domain's tree.
 *
 * Not Hono's `cache` middleware (hono/cache), because it does not fit here:
 * - it never caches a request that carries `Authorization`, so with API_KEY set nothing would be
 *   cached; the answer does not depend on the key, and auth runs before this middleware, so every
 *   request that reaches the cache is already authorized and one entry can serve every key;
 * - it stores the response with the headers it sends, so the stored TTL (RESPONSE_CACHE_TTL) could
 *   not differ from the client's freshness (CACHE_MAX_AGE), and a `private` answer is not stored;
 * - it does not say HIT or MISS, and a hit would repeat the original X-Rows-Written.
 * Its `keyGenerator` could carry our key; the rest would be worked around, so this is the small
 * factory instead, in Hono's shape: `responseCache({ describe })` is a middleware.
 *
 * Mount it inside `etag()`: the ETag middleware then sees a hit like any answer, hashes the same
 * bytes into the same ETag, and answers a matching If-None-Match with 304 on a hit too.
 */
import type { Context, MiddlewareHandler } from "hono";
import { configOf, type Config } from "../config";
import type { ExtractOptions } from "../service/options";
import type { AppEnv } from "./env";
import { sha256Hex } from "./sha256";

/** What the route will extract, parsed exactly as its handler parses it. */
export interface ExtractionRequest {
  /** The target URL as the caller gave it (before redirects). */
  target: string;
  options: ExtractOptions;
}

export interface ResponseCacheOptions {
  /**
   * The request as an extraction; null when it is none (no target), so the handler answers it
   * (with its error). May throw the same bad_request the handler would.
   */
  describe: (c: Context<AppEnv>) => ExtractionRequest | null;
  /**
   * Request headers besides Accept the answer depends on, named in `Vary` (the proxy route's option
   * headers; /extract reads its options from the query, which is part of the URL every cache keys on).
   */
  vary?: readonly string[];
}

export type CacheStatus = "HIT" | "MISS" | "BYPASS";

/**
 * Bump when the rendering of a cached answer changes, so a deploy never serves the old rendering
 * under the new code (entries expire within RESPONSE_CACHE_TTL anyway).
 */
const KEY_VERSION = 1;

/**
 * JSON with the keys of every object sorted, so equal options give equal keys whatever order they
 * were built in. Keys whose value is undefined are left out (absent and undefined mean the same
 * option). A value JSON cannot carry faithfully (a function, NaN) throws instead of being dropped:
 * a new option must never be silently left out of the key.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`cannot key the number ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort()
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${entries.join(",")}}`;
  }
  throw new TypeError(`cannot key a ${typeof value}`);
}

/**
 * The cache key: every parsed option (the format already resolved from format=, X-Format or
 * Accept) and the target URL, hashed. Built from the whole options object, so an option added to
 * ExtractOptions is part of the key without anyone remembering it. /extract?url=X and the proxy
 * route /X share entries: the same target and options give the same answer.
 *
 * The key URL lives under the Worker's own origin: Cloudflare advises against other hostnames in
 * Cache API keys (extra DNS lookups, worse cache locality). The path is reserved and never routed
 * to the cache, since the Worker runs before it; the SHA-256 keeps target URLs out of the key.
 */
export async function responseCacheKey(origin: string, request: ExtractionRequest): Promise<Request> {
  const canonical = canonicalJson({ v: KEY_VERSION, target: request.target, options: request.options });
  return new Request(`${origin}/__response-cache/extract/v${KEY_VERSION}/${await sha256Hex(canonical)}`);
}

/**
 * Cache-Control of a successful extraction answer.
 * - POST: `no-store`. The body is the caller's own HTML, not a representation of any URL.
 * - debug=1: `private, no-store`. It exposes the tree's internals (nodes, counts, hashes) as they
 *   are at that moment; a debugging caller wants them fresh, and shared caches should not hold them.
 * - CACHE_MAX_AGE=0: `no-cache`, not `no-store`: clients may keep the answer and revalidate it
 *   with its ETag (a 304 costs no body), which `no-store` would forbid.
 * - otherwise `public, max-age=N`, or `private, max-age=N` when API_KEY is set: `public` would
 *   let a shared cache store an answer to a request with Authorization and hand it to callers
 *   without a key (RFC 9111 §3.5), bypassing the key.
 */
export function cacheControlFor(method: string, options: ExtractOptions | null, config: Config): string {
  if (method !== "GET" && method !== "HEAD") return "no-store";
  if (options?.debug) return "private, no-store";
  const { maxAge } = config.httpCache;
  if (maxAge === 0) return "no-cache";
  return `${config.apiKey ? "private" : "public"}, max-age=${maxAge}`;
}

/**
 * `Vary: Accept` on every answer: the format may come from Accept whenever format= / X-Format is
 * absent, and over-varying is never wrong; plus the route's own `vary` headers. Not `Vary:
 * Authorization`: the key decides whether a request is answered, never what the body is; with
 * API_KEY set the answer is `private` anyway.
 */
function addVary(headers: Headers, names: readonly string[]): void {
  for (const name of names) {
    const vary = headers.get("vary");
    if (!vary) headers.set("vary", name);
    else if (!vary.split(",").some((v) => v.trim().toLowerCase() === name.toLowerCase() || v.trim() === "*")) {
      headers.set("vary", `${vary}, ${name}`);
    }
  }
}

function finish(res: Response, status: CacheStatus, cacheControl: string, vary: readonly string[]): void {
  res.headers.set("x-cache", status);
  addVary(res.headers, vary);
  // Errors carry their own no-store (src/http/errors.ts); only successes get the extraction policy.
  if (res.ok && !res.headers.has("cache-control")) res.headers.set("cache-control", cacheControl);
}

/** The stored copy: fresh for the response-cache TTL; client-facing headers are set on the way out. */
function storedCopy(res: Response, ttl: number): Response {
  const headers = new Headers(res.headers);
  headers.set("cache-control", `public, max-age=${ttl}`);
  // The key already holds the format; Vary in the Cache API would only split or refuse entries.
  headers.delete("vary");
  headers.delete("x-cache");
  headers.delete("set-cookie");
  return new Response(res.clone().body, { status: res.status, headers });
}

/** A cached answer as this request's answer: nothing was written, and the tree was not called. */
function fromHit(hit: Response): Response {
  const res = new Response(hit.body, { status: hit.status, headers: hit.headers });
  res.headers.set("x-rows-written", "0");
  res.headers.delete("server-timing");
  res.headers.delete("cache-control");
  return res;
}

/** waitUntil when the runtime gives one (the Worker); else (app.request in tests) wait here. */
async function inBackground(c: Context<AppEnv>, work: Promise<unknown>): Promise<void> {
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(work);
  else await work;
}

export function responseCache(options: ResponseCacheOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const config = configOf(c.env);
    const method = c.req.method;
    const vary = ["Accept", ...(options.vary ?? [])];
    // Never POST: its answer depends on the body, which no key here covers.
    const request = method === "GET" || method === "HEAD" ? options.describe(c) : null;
    const cacheControl = cacheControlFor(method, request?.options ?? null, config);
    const ttl = config.httpCache.responseTtl;
    // debug answers are never shared (see cacheControlFor); TTL 0 turns the cache off.
    if (!request || ttl === 0 || request.options.debug) {
      await next();
      finish(c.res, "BYPASS", cacheControl, vary);
      return;
    }

    const key = await responseCacheKey(new URL(c.req.url).origin, request);
    const cache = caches.default;
    let hit: Response | undefined;
    try {
      hit = await cache.match(key);
    } catch (err) {
      // A cache that cannot be read must not fail the request: extract as if it were a miss.
      console.warn(`response cache lookup failed: ${String(err)}`);
    }
    if (hit) {
      const res = fromHit(hit);
      finish(res, "HIT", cacheControl, vary);
      return res;
    }

    await next();
    // Only complete 200 answers of GET: errors are no-store, a 304 never reaches this far inside etag(),
    // and a HEAD's answer did not teach the tree (its X-Ingest would mislead the GETs it served).
    if (c.res.status === 200 && method === "GET") {
      const put = cache.put(key, storedCopy(c.res, ttl)).catch((err: unknown) => {
        console.warn(`response cache store failed: ${String(err)}`);
      });
      await inBackground(c, put);
    }
    finish(c.res, "MISS", cacheControl, vary);
  };
}
