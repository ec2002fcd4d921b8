/**
 * Every Worker variable and secret, parsed and validated once per environment object, typed.
 * A bad value is a configuration error that names the variable and the value (answered as
 * `500 bad_config` and logged), never a silent fallback: an operator who sets EVICT_MAX_DOCS=1e4x
 * must learn it at the first request, not after the domain trees fill. Unset or empty variables
 * take the defaults below (the same as wrangler.toml's [vars]).
 */
import { DEFAULT_DEADLINE_MS } from "./core/budget";
import { DEFAULT_EVICTION, type EvictionPolicy } from "./core/domain-state";
import { parseAllowHosts } from "./net/forbidden-host";

export interface FetchSettings {
  /** Private hosts outbound fetches may still reach (ALLOW_HOSTS). */
  allowHosts: Set<string>;
  /** Whole outbound fetch, redirects and body included (FETCH_TIMEOUT_MS). */
  timeoutMs: number;
  /** Cap on fetched pages and request bodies (MAX_BYTES). */
  maxBytes: number;
  userAgent: string;
}

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

export interface HttpCacheConfig {
  /**
   * Freshness granted to clients for a successful GET extraction, in seconds (CACHE_MAX_AGE):
   * `max-age=N`, or `no-cache` for 0 (clients may keep the answer but revalidate with its ETag).
   */
  maxAge: number;
  /** Seconds a GET extraction is kept in the Worker's response cache (RESPONSE_CACHE_TTL); 0 disables it. */
  responseTtl: number;
}

/** The origin intercept (MODE=intercept): the Worker in front of a site, see src/http/intercept-app.ts. */
export interface InterceptConfig {
  /** "api": the service's routes (default). "intercept": every path belongs to the origin (MODE). */
  mode: "api" | "intercept";
  /** Share of eligible browser page views that teach the tree, 0 to 1 (INTERCEPT_SAMPLE_RATE). */
  sampleRate: number;
  /** Content-Signal header on agent answers; null sends none (CONTENT_SIGNAL, "off"). */
  contentSignal: string | null;
  /** Seconds an agent answer of a warm tree is kept in caches.default; 0 disables (INTERCEPT_CACHE_TTL). */
  cacheTtl: number;
}

export interface Config {
  /** With it set, every route needs it (API_KEY secret). */
  apiKey: string | null;
  /** Admin routes need it and are disabled without it (ADMIN_KEY secret). */
  adminKey: string | null;
  /** Origins browsers may call the API from (CORS_ORIGINS): "*" or a list of exact origins. */
  corsOrigins: "*" | string[];
  fetch: FetchSettings;
  eviction: EvictionPolicy;
  feeds: FeedConfig;
  httpCache: HttpCacheConfig;
  /** Time one page's processing may take before it is refused as too complex (PAGE_DEADLINE_MS; src/core/budget.ts). */
  pageDeadlineMs: number;
  intercept: InterceptConfig;
}

/**
 * The least a feed run needs: its feed cache (open, lookup, commit), the feed itself, and one
 * article with its domain's tree. A smaller budget could never rewrite anything.
 */
export const MIN_FEED_BUDGET = 6;

const DAY_MS = 24 * 3600 * 1000;
const USER_AGENT = "urltree-clean-text/0.1 (clean-text service; fetches pages on behalf of its users)";

export class ConfigError extends Error {}

type Vars = Partial<Record<string, unknown>>;

