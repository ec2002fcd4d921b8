import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseFeed } from "../../src/core/feed/parse";
import type { FeedFormat, ParsedFeed } from "../../src/core/feed/types";
import { checkFeed } from "../../src/core/feed/validate";
import { createApp } from "../../src/http/app";
import { feedCacheStub } from "../../src/store/stub";
import { article, articleHtml, TEMPLATE_TEXT } from "../fixtures/synthetic-site";
import {
  atom,
  HOSTILE,
  jsonFeed,
  pageWithFeedLinks,
  pageWithoutFeed,
  rdf,
  rss091,
  rss2,
  stories,
  teaser,
  type ItemSpec,
} from "../fixtures/synthetic-feeds";
import { ATOM, JSONFEED, mockFeedSite, RDF, RSS } from "../fixtures/mock-feed-site";

const ADMIN = { authorization: "Bearer test-admin-key" };

afterEach(() => vi.restoreAllMocks());

async function getFeed(
  feedUrl: string,
  query = "",
  headers: Record<string, string> = {},
): Promise<{ res: Response; text: string; feed: ParsedFeed | null }> {
  const res = await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(feedUrl)}${query}`, { headers });
  const text = await res.text();
  const parsed = res.ok ? parseFeed(text, res.headers.get("content-type"), feedUrl) : null;
  return { res, text, feed: parsed?.ok ? parsed.feed : null };
}

function counts(res: Response): Record<string, number> {
  return Object.fromEntries(
    (res.headers.get("x-feed-items") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((kv) => kv.split("="))
      .map(([k, v]) => [k!, Number(v)]),
  );
}

async function documents(domain: string): Promise<number> {
  const res = await SELF.fetch(`http://svc/admin/domains/${domain}/stats`, { headers: ADMIN });
  // A domain the service never learned is a 404 (its object stores nothing): no documents.
  if (res.status === 404) return 0;
  return ((await res.json()) as { documents: number }).documents;
}

function expectFullText(feed: ParsedFeed, numbers: number[]): void {
  numbers.forEach((n, i) => {
    const html = feed.items[i]!.contentHtml ?? "";
    for (const p of article(n).paragraphs) expect(html).toContain(p);
    for (const t of [TEMPLATE_TEXT.promo, TEMPLATE_TEXT.footer, TEMPLATE_TEXT.masthead, TEMPLATE_TEXT.sidebarHeading])
      expect(html).not.toContain(t);
  });
}

