/**
 * Outbound fetching of user-given URLs, safe against SSRF and bounded in time and size.
 *
 * - Only http(s) URLs without credentials.
 * - Redirects are followed by hand (`redirect: "manual"`), so every hop's host is checked against
 *   the forbidden ranges and names (`forbidden-host.ts`) and the final URL is known.
 * - One deadline covers the whole operation: all hops and reading the body.
 * - The body is decoded (gzip, deflate, br; content-decoding.ts) and capped while streaming, the cap
 *   counting decoded bytes; another coding is refused. Over the cap, the caller's `overCap` decides:
 *   `refuse` (Content-Length over the cap fails before reading) or `cut` (the page's first
 *   `maxBytes`, marked `truncated`: an HTML page is still readable from its beginning).
 * - The media type must fit the caller's `accept` mode; a missing Content-Type is sniffed.
 *
 * Names cannot be DNS-resolved in Workers, so a public name pointing at a private address is not
 * caught here; Cloudflare's egress, which cannot reach private ranges in production, is the
 * second layer. See `forbidden-host.ts`. Web Standards APIs only.
 *
 * `safeFetch` never rejects: every outcome is a `FetchResult`.
 */
import { discard, readHead, type BodyHead, type OverCap } from "./bounded-body";
import { ACCEPT_ENCODING, decodeBody, DecodedTooLarge, planDecoding } from "./content-decoding";
import { Deadline } from "./deadline";
import { hostKey, isForbiddenHost, parseAllowHosts } from "./forbidden-host";
import { MAX_URL_LENGTH, urlTooLong } from "./url-limit";
import { acceptHeader, mediaTypeVerdict, sniffAcceptable, type AcceptMode } from "./media-type";

export { isForbiddenHost, parseAllowHosts };
export type { AcceptMode, OverCap };

export interface SafeFetchOptions {
  /** Lower-cased host names or IP literals (IPv6 without brackets) exempt from the forbidden-host checks. */
  allowHosts: ReadonlySet<string>;
  /** The whole operation, redirects and body included. */
  timeoutMs: number;
  /** Body cap, enforced while streaming. */
  maxBytes: number;
  /**
   * A body over `maxBytes`: `refuse` (default) fails with `too_large`; `cut` answers its first
   * `maxBytes` (decoded), `truncated`, having read no further. A Brotli body is refused either way
   * past the cap: its decoder bounds the output by failing (content-decoding.ts), with no prefix.
   */
  overCap?: OverCap;
  maxRedirects: number;
  userAgent: string;
  accept: AcceptMode;
  /** Defaults to `globalThis.fetch`, looked up at call time. */
  fetchImpl?: typeof fetch;
  /** Extra request headers (e.g. If-None-Match), sent on every hop. */
  headers?: Record<string, string>;
}

export interface FetchedPage {
  /** Final URL, after redirects (without fragment). */
  url: string;
  /** The URL first requested, normalized by the URL parser (without fragment). */
  requestUrl: string;
  /** 2xx, or 304 (then `body` is empty). */
  status: number;
  contentType: string | null;
  body: Uint8Array;
  /** The body is the first `maxBytes` of a longer one (`overCap: "cut"`). */
  truncated: boolean;
  /** Each redirect target in order; `[requestUrl, ...redirects]` is the chain, the last is `url`. */
  redirects: string[];
  headers: Headers;
}

export type FetchFailure =
  | { kind: "invalid_url"; message: string }
  | { kind: "forbidden_target"; message: string }
  | { kind: "too_many_redirects"; message: string }
  | { kind: "too_large"; message: string }
  | { kind: "unsupported_media_type"; message: string; contentType: string | null }
  | { kind: "unsupported_encoding"; message: string }
  | { kind: "upstream_status"; message: string; status: number }
  | { kind: "upstream_error"; message: string }
  | { kind: "timeout"; message: string };

export type FetchResult = { ok: true; page: FetchedPage } | { ok: false; failure: FetchFailure };

export const SAFE_FETCH_DEFAULTS = {
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 10,
  userAgent: "urltree-clean-text/0.1 (clean-text service; fetches pages on behalf of its users)",
  accept: "html",
  overCap: "refuse",
} as const satisfies Omit<SafeFetchOptions, "allowHosts">;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Request headers a browser drops when a redirect leaves the origin. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

