import { describe, expect, it } from "vitest";
import { discoverFeeds } from "../../src/core/feed/discover";
import { itemKey, readerHash } from "../../src/core/feed/item-hash";
import { parseFeed } from "../../src/core/feed/parse";
import { renderFeed } from "../../src/core/feed/render";
import type { FeedFormat, FeedItem, FeedReport, FullText, OutputFormat, ParsedFeed } from "../../src/core/feed/types";
import { checkFeed } from "../../src/core/feed/validate";
import { dtdHazard, xmlSafe } from "../../src/core/feed/xml";
import { article } from "../fixtures/synthetic-site";
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
} from "../fixtures/synthetic-feeds";

const ORIGIN = "https://news.core.example";
const FEED_URL = `${ORIGIN}/feed`;
const WRITERS: Record<string, [(o: string, i: ReturnType<typeof stories>) => string, FeedFormat]> = {
  rss2: [rss2, "rss"],
  rss091: [rss091, "rss"],
  rdf: [rdf, "rdf"],
  atom: [atom, "atom"],
  jsonfeed: [jsonFeed, "jsonfeed"],
};

function parsed(text: string): ParsedFeed {
  const r = parseFeed(text, null, FEED_URL);
  if (!r.ok) throw new Error(`parse failed: ${JSON.stringify(r.failure).slice(0, 300)}`);
  return r.feed;
}

const emptyReport = (n: number): FeedReport => ({
  total: n,
  considered: n,
  extracted: n,
  cached: 0,
  duplicates: 0,
  failed: 0,
  skipped: 0,
  failures: [],
});
const ctx = {
  selfUrl: "https://svc.example/feed?url=x",
  feedUrl: FEED_URL,
  now: new Date(Date.UTC(2026, 3, 1)),
  aboutUrl: "https://svc.example/",
};
const fullFor = (n: number): FullText => ({ html: `<p>FULL ${n} &amp; more</p>`, text: `FULL ${n} & more` });

describe("parsing every format", () => {
  for (const [name, [write, format]] of Object.entries(WRITERS)) {
    it(`${name}: format, links, titles and dates`, () => {
      const feed = parsed(write(ORIGIN, stories(1, 3)));
      expect(feed.format).toBe(format);
      expect(feed.items.map((i) => i.link)).toEqual([1, 2, 3].map((n) => `${ORIGIN}/news/story-${n}.html`));
      expect(feed.items.map((i) => i.title)).toEqual([1, 2, 3].map((n) => article(n).title));
      expect(feed.items.every((i) => i.description.includes(teaser(i.index + 1).slice(0, 20)))).toBe(true);
      if (name !== "rss091") expect(feed.items[0]!.date).not.toBe("");
    });
  }

  it("decodes numeric references and RSS 0.91's HTML entities, and honours the declared charset", () => {
    const latin1 = rss091(ORIGIN, stories(1, 1)).replace("Courier 0.91", "Courier 0.91 Caf\u00e9");
    const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0));
    const r = parseFeed(bytes, "application/rss+xml", FEED_URL);
    expect(r.ok && r.feed.meta.title).toBe("Courier 0.91 Café");
    expect(r.ok && r.feed.items[0]!.description).toContain("\u00a0more");
    const numeric = parsed(rss2(ORIGIN, [{ n: 1, title: "TITLE" }]).replace("TITLE", "caf&#233; &#x263A; &amp;#233;"));
    expect(numeric.items[0]!.title).toBe("café ☺ &#233;");
  });

  it("tells HTML pages, other JSON and other XML apart from feeds", () => {
    expect(parseFeed(pageWithoutFeed, "text/html", FEED_URL)).toMatchObject({ ok: false, failure: { kind: "html" } });
    expect(parseFeed('{"a":1}', null, FEED_URL)).toMatchObject({ ok: false, failure: { kind: "not_a_feed" } });
    expect(parseFeed("<svg></svg>", null, FEED_URL)).toMatchObject({ ok: false, failure: { kind: "not_a_feed" } });
    expect(parseFeed("<rss><channel>", null, FEED_URL)).toMatchObject({ ok: false, failure: { kind: "malformed" } });
  });
});

describe("hostile XML is refused before parsing", () => {
  for (const [name, xml] of Object.entries(HOSTILE)) {
    it(name, () => {
      const r = parseFeed(xml, "application/rss+xml", FEED_URL);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.failure.kind).toBe(name === "deepNesting" ? "malformed" : "hostile");
    });
  }

  it("accepts an external DTD and entity-like text in comments and CDATA", () => {
    expect(dtdHazard(rss091(ORIGIN, stories(1, 1)))).toBeNull();
    const quoting = rss2(ORIGIN, [{ n: 1, description: "<!DOCTYPE x [<!ENTITY a 'b'>]> is how XXE starts" }]).replace(
      "<channel>",
      "<channel><!-- <!DOCTYPE y [<!ENTITY z 'q'>]> -->",
    );
    const feed = parsed(quoting);
    expect(feed.items[0]!.description).toContain("<!ENTITY a 'b'>");
  });
});

