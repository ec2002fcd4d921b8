import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { itemKey } from "../../src/core/feed/item-hash";
import { parseFeed } from "../../src/core/feed/parse";
import { renderFeed } from "../../src/core/feed/render";
import { OUTPUT_FORMATS, type FeedReport, type FullText } from "../../src/core/feed/types";
import { atom, jsonFeed, rdf, rss091, rss2, type ItemSpec } from "../fixtures/synthetic-feeds";
import { fuzzParams } from "../fixtures/fuzz";

/**
 * Random feeds through the feed parser and every writer, as GET /feed runs them: well-formed feeds
 * with hostile field values, the same feeds cut and spliced, and JSON Feeds with arbitrary JSON in
 * them. Parsing may refuse (that is an answer); nothing may throw, and whatever parses must render.
 */
const params = fuzzParams(process.env, 30);
const ORIGIN = "https://feeds.fuzz.example";
const WRITERS = [rss2, rss091, rdf, atom, jsonFeed];

const field = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("<b>x</b>", "]]>", "&amp;&lt;", "&#0;", "\u0000\uFFFE", "%E0%A4%A", "javascript:alert(1)", ""),
  fc.nat({ max: 50_000 }).map((n) => "y".repeat(n)),
);
const link = fc.oneof(
  fc.webUrl(),
  field,
  fc.constant(null),
  fc.constantFrom("http://127.0.0.1/", "https://news.google.com/rss/articles/x?url=https://a.example/", "//x"),
);
const item = fc.record({ n: fc.nat({ max: 50 }), link, title: field, description: field, minute: fc.integer() });
const items = fc.array(item, { maxLength: 12 }).map((list) => list.map((i): ItemSpec => ({ ...i })));

/** A feed document: a writer's output, maybe cut and spliced with a random fragment. */
const feedText = fc
  .record({
    writer: fc.constantFrom(...WRITERS),
    items,
    cut: fc.option(
      fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("", "<", "</item>", "<item>", "{", "]", '"', "<!-- ")),
      {
        nil: undefined,
      },
    ),
  })
  .map(({ writer, items: list, cut }) => {
    const text = writer(ORIGIN, list);
    if (!cut) return text;
    const [a, b, splice] = cut;
    const from = a % (text.length + 1);
    return text.slice(0, from) + splice + text.slice(Math.min(text.length, from + (b % 50)));
  });

/** A JSON Feed with arbitrary JSON values in items and extensions. */
const jsonDoc = fc
  .record({
    items: fc.array(
      fc.dictionary(
        fc.constantFrom("id", "url", "title", "content_html", "_x", "tags", "authors"),
        fc.jsonValue({ maxDepth: 6 }),
      ),
      { maxLength: 8 },
    ),
    extra: fc.jsonValue({ maxDepth: 4 }),
  })
  .map(({ items: list, extra }) =>
    JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "t", items: list, _extra: extra }),
  );

const report = (total: number): FeedReport => ({
  total,
  considered: total,
  extracted: 0,
  cached: 0,
  duplicates: 0,
  failed: 0,
  skipped: 0,
  failures: [{ index: 0, link: null, code: "x", message: "m\u0000" }],
});

function parseAndRender(text: string): void {
  for (const target of [null, ...OUTPUT_FORMATS]) {
    const parsed = parseFeed(new TextEncoder().encode(text), null, `${ORIGIN}/feed`);
    if (!parsed.ok) return;
    const fills = new Map<number, FullText>();
    for (const it of parsed.feed.items) {
      itemKey(it);
      if (it.index % 2 === 0)
        fills.set(it.index, { html: `<p>full ${it.title ?? ""}</p>`, text: `full ${it.title ?? ""}` });
    }
    const out = renderFeed(parsed.feed, fills, report(parsed.feed.items.length), target, {
      selfUrl: "https://svc.example/feed",
      feedUrl: `${ORIGIN}/feed`,
      now: new Date(0),
      aboutUrl: "https://svc.example/",
    });
    expect(typeof out.body).toBe("string");
  }
}

describe("fuzz: random feeds through the parser and the writers", () => {
  it("never throws on generated, cut and spliced feeds", () => {
    fc.assert(fc.property(feedText, parseAndRender), params);
  }, 60_000);

  it("never throws on JSON Feeds with arbitrary JSON inside", () => {
    fc.assert(fc.property(jsonDoc, parseAndRender), params);
  }, 60_000);

  it("refuses a JSON Feed nested 100k deep instead of overflowing the stack when writing it", () => {
    const deep = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    const text = `{"version":"https://jsonfeed.org/version/1.1","title":"t","items":[{"id":"1","url":"${ORIGIN}/a","_x":${deep}}]}`;
    const parsed = parseFeed(text, "application/feed+json", `${ORIGIN}/feed`);
    expect(parsed).toMatchObject({ ok: false, failure: { kind: "hostile" } });
  });
});
