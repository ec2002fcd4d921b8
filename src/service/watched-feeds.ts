/**
 * The cron trigger: polls the watched feeds that are due, the paper's RSS readers. Each poll is the
 * same run as GET /feed (feed-process.ts), so new articles go through their domains' trees and
 * into the feed's cache before any user asks: a later GET /feed of a watched feed is served from
 * the cache, and every domain it links to has already learned its template.
 *
 * One cron invocation has one subrequest budget (FEED_SUBREQUEST_BUDGET), shared by the feeds it
 * polls, longest-waiting first; feeds it cannot afford stay due and go first on the next tick.
 */
import { SubrequestBudget } from "./feed-budget";
import { configOf, MIN_FEED_BUDGET } from "../config";
import { runFeed } from "./feed-process";
import type { PollRecord } from "../store/feed-registry";
import { feedRegistryStub } from "../store/stub";

export interface PollSummary {
  due: number;
  polled: PollRecord[];
  subrequests: number;
}

/** More than one invocation could afford anyway; the rest wait for the next tick. */
const MAX_DUE_PER_RUN = 25;

export async function pollWatchedFeeds(env: Env, now: number): Promise<PollSummary> {
  const { feeds: config, fetch } = configOf(env);
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
      fetch,
      now,
    });
    polled.push(
      result.ok
        ? {
            id: feed.id,
            status: result.run.upstreamStatus === 304 ? "not_modified" : "ok",
            error: null,
            newItems: result.run.report.extracted,
            failedItems: result.run.report.failed,
          }
        : {
            id: feed.id,
            status: "error",
            error: `${result.error.code}: ${result.error.message}`,
            newItems: 0,
            failedItems: 0,
          },
    );
  }
  if (polled.length > 0) {
    budget.spent++;
    await registry.record(polled, now);
  }
  return { due: due.length, polled, subrequests: budget.spent };
}
