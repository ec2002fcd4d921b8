/**
 * What the origin intercept may learn from and cache: the personalisation rule and the learning
 * policy, decided from headers alone so a browser's response is never held up to decide it.
 */
import { mediaTypeEssence } from "../net/media-type";

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** A page the tree can read: only HTML is learned from or rendered for agents. */
export function isHtmlResponse(headers: Headers): boolean {
  const essence = mediaTypeEssence(headers.get("content-type"));
  return essence !== null && HTML_TYPES.has(essence);
}

/** Cache-Control says the response is for this user only (private) or must not be kept (no-store). */
export function isPrivateCacheControl(cacheControl: string | null): boolean {
  return cacheControl !== null && /(^|[\s,])(private|no-store)([\s,=]|$)/i.test(cacheControl);
}

/**
 * A page made for one visitor: the request carried credentials (Cookie, Authorization), or the
 * response sets a cookie or forbids shared caching. Its blocks (a greeting, an account menu, a
 * basket) would teach the tree one person's page, and sharing its rendering would leak it.
 */
export function isPersonalised(request: Headers, response: Headers): boolean {
  return (
    request.has("cookie") ||
    request.has("authorization") ||
    response.has("set-cookie") ||
    isPrivateCacheControl(response.get("cache-control"))
  );
}

export interface LearnDecision {
  learn: boolean;
  /** Why not, for logs and tests. */
  reason?: "method" | "status" | "not-html" | "personalised" | "sampled-out" | "no-body";
}

/**
 * Whether this page view teaches the domain's tree: a GET answered 200 with HTML, not personalised,
 * and picked by the sampling rate (`random` is injectable so the rule is testable).
 */
export function learnDecision(
  request: Request,
  response: Response,
  sampleRate: number,
  random: () => number = Math.random,
): LearnDecision {
  if (request.method !== "GET") return { learn: false, reason: "method" };
  if (response.status !== 200) return { learn: false, reason: "status" };
  if (!response.body) return { learn: false, reason: "no-body" };
  if (!isHtmlResponse(response.headers)) return { learn: false, reason: "not-html" };
  if (isPersonalised(request.headers, response.headers)) return { learn: false, reason: "personalised" };
  // rate 1 always learns and 0 never does, whatever random() returns.
  if (sampleRate < 1 && !(random() < sampleRate)) return { learn: false, reason: "sampled-out" };
  return { learn: true };
}
