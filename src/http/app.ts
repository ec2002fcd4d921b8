/**
 * The HTTP API (Hono). Routes only parse, authorize and hand over: fetching is in safe-fetch.ts,
 * extraction in extract.ts, storage in the DomainTree Durable Object.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { configOf } from "../config";
import { safeFetch } from "../net/safe-fetch";
import { MAX_URL_LENGTH, urlTooLong } from "../net/url-limit";
import { AppException, badRequest } from "../service/errors";
import { ARTICLE_FETCH, extract, fetchedSource, type PageSource } from "../service/extract";
import { fetchError } from "../service/fetch-error";
import { adminRoutes } from "./admin-routes";
import { auth, hasValidKey } from "./auth";
import { apiCors } from "./cors";
import { errorResponse, methodNotAllowed, responseForThrown } from "./errors";
import { conditionalGet } from "./etag";
import { extractionResponse } from "./extract-response";
import { mountFeedRoutes } from "./feed-routes";
import { inputLimits } from "./input-limits";
import { parseJsonBody } from "./json-body";
import { mountInspector } from "./inspector";
import { headerGetter, parseOptions, PROXY_OPTION_HEADERS } from "./options";
import { readRequestBody } from "./request-body";
import { responseCache, type ExtractionRequest } from "./response-cache";
import type { AppEnv } from "./env";

/** Browsers and proxies fold `//` in paths, so `/https:/example.com` must still work. */
export function targetFromPath(pathAndQuery: string): string {
  let target = pathAndQuery.replace(/^\/+/, "");
  if (/^https?%3A/i.test(target)) {
    try {
      target = decodeURIComponent(target);
    } catch {
      badRequest("the target URL in the path is percent-encoded, but not validly (a % not followed by UTF-8 hex)");
    }
  }
  return target.replace(/^(https?):\/*/i, "$1://");
}

/**
 * The request's query parameters by name, parsed once: the first value of each, as `c.req.query(name)`
 * gives it. Each `c.req.query(name)` call reads the URL again, and when the name is absent from a
 * query with any `%` or `+` (a percent-encoded ?url= has them) it parses and decodes every
 * parameter to find that out: parseOptions asks for about 18 names, most of them absent.
 */
export function queryOf(c: Context<AppEnv>): (name: string) => string | undefined {
  const all: Record<string, string | undefined> = c.req.query();
  return (name) => all[name];
}

/** `cors` replaces the CORS middleware: tests compare the old hono/cors form with apiCors. */
export function createApp(options: { cors?: MiddlewareHandler<AppEnv> } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.onError((err) => responseForThrown(err));
  // Every variable is validated before any route runs: a bad value is a clear 500, never a silent default.
  app.use("*", async (c, next) => {
    configOf(c.env);
    await next();
  });
  // CORS before any key check (a browser's preflight carries no Authorization; admin routes excluded,
  // see cors.ts) and before the input limits, so a browser can read a 414 or 405 too.
  app.use("*", options.cors ?? apiCors());
  app.use("*", inputLimits());
  // GET / (usage text for curl, the inspector for a browser), its files and GET /inspect.
  mountInspector(app);
  app.notFound(() => errorResponse({ code: "not_found", message: "no such route; GET / lists the routes" }));

  // What GET /extract and the proxy route will extract: read once by the response cache (its key)
  // and again by the handler; parsing is cheap and keeps the handlers self-contained.
  const describeExtract = (c: Context<AppEnv>): ExtractionRequest | null => {
    const query = queryOf(c);
    const target = query("url");
    return target ? { target, options: parseOptions(query, c.req.header("accept")) } : null;
  };
  const describeProxy = (c: Context<AppEnv>): ExtractionRequest | null => {
    const url = new URL(c.req.url);
    const target = targetFromPath(url.pathname + url.search);
    if (!/^https?:\/\//i.test(target)) return null;
    return {
      target,
      options: parseOptions(
        headerGetter((n) => c.req.header(n)),
        c.req.header("accept"),
      ),
    };
  };

  async function fetchAndExtract(c: Context<AppEnv>, request: ExtractionRequest | null) {
    if (!request) badRequest("missing url: use /extract?url=https://... or /https://...");
    const { target } = request;
    // HEAD is answered like GET (the headers a client checks), but an answer nobody reads teaches nothing.
    const opts = c.req.method === "HEAD" ? { ...request.options, learn: false } : request.options;
    const result = await safeFetch(target, { ...configOf(c.env).fetch, ...ARTICLE_FETCH });
    if (!result.ok) throw new AppException(fetchError(result.failure));
    return extractionResponse(await extract({ env: c.env, trusted: true }, fetchedSource(result.page), opts), opts);
  }

  app.route("/admin", adminRoutes());

  app.use("/extract", auth({ scope: "api" }));
  // GET answers depend only on the page and the tree: a client's If-None-Match gets a 304, on a
  // response-cache hit too (the ETag middleware wraps the cache, see response-cache.ts), with its CORS headers.
  app.get("/extract", conditionalGet(), responseCache({ describe: describeExtract }), (c) =>
    fetchAndExtract(c, describeExtract(c)),
  );

  // The response cache never stores POST: mounted for the headers (Vary, Cache-Control, X-Cache: BYPASS).
  app.post("/extract", responseCache({ describe: () => null }), async (c) => {
    const query = queryOf(c);
    const opts = parseOptions(query, c.req.header("accept"));
    const contentType = c.req.header("content-type") ?? null;
    const limits = configOf(c.env).fetch;
    const isJson = contentType !== null && /^application\/json\b/i.test(contentType);
    // An HTML body over MAX_BYTES is answered from its beginning (truncatedBy "bytes"); a cut JSON body
    // would not parse, so it is refused (413) as before.
    const read = await readRequestBody(c.req.raw, limits.maxBytes, limits.timeoutMs, isJson ? "refuse" : "cut");
    const body = read.bytes;
    let source: PageSource;
    if (isJson) {
      const parsed = parseJsonBody(body, '{"url": "https://...", "html": "<p>...", "title"?: "..."}');
      const { url, html, title } = (parsed ?? {}) as Record<string, unknown>;
      if (typeof html !== "string")
        throw new AppException({ code: "bad_request", message: 'JSON body needs "html" (string)' });
      const pageUrl = typeof url === "string" && url ? url : query("url");
      if (!pageUrl) throw new AppException({ code: "bad_request", message: 'JSON body needs "url" (or ?url=)' });
      if (title !== undefined && typeof title !== "string")
        throw new AppException({ code: "bad_request", message: '"title" must be a string' });
      if (title) opts.title = title.trim() || opts.title;
      source = {
        body: new TextEncoder().encode(html),
        contentType: "text/html; charset=utf-8",
        url: pageUrl,
        fetched: false,
      };
    } else {
      if (contentType && !/^(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
        throw new AppException({
          code: "unsupported_media_type",
          message: `expected text/html, application/xhtml+xml or application/json, got ${contentType}`,
        });
      }
      const pageUrl = query("url");
      if (!pageUrl) throw new AppException({ code: "bad_request", message: "missing ?url= (the page's own URL)" });
      source = { body, contentType, url: pageUrl, fetched: false, cutAtBytes: read.cut };
    }
    if (urlTooLong(source.url))
      throw new AppException({ code: "uri_too_long", message: `url is over ${MAX_URL_LENGTH} characters` });
    if (!/^https?:\/\//i.test(source.url))
      throw new AppException({ code: "bad_request", message: "url must be an absolute http(s) URL" });
    const trusted = hasValidKey(c.env, c.req.header("authorization"));
    return extractionResponse(await extract({ env: c.env, trusted }, source, opts), opts);
  });
  app.all("/extract", methodNotAllowed("GET", "HEAD", "POST"));

  mountFeedRoutes(app, { targetFromPath });

  // Proxy style last: everything after the first slash, query included, is the target URL.
  app.use("/*", auth({ scope: "api" }));
  app.get("/*", conditionalGet(), responseCache({ describe: describeProxy, vary: PROXY_OPTION_HEADERS }), (c) => {
    const request = describeProxy(c);
    if (!request) throw new AppException({ code: "not_found", message: "no such route; GET / lists the routes" });
    return fetchAndExtract(c, request);
  });
  // Another method on a path the proxy route would take (an http(s) URL) is a 405; any other path stays a 404.
  const proxyNotAllowed = methodNotAllowed("GET", "HEAD");
  app.all("/*", (c) => {
    const url = new URL(c.req.url);
    if (/^https?:\/\//i.test(targetFromPath(url.pathname + url.search))) proxyNotAllowed(c);
    throw new AppException({ code: "not_found", message: "no such route; GET / lists the routes" });
  });

  return app;
}
