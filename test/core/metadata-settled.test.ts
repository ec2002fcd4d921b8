import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { extractMetadata, MetadataCollector, metadataFromCollector } from "../../src/core/metadata";
import { rng } from "../fixtures/rng";

const URL_ = "https://news.example.org/world/2024/story.html";

/** The metadata of a parse of the whole page: what the early stop must always give. */
function wholeParse(html: string) {
  const collector = new MetadataCollector();
  const parser = new Parser(collector, { decodeEntities: true });
  parser.write(html);
  parser.end();
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

describe("extractMetadata's early stop", () => {
  it("gives what a parse of the whole page gives, on generated pages", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const html = randomPage(rng(seed));
      const early = extractMetadata(html, URL_);
      if (JSON.stringify(early) !== JSON.stringify(wholeParse(html))) {
        expect({ seed, html, early }).toEqual({ seed, html, early: wholeParse(html) });
      }
    }
  });

  it("reads each kind of source when it is the last thing of the page that matters", () => {
    const tail = "<div><p>filler text</p></div>".repeat(500);
    for (const place of PLACES) {
      const html = `<title>Early title</title><meta name="author" content="Early">${tail}${place}${tail}`;
      expect(extractMetadata(html, URL_), place).toEqual(wholeParse(html));
    }
  });

  it("reads what follows a long stretch of markup, and a capture running past a chunk", () => {
    const tail = "<div><p>filler text</p></div>".repeat(3000);
    const html =
      `<html><head><title>T</title></head><body>${tail}` +
      `<h1>${"Long headline words ".repeat(300)}</h1>${tail}` +
      `<script type="application/ld&#x2B;json">{"@type":"Article","author":"Late Author"}</script>${tail}`;
    const metadata = extractMetadata(html, URL_);
    // The JSON-LD last: its body runs on past the chunk where its tag was met.
    const body = JSON.stringify({ "@type": "Article", headline: "Closing headline", padding: "x".repeat(5000) });
    const last = `<title>T</title>${tail}<script type="application/ld+json">${body}</script>${tail}`;
    expect(extractMetadata(last, URL_)).toEqual(wholeParse(last));
    expect(extractMetadata(last, URL_).title).toBe("Closing headline");
    expect(metadata).toEqual(wholeParse(html));
    expect(metadata.byline).toBe("Late Author");
    expect(metadata.title).toMatch(/^Long headline words/);
  });

  it("reads a page that ends inside an end tag within the <h1> as the whole parse does", () => {
    // Written in chunks, the stock Parser sliced the trailing end tag from the wrong chunk ("Head >Head
    // e" below); the metadata parse slices the whole page (segment-parser.ts), as a parse in one piece.
    for (let pad = 1990; pad < 2070; pad++) {
      const html = `<meta name=author content=A><div>${"x".repeat(pad)}</div><h1>Head </tw line`;
      expect(extractMetadata(html, URL_), String(pad)).toEqual(wholeParse(html));
    }
  });
});