const fail = (failure: FetchFailure): FetchResult => ({ ok: false, failure });

/**
 * Checks one hop's URL. The first hop is the caller's input, so its problems are `invalid_url`;
 * a redirect pointing at a scheme or credentials we refuse is the upstream steering us somewhere
 * we will not go, reported as `forbidden_target`.
 */
function checkTarget(url: URL, allowHosts: ReadonlySet<string>, isRedirect: boolean): FetchFailure | null {
  if (urlTooLong(url.href)) {
    const message = `${isRedirect ? "redirect target" : "URL"} is over ${MAX_URL_LENGTH} characters`;
    return isRedirect ? { kind: "forbidden_target", message } : { kind: "invalid_url", message };
  }
  const where = isRedirect ? `redirect to ${url.protocol}` : `scheme ${url.protocol}`;
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const message = `${where} is not allowed (only http and https)`;
    return isRedirect ? { kind: "forbidden_target", message } : { kind: "invalid_url", message };
  }
  if (url.username !== "" || url.password !== "") {
    const message = `${isRedirect ? "redirect " : ""}URL with credentials (user:password@) is not allowed`;
    return isRedirect ? { kind: "forbidden_target", message } : { kind: "invalid_url", message };
  }
  if (allowHosts.has(hostKey(url))) return null;
  const reason = isForbiddenHost(url.hostname);
  if (reason !== null) {
    const message = `${isRedirect ? "redirect target" : "target"} ${url.hostname} is not allowed: ${reason}`;
    return { kind: "forbidden_target", message };
  }
  return null;
}

/**
 * The checks safeFetch makes on the URL it is given, without fetching: lets a caller refuse a bad
 * target before it opens storage or spends anything on it.
 */
export function checkFetchTarget(url: string, allowHosts: ReadonlySet<string>): FetchFailure | null {
  if (urlTooLong(url)) return { kind: "invalid_url", message: `URL is over ${MAX_URL_LENGTH} characters` };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: "invalid_url", message: "not a valid absolute URL" };
  }
  return checkTarget(parsed, allowHosts, false);
}

function withoutFragment(url: URL): URL {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Fetches a user-given URL safely; see the module comment. Never rejects. */
export async function safeFetch(
  url: string,
  options: Partial<SafeFetchOptions> & Pick<SafeFetchOptions, "allowHosts">,
): Promise<FetchResult> {
  const timeoutMs = positive(options.timeoutMs, SAFE_FETCH_DEFAULTS.timeoutMs);
  const maxBytes = positive(options.maxBytes, SAFE_FETCH_DEFAULTS.maxBytes);
  const maxRedirects = Math.floor(positive(options.maxRedirects, SAFE_FETCH_DEFAULTS.maxRedirects));
  const accept = options.accept ?? SAFE_FETCH_DEFAULTS.accept;
  const overCap = options.overCap ?? SAFE_FETCH_DEFAULTS.overCap;

  const firstProblem = checkFetchTarget(url, options.allowHosts);
  if (firstProblem) return fail(firstProblem);
  const parsed = new URL(url);

  const deadline = new Deadline(timeoutMs);
  try {
    return await run(withoutFragment(parsed), {
      allowHosts: options.allowHosts,
      maxBytes,
      maxRedirects,
      accept,
      overCap,
      deadline,
      fetchImpl: options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init)),
      baseHeaders: buildHeaders(options.userAgent ?? SAFE_FETCH_DEFAULTS.userAgent, accept, options.headers),
    });
  } catch (error) {
    if (deadline.expired) return fail({ kind: "timeout", message: `gave up after ${timeoutMs} ms` });
    return fail({ kind: "upstream_error", message: `fetch failed: ${errorMessage(error)}` });
  } finally {
    deadline.dispose();
  }
}