describe("GET /feed rewrites a feed into full text", () => {
  it("fills every item with the article's text and none of the site's template, on the very first poll", async () => {
    const site = mockFeedSite();
    const origin = "https://news.first.example";
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 20)), type: RSS });
    const { res, text, feed } = await getFeed(`${origin}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers.get("x-feed-format")).toBe("rss -> rss");
    expect(counts(res)).toMatchObject({ total: 20, considered: 20, extracted: 20, cached: 0, failed: 0, skipped: 0 });
    expect(checkFeed(text, "rss")).toEqual([]);
    // All 20 pages went into the tree before any was classified, so even this cold domain has no template left.
    expectFullText(
      feed!,
      stories(1, 20).map((s) => s.n),
    );
    expect(await documents("first.example")).toBe(20);
    // Summaries and other fields are still there.
    expect(feed!.items[0]!.description).toContain(teaser(1));
    expect(text).toContain("<media:thumbnail");
  });

  it("serves a re-poll from the cache: a conditional GET of the feed, no article fetched or inserted again", async () => {
    const site = mockFeedSite();
    const origin = "https://news.repoll.example";
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 20)), type: RSS });
    const cold = await getFeed(`${origin}/feed.xml`);
    expect(site.articleFetches()).toHaveLength(20);
    expect(await documents("repoll.example")).toBe(20);

    site.calls.length = 0;
    site.headers.length = 0;
    const warm = await getFeed(`${origin}/feed.xml`);
    expect(warm.res.status).toBe(200);
    expect(site.articleFetches()).toEqual([]);
    expect(site.calls).toEqual([`${origin}/feed.xml`]);
    expect(site.headers[0]!.get("if-none-match")).toMatch(/^".+"$/);
    expect(warm.res.headers.get("x-feed-upstream")).toBe("304");
    expect(counts(warm.res)).toMatchObject({ extracted: 0, cached: 20 });
    expect(warm.text).toBe(cold.text);
    expect(await documents("repoll.example")).toBe(20);
    // The reader's own conditional GET: same ETag, nothing to download.
    const again = await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(`${origin}/feed.xml`)}`, {
      headers: { "if-none-match": warm.res.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("fetches again only the items whose title, description or date changed", async () => {
    const site = mockFeedSite();
    const origin = "https://news.edited.example";
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 8)), type: RSS });
    await getFeed(`${origin}/feed.xml`);
    const edited: ItemSpec[] = stories(1, 8).map((s) => (s.n === 4 ? { ...s, description: "Corrected summary" } : s));
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, [{ n: 9 }, ...edited]), type: RSS });
    site.calls.length = 0;
    const { res } = await getFeed(`${origin}/feed.xml`);
    expect(counts(res)).toMatchObject({ extracted: 2, cached: 7 });
    expect(site.articleFetches().sort()).toEqual([`${origin}/news/story-4.html`, `${origin}/news/story-9.html`]);
    // Story 4 is a revision of a held document, not a new one.
    expect(await documents("edited.example")).toBe(9);
  });

  it("keeps a broken item's summary, reports it, and still answers the feed", async () => {
    const site = mockFeedSite();
    const origin = "https://news.broken.example";
    const items: ItemSpec[] = [
      ...stories(1, 6),
      { n: 90, link: `${origin}/broken.html` },
      { n: 91, link: null },
      { n: 92, link: `${origin}/image.png` },
      { n: 93, link: `${origin}/to-loopback` },
      { n: 94, link: "http://169.254.169.254/latest/meta-data" },
    ];
    site.serve(`${origin}/feed.json`, { body: jsonFeed(origin, items), type: JSONFEED });
    const { res, text, feed } = await getFeed(`${origin}/feed.json`);
    expect(res.status).toBe(200);
    expect(counts(res)).toMatchObject({ extracted: 6, failed: 5 });
    expect(res.headers.get("x-feed-errors")).toMatch(
      /6 upstream_status: .*500.*7 no_link.*8 unsupported_media_type.*9 forbidden_target.*10 forbidden_target/,
    );
    expect(checkFeed(text, "jsonfeed")).toEqual([]);
    expectFullText(feed!, [1, 2, 3, 4, 5, 6]);
    const doc = JSON.parse(text);
    for (const i of [6, 7, 8, 9, 10]) {
      expect(doc.items[i].content_text).toBe(teaser(items[i]!.n));
      expect(doc.items[i].content_html).toBeUndefined();
      expect(doc.items[i]._urltree.status).toBe("failed");
    }
    expect(doc._urltree.failures.map((f: { index: number }) => f.index)).toEqual([6, 7, 8, 9, 10]);
    expect(doc._courier).toEqual({ about: `${origin}/about`, edition: "morning" });
    expect(site.calls.some((u) => u.includes("127.0.0.1") || u.includes("169.254"))).toBe(false);
  });

  // Before, a feed's article that was a wall was taught to its domain's tree and became the item's full text.
  it("keeps the summary of an item whose page is a consent wall or a bot challenge, and teaches no tree with it", async () => {
    const site = mockFeedSite();
    const origin = "https://news.walled.example";
    site.serve(`${origin}/consent.html`, {
      body: `<html><head><title>Walled news</title></head><body><div id="cookie-consent" class="consent-wall">
<h2>We value your privacy</h2><p>We and our partners use cookies to store and access information on your
device. Please accept cookies to continue to the site.</p><button>Accept all</button></div></body></html>`,
      type: "text/html; charset=utf-8",
    });
    site.serve(`${origin}/challenge.html`, {
      body: `<html><head><title>Just a moment...</title></head><body><h1>Checking your browser before accessing
the site.</h1><p>This process is automatic.</p></body></html>`,
      type: "text/html; charset=utf-8",
    });
    const items: ItemSpec[] = [
      { n: 80, link: `${origin}/consent.html` },
      { n: 81, link: `${origin}/challenge.html` },
    ];
    site.serve(`${origin}/feed.json`, { body: jsonFeed(origin, items), type: JSONFEED });
    const { res, text } = await getFeed(`${origin}/feed.json`);
    expect(res.status).toBe(200);
    expect(counts(res)).toMatchObject({ extracted: 0, failed: 2 });
    expect(res.headers.get("x-feed-errors")).toMatch(/0 interstitial: .*consent.*1 interstitial: .*challenge/);
    const doc = JSON.parse(text);
    for (const i of [0, 1]) expect(doc.items[i].content_text).toBe(teaser(items[i]!.n));
    expect(await documents("walled.example")).toBe(0);
  });

  it("fills an item whose article is over MAX_BYTES from the page up to the cap, and teaches no tree with it", async () => {
    const site = mockFeedSite();
    const origin = "https://news.huge.example";
    const huge = articleHtml(7).replace(
      "</body>",
      `<script>var state = "${"x".repeat(Number(env.MAX_BYTES))}";</script></body>`,
    );
    site.serve(`${origin}/huge.html`, { body: huge, type: "text/html; charset=utf-8" });
    const items: ItemSpec[] = [{ n: 7, link: `${origin}/huge.html` }];
    site.serve(`${origin}/feed.json`, { body: jsonFeed(origin, items), type: JSONFEED });
    const { res, text } = await getFeed(`${origin}/feed.json`);
    expect(res.status).toBe(200);
    expect(counts(res)).toMatchObject({ extracted: 1 });
    const doc = JSON.parse(text);
    for (const p of article(7).paragraphs) expect(doc.items[0].content_html).toContain(p);
    expect(await documents("huge.example")).toBe(0);
  });

  it("resolves redirects and aggregator wrappers, and skips duplicates within the feed", async () => {
    const site = mockFeedSite();
    const origin = "https://news.dupes.example";
    const story = (n: number) => `${origin}/news/story-${n}.html`;
    const items: ItemSpec[] = [
      ...stories(1, 5),
      { n: 6, link: `https://news.google.com/news/url?url=${encodeURIComponent(story(6))}` },
      { n: 7, link: `${origin}/r/7` },
      { n: 2, link: `${story(2)}?utm_source=rss&utm_medium=feed` },
      { n: 3, link: `https://news.google.com/news/url?url=${encodeURIComponent(story(3))}` },
    ];
    site.serve(`${origin}/atom.xml`, { body: atom(origin, items), type: ATOM });
    const { res, feed } = await getFeed(`${origin}/atom.xml`);
    expect(counts(res)).toMatchObject({ considered: 9, extracted: 7, duplicates: 2, failed: 0 });
    expect(site.calls.some((u) => u.startsWith("https://news.google.com"))).toBe(false);
    expect(site.articleFetches().sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map(story).sort());
    expectFullText(feed!, [1, 2, 3, 4, 5, 6, 7, 2, 3]);
    expect(await documents("dupes.example")).toBe(7);
  });

  const formats: [string, (o: string, i: ItemSpec[]) => string, string, FeedFormat][] = [
    ["RSS 2.0", rss2, RSS, "rss"],
    ["RSS 0.91", rss091, "text/xml", "rss"],
    ["RSS 1.0", rdf, RDF, "rdf"],
    ["Atom", atom, ATOM, "atom"],
    ["JSON Feed", jsonFeed, JSONFEED, "jsonfeed"],
  ];
  for (const [name, write, type, format] of formats) {
    it(`${name}: answers in its own format by default and in any format on request, all of which parse back`, async () => {
      const site = mockFeedSite();
      const origin = `https://news.${format}-${name.length}.example`;
      site.serve(`${origin}/feed`, { body: write(origin, stories(1, 6)), type });
      for (const target of [null, "rss", "atom", "jsonfeed"] as const) {
        const { res, text, feed } = await getFeed(`${origin}/feed`, target ? `&format=${target}` : "");
        const expected = target ?? format;
        expect(res.headers.get("x-feed-format")).toBe(`${format} -> ${expected}`);
        expect(checkFeed(text, expected)).toEqual([]);
        expect(feed!.format).toBe(expected);
        expect(feed!.items.map((i) => i.link)).toEqual(stories(1, 6).map((s) => `${origin}/news/story-${s.n}.html`));
        expectFullText(feed!, [1, 2, 3, 4, 5, 6]);
      }
    });
  }

  it("refuses hostile XML before expanding or fetching anything", async () => {
    const site = mockFeedSite();
    for (const [name, xml] of Object.entries(HOSTILE)) {
      const url = `https://news.hostile.example/${name}.xml`;
      site.serve(url, { body: xml, type: RSS });
      const res = await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(url)}`);
      expect(res.status, name).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("invalid_feed");
      expect(body.error.message).not.toContain("lollol");
    }
    expect(site.calls.every((u) => u.startsWith("https://news.hostile.example/") && u.endsWith(".xml"))).toBe(true);
  });

  it("finds the feed of an HTML page through <link rel=alternate>, or says there is none", async () => {
    const site = mockFeedSite();
    const origin = "https://news.discover.example";
    site.serve(`${origin}/`, { body: pageWithFeedLinks("/feeds/rss.xml"), type: "text/html; charset=utf-8" });
    site.serve(`${origin}/feeds/rss.xml`, { body: rss2(origin, stories(1, 5)), type: RSS });
    site.serve(`${origin}/plain.html`, { body: pageWithoutFeed, type: "text/html" });
    const found = await getFeed(`${origin}/`);
    expect(found.res.status).toBe(200);
    expect(found.res.headers.get("x-feed-url")).toBe(`${origin}/feeds/rss.xml`);
    expect(found.res.headers.get("x-feed-discovered-from")).toBe(`${origin}/`);
    expect(counts(found.res)).toMatchObject({ extracted: 5 });
    const none = await SELF.fetch(`http://svc/feed?url=${encodeURIComponent(`${origin}/plain.html`)}`);
    expect(none.status).toBe(422);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe("no_feed");
  });

  it("stays inside the subrequest budget and says what it skipped", async () => {
    const site = mockFeedSite();
    const origin = "https://hub.budget.example";
    // Thirty articles on thirty sites: each costs a fetch and its own tree call.
    const items: ItemSpec[] = Array.from({ length: 30 }, (_, k) => ({
      n: k + 1,
      link: `https://www.site${k}.example/news/story-${k + 1}.html`,
    }));
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, items), type: RSS });
    const { res, feed } = await getFeed(`${origin}/feed.xml`, "&max=30");
    expect(res.status).toBe(200);
    const c = counts(res);
    expect(c.considered).toBe(30);
    expect(c.skipped).toBeGreaterThan(0);
    expect(c.extracted! + c.skipped!).toBe(30);
    const [spent, limit] = res.headers.get("x-feed-subrequests")!.split("/").map(Number);
    expect(limit).toBe(Number(env.FEED_SUBREQUEST_BUDGET));
    expect(spent).toBeLessThanOrEqual(limit!);
    // Outbound fetches plus tree and cache calls (lookup and commit: the cache is not opened before the
    // feed is fetched) never exceed the budget.
    expect(site.calls.length + c.extracted! + 2).toBeLessThanOrEqual(limit!);
    expect(res.headers.get("x-feed-errors")).toMatch(/budget/);
    const skipped = feed!.items.filter((i) => !i.contentHtml);
    expect(skipped).toHaveLength(c.skipped!);
    // Feed order decides: the first items are the ones done.
    expect(feed!.items.slice(0, c.extracted).every((i) => i.contentHtml)).toBe(true);
  });

  it("processes the first `max` items and leaves the rest as they were", async () => {
    const site = mockFeedSite();
    const origin = "https://news.max.example";
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 25)), type: RSS });
    const { res, feed } = await getFeed(`${origin}/feed.xml`);
    expect(counts(res)).toMatchObject({ total: 25, considered: 20, extracted: 20 });
    expect(feed!.items).toHaveLength(25);
    expect(feed!.items.slice(20).every((i) => i.contentHtml === null)).toBe(true);
    const three = await getFeed(`${origin}/feed.xml`, "&max=3");
    expect(counts(three.res)).toMatchObject({ considered: 3, cached: 3 });
  });

  it("answers bad input with clear JSON errors and stores nothing", async () => {
    const site = mockFeedSite();
    site.serve("https://news.bad.example/feed.xml", {
      body: rss2("https://news.bad.example", stories(1, 2)),
      type: RSS,
    });
    site.serve("https://news.bad.example/404.xml", { body: "gone", type: "text/plain", status: 404 });
    const cases: [string, number, string][] = [
      ["/feed", 400, "bad_request"],
      [`/feed?url=${encodeURIComponent("ftp://news.bad.example/feed.xml")}`, 400, "bad_request"],
      [`/feed?url=${encodeURIComponent("http://127.0.0.1/feed.xml")}`, 400, "forbidden_target"],
      [`/feed?url=${encodeURIComponent("https://news.bad.example/feed.xml")}&max=0`, 400, "bad_request"],
      [`/feed?url=${encodeURIComponent("https://news.bad.example/feed.xml")}&max=51`, 400, "bad_request"],
      [`/feed?url=${encodeURIComponent("https://news.bad.example/feed.xml")}&format=pdf`, 400, "bad_request"],
      [`/feed?url=${encodeURIComponent("https://news.bad.example/404.xml")}`, 502, "upstream_failed"],
    ];
    for (const [path, status, code] of cases) {
      const res = await SELF.fetch(`http://svc${path}`);
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe(code);
    }
    expect(await documents("bad.example")).toBe(0);
    expect((await feedCacheStub(env, "https://news.bad.example/404.xml").stats()).items).toBe(0);
  });

  it("serves the path style /feed/{url} with options in headers", async () => {
    const site = mockFeedSite();
    const origin = "https://news.pathstyle.example";
    site.serve(`${origin}/rss?section=world`, { body: rss2(origin, stories(1, 5)), type: RSS });
    const res = await SELF.fetch(`http://svc/feed/${origin}/rss?section=world`, { headers: { "x-format": "atom" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-feed-format")).toBe("rss -> atom");
    expect(res.headers.get("x-feed-url")).toBe(`${origin}/rss?section=world`);
  });
});

describe("feed auth", () => {
  it("takes API_KEY as a Bearer token or as the HTTP Basic password", async () => {
    const site = mockFeedSite();
    const origin = "https://news.auth.example";
    site.serve(`${origin}/feed.xml`, { body: rss2(origin, stories(1, 2)), type: RSS });
    const app = createApp();
    const call = (headers: Record<string, string>) =>
      app.request(
        `/feed?url=${encodeURIComponent(`${origin}/feed.xml`)}`,
        { headers },
        { ...env, API_KEY: "feed-key" },
      );
    expect((await call({})).status).toBe(401);
    expect((await call({ authorization: "Bearer nope" })).status).toBe(403);
    expect((await call({ authorization: `Basic ${btoa("reader:nope")}` })).status).toBe(403);
    expect((await call({ authorization: "Bearer feed-key" })).status).toBe(200);
    expect((await call({ authorization: `Basic ${btoa("reader:feed-key")}` })).status).toBe(200);
  });
});
