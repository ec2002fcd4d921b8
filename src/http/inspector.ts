/**
 * The inspector: `GET /` for a browser is a page where a person sees what the service keeps from a
 * page and why; curl (`*\/*`, `text/plain`) still gets the usage text, byte for byte. The page, its
 * script, style and icon are served from strings in inspector-page.ts (no build step, no external
 * network), so `npm run dev` stays one command.
 *
 * The page and its assets carry no data and need no key (a browser cannot send a Bearer header when
 * it navigates); every call the page makes goes to the API with the key, like any client. The
 * domain figures behind the learning curve are a read-only API route, `GET /inspect?url=`.
 */
import type { Hono } from "hono";
import { configOf } from "../config";
import { acceptQuality } from "../core/accept";
import { buildUrlKey } from "../core/url-key";
import { AppException, badRequest } from "../service/errors";
import { domainTreeStub } from "../store/stub";
import { auth } from "./auth";
import { methodNotAllowed } from "./errors";
import { jsonResponse } from "./json-response";
import type { AppEnv } from "./env";
import { FAVICON_SVG, INSPECTOR_CSS, inspectorHtml } from "./inspector-page";
import { INSPECTOR_JS } from "./inspector-script";
import { usage } from "./usage";

/** Media types that mean "a browser wants a page". */
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/**
 * Whether Accept prefers HTML to plain text: HTML named with a higher quality than plain text gets
 * (named, `text/*` or `*\/*`), or the same quality and named first. `*\/*` alone is curl: text.
 */
export function prefersHtml(accept: string | undefined): boolean {
  // Q-values as the API's negotiation reads them (src/core/accept.ts): the most specific range
  // decides a type's quality, and a range with a malformed q is ignored.
  let html = { q: 0, at: Infinity };
  // The best-rated HTML type, the first written on a tie: that is where HTML stands against plain text.
  for (const type of HTML_TYPES) {
    const quality = acceptQuality(accept, type);
    if (quality.named && (quality.q > html.q || (quality.q === html.q && quality.at < html.at))) html = quality;
  }
  if (html.q <= 0) return false;
  const plain = acceptQuality(accept, "text/plain");
  return html.q > plain.q || (html.q === plain.q && html.at < plain.at);
}

/** A few kilobytes each, changed by every deployment: always revalidated, never stale after an update. */
const ASSET_CACHE = "no-cache";

/**
 * Content-Security-Policy of the page: its own script and style only, calls to its own API only, no
 * frames. Article images are never loaded (the page shows them as links), so `img-src` allows only
 * the icon and the curve's inline SVG.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function mountInspector(app: Hono<AppEnv>): void {
  app.get("/", (c) => {
    c.header("vary", "Accept");
    if (!prefersHtml(c.req.header("accept"))) return c.text(usage(new URL(c.req.url).origin));
    c.header("content-security-policy", PAGE_CSP);
    c.header("x-content-type-options", "nosniff");
    c.header("referrer-policy", "no-referrer");
    c.header("cache-control", "no-cache");
    return c.html(inspectorHtml({ keyRequired: configOf(c.env).apiKey !== null }));
  });
  app.all("/", methodNotAllowed("GET", "HEAD"));
  const asset = (type: string, body: string) => () =>
    new Response(body, {
      headers: { "content-type": type, "cache-control": ASSET_CACHE, "x-content-type-options": "nosniff" },
    });
  app.get("/inspector.js", asset("text/javascript; charset=utf-8", INSPECTOR_JS));
  app.get("/inspector.css", asset("text/css; charset=utf-8", INSPECTOR_CSS));
  // Browsers ask for /favicon.ico whatever the page links: both names answer, so no request fails.
  app.get("/favicon.svg", asset("image/svg+xml", FAVICON_SVG));
  app.get("/favicon.ico", asset("image/svg+xml", FAVICON_SVG));
  for (const path of ["/inspector.js", "/inspector.css", "/favicon.svg", "/favicon.ico"])
    app.all(path, methodNotAllowed("GET", "HEAD"));

  // Read-only figures of the domain a page belongs to: the tree's internals, like debug=1, so the API key guards it.
  app.use("/inspect", auth({ scope: "api" }));
  app.get("/inspect", async (c) => {
    const url = c.req.query("url");
    if (!url) badRequest("missing url: /inspect?url={the page's URL or URL key}");
    let key;
    try {
      key = buildUrlKey(url);
    } catch (err) {
      if (err instanceof TypeError) throw new AppException({ code: "bad_request", message: err.message });
      throw err;
    }
    const figures = await domainTreeStub(c.env, key.domain).figures(key.branch);
    c.header("cache-control", "private, no-store");
    return jsonResponse(c, { domain: key.domain, urlKey: key.key, ...figures });
  });
  app.all("/inspect", methodNotAllowed("GET", "HEAD"));
}
