import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import {
  extractMetadata,
  MetadataCollector,
  metadataFromCollector,
  MetadataTee,
  type ArticleMetadata,
} from "../../src/core/metadata";
import { metadataAttributeName } from "../../src/core/metadata/attributes";
import { preparePage } from "../../src/core/pipeline";
import { segmentHtml } from "../../src/core/segment";
import { SegmentParser } from "../../src/core/segment-parser";
import { type ScriptSpan, stripNonText } from "../../src/core/strip-non-text";
import { rng } from "../fixtures/rng";

const URL_ = "https://news.example.org/world/2024/story.html";

/**
 * What the metadata read must give, written plainly: the stock Parser (every attribute, lower-cased)
 * over the stripped page, and each removed script parsed on its own by the stock Parser for its
 * JSON-LD, in document order. The read under test parses once (the segmentation's tee), keeps only
 * the collector's attributes (metadata/attributes.ts: a name left out there fails here) and tokenizes
 * only scripts whose open tag may declare JSON-LD. The page read is the one segmentation gives: an app
 * shell's noscript view when segmentation takes it (segment.ts: under 250 characters of text, and
 * 500 more in the view).
 */
function reference(page: string): ArticleMetadata {
  const text = (html: string) => segmentHtml(html, URL_).blocks.reduce((n, b) => n + b.text.length, 0);
  const view = page.replace(/<\/?noscript(?=[\s/>])[^>]*>/gi, " ");
  const first = text(stripNonText(page));
  const html = first < 250 && /<noscript(?=[\s/>])/i.test(page) && text(view) >= first + 500 ? view : page;
  const collector = new MetadataCollector();
  const scripts: ScriptSpan[] = [];
  const parser = new Parser(collector, { decodeEntities: true });
  parser.write(stripNonText(html, scripts));
  parser.end();
  for (const span of scripts) {
    let opened = false;
    let reading = false;
    let body: string | null = null;
    const script = new Parser(
      {
        onopentag(name, attribs) {
          if (opened) return;
          opened = true;
          reading = name === "script" && /^application\/ld\+json/.test((attribs.type ?? "").trim().toLowerCase());
          if (reading) body = "";
        },
        ontext(data) {
          if (reading) body += data;
        },
        onclosetag() {
          reading = false;
        },
      },
      { decodeEntities: true },
    );
    script.end(html.slice(span.start, span.end));
    if (body !== null) collector.addJsonLd(body);
  }
  return metadataFromCollector(collector, URL_);
}

const FILLER = [
  "<div class=x>",
  "</div>",
  "<p>Some text of the page, long enough to matter. </p>",
  "<span>",
  "</span>",
  "<script>var a = '<h1>not a tag</h1>';</script>",
  "<!-- <meta name=author content=Comment> -->",
  "<article>",
  "</article>",
  "<main>",
  "</main>",
  "<svg><title>icon</title></svg>",
  "<a href=/x>link</a>",
  '<noscript><h1>Noscript banner</h1><meta name="author" content="Noscript Author"></noscript>',
  '<template><span itemprop="author">Template Author</span></template>',
  "<h1>Split <!-- a comment --> heading</h1>",
];
const PLACES = [
  '<meta property="og:title" content="An OG title">',
  '<meta name="author" content="Ann Author">',
  "<title>Page title | Site</title>",
  "<TITLE>Second title</TITLE>",
  "<h1>The headline of the story</h1>",
  "<h1></h1>",
  "<H1 class=big>Another <b>headline</b> here</H1>",
  '<html lang="fr">',
  '<base href="https://cdn.example.org/base/">',
  '<link rel="image_src" href="/img/a.jpg">',
  '<time datetime="2024-03-05">5 March</time>',
  '<main><p>By us, <time datetime="2024-03-05T10:00:00Z">5 March</time></p></main>',
  '<span itemprop="author">Item Author</span>',
  '<div itemprop="author" itemscope><span itemprop="name">Scoped Name</span></div>',
  '<img itemprop="image" src="/img/i.jpg">',
  '<script type="application/ld+json">{"@type":"NewsArticle","headline":"LD headline","datePublished":"2024-01-02"}</script>',
  '<script type="application/ld&#43;json">{"@type":"NewsArticle","author":{"name":"Encoded Type"}}</script>',
  '<script type="application&sol;ld&plus;json">{"@type":"WebSite","name":"Named Site"}</script>',
  '<h1 itemprop="headline">Micro headline',
  "<title>Unclosed title",
  // Attribute names in any case (the stock Parser lower-cases them; the metadata parse keeps only its own).
  '<META PROPERTY="og:title" CONTENT="Capital &amp; OG title" DATA-CONTENT="not this">',
  '<meta Name="author" NAME="Second name attribute" Content="Mixed Case Author">',
  '<HTML LANG="de">',
  '<html xml:lang="es">',
  '<BASE HREF="https://cdn.example.org/caps/">',
  '<link REL="image_src" Href="/img/caps.jpg">',
  '<article><TIME DateTime="2023-07-08">8 July</TIME></article>',
  '<span ItemProp="author">Capital Itemprop Author</span>',
  '<img ItemProp="image" SRC="data:image/gif;base64,R0" Data-Src="/img/lazy.jpg">',
  '<img itemprop="image" srcset="/img/set.jpg 1x, /img/set2.jpg 2x" data-lazy="x">',
  '<meta HTTP-EQUIV="Content-Language" CONTENT="nl">',
  '<script TYPE="application/ld+json" ID="x">{"@type":"BlogPosting","headline":"Capital type LD"}</script>',
  '<div ITEMPROP="author" ITEMSCOPE><meta itemprop="name" content="Scoped Meta Name"></div>',
  '<script type="application/ld+json">{"@type":"Article","headline":"Ends at the odd end tag"}</script foo><p>x</p></script>',
  '<script src="/a.js?x=1&amp;y=2" type="application/ld+json">{"@type":"Article","author":"Src and entity"}</script>',
];

