/**
 * Getting the feed document: the validators of the last committed poll (feed-validators.ts), a
 * conditional GET (If-None-Match / If-Modified-Since; a 304 reuses the body stored in the FeedCache),
 * safe parsing, and, when the URL is an HTML page, one step of autodiscovery through its
 * `<link rel="alternate">`. The FeedCache is handed out only for a feed that was fetched and parsed.
 */
import { discoverFeeds } from "../core/feed/discover";
import { parseFeed, type FeedParseFailure } from "../core/feed/parse";
import type { ParsedFeed } from "../core/feed/types";
import type { FeedCache, UpstreamState } from "../store/feed-cache";
import { feedCacheStub } from "../store/stub";
import type { AppError } from "./errors";
import { budgetedFetch, type SubrequestBudget } from "./feed-budget";
import { fetchError } from "./fetch-error";
import type { FetchSettings } from "../config";
import { checkFetchTarget, safeFetch, type FetchedPage } from "../net/safe-fetch";
import { readValidators } from "./feed-validators";

export interface FeedDocument {
  /** The feed's URL as requested (after discovery): the FeedCache's name. */
  feedUrl: string;
  /** Where the feed was found when the caller gave an HTML page. */
  discoveredFrom: string | null;
  feed: ParsedFeed;
  cache: DurableObjectStub<FeedCache>;
  /** 200, or 304 when the stored copy was still current. */
  upstreamStatus: number;
  /** What to store for the next conditional GET; null after a 304 (nothing new). */
  upstream: UpstreamState | null;
}

export type FeedDocumentResult = { ok: true; doc: FeedDocument } | { ok: false; error: AppError };

const budgetError = (): { ok: false; error: AppError } => ({
  ok: false,
  error: { code: "upstream_failed", message: "subrequest budget exhausted before the feed could be fetched" },
});

function parseError(failure: Exclude<FeedParseFailure, { kind: "html" }>): AppError {
  switch (failure.kind) {
    case "hostile":
    case "malformed":
    case "not_a_feed":
      return { code: "invalid_feed", message: failure.message };
    default: {
      const unreachable: never = failure;
      return unreachable;
    }
  }
}

async function storedState(cache: DurableObjectStub<FeedCache>): Promise<UpstreamState | null> {
  try {
    return await cache.open();
  } catch (err) {
    // A cache that cannot be read costs a full fetch, not the request.
    console.error("feed cache open failed", err);
    return null;
  }
}

interface Fetched {
  page: FetchedPage;
  body: Uint8Array;
  contentType: string | null;
  /** What to store for the next conditional GET; null after a 304 (nothing new). */
  upstream: UpstreamState | null;
}

/**
 * The feed's bytes: a conditional GET when this data center remembers validators from an earlier
 * committed poll (feed-validators.ts); a 304 is served from the FeedCache, which a committed poll
 * created, so opening it here creates nothing new. A 304 the cache cannot back (its body was too
 * large to keep) is followed by one unconditional GET.
 */
async function fetchFeedBytes(
  env: Env,
  target: string,
  fetchSettings: FetchSettings,
  budget: SubrequestBudget,
  now: number,
): Promise<{ ok: true; fetched: Fetched } | { ok: false; error: AppError }> {
  const validators = await readValidators(target);
  for (const conditional of validators ? [true, false] : [false]) {
    if (!budget.take(1)) return budgetError();
    const headers: Record<string, string> = {};
    if (conditional && validators?.etag) headers["if-none-match"] = validators.etag;
    if (conditional && validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
    const counted = budgetedFetch(budget);
    const result = await safeFetch(target, { ...fetchSettings, accept: "feed", headers, fetchImpl: counted.fetch });
    if (counted.exhausted()) return budgetError();
    if (!result.ok) return { ok: false, error: fetchError(result.failure) };
    const page = result.page;
    if (page.status !== 304) {
      const upstream: UpstreamState = {
        etag: page.headers.get("etag"),
        lastModified: page.headers.get("last-modified"),
        contentType: page.contentType,
        body: page.body,
        fetchedAt: now,
      };
      return { ok: true, fetched: { page, body: page.body, contentType: page.contentType, upstream } };
    }
    if (!conditional)
      return {
        ok: false,
        error: { code: "upstream_failed", message: "upstream answered 304 to an unconditional request" },
      };
    if (!budget.take(1)) return budgetError();
    budget.spent++;
    const stored = await storedState(feedCacheStub(env, target));
    if (stored?.body) {
      return { ok: true, fetched: { page, body: stored.body, contentType: stored.contentType, upstream: null } };
    }
  }
  return {
    ok: false,
    error: { code: "upstream_failed", message: "upstream answered 304 to an unconditional request" },
  };
}

/**
 * Validates the target, fetches and parses the feed (following one step of autodiscovery), and
 * only then hands out the feed's FeedCache: a request that fails on the way opens no object.
 */
export async function loadFeedDocument(
  env: Env,
  url: string,
  fetchSettings: FetchSettings,
  budget: SubrequestBudget,
  now: number,
): Promise<FeedDocumentResult> {
  let target = url;
  let discoveredFrom: string | null = null;
  for (;;) {
    const problem = checkFetchTarget(target, fetchSettings.allowHosts);
    if (problem) return { ok: false, error: fetchError(problem) };
    const got = await fetchFeedBytes(env, target, fetchSettings, budget, now);
    if (!got.ok) return got;
    const { page, body, contentType, upstream } = got.fetched;

    const parsed = parseFeed(body, contentType, page.url);
    if (parsed.ok) {
      const cache = feedCacheStub(env, target);
      return {
        ok: true,
        doc: { feedUrl: target, discoveredFrom, feed: parsed.feed, cache, upstreamStatus: page.status, upstream },
      };
    }
    if (parsed.failure.kind !== "html") return { ok: false, error: parseError(parsed.failure) };
    if (discoveredFrom !== null)
      return {
        ok: false,
        error: { code: "invalid_feed", message: `the feed linked from ${discoveredFrom} is an HTML page` },
      };
    const links = discoverFeeds(parsed.failure.html, page.url);
    if (links.length === 0) {
      return {
        ok: false,
        error: {
          code: "no_feed",
          message: `${page.url} is an HTML page without a <link rel="alternate"> to an RSS, Atom or JSON feed`,
        },
      };
    }
    discoveredFrom = page.url;
    target = links[0]!.url;
  }
}
