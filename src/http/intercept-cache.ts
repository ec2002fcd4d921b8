/**
 * The Cache API (caches.default) for agent answers of the origin intercept. A key names one
 * representation exactly: the page URL, the format, and what identifies the origin's version of
 * the page. With validators (ETag, Last-Modified) those are the identity, and a hit costs the
 * origin's headers only (its body is never read). Without validators the identity is the SHA-256
 * of the body: still exact (a changed page is a new key), at the price of reading the body, but
 * not of parsing it or calling the tree. Only answers of a warm tree are stored (see intercept-agent.ts).
 */
import type { AgentFormat } from "../core/accept";
import { sha256Hex } from "./sha256";

/** Bump when the rendering of a cached agent answer changes, so a deploy never serves the old one. */
const KEY_VERSION = 1;

export interface PageIdentity {
  etag?: string | null;
  lastModified?: string | null;
  /** SHA-256 of the body, hex: used when the origin sends no validator. */
  digest?: string;
}

/** The origin's validators, or null when it sent none (the key then needs the body's digest). */
export function validatorsOf(headers: Headers): PageIdentity | null {
  const etag = headers.get("etag");
  const lastModified = headers.get("last-modified");
  // A weak ETag still names one version of the page for our purpose: we render from its bytes.
  return etag || lastModified ? { etag, lastModified } : null;
}

/**
 * Under the site's own origin, as Cloudflare advises for Cache API keys; the path is never routed to
 * the cache (the Worker runs first and sends every path to the origin), and the hash keeps page URLs
 * and validators out of it.
 */
export async function agentCacheKey(pageUrl: string, format: AgentFormat, identity: PageIdentity): Promise<Request> {
  const canonical = JSON.stringify([
    KEY_VERSION,
    pageUrl,
    format,
    identity.etag ?? null,
    identity.lastModified ?? null,
    identity.digest ?? null,
  ]);
  return new Request(`${new URL(pageUrl).origin}/__intercept-cache/v${KEY_VERSION}/${await sha256Hex(canonical)}`);
}

export async function cachedAnswer(key: Request): Promise<Response | undefined> {
  try {
    return await caches.default.match(key);
  } catch (err) {
    // A cache that cannot be read must not fail the agent: render as on a miss.
    console.warn(`intercept cache lookup failed: ${String(err)}`);
    return undefined;
  }
}

/** Stores a copy fresh for `ttl` seconds; client-facing Cache-Control is set again on every hit. */
export async function storeAnswer(key: Request, body: string, headers: Headers, ttl: number): Promise<void> {
  const stored = new Headers(headers);
  stored.set("cache-control", `public, max-age=${ttl}`);
  for (const name of ["vary", "x-cache", "set-cookie", "server-timing"]) stored.delete(name);
  try {
    await caches.default.put(key, new Response(body, { headers: stored }));
  } catch (err) {
    console.warn(`intercept cache store failed: ${String(err)}`);
  }
}
