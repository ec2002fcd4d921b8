import { createScheduledController, env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index";
import { pollWatchedFeeds } from "../../src/service/watched-feeds";
import { rss2, stories } from "../fixtures/synthetic-feeds";
import { mockFeedSite, RSS } from "../fixtures/mock-feed-site";

const ADMIN = { authorization: "Bearer test-admin-key", "content-type": "application/json" };

afterEach(() => vi.restoreAllMocks());

interface FeedView {
  id: string;
  url: string;
  lastPoll: string | null;
  nextPoll: string;
  lastStatus: string | null;
  lastError: string | null;
  polls: number;
  errors: number;
  itemsSeen: number;
  itemsFailed: number;
  intervalMinutes: number;
  maxItems: number;
}

async function register(body: unknown): Promise<{ res: Response; json: any }> {
  const res = await SELF.fetch("http://svc/feeds", { method: "POST", headers: ADMIN, body: JSON.stringify(body) });
  return { res, json: await res.json() };
}

async function listed(): Promise<FeedView[]> {
  const res = await SELF.fetch("http://svc/feeds", { headers: ADMIN });
  expect(res.status).toBe(200);
  return ((await res.json()) as { feeds: FeedView[] }).feeds;
}

async function remove(id: string): Promise<number> {
  return (await SELF.fetch(`http://svc/feeds/${id}`, { method: "DELETE", headers: ADMIN })).status;
}

async function documents(domain: string): Promise<number> {
  const res = await SELF.fetch(`http://svc/admin/domains/${domain}/stats`, { headers: ADMIN });
  return ((await res.json()) as { documents: number }).documents;
}

describe("the watched-feed registry", () => {
  it("needs the admin key for every route, listing included", async () => {
    for (const [method, path] of [
      ["GET", "/feeds"],
      ["POST", "/feeds"],
      ["DELETE", "/feeds/abc"],
      ["GET", "/feeds/abc"],
    ] as const) {
      expect((await SELF.fetch(`http://svc${path}`, { method })).status, `${method} ${path}`).toBe(401);
      expect(
        (await SELF.fetch(`http://svc${path}`, { method, headers: { authorization: "Bearer wrong" } })).status,
      ).toBe(403);
    }
  });

  it("registers, lists, finds and deletes, idempotently and with clear errors", async () => {
    const url = "https://news.registry.example/feed.xml";
    const first = await register({ url, intervalMinutes: 30, maxItems: 10 });
    expect(first.res.status).toBe(201);
    expect(first.json.feed).toMatchObject({
      url,
      intervalMinutes: 30,
      maxItems: 10,
      lastPoll: null,
      polls: 0,
      itemsSeen: 0,
    });
    const again = await register({ url: `${url}#top` });
    expect(again.res.status).toBe(200);
    expect(again.json.feed.id).toBe(first.json.feed.id);
    expect((await listed()).filter((f) => f.url === url)).toHaveLength(1);
    expect((await SELF.fetch(`http://svc/feeds/${first.json.feed.id}`, { headers: ADMIN })).status).toBe(200);

    for (const [body, status] of [
      [{}, 400],
      [{ url: "not a url" }, 400],
      [{ url: "ftp://news.registry.example/feed" }, 400],
      [{ url: "http://10.0.0.1/feed" }, 400],
      [{ url, intervalMinutes: 1 }, 400],
      [{ url, maxItems: 1000 }, 400],
      [[url], 400],
    ] as const) {
      expect((await register(body)).res.status, JSON.stringify(body)).toBe(status);
    }
    const garbage = await SELF.fetch("http://svc/feeds", { method: "POST", headers: ADMIN, body: "{nope" });
    expect(garbage.status).toBe(400);

    expect(await remove(first.json.feed.id)).toBe(204);
    expect(await remove(first.json.feed.id)).toBe(404);
    expect((await SELF.fetch(`http://svc/feeds/${first.json.feed.id}`, { headers: ADMIN })).status).toBe(404);
    expect((await listed()).some((f) => f.url === url)).toBe(false);
  });
});

describe("the cron trigger polls watched feeds", () => {
  it("pushes new articles through their domains' trees before anyone asks, then serves GET /feed from the cache", async () => {
    const site = mockFeedSite();
    const origin = "https://news.watched.example";
    const feedUrl = `${origin}/feed.xml`;
    site.serve(feedUrl, { body: rss2(origin, stories(1, 12)), type: RSS });
    site.serve(`${origin}/gone.xml`, { body: "gone", type: "text/plain", status: 410 });
    const ok = (await register({ url: feedUrl, intervalMinutes: 60 })).json.feed as FeedView;
    const gone = (await register({ url: `${origin}/gone.xml` })).json.feed as FeedView;

    // The Worker's own scheduled handler, as the runtime (or `wrangler dev --test-scheduled`) calls it.
    // Its one summary line is the cron's log in production: asserted here, and kept out of the test output.
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env);
    const summary = /^cron \*\/15 \* \* \* \*: 2\/2 due feeds polled, \d+ subrequests$/;
    expect(log.mock.calls).toEqual([[expect.stringMatching(summary)]]);

    expect(site.articleFetches()).toHaveLength(12);
    expect(await documents("watched.example")).toBe(12);
    const after = await listed();
    expect(after.find((f) => f.id === ok.id)).toMatchObject({
      lastStatus: "ok",
      polls: 1,
      errors: 0,
      itemsSeen: 12,
      itemsFailed: 0,
      lastError: null,
    });
    expect(after.find((f) => f.id === ok.id)!.lastPoll).not.toBeNull();
    expect(after.find((f) => f.id === gone.id)).toMatchObject({
      lastStatus: "error",
      polls: 1,
      errors: 1,
      itemsSeen: 0,
    });
    expect(after.find((f) => f.id === gone.id)!.lastError).toMatch(/410/);

    // A reader asking now gets the full text without a single article fetch.
    site.calls.length = 0;
    const res = await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(feedUrl)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-feed-items")).toContain("cached=12");
    expect(site.articleFetches()).toEqual([]);

    // Not due again before its interval; due after it, and an unchanged feed costs one conditional GET.
    const soon = await pollWatchedFeeds(env, Date.now() + 5 * 60_000);
    expect(soon.polled.map((p) => p.id)).not.toContain(ok.id);
    site.calls.length = 0;
    const later = await pollWatchedFeeds(env, Date.now() + 61 * 60_000);
    expect(later.polled.find((p) => p.id === ok.id)).toMatchObject({ status: "not_modified", newItems: 0 });
    expect(site.articleFetches()).toEqual([]);
    expect((await listed()).find((f) => f.id === ok.id)).toMatchObject({
      polls: 2,
      itemsSeen: 12,
      lastStatus: "not_modified",
    });

    // New items arrive: only they are fetched.
    site.serve(feedUrl, { body: rss2(origin, stories(1, 14)), type: RSS });
    const next = await pollWatchedFeeds(env, Date.now() + 122 * 60_000);
    expect(next.polled.find((p) => p.id === ok.id)).toMatchObject({ status: "ok", newItems: 2 });
    expect(site.articleFetches().sort()).toEqual([13, 14].map((n) => `${origin}/news/story-${n}.html`));
    expect((await listed()).find((f) => f.id === ok.id)!.itemsSeen).toBe(14);

    expect(await remove(ok.id)).toBe(204);
    expect(await remove(gone.id)).toBe(204);
  });

  it("shares one subrequest budget across the feeds it polls and leaves the rest due", async () => {
    const site = mockFeedSite();
    const ids: string[] = [];
    for (let k = 0; k < 4; k++) {
      const origin = `https://news.many${k}.example`;
      site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 15)), type: RSS });
      ids.push(((await register({ url: `${origin}/feed.xml`, maxItems: 15 })).json.feed as FeedView).id);
    }
    const now = Date.now() + 1000;
    const run = await pollWatchedFeeds(env, now);
    expect(run.subrequests).toBeLessThanOrEqual(Number(env.FEED_SUBREQUEST_BUDGET));
    const polled = run.polled.filter((p) => ids.includes(p.id));
    expect(polled.length).toBeGreaterThan(0);
    expect(polled.length).toBeLessThan(4);
    const waiting = (await listed()).filter((f) => ids.includes(f.id) && f.lastPoll === null);
    expect(waiting.length).toBe(4 - polled.length);
    // The next tick takes the ones left waiting first.
    const second = await pollWatchedFeeds(env, now + 1000);
    expect(second.polled.map((p) => p.id)).toContain(waiting[0]!.id);
    for (const id of ids) await remove(id);
  });
});
