/**
 * The cron trigger: polls the watched feeds that are due, the paper's RSS readers. Each poll is the
 * same run as GET /feed (feed-process.ts), so new articles go through their domains' trees and
 * into the feed's cache before any user asks: a later GET /feed of a watched feed is served from
 * the cache, and every domain it links to has already learned its template.
 *
 * One cron invocation has one subrequest budget (FEED_SUBREQUEST_BUDGET), shared by the feeds it
 * polls, longest-waiting first; feeds it cannot afford stay due and go first on the next tick.
 */
import { appOptionsFrom } from "./http/app";
import { SubrequestBudget } from "./http/feed-budget";
import { feedConfigFrom, MIN_FEED_BUDGET } from "./http/feed-config";
import { runFeed } from "./http/feed-process";
import { parseAllowHosts } from "./http/safe-fetch";
import type { PollRecord } from "./store/feed-registry";
import { feedRegistryStub } from "./store/stub";

export interface PollSummary {
  due: number;
  polled: PollRecord[];
  subrequests: number;
}

/** More than one invocation could afford anyway; the rest wait for the next tick. */
const MAX_DUE_PER_RUN = 25;

export async function pollWatchedFeeds(env: Env, now: number): Promise<PollSummary> {
  const config = feedConfigFrom(env);
  const options = appOptionsFrom(env);
  const budget = new SubrequestBudget(config.budget);
  budget.take(2); // asking the registry, and reporting back to it
  budget.spent++;
  const registry = feedRegistryStub(env);
  const due = await registry.due(now, MAX_DUE_PER_RUN);
  const polled: PollRecord[] = [];
  for (const feed of due) {
    if (budget.available < MIN_FEED_BUDGET) break;
    const result = await runFeed(env, feed.url, {
      maxItems: Math.min(feed.maxItems, config.maxCap),
      budget,
      concurrency: config.concurrency,
      fetch: { allowHosts: parseAllowHosts(env.ALLOW_HOSTS), timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, userAgent: options.userAgent },
      now,
    });
    polled.push(
      result.ok
        ? { id: feed.id, status: result.run.upstreamStatus === 304 ? "not_modified" : "ok", error: null, newItems: result.run.report.extracted, failedItems: result.run.report.failed }
        : { id: feed.id, status: "error", error: `${result.error.code}: ${result.error.message}`, newItems: 0, failedItems: 0 },
    );
  }
  if (polled.length > 0) {
    budget.spent++;
    await registry.record(polled, now);
  }
  return { due: due.length, polled, subrequests: budget.spent };
}

/** Awaited rather than waitUntil'd: the invocation lives exactly as long as the polls. */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const summary = await pollWatchedFeeds(env, controller.scheduledTime);
  console.log(`cron ${controller.cron}: ${summary.polled.length}/${summary.due} due feeds polled, ${summary.subrequests} subrequests`);
}
