/** Feed settings from Worker variables (wrangler.toml [vars]), with the defaults documented there. */

export interface FeedConfig {
  /** Items processed when the request does not say (`max`). */
  defaultMax: number;
  /** The most a request or a watched feed may ask for. */
  maxCap: number;
  /** Outbound calls (fetch hops and Durable Object calls) per request or cron run. */
  budget: number;
  /** Simultaneous outbound calls. */
  concurrency: number;
  /** Poll interval of a watched feed that does not set one. */
  pollMinutes: number;
}

/**
 * The least a feed run needs: its feed cache (open, lookup, commit), the feed itself, and one
 * article with its domain's tree. A smaller budget could never rewrite anything.
 */
export const MIN_FEED_BUDGET = 6;

function intVar(value: string | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (value === undefined || value.trim() === "" || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(n)));
}

export function feedConfigFrom(env: Partial<Env>): FeedConfig {
  const maxCap = intVar(env.FEED_MAX_ITEMS_CAP, 50, 1);
  return {
    maxCap,
    defaultMax: intVar(env.FEED_MAX_ITEMS, 20, 1, maxCap),
    budget: intVar(env.FEED_SUBREQUEST_BUDGET, 45, MIN_FEED_BUDGET),
    // Workers allow 6 simultaneous connections; more would only queue inside the runtime.
    concurrency: intVar(env.FEED_CONCURRENCY, 6, 1, 6),
    pollMinutes: intVar(env.FEED_POLL_MINUTES, 60, 1),
  };
}