function randomPage(next: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  let html = "";
  const parts = 5 + Math.floor(next() * 60);
  for (let i = 0; i < parts; i++) {
    if (next() < 0.2) html += pick(PLACES);
    else html += pick(FILLER).repeat(1 + Math.floor(next() * 40));
  }
  return html;
}

describe("metadata read on the segmentation parse", () => {
  it("gives what the plain reference gives, on generated pages, alone or riding on segmentation", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const html = randomPage(rng(seed));
      const alone = extractMetadata(html, URL_);
      const riding = preparePage({ body: html, url: URL_ }).metadata;
      const want = reference(html);
      if (JSON.stringify(alone) !== JSON.stringify(want) || JSON.stringify(riding) !== JSON.stringify(want)) {
        expect({ seed, html, alone, riding }).toEqual({ seed, html, alone: want, riding: want });
      }
    }
  });

  it("leaves segmentation as it was", () => {
    for (let seed = 1; seed <= 100; seed++) {
      const html = randomPage(rng(seed));
      expect(segmentHtml(html, URL_, undefined, new MetadataTee()), String(seed)).toEqual(segmentHtml(html, URL_));
    }
  });

  it("is not read when preparePage is told not to (the origin intercept), and the page is prepared the same", () => {
    let titled = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const html = randomPage(rng(seed));
      const read = preparePage({ body: html, url: URL_ });
      const { metadata, ...rest } = preparePage({ body: html, url: URL_, readMetadata: false });
      const { metadata: readMetadata, ...readRest } = read;
      expect(rest, String(seed)).toEqual(readRest);
      expect(
        Object.values(metadata).every((v) => v === null || v === false),
        String(seed),
      ).toBe(true);
      if (readMetadata.title !== null) titled++;
    }
    // The pages do have metadata when it is read: the check above can fail.
    expect(titled).toBeGreaterThan(25);
  });

  it("reads JSON-LD from the removed scripts: an entity in the type, a body ended by `</script foo>`", () => {
    const encoded = '<script type="application&sol;ld&#43;json">{"@type":"Article","author":"Encoded"}</script>';
    expect(preparePage({ body: encoded, url: URL_ }).metadata.byline).toBe("Encoded");
    // The tokenizer ends the body at `</script foo>`; stripNonText's span runs on to `</script>`.
    const odd =
      '<script type="application/ld+json">{"@type":"Article","headline":"Odd end"}</script foo><p>x</p></script>';
    expect(preparePage({ body: odd, url: URL_ }).metadata.title).toBe("Odd end");
    expect(extractMetadata(odd, URL_).title).toBe("Odd end");
    const plain = '<script>{"@type":"Article","headline":"Not declared"}</script><title>Shown title</title>';
    expect(extractMetadata(plain, URL_).title).toBe("Shown title");
  });

  it("stops reading JSON-LD at the page's limit, in document order", () => {
    const padded = (n: number) =>
      `<script type="application/ld+json">{"@type":"WebSite","pad":"${"x".repeat(250_000)}","n":${n}}</script>`;
    const late = '<script type="application/ld+json">{"@type":"Article","author":"Late"}</script>';
    // Four bodies of 250 kB are under the 1 MiB limit: a fifth is read; a fifth of 250 kB passes it and
    // is dropped, and nothing after it is read.
    const four = [1, 2, 3, 4].map(padded).join("");
    expect(extractMetadata(four + late, URL_).byline).toBe("Late");
    const fifth = `<script type="application/ld+json">{"@type":"Article","author":"Fifth","pad":"${"x".repeat(250_000)}"}</script>`;
    expect(extractMetadata(four + fifth, URL_).byline).toBeNull();
    expect(preparePage({ body: four + fifth + late, url: URL_ }).metadata.byline).toBeNull();
  });

  it("reads an app shell's noscript view when segmentation takes it for the page", () => {
    const view = `<noscript><h1>Thread title here</h1><meta itemprop="dateModified" content="2024-05-03T10:13:49Z">
      <script type="application/ld+json">{"@type":"DiscussionForumPosting","author":{"name":"Poster"}}</script>
      <p>${"A post of the thread in the crawler view. ".repeat(20)}</p></noscript>`;
    const shell = `<html><head><title>Shell</title></head><body><div id=app></div>${view}</body></html>`;
    const metadata = preparePage({ body: shell, url: URL_ }).metadata;
    expect(metadata).toMatchObject({ title: "Thread title here", byline: "Poster", modified: "2024-05-03T10:13:49Z" });
    expect(extractMetadata(shell, URL_)).toEqual(metadata);
  });

  it("reads no noscript or template content: an old page's noscript banner is not its headline", () => {
    const html =
      '<noscript><h1><a href="/"><font>Financial News - Business News</font></a></h1>' +
      '<meta name="author" content="Noscript Author"></noscript>' +
      '<template><span itemprop="author">Template Author</span></template>' +
      "<h1>Death by starvation in the markets</h1><p>Story text.</p>";
    expect(preparePage({ body: html, url: URL_ }).metadata).toMatchObject({
      title: "Death by starvation in the markets",
      byline: null,
    });
  });

  it("captures title, h1 and itemprop text on the shared parse", () => {
    const html =
      "<html lang=en><head><title>Page title | Site</title></head><body>" +
      "<h1>Split <!-- a comment --> heading <script>var x;</script>words</h1>" +
      '<div itemprop="author" itemscope><span itemprop="name">Scoped Name</span></div>' +
      '<article><time datetime="2024-03-05">5 March</time></article></body></html>';
    const metadata = preparePage({ body: html, url: URL_ }).metadata;
    expect(metadata).toMatchObject({
      title: "Split heading words",
      byline: "Scoped Name",
      published: "2024-03-05",
      lang: "en",
    });
    expect(metadata).toEqual(extractMetadata(html, URL_));
  });
});

