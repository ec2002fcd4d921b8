/**
 * Getting the feed document: from its FeedCache the validators of the last fetch, a conditional
 * GET (If-None-Match / If-Modified-Since; a 304 reuses the stored body), safe parsing, and, when
 * the URL is an HTML page, one step of autodiscovery through its `<link rel="alternate">`.
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
import { safeFetch } from "../net/safe-fetch";

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

const budgetError = (): FeedDocumentResult => ({
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
    const cache = feedCacheStub(env, target);
    if (!budget.take(2)) return budgetError();
    budget.spent++;
    const stored = await storedState(cache);
    // Validators are only worth sending while we still hold the body they validate.
    const headers: Record<string, string> = {};
    if (stored?.body) {
      if (stored.etag) headers["if-none-match"] = stored.etag;
      if (stored.lastModified) headers["if-modified-since"] = stored.lastModified;
    }
    const counted = budgetedFetch(budget);
    const result = await safeFetch(target, { ...fetchSettings, accept: "feed", headers, fetchImpl: counted.fetch });
    if (counted.exhausted()) return budgetError();
    if (!result.ok) return { ok: false, error: fetchError(result.failure) };
    const page = result.page;

    let body: Uint8Array;
    let contentType: string | null;
    let upstream: UpstreamState | null = null;
    if (page.status === 304) {
      if (!stored?.body)
        return {
          ok: false,
          error: { code: "upstream_failed", message: "upstream answered 304 to an unconditional request" },
        };
      body = stored.body;
      contentType = stored.contentType;
    } else {
      body = page.body;
      contentType = page.contentType;
      upstream = {
        etag: page.headers.get("etag"),
        lastModified: page.headers.get("last-modified"),
        contentType,
        body,
        fetchedAt: now,
      };
    }

    const parsed = parseFeed(body, contentType, page.url);
    if (parsed.ok)
      return {
        ok: true,
        doc: { feedUrl: target, discoveredFrom, feed: parsed.feed, cache, upstreamStatus: page.status, upstream },
      };
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
