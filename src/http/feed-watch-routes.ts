/**
 * The watched-feed registry over HTTP (admin only; the caller mounts it under /feeds behind the
 * admin key): POST registers, GET lists with each feed's last poll, items seen and errors, DELETE
 * stops watching. Polling itself is the cron trigger's (src/scheduled.ts).
 */
import type { Hono } from "hono";
import { md5Hex } from "../core/url-key";
import type { WatchedFeed } from "../store/feed-registry";
import { feedRegistryStub } from "../store/stub";
import { AppException, badRequest } from "../service/errors";
import { configOf } from "../config";
import { readCappedBody } from "./request-body";
import { isForbiddenHost } from "../net/forbidden-host";
import { MAX_URL_LENGTH, urlTooLong } from "../net/url-limit";
import { methodNotAllowed } from "./errors";
import { parseJsonBody } from "./json-body";
import { jsonResponse } from "./json-response";
import type { AppEnv } from "./env";

/** Bounds on a feed's own interval: more often than every 5 minutes is not a reader's job. */
const MIN_INTERVAL = 5;
const MAX_INTERVAL = 7 * 24 * 60;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function view(feed: WatchedFeed) {
  return { ...feed, added: iso(feed.added), nextPoll: iso(feed.nextPoll), lastPoll: iso(feed.lastPoll) };
}

/** The feed URL as stored and hashed: parsed, fragment dropped, checked like an outbound fetch. */
function canonicalFeedUrl(raw: unknown, env: Env): string {
  if (typeof raw !== "string" || raw.trim() === "") badRequest('"url" (string) is required');
  if (urlTooLong(raw))
    throw new AppException({ code: "uri_too_long", message: `"url" is over ${MAX_URL_LENGTH} characters` });
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return badRequest("url is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") badRequest("url must be http or https");
  if (url.username || url.password) badRequest("url must not carry credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const reason = configOf(env).fetch.allowHosts.has(host) ? null : isForbiddenHost(url.hostname);
  if (reason)
    throw new AppException({ code: "forbidden_target", message: `target ${url.hostname} is not allowed: ${reason}` });
  url.hash = "";
  return url.href;
}

function intField(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    badRequest(`"${name}" must be an integer from ${min} to ${max}`);
  return value;
}

export function mountWatchedFeeds(routes: Hono<AppEnv>): void {
  routes.post("/", async (c) => {
    const body = await readCappedBody(c.req.raw, 16 * 1024, 10_000);
    const parsed = parseJsonBody(body, '{"url": "https://...", "intervalMinutes"?: 60, "maxItems"?: 20}');
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return badRequest("body must be a JSON object");
    const input = parsed as Record<string, unknown>;
    const config = configOf(c.env).feeds;
    const url = canonicalFeedUrl(input.url, c.env);
    const added = await feedRegistryStub(c.env).add({
      id: md5Hex(url).slice(0, 16),
      url,
      intervalMinutes: intField(
        input.intervalMinutes,
        "intervalMinutes",
        config.pollMinutes,
        MIN_INTERVAL,
        MAX_INTERVAL,
      ),
      maxItems: intField(input.maxItems, "maxItems", config.defaultMax, 1, config.maxCap),
      now: Date.now(),
    });
    if (!added.ok) throw new AppException({ code: "conflict", message: added.message });
    return jsonResponse(c, { feed: view(added.feed), created: added.created }, added.created ? 201 : 200);
  });

  routes.get("/", async (c) => jsonResponse(c, { feeds: (await feedRegistryStub(c.env).list()).map(view) }));
  routes.all("/", methodNotAllowed("GET", "HEAD", "POST"));

  routes.get("/:id", async (c) => {
    const feed = await feedRegistryStub(c.env).get(c.req.param("id"));
    if (!feed) throw new AppException({ code: "not_found", message: "no watched feed with this id" });
    return jsonResponse(c, { feed: view(feed) });
  });

  routes.delete("/:id", async (c) => {
    const removed = await feedRegistryStub(c.env).remove(c.req.param("id"));
    if (!removed) throw new AppException({ code: "not_found", message: "no watched feed with this id" });
    return new Response(null, { status: 204 });
  });
  routes.all("/:id", methodNotAllowed("GET", "HEAD", "DELETE"));
}