function buildHeaders(userAgent: string, accept: AcceptMode, extra: Record<string, string> | undefined): Headers {
  const headers = new Headers();
  headers.set("user-agent", userAgent);
  headers.set("accept", acceptHeader(accept));
  headers.set("accept-encoding", ACCEPT_ENCODING);
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

interface RunContext {
  allowHosts: ReadonlySet<string>;
  maxBytes: number;
  maxRedirects: number;
  accept: AcceptMode;
  overCap: OverCap;
  deadline: Deadline;
  fetchImpl: typeof fetch;
  baseHeaders: Headers;
}

/** The redirect loop and the final response; throws only for network errors and the deadline. */
async function run(first: URL, ctx: RunContext): Promise<FetchResult> {
  const redirects: string[] = [];
  let current = first;
  const headers = new Headers(ctx.baseHeaders);
  for (;;) {
    const init: RequestInit = {
      method: "GET",
      headers: new Headers(headers), // a copy per hop: later hops may drop credentials
      redirect: "manual",
      signal: ctx.deadline.signal,
      // Raw bytes: workerd would decode gzip and br but keep the header (content-decoding.ts decodes all).
      encodeResponseBody: "manual",
    };
    const response = await ctx.deadline.race(ctx.fetchImpl(current.href, init));
    if (!REDIRECT_STATUSES.has(response.status)) {
      return finish(response, current, first, redirects, ctx);
    }
    discard(response.body);
    const location = response.headers.get("location");
    if (location === null) {
      const message = `upstream answered ${response.status} without a Location header`;
      return fail({ kind: "upstream_status", message, status: response.status });
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      const message = `upstream answered ${response.status} with an invalid Location header`;
      return fail({ kind: "upstream_status", message, status: response.status });
    }
    const problem = checkTarget(next, ctx.allowHosts, true);
    if (problem) return fail(problem);
    if (redirects.length >= ctx.maxRedirects) {
      return fail({ kind: "too_many_redirects", message: `more than ${ctx.maxRedirects} redirects` });
    }
    next = withoutFragment(next);
    if (next.origin !== current.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    redirects.push(next.href);
    current = next;
  }
}

async function finish(
  response: Response,
  url: URL,
  first: URL,
  redirects: string[],
  ctx: RunContext,
): Promise<FetchResult> {
  const contentType = response.headers.get("content-type");
  const page = (status: number, body: Uint8Array, truncated = false): FetchResult => ({
    ok: true,
    page: {
      url: url.href,
      requestUrl: first.href,
      status,
      contentType,
      body,
      truncated,
      redirects,
      headers: response.headers,
    },
  });

  if (response.status === 304) {
    discard(response.body);
    return page(304, new Uint8Array(0));
  }
  if (response.status < 200 || response.status > 299) {
    discard(response.body);
    const message = `upstream answered ${response.status}`;
    return fail({ kind: "upstream_status", message, status: response.status });
  }

  const verdict = mediaTypeVerdict(contentType, ctx.accept);
  const unsupported = (): FetchResult =>
    fail({
      kind: "unsupported_media_type",
      message: `content type ${contentType ?? "(none)"} is not acceptable for ${ctx.accept}`,
      contentType,
    });
  if (verdict === "no") {
    discard(response.body);
    return unsupported();
  }

  const declared = response.headers.get("content-length");
  const declaredOverCap = declared !== null && /^\s*\d+\s*$/.test(declared) && Number(declared) > ctx.maxBytes;
  if (declaredOverCap && ctx.overCap === "refuse") {
    discard(response.body);
    return fail({ kind: "too_large", message: `Content-Length ${declared.trim()} exceeds ${ctx.maxBytes} bytes` });
  }

  const encoding = response.headers.get("content-encoding");
  const plan = planDecoding(encoding);
  if (!plan.ok) {
    discard(response.body);
    return fail({ kind: "unsupported_encoding", message: plan.message });
  }
  // The cap counts decoded bytes: a compression bomb stops at the cap, not at the end of its output.
  const stream =
    response.body && plan.codings.length > 0
      ? decodeBody(response.body as ReadableStream<Uint8Array>, plan.codings, ctx.maxBytes)
      : response.body;
  let body: BodyHead;
  try {
    body = await readHead(stream, ctx.maxBytes, ctx.deadline);
  } catch (error) {
    if (error instanceof DecodedTooLarge) return fail({ kind: "too_large", message: error.message });
    if (ctx.deadline.expired || plan.codings.length === 0) throw error;
    return fail({ kind: "upstream_error", message: `body is not valid ${encoding}: ${errorMessage(error)}` });
  }
  if (body.cut && ctx.overCap === "refuse")
    return fail({ kind: "too_large", message: `body exceeds ${ctx.maxBytes} bytes (decoded)` });
  if (verdict === "sniff" && !sniffAcceptable(body.bytes, ctx.accept)) return unsupported();
  return page(response.status, body.bytes, body.cut);
}