function intVar(env: Vars, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return fallback;
  const text = typeof raw === "string" ? raw : JSON.stringify(raw);
  const n = typeof raw === "number" ? raw : Number(text.trim());
  if (!Number.isInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range}, got "${text}"`);
  }
  return n;
}

function secret(env: Vars, name: string): string | null {
  const raw = env[name];
  return typeof raw === "string" && raw !== "" ? raw : null;
}

/** What Cloudflare's Markdown for Agents sends is `ai-train=yes, ...`; a site must opt in to training here. */
export const DEFAULT_CONTENT_SIGNAL = "ai-train=no, search=yes, ai-input=yes";

function parseIntercept(env: Vars): InterceptConfig {
  const mode = typeof env.MODE === "string" && env.MODE.trim() !== "" ? env.MODE.trim() : "api";
  if (mode !== "api" && mode !== "intercept") throw new ConfigError(`MODE must be "api" or "intercept", got "${mode}"`);
  const rawRate = typeof env.INTERCEPT_SAMPLE_RATE === "string" ? env.INTERCEPT_SAMPLE_RATE.trim() : "";
  const sampleRate = rawRate === "" ? 1 : Number(rawRate);
  if (!/^\d*\.?\d+$/.test(rawRate || "1") || !(sampleRate >= 0 && sampleRate <= 1)) {
    throw new ConfigError(`INTERCEPT_SAMPLE_RATE must be a number from 0 to 1, got "${rawRate}"`);
  }
  const signal = typeof env.CONTENT_SIGNAL === "string" ? env.CONTENT_SIGNAL.trim() : "";
  // A header value must be visible ASCII; anything else would make every agent answer fail.
  if (!/^[\x20-\x7e]*$/.test(signal)) throw new ConfigError(`CONTENT_SIGNAL must be ASCII, got "${signal}"`);
  return {
    mode,
    sampleRate,
    contentSignal: signal === "" ? DEFAULT_CONTENT_SIGNAL : signal.toLowerCase() === "off" ? null : signal,
    cacheTtl: intVar(env, "INTERCEPT_CACHE_TTL", 3600, 0, 7 * 24 * 3600),
  };
}

export function parseConfig(env: Vars): Config {
  const maxCap = intVar(env, "FEED_MAX_ITEMS_CAP", 50, 1);
  return {
    apiKey: secret(env, "API_KEY"),
    adminKey: secret(env, "ADMIN_KEY"),
    corsOrigins: corsOrigins(env),
    fetch: {
      allowHosts: parseAllowHosts(typeof env.ALLOW_HOSTS === "string" ? env.ALLOW_HOSTS : ""),
      timeoutMs: intVar(env, "FETCH_TIMEOUT_MS", 10_000, 1),
      maxBytes: intVar(env, "MAX_BYTES", 5 * 1024 * 1024, 1),
      userAgent: USER_AGENT,
    },
    eviction: {
      maxDocs: intVar(env, "EVICT_MAX_DOCS", DEFAULT_EVICTION.maxDocs, 1),
      maxAgeMs: intVar(env, "EVICT_MAX_AGE_DAYS", DEFAULT_EVICTION.maxAgeMs / DAY_MS, 0) * DAY_MS,
      keepRecent: intVar(env, "EVICT_KEEP_RECENT", DEFAULT_EVICTION.keepRecent, 0),
    },
    feeds: {
      maxCap,
      defaultMax: intVar(env, "FEED_MAX_ITEMS", Math.min(20, maxCap), 1, maxCap),
      budget: intVar(env, "FEED_SUBREQUEST_BUDGET", 45, MIN_FEED_BUDGET),
      // Workers allow 6 simultaneous connections; more would only queue inside the runtime.
      concurrency: intVar(env, "FEED_CONCURRENCY", 6, 1, 6),
      pollMinutes: intVar(env, "FEED_POLL_MINUTES", 60, 1),
    },
    httpCache: {
      // A year is the longest freshness HTTP caches are expected to honour (RFC 9111 §5.3).
      maxAge: intVar(env, "CACHE_MAX_AGE", 300, 0, 365 * 24 * 3600),
      // The tree keeps learning: a cached answer older than a day would hide what it learned since.
      responseTtl: intVar(env, "RESPONSE_CACHE_TTL", 60, 0, 24 * 3600),
    },
    pageDeadlineMs: intVar(env, "PAGE_DEADLINE_MS", DEFAULT_DEADLINE_MS, 0, 60_000),
    intercept: parseIntercept(env),
  };
}

const parsed = new WeakMap<object, Config>();

/** The configuration of this environment, parsed on first use (throws ConfigError on a bad value). */
export function configOf(env: Env): Config {
  let config = parsed.get(env);
  if (!config) {
    config = parseConfig(env as unknown as Vars);
    parsed.set(env, config);
  }
  return config;
}

/**
 * CORS_ORIGINS: `*` (the default: keys are Bearer tokens, never cookies, so any page may call the
 * API with its own key) or a comma list of origins such as `https://app.example.com`. An entry that
 * is not a bare origin (a path, a wildcard inside) would never match a browser's Origin header, so
 * it is a configuration error rather than a silently closed door.
 */
function corsOrigins(env: Vars): "*" | string[] {
  const raw = typeof env.CORS_ORIGINS === "string" ? env.CORS_ORIGINS.trim() : "";
  if (raw === "" || raw === "*") return "*";
  return raw
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      let origin: string | null = null;
      try {
        const url = new URL(entry);
        // Browsers send plain host names (or IP literals): "*" or "_" would never match one.
        if (/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) origin = url.origin;
      } catch {
        // reported below
      }
      if (!origin || origin === "null" || origin !== entry.replace(/\/$/, "").toLowerCase()) {
        throw new ConfigError(
          `CORS_ORIGINS must be "*" or a comma list of origins (scheme://host[:port]), got "${entry}"`,
        );
      }
      return origin;
    });
}
