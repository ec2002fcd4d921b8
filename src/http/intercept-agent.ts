/**
 * An agent's request on an intercepted site (Accept prefers text/markdown or text/plain): the
 * origin is asked for its HTML, and the page's main content is answered in the article rendering
 * (src/service/answer.ts) with the evidence headers of /extract, plus what agents expect from
 * "Markdown for Agents": x-markdown-tokens, Content-Signal, Vary: Accept, an ETag. Anything that is
 * not a 200 HTML page passes through untouched.
 */
import type { AgentFormat } from "../core/accept";
import { estimateTokens } from "../core/tokens";
import { configOf } from "../config";
import { readPrefix } from "../net/body-prefix";
import { Deadline } from "../net/deadline";
import { acceptHeader } from "../net/media-type";
import { extract } from "../service/extract";
import { isHtmlResponse, isPersonalised, isPrivateCacheControl, learnDecision } from "../service/intercept-policy";
import { DEFAULT_EXTRACT_OPTIONS, type ExtractOptions } from "../service/options";
import { extractionResponse } from "./extract-response";
import { agentCacheKey, cachedAnswer, storeAnswer, validatorsOf, type PageIdentity } from "./intercept-cache";
import { sha256Hex } from "./sha256";

/** Headers of the agent's request the origin must not see: we negotiate and validate ourselves. */
const NOT_FORWARDED = [
  "accept",
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
  "range",
];

/** The origin request for an agent: the same request, as a GET for HTML without the agent's conditions. */
export function originRequestForAgent(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of NOT_FORWARDED) headers.delete(name);
  headers.set("accept", acceptHeader("html"));
  return new Request(request.url, { method: "GET", headers, redirect: "manual" });
}

/**
 * Cache-Control of an agent answer, from the origin's: a private or no-store page stays so; a
 * cold-start answer is `no-cache` (the tree will answer better soon, so clients revalidate with the
 * ETag); otherwise the origin's own freshness, or `no-cache` when it states none.
 */
export function agentCacheControl(origin: string | null, warm: boolean): string {
  if (isPrivateCacheControl(origin)) return origin!;
  if (!warm) return "no-cache";
  return origin?.trim() || "no-cache";
}

/** The origin's Vary with Accept added: the answer depends on Accept, and on whatever the origin varies by. */
function varyWithAccept(origin: string | null): string {
  if (!origin) return "Accept";
  const names = origin.split(",").map((v) => v.trim().toLowerCase());
  return names.includes("accept") || names.includes("*") ? origin : `${origin}, Accept`;
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags or `*`. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** HEAD gets GET's headers without the body; a 304 gets the validators and caching headers only. */
function finish(request: Request, body: string, headers: Headers): Response {
  const etag = headers.get("etag");
  if (etag && matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
    const kept = new Headers();
    for (const name of ["etag", "cache-control", "vary", "content-signal", "x-cache"]) {
      const value = headers.get(name);
      if (value !== null) kept.set(name, value);
    }
    return new Response(null, { status: 304, headers: kept });
  }
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}

function passThrough(request: Request, origin: Response): Response {
  if (request.method !== "HEAD") return origin;
  // The origin was asked with GET: drop its body, keep everything else.
  origin.body?.cancel().catch(() => {});
  return new Response(null, origin);
}

export async function answerAgent(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  format: AgentFormat,
): Promise<Response> {
  const config = configOf(env);
  const origin = await fetch(originRequestForAgent(request));
  if (origin.status !== 200 || !isHtmlResponse(origin.headers)) return passThrough(request, origin);

  const { intercept } = config;
  const personalised = isPersonalised(request.headers, origin.headers);
  const cacheable = !personalised && intercept.cacheTtl > 0;
  const originCacheControl = origin.headers.get("cache-control");
  const validators = validatorsOf(origin.headers);
  const identity = async (body: Uint8Array): Promise<PageIdentity> => validators ?? { digest: await sha256Hex(body) };

  const fromCache = async (key: Request): Promise<Response | null> => {
    const hit = await cachedAnswer(key);
    if (!hit) return null;
    const headers = new Headers(hit.headers);
    headers.set("x-cache", "HIT");
    headers.set("x-rows-written", "0");
    headers.set("vary", varyWithAccept(origin.headers.get("vary")));
    headers.set("cache-control", agentCacheControl(originCacheControl, true));
    // The signal is the site's current statement, not the one in force when the answer was stored.
    if (intercept.contentSignal) headers.set("content-signal", intercept.contentSignal);
    else headers.delete("content-signal");
    return finish(request, await hit.text(), headers);
  };

  // With validators the cache answers before the body is read: it is cancelled, never parsed.
  if (cacheable && validators) {
    const hit = await fromCache(await agentCacheKey(request.url, format, validators));
    if (hit) {
      origin.body?.cancel().catch(() => {});
      return hit;
    }
  }

  const deadline = new Deadline(config.fetch.timeoutMs);
  let prefix;
  try {
    prefix = await readPrefix(origin.body, config.fetch.maxBytes, deadline);
  } finally {
    deadline.dispose();
  }
  // Too large to render within the cap: the agent gets the page itself rather than an error.
  if (!prefix.complete) return passThrough(request, new Response(prefix.stream, origin));
  const bytes = prefix.bytes;

  const key = cacheable ? await agentCacheKey(request.url, format, await identity(bytes)) : null;
  if (key && !validators) {
    const hit = await fromCache(key);
    if (hit) return hit;
  }

  // The agent's own request teaches under the same policy as a browser's page view.
  const learn = learnDecision(request, origin, intercept.sampleRate).learn;
  const options: ExtractOptions = { ...DEFAULT_EXTRACT_OPTIONS, format, learn };
  const source = { body: bytes, contentType: origin.headers.get("content-type"), url: request.url, fetched: true };
  // trusted: the page is the site's own response on its own route, not caller-supplied HTML.
  const extraction = await extract({ env, trusted: true }, source, options);
  const rendered = extractionResponse(extraction, options);
  const body = await rendered.text();
  const headers = new Headers(rendered.headers);
  const warm = extraction.classification.method === "tree";
  headers.set("x-markdown-tokens", String(estimateTokens(body)));
  if (intercept.contentSignal) headers.set("content-signal", intercept.contentSignal);
  headers.set("etag", `"${(await sha256Hex(body)).slice(0, 32)}"`);
  headers.set("vary", varyWithAccept(origin.headers.get("vary")));
  headers.set("cache-control", agentCacheControl(originCacheControl, warm));
  headers.set("x-cache", key ? "MISS" : "BYPASS");
  // Only a warm tree's answer is kept: a cold-start answer is redone until the tree answers.
  if (key && warm) ctx.waitUntil(storeAnswer(key, body, headers, intercept.cacheTtl));
  return finish(request, body, headers);
}
