/**
 * Feed routes: GET /feed (any feed rewritten to full text) and the watched-feed registry under
 * /feeds. Mounted by app.ts before the proxy catch-all. Auth: /feed needs API_KEY when it is set
 * (as a Bearer token, or as the password of HTTP Basic auth, which feed readers can send);
 * every /feeds route needs ADMIN_KEY, listing included, since the list shows what the operator
 * watches and its errors.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { renderFeed } from "../core/feed/render";
import { OUTPUT_FORMATS, type FeedReport, type OutputFormat } from "../core/feed/types";
import { md5Hex } from "../core/url-key";
import { auth, hasValidKey } from "./auth";
import { methodNotAllowed } from "./errors";
import { AppException, badRequest } from "../service/errors";
import { SubrequestBudget } from "../service/feed-budget";
import { configOf } from "../config";
import { runFeed } from "../service/feed-process";
import { mountWatchedFeeds } from "./feed-watch-routes";
import type { AppEnv } from "./env";

export interface FeedRouteDeps {
  targetFromPath: (pathAndQuery: string) => string;
}

/** Bearer as everywhere, or Basic with the key as password: what a feed reader's settings offer. */
function feedAuth(): MiddlewareHandler<AppEnv> {
  const bearer = auth({ scope: "api" });
  return async (c, next) => {
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header("authorization") ?? "");
    if (!basic || !configOf(c.env).apiKey) return bearer(c, next);
    let password = "";
    try {
      const decoded = atob(basic[1]!);
      password = decoded.slice(decoded.indexOf(":") + 1);
    } catch {
      // not base64: treated as a wrong key below
    }
    if (!hasValidKey(c.env, `Bearer ${password}`))
      throw new AppException({ code: "forbidden", message: "wrong API key" });
    await next();
  };
}

const FEED_FORMAT_ALIASES: Record<string, OutputFormat> = {
  rss: "rss",
  atom: "atom",
  jsonfeed: "jsonfeed",
  json: "jsonfeed",
};

function parseFormat(raw: string | undefined): OutputFormat | null {
  if (!raw) return null;
  const format = FEED_FORMAT_ALIASES[raw.toLowerCase()];
  return format ?? badRequest(`format must be one of ${OUTPUT_FORMATS.join(", ")}; got "${raw}"`);
}

function parseMax(raw: string | undefined, fallback: number, cap: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > cap)
    badRequest(`max must be an integer from 1 to ${cap}; got "${raw}"`);
  return Number(raw);
}

/** Header values must be ASCII without control characters; messages come from upstreams. */
function headerSafe(text: string, max = 1500): string {
  const clean = text.replace(/[^\x20-\x7e]/g, "?");
  return clean.length > max ? `${clean.slice(0, max - 3)}...` : clean;
}

function reportHeaders(report: FeedReport): Record<string, string> {
  const { failures, ...counts } = report;
  const headers: Record<string, string> = {
    "x-feed-items": Object.entries(counts)
      .map(([k, v]) => `${k}=${v}`)
      .join(" "),
  };
  if (failures.length > 0)
    headers["x-feed-errors"] = headerSafe(failures.map((f) => `${f.index} ${f.code}: ${f.message}`).join("; "));
  return headers;
}

async function serveFeed(
  c: Context<AppEnv>,
  deps: FeedRouteDeps,
  url: string | undefined,
  get: (name: string) => string | undefined,
): Promise<Response> {
  if (!url) badRequest("missing url: use /feed?url=https://... or /feed/https://...");
  if (!/^https?:\/\//i.test(url)) badRequest("url must be an absolute http(s) URL");
  const { feeds: config, fetch } = configOf(c.env);
  const format = parseFormat(get("format"));
  const maxItems = parseMax(get("max"), config.defaultMax, config.maxCap);
  const budget = new SubrequestBudget(config.budget);
  const now = Date.now();
  const result = await runFeed(c.env, url, {
    maxItems,
    budget,
    concurrency: config.concurrency,
    fetch,
    now,
  });
  if (!result.ok) throw new AppException(result.error);
  const { run } = result;
  const origin = new URL(c.req.url).origin;
  const rendered = renderFeed(run.feed, run.fills, run.report, format, {
    selfUrl: c.req.url,
    feedUrl: run.feedUrl,
    now: new Date(now),
    aboutUrl: `${origin}/`,
  });

  // Feed readers poll with If-None-Match; an unchanged rewrite costs them no download.
  const etag = `"${md5Hex(rendered.body)}"`;
  const headers: Record<string, string> = {
    "content-type": rendered.contentType,
    etag,
    "cache-control": "no-cache",
    "x-feed-url": headerSafe(run.feedUrl),
    "x-feed-format": `${run.feed.format} -> ${rendered.format}`,
    "x-feed-upstream": String(run.upstreamStatus),
    "x-feed-subrequests": `${budget.spent}/${budget.limit}`,
    ...reportHeaders(run.report),
  };
  if (run.discoveredFrom) headers["x-feed-discovered-from"] = headerSafe(run.discoveredFrom);
  const inm = c.req.header("if-none-match");
  if (inm && inm.split(",").some((t) => t.trim().replace(/^W\//, "") === etag))
    return new Response(null, { status: 304, headers });
  return new Response(rendered.body, { headers });
}

export function mountFeedRoutes(app: Hono<AppEnv>, deps: FeedRouteDeps): void {
  app.use("/feed", feedAuth());
  app.use("/feed/*", feedAuth());
  app.get("/feed", (c) => serveFeed(c, deps, c.req.query("url"), (n) => c.req.query(n)));
  // Path style: the whole query belongs to the feed URL, so options travel as X-Format / X-Max.
  app.get("/feed/*", (c) => {
    const u = new URL(c.req.url);
    return serveFeed(c, deps, deps.targetFromPath(u.pathname.slice("/feed".length) + u.search), (n) =>
      c.req.header(`x-${n}`),
    );
  });
  // GET alone: HEAD would poll and store the feed for an answer without a body (input-limits.ts).
  app.all("/feed", methodNotAllowed("GET"));
  app.all("/feed/*", methodNotAllowed("GET"));

  const watched = new Hono<AppEnv>();
  watched.use("*", auth({ scope: "admin" }));
  mountWatchedFeeds(watched);
  app.route("/feeds", watched);
}