describe("SegmentParser's tee", () => {
  type Event = [string, ...unknown[]];
  const recorder = (events: Event[]) => ({
    onopentag: (name: string, attribs: Record<string, string>) => events.push(["open", name, { ...attribs }]),
    ontext: (data: string) => events.push(["text", data]),
    onclosetag: (name: string) => events.push(["close", name]),
  });

  it("gives the first handler the plain parse's events, and the tee its own attributes, with no onclosetag", () => {
    const html = '<div CLASS=a HREF=/x><span content="c" itemprop=author>a<p>b</div>c<meta NAME=author content=d></br>';
    const plain: Event[] = [];
    new SegmentParser(recorder(plain)).parseWhole(html);
    const first: Event[] = [];
    const teed: Event[] = [];
    const tee = { onopentag: recorder(teed).onopentag, ontext: recorder(teed).ontext };
    new SegmentParser(recorder(first), undefined, { handler: tee, namer: metadataAttributeName }).parseWhole(html);
    expect(first).toEqual(plain);
    expect(teed).toEqual([
      ["open", "div", { href: "/x" }],
      ["open", "span", { content: "c", itemprop: "author" }],
      ["text", "a"],
      ["open", "p", {}],
      ["text", "b"],
      ["text", "c"],
      ["open", "meta", { name: "author", content: "d" }],
      ["open", "br", {}],
    ]);
  });
});