describe("the RSS reader's hash and the cache key", () => {
  const base = parsed(rss2(ORIGIN, stories(1, 1))).items[0]!;

  it("changes with title, description or date and ignores everything else", () => {
    const h = readerHash(base);
    const recategorized: FeedItem = { ...base, categories: ["x"], authors: [] };
    expect(readerHash(recategorized)).toBe(h);
    expect(readerHash({ ...base, title: base.title + "!" })).not.toBe(h);
    expect(readerHash({ ...base, description: "edited" })).not.toBe(h);
    expect(readerHash({ ...base, date: "Wed, 02 Apr 2026 10:00:00 GMT" })).not.toBe(h);
  });

  it("keys the link as the paper does: tracking query dropped, wrappers unwrapped, _cid_ from the title", () => {
    const k = itemKey(base);
    const tracked = itemKey({ ...base, link: `${base.link}?utm_source=rss` });
    const wrapped = itemKey({
      ...base,
      link: `https://news.google.com/news/url?url=${encodeURIComponent(base.link!)}`,
    });
    expect(k.ok && tracked.ok && wrapped.ok).toBe(true);
    if (!k.ok || !tracked.ok || !wrapped.ok) return;
    expect(tracked.cacheKey).toBe(k.cacheKey);
    expect(wrapped.cacheKey).toBe(k.cacheKey);
    expect(k.domain).toBe("core.example");
    expect(itemKey({ ...base, link: null })).toMatchObject({ ok: false });
  });
});

describe("writing full text back", () => {
  for (const [name, [write, format]] of Object.entries(WRITERS)) {
    it(`${name}: in place, every other field kept, and it parses back`, () => {
      // A bare "true" attribute value is where fast-xml-parser's builder would write invalid XML.
      const source = write(ORIGIN, stories(1, 3)).replace('isPermaLink="false"', 'isPermaLink="true"');
      const feed = parsed(source);
      const fills = new Map([
        [0, fullFor(1)],
        [2, fullFor(3)],
      ]);
      const out = renderFeed(feed, fills, emptyReport(3), null, ctx);
      expect(out.format).toBe(format);
      expect(checkFeed(out.body, format)).toEqual([]);
      const back = parsed(out.body);
      expect(back.items.map((i) => i.contentHtml)).toEqual([fullFor(1).html, null, fullFor(3).html]);
      expect(back.items.map((i) => [i.title, i.link, i.description, i.date])).toEqual(
        parsed(source).items.map((i) => [i.title, i.link, i.description, i.date]),
      );
      // Fields the rewriter knows nothing about survive.
      const kept = {
        rss2: ["<!-- generated by the synthetic courier -->", "<media:thumbnail", "<ttl>30</ttl>", "<dc:creator>"],
        rss091: ['version="0.91"', "<language>en-us</language>"],
        rdf: ["<rdf:Seq>", "<dc:date>"],
        atom: ["<rights>CC0</rights>", 'xml:base="'],
        jsonfeed: ['"_courier"', '"edition": "morning"', '"tags"'],
      }[name]!;
      for (const k of kept) expect(out.body).toContain(k);
    });

    for (const target of ["rss", "atom", "jsonfeed"] as OutputFormat[]) {
      it(`${name} -> ${target}: a valid feed with the full text`, () => {
        const out = renderFeed(
          parsed(write(ORIGIN, stories(1, 3))),
          new Map([[1, fullFor(2)]]),
          emptyReport(3),
          target,
          ctx,
        );
        expect(out.format).toBe(target);
        expect(checkFeed(out.body, target)).toEqual([]);
        const back = parsed(out.body);
        expect(back.format).toBe(target);
        expect(back.items.map((i) => i.link)).toEqual([1, 2, 3].map((n) => `${ORIGIN}/news/story-${n}.html`));
        expect(back.items[1]!.contentHtml).toBe(fullFor(2).html);
        expect(back.items.map((i) => i.title)).toEqual([1, 2, 3].map((n) => article(n).title));
      });
    }
  }

  it("strips characters XML cannot carry from page text", () => {
    const feed = parsed(rss2(ORIGIN, stories(1, 1)));
    const out = renderFeed(
      feed,
      new Map([[0, { html: "<p>a\u0000b\u000bc\ud800d</p>", text: "abcd" }]]),
      emptyReport(1),
      null,
      ctx,
    );
    expect(checkFeed(out.body, "rss")).toEqual([]);
    expect(parsed(out.body).items[0]!.contentHtml).toBe("<p>abcd</p>");
    expect(xmlSafe("ok\u0009\u000a")).toBe("ok\u0009\u000a");
  });

  it("reports failures inside a JSON Feed as an extension", () => {
    const report: FeedReport = {
      ...emptyReport(2),
      extracted: 1,
      failed: 1,
      failures: [{ index: 1, link: "https://x.example/", code: "upstream_status", message: "upstream answered 500" }],
    };
    const body = renderFeed(
      parsed(jsonFeed(ORIGIN, stories(1, 2))),
      new Map([[0, fullFor(1)]]),
      report,
      null,
      ctx,
    ).body;
    const doc = JSON.parse(body);
    expect(doc._urltree).toMatchObject({
      about: ctx.aboutUrl,
      items: { failed: 1, extracted: 1 },
      failures: [{ index: 1, code: "upstream_status" }],
    });
    expect(doc.items[1]._urltree).toMatchObject({ status: "failed" });
    expect(doc.items[1].content_text).toBe(teaser(2));
  });
});

describe("feed discovery in HTML", () => {
  it("finds rel=alternate feed links in order, resolved against the page", () => {
    const links = discoverFeeds(pageWithFeedLinks("/feeds/main.xml"), "https://news.core.example/section/page.html");
    expect(links.map((l) => l.url)).toEqual([
      "https://news.core.example/feeds/main.xml",
      "https://news.core.example/comments.atom",
    ]);
    expect(links[0]!.type).toBe("application/rss+xml");
    expect(discoverFeeds(pageWithoutFeed, "https://news.core.example/")).toEqual([]);
  });
});
