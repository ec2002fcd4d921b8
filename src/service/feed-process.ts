/**
 * One poll of one feed, shared by GET /feed and the cron trigger: get the feed document, key each
 * of the first `max` items (URL key + RSS reader's hash), serve known ones from the FeedCache,
 * fetch and extract the rest, and commit what was learned. Rendering is the caller's business.
 */
import { itemKey } from "../core/feed/item-hash";
import type { FeedReport, FullText, ParsedFeed } from "../core/feed/types";
import { FEED_BODY_MAX, type CachedArticle } from "../store/feed-cache";
import type { AppError } from "./errors";
import { processArticles, type ArticleJob, type ArticleOutcome } from "./feed-articles";
import type { SubrequestBudget } from "./feed-budget";
import type { FetchSettings } from "../config";
import { loadFeedDocument } from "./feed-document";
import { saveValidators } from "./feed-validators";
import { DEFAULT_EXTRACT_OPTIONS } from "./options";

export interface FeedRunSettings {
  maxItems: number;
  budget: SubrequestBudget;
  concurrency: number;
  fetch: FetchSettings;
  now: number;
}

export interface FeedRun {
  feedUrl: string;
  discoveredFrom: string | null;
  feed: ParsedFeed;
  fills: Map<number, FullText>;
  report: FeedReport;
  upstreamStatus: number;
}

export type FeedRunResult = { ok: true; run: FeedRun } | { ok: false; error: AppError };

/**
 * Feeds take no extraction options: the default hybrid classifier, whose tree evidence comes from
 * the tree the feed itself warms (all of a site's new articles are inserted before any is classified).
 */
const FEED_OPTIONS = DEFAULT_EXTRACT_OPTIONS;

export async function runFeed(env: Env, url: string, settings: FeedRunSettings): Promise<FeedRunResult> {
  const { budget } = settings;
  // The commit at the end is paid for first: a poll that cannot record its work should not start.
  if (!budget.take(1)) return { ok: false, error: { code: "upstream_failed", message: "subrequest budget exhausted" } };
  const loaded = await loadFeedDocument(env, url, settings.fetch, budget, settings.now);
  if (!loaded.ok) {
    budget.giveBack(1);
    return loaded;
  }
  const { feed, cache } = loaded.doc;
  const considered = feed.items.slice(0, settings.maxItems);
  const report: FeedReport = {
    total: feed.items.length,
    considered: considered.length,
    extracted: 0,
    cached: 0,
    duplicates: 0,
    failed: 0,
    skipped: 0,
    failures: [],
  };
  const outcomes = new Map<number, ArticleOutcome | { kind: "cached"; hit: CachedArticle }>();

  // Keys first: items without a usable link fail here, duplicates within the feed fold onto the first.
  const jobs: ArticleJob[] = [];
  const firstByUrlKey = new Map<string, number>();
  for (const item of considered) {
    const key = itemKey(item);
    if (!key.ok) {
      outcomes.set(item.index, { kind: "failed", code: "no_link", message: key.message });
      continue;
    }
    const first = firstByUrlKey.get(key.urlKey);
    if (first !== undefined) {
      outcomes.set(item.index, { kind: "duplicate", of: first });
      continue;
    }
    firstByUrlKey.set(key.urlKey, item.index);
    jobs.push({ item: { ...item, link: item.link! }, cacheKey: key.cacheKey });
  }

  let hits: Record<string, CachedArticle> = {};
  if (jobs.length > 0 && budget.take(1)) {
    budget.spent++;
    try {
      hits = await cache.lookup(jobs.map((j) => j.cacheKey));
    } catch (err) {
      console.error("feed cache lookup failed", err);
    }
  }
  const misses: ArticleJob[] = [];
  for (const job of jobs) {
    const hit = hits[job.cacheKey];
    if (hit) outcomes.set(job.item.index, { kind: "cached", hit });
    else misses.push(job);
  }

  const fresh = await processArticles(misses, {
    env,
    fetch: settings.fetch,
    budget,
    concurrency: settings.concurrency,
    options: FEED_OPTIONS,
    now: settings.now,
  });
  for (const [index, outcome] of fresh) outcomes.set(index, outcome);

  const fills = new Map<number, FullText>();
  const fullOf = (index: number): FullText | null => {
    const o = outcomes.get(index);
    if (o?.kind === "cached") return { html: o.hit.html, text: o.hit.text };
    if (o?.kind === "extracted") return o.full;
    return null;
  };
  for (const item of considered) {
    const o = outcomes.get(item.index);
    if (!o) continue;
    switch (o.kind) {
      case "cached":
        report.cached++;
        fills.set(item.index, fullOf(item.index)!);
        break;
      case "extracted":
        report.extracted++;
        fills.set(item.index, o.full);
        break;
      case "duplicate": {
        report.duplicates++;
        const full = fullOf(o.of);
        if (full) fills.set(item.index, full);
        break;
      }
      case "failed":
        report.failed++;
        report.failures.push({ index: item.index, link: item.link, code: o.code, message: o.message });
        break;
      case "skipped":
        report.skipped++;
        report.failures.push({ index: item.index, link: item.link, code: "budget", message: o.message });
        break;
      default: {
        const unreachable: never = o;
        return unreachable;
      }
    }
  }

  budget.spent++;
  try {
    await cache.commit({
      feedUrl: loaded.doc.feedUrl,
      upstream: loaded.doc.upstream,
      articles: [...fresh.values()].flatMap((o) => (o.kind === "extracted" && o.cacheable ? [o.cacheable] : [])),
      seen: jobs.map((j) => j.cacheKey),
      now: settings.now,
    });
    // Only now that the cache holds this body may the next poll ask for a 304 against it.
    const upstream = loaded.doc.upstream;
    if (upstream?.body && upstream.body.byteLength <= FEED_BODY_MAX) await saveValidators(loaded.doc.feedUrl, upstream);
  } catch (err) {
    // The feed is still answered; the next poll simply redoes this one's work.
    console.error("feed cache commit failed", err);
  }
  return {
    ok: true,
    run: {
      feedUrl: loaded.doc.feedUrl,
      discoveredFrom: loaded.doc.discoveredFrom,
      feed,
      fills,
      report,
      upstreamStatus: loaded.doc.upstreamStatus,
    },
  };
}
