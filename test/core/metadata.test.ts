import { describe, expect, it } from "vitest";
import { extractMetadata, isHeadline, normalizeHeadline } from "../../src/core/metadata";
import { normalizeDate } from "../../src/core/metadata/dates";
import { parseJsonLd } from "../../src/core/metadata/json-ld-parse";
import { stripSiteName } from "../../src/core/metadata/title";

const URL_ = "https://news.example.org/world/2024/story.html";

function page(head: string, body = ""): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

function ld(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
}

describe("extractMetadata: sources", () => {
  it("reads every field from a JSON-LD NewsArticle", () => {
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: "Rivers rise after a week of rain",
        author: [
          { "@type": "Person", name: "Ada Quill" },
          { "@type": "Person", name: "Bo Marsh" },
        ],
        datePublished: "2024-03-05T08:30:00+01:00",
        dateModified: "2024-03-06T10:00:00+01:00",
        image: { "@type": "ImageObject", url: "/img/river.jpg" },
        publisher: { "@type": "Organization", name: "Example Gazette" },
        inLanguage: "en-GB",
        description: "Flood warnings across the valley.",
      }),
    );
    expect(extractMetadata(html, URL_)).toEqual({
      title: "Rivers rise after a week of rain",
      byline: "Ada Quill, Bo Marsh",
      published: "2024-03-05T08:30:00+01:00",
      modified: "2024-03-06T10:00:00+01:00",
      image: "https://news.example.org/img/river.jpg",
      lang: "en-GB",
      siteName: "Example Gazette",
      excerpt: "Flood warnings across the valley.",
      titleDeclared: true,
      titleAsStated: "Rivers rise after a week of rain",
    });
  });

  it("reads OpenGraph and article:* properties", () => {
    const html = page(`
      <meta property="og:title" content="Bridge reopens to traffic">
      <meta property="og:site_name" content="Valley Times">
      <meta property="og:image" content="https://cdn.example.org/bridge.jpg">
      <meta property="og:description" content="Repairs took two years.">
      <meta property="og:locale" content="fr_FR">
      <meta property="article:published_time" content="2023-11-02">
      <meta property="article:modified_time" content="2023-11-03T09:00:00Z">
      <meta property="article:author" content="Chris Vale">`);
    expect(extractMetadata(html, URL_)).toEqual({
      title: "Bridge reopens to traffic",
      byline: "Chris Vale",
      published: "2023-11-02",
      modified: "2023-11-03T09:00:00Z",
      image: "https://cdn.example.org/bridge.jpg",
      lang: "fr-FR",
      siteName: "Valley Times",
      excerpt: "Repairs took two years.",
      titleDeclared: true,
      titleAsStated: "Bridge reopens to traffic",
    });
  });

  it("reads Twitter cards, meta author/description and Dublin Core", () => {
    const html = page(`
      <meta name="twitter:title" content="Orchard harvest doubles">
      <meta name="twitter:image" content="https://cdn.example.org/apples.png">
      <meta name="description" content="A record year for growers.">
      <meta name="DC.creator" content="Dana Fell">
      <meta name="dc.date" content="2022-09-14">
      <meta name="dcterms.modified" content="2022-09-15">
      <meta name="dc.language" content="de">`);
    const metadata = extractMetadata(html, URL_);
    expect(metadata).toMatchObject({
      title: "Orchard harvest doubles",
      byline: "Dana Fell",
      published: "2022-09-14",
      modified: "2022-09-15",
      image: "https://cdn.example.org/apples.png",
      lang: "de",
      excerpt: "A record year for growers.",
    });
  });

  it("takes <html lang>, else http-equiv content-language", () => {
    expect(extractMetadata(`<html lang="pt-BR"><head></head></html>`, URL_).lang).toBe("pt-BR");
    const equiv = `<html><head><meta http-equiv="Content-Language" content="nl, en"></head></html>`;
    expect(extractMetadata(equiv, URL_).lang).toBe("nl");
    expect(extractMetadata(`<html lang="not a tag!"><head></head></html>`, URL_).lang).toBeNull();
  });

  it("reads itemprop microdata when nothing better is there", () => {
    const html = page(
      "",
      `<article itemscope itemtype="https://schema.org/Article">
        <h2 itemprop="headline">Library extends opening hours</h2>
        <span itemprop="author" itemscope itemtype="https://schema.org/Person">
          by <span itemprop="name">Eli Stone</span>, staff writer</span>
        <time itemprop="datePublished" datetime="2021-06-01T12:00:00-04:00">June 1</time>
        <img itemprop="image" src="data:image/gif;base64,R0lGOD" data-src="/lazy/library.webp">
      </article>`,
    );
    expect(extractMetadata(html, URL_)).toMatchObject({
      title: "Library extends opening hours",
      byline: "Eli Stone",
      published: "2021-06-01T12:00:00-04:00",
      image: "https://news.example.org/lazy/library.webp",
    });
  });

  it("takes an author's name given as <meta itemprop=name content>, not the author card's text", () => {
    const html = page(
      "",
      `<div class="post"><p>How do I keep the lantern lit?</p>
        <div class="user-card" itemprop="author" itemscope itemtype="https://schema.org/Person">
          <a href="/users/7/wren">Wren</a><meta itemprop="name" content="Wren">
          <div class="flair"><span class="score">4,210</span><span class="count">3</span> gold badges</div>
        </div></div>`,
    );
    expect(extractMetadata(html, URL_).byline).toBe("Wren");
  });

  it("uses the first <time datetime> inside article/main only when no other date is given", () => {
    const body = `<header><time datetime="2020-01-01">nav date</time></header>
      <main><p>Text</p><time datetime="2024-02-29">Feb 29</time><time datetime="2024-03-01">x</time></main>`;
    expect(extractMetadata(page("", body), URL_).published).toBe("2024-02-29");
    const dated = page(`<meta property="article:published_time" content="2024-01-15">`, body);
    expect(extractMetadata(dated, URL_).published).toBe("2024-01-15");
  });

  it("says whether the title was stated in the metadata, not taken from the <h1> or <title>", () => {
    const shown =
      "<html><head><title>Bridge reopens - Valley Times</title></head><body><h1>Bridge reopens</h1></body></html>";
    expect(extractMetadata(shown, URL_)).toMatchObject({ title: "Bridge reopens", titleDeclared: false });
    const siteOnly = page(
      `<meta property="og:site_name" content="Valley Times"><meta property="og:title" content="Valley Times">`,
    );
    expect(extractMetadata(siteOnly, URL_).titleDeclared).toBe(false);
    const stated = page(`<meta property="og:title" content="Bridge reopens to traffic">`);
    expect(extractMetadata(stated, URL_).titleDeclared).toBe(true);
  });

  it("gives all null for a page without any metadata", () => {
    const all = {
      title: null,
      byline: null,
      published: null,
      modified: null,
      image: null,
      lang: null,
      siteName: null,
      excerpt: null,
      titleDeclared: false,
      titleAsStated: null,
    };
    expect(extractMetadata("", URL_)).toEqual(all);
    expect(extractMetadata("<p>just text</p>", URL_)).toEqual(all);
    const empty = "<html><head><title> </title></head><body><h1></h1></body></html>";
    expect(extractMetadata(empty, "not a url")).toEqual(all);
  });
});

describe("extractMetadata: what the parse keeps", () => {
  // The parse keeps only the attributes the collector reads (metadata/attributes.ts), lower-cased.
  it("reads attribute names in capitals and mixed case", () => {
    const html =
      `<HTML LANG="fr"><head><META PROPERTY="og:title" CONTENT="Les crues &amp; la pluie">` +
      `<Meta Name="author" Content="Ada Quill"><LINK REL="image_src" HREF="/img/a.jpg">` +
      `<script TYPE="application/ld+json">{"@type":"NewsArticle","datePublished":"2024-03-05"}</script></head>` +
      `<body><h1>Autre chose</h1></body></HTML>`;
    expect(extractMetadata(html, URL_)).toMatchObject({
      title: "Les crues & la pluie",
      byline: "Ada Quill",
      published: "2024-03-05",
      image: "https://news.example.org/img/a.jpg",
      lang: "fr",
    });
  });

  it("reads JSON-LD after a long body of attributes it does not keep", () => {
    const body = `<div class="card x" style="a:b" data-x="{&quot;k&quot;:1}" aria-label="l&amp;m"><p>Text</p></div>`;
    const html = page(
      "<title>Plain title</title>",
      body.repeat(2000) + ld({ "@type": "Article", headline: "Late LD" }),
    );
    expect(extractMetadata(html, URL_).title).toBe("Late LD");
  });

  it("reads metadata in the body after a head left unclosed mid-tag", () => {
    const html =
      `<html><head><title>Broken head</title><meta name="author" content="Head Author"<link rel=x>` +
      `<body><p>text</p><meta property="og:description" content="Body description">` +
      `<span itemprop="datePublished" content="2024-02-01"></span></body></html>`;
    expect(extractMetadata(html, URL_)).toMatchObject({
      title: "Broken head",
      excerpt: "Body description",
      published: "2024-02-01",
    });
  });

  it("does not read a value from an attribute it does not keep", () => {
    const html = page(
      '<meta name="author" data-content="Not this" content="">' + '<meta data-name="author" content="Nor this">',
    );
    expect(extractMetadata(html, URL_).byline).toBeNull();
  });
});

describe("extractMetadata: JSON-LD shapes", () => {
  it("finds the article in an @graph and resolves @id references (Yoast style)", () => {
    const html = page(
      ld({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebSite", "@id": "#website", name: "Garden Notes" },
          { "@type": "Person", "@id": "#me", name: "Fern Gale" },
          { "@type": "ImageObject", "@id": "#lead", url: "https://cdn.example.org/tulips.jpg" },
          {
            "@type": "WebPage",
            "@id": "#page",
            name: "Tulips in March - Garden Notes",
            datePublished: "2019-03-01",
          },
          { "@type": ["Article"], headline: "Tulips in March", author: { "@id": "#me" }, image: { "@id": "#lead" } },
        ],
      }),
    );
    expect(extractMetadata(html, URL_)).toMatchObject({
      title: "Tulips in March",
      byline: "Fern Gale",
      published: "2019-03-01",
      image: "https://cdn.example.org/tulips.jpg",
      siteName: "Garden Notes",
    });
  });

  it("prefers the page's own article over articles it lists, and reads arrays at the top level", () => {
    const html = page(
      ld([
        { "@type": "BreadcrumbList", itemListElement: [] },
        {
          "@type": "BlogPosting",
          headline: "Why we moved to the coast",
          author: "Gil Harbor",
          hasPart: [{ "@type": "NewsArticle", headline: "Some other story", author: "Someone Else" }],
        },
      ]),
    );
    expect(extractMetadata(html, URL_)).toMatchObject({ title: "Why we moved to the coast", byline: "Gil Harbor" });
  });

  it("takes the name of an Organization author, givenName + familyName, and skips URL authors", () => {
    const organization = { "@type": "Organization", name: "Stats Office" };
    const org = page(ld({ "@type": "Report", headline: "Annual figures", author: organization }));
    expect(extractMetadata(org, URL_).byline).toBe("Stats Office");
    const person = { "@type": "Person", givenName: "Ivy", familyName: "Lane" };
    const parts = page(ld({ "@type": "TechArticle", author: person }));
    expect(extractMetadata(parts, URL_).byline).toBe("Ivy Lane");
    const url = page(
      ld({ "@type": "Article", author: "https://example.org/authors/ivy" }) + `<meta name="author" content="Ivy Lane">`,
    );
    expect(extractMetadata(url, URL_).byline).toBe("Ivy Lane");
  });

  it("takes the first image of an array and accepts prefixed types", () => {
    const html = page(
      ld({
        "@type": "schema:NewsArticle",
        headline: "Snow day",
        image: ["https://a.example.org/1.jpg", "https://a.example.org/2.jpg"],
      }),
    );
    expect(extractMetadata(html, URL_)).toMatchObject({ title: "Snow day", image: "https://a.example.org/1.jpg" });
  });

  it("decodes entities inside JSON-LD strings", () => {
    const html = page(ld({ "@type": "Article", headline: "Salt &amp; pepper: a cook&#8217;s guide" }));
    expect(extractMetadata(html, URL_).title).toBe("Salt & pepper: a cook’s guide");
  });
});

describe("extractMetadata: precedence and conflicts", () => {
  const everything = page(
    `<title>Title tag story | Example Gazette</title>
     <meta property="og:title" content="OG story headline here">
     <meta name="twitter:title" content="Twitter story headline">
     <meta name="author" content="Meta Author">
     <meta property="article:published_time" content="2024-05-02">
     <meta property="og:image" content="https://cdn.example.org/og.jpg">` +
      ld({
        "@type": "NewsArticle",
        headline: "JSON-LD wins the headline",
        author: { "@type": "Person", name: "Ld Author" },
        datePublished: "2024-05-01",
        image: "https://cdn.example.org/ld.jpg",
      }),
    `<h1>A different heading entirely</h1>`,
  );

  it("lets JSON-LD win over OpenGraph, Twitter, meta tags, <h1> and <title>", () => {
    expect(extractMetadata(everything, URL_)).toMatchObject({
      title: "JSON-LD wins the headline",
      byline: "Ld Author",
      published: "2024-05-01",
      image: "https://cdn.example.org/ld.jpg",
    });
  });

  it("falls through og:title > twitter:title > <h1> > <title>", () => {
    const head = `<title>T tag title text</title><meta name="twitter:title" content="Twitter title text">`;
    const og = page(`${head}<meta property="og:title" content="Og title wins here">`, "<h1>Heading one text</h1>");
    expect(extractMetadata(og, URL_).title).toBe("Og title wins here");
    const tw = page(head, "<h1>Heading one text</h1>");
    expect(extractMetadata(tw, URL_).title).toBe("Twitter title text");
    const h1 = page(`<title>T tag title text</title>`, "<h1></h1><h1>Heading <em>one</em> text</h1>");
    expect(extractMetadata(h1, URL_).title).toBe("Heading one text");
    expect(extractMetadata(page(`<title>T tag title text</title>`), URL_).title).toBe("T tag title text");
  });

  it("reads an <h1> without its permalink mark, and keeps a link that says more", () => {
    const title = (h1: string) => extractMetadata(page(`<title>T tag title text</title>`, h1), URL_).title;
    expect(title(`<h1>Advanced setup<a class="headerlink" href="#advanced-setup">¶</a></h1>`)).toBe("Advanced setup");
    expect(title(`<h1><a href="#setup"> # </a>Advanced setup</h1>`)).toBe("Advanced setup");
    expect(title(`<h1>Setup for <a href="/tags/c">C#</a> teams</h1>`)).toBe("Setup for C# teams");
    expect(title(`<h1>Setup in ten steps §</h1>`)).toBe("Setup in ten steps §");
  });

  it("reads an <h1> without the text of an svg in it (a logo's label)", () => {
    const html = page(
      `<title>Which lamp for a reading nook? (asking for 2025)</title>`,
      `<h1><a href="/"><svg viewBox="0 0 10 10"><title>Artboard 4 Created with a drawing tool</title></svg> Lumenhall</a></h1>`,
    );
    expect(extractMetadata(html, "https://lumenhall.example/t/reading-nook.42/").title).toBe(
      "Which lamp for a reading nook? (asking for 2025)",
    );
  });

  it("reads an <h1> set on two lines with a space where the line breaks", () => {
    const html = page(`<title>T tag title text</title>`, "<h1>Covered market<br>stall rental</h1>");
    expect(extractMetadata(html, URL_).title).toBe("Covered market stall rental");
    const blocks = page(`<title>T tag title text</title>`, "<h1><div>Covered market</div><div>stall rental</div></h1>");
    expect(extractMetadata(blocks, URL_).title).toBe("Covered market stall rental");
  });

  it("prefers the page's <h1> over a metadata title that tells the same story in other words", () => {
    const html = page(
      `<meta property="og:title" content="Best Electric Scooters 2025 | Ride Guide">`,
      `<h1>The Best Electric Scooters for Commuting in 2025</h1>`,
    );
    expect(extractMetadata(html, URL_).title).toBe("The Best Electric Scooters for Commuting in 2025");
  });

  it("falls through an unparseable date to the next source", () => {
    const html = page(
      ld({ "@type": "Article", datePublished: "sometime last week" }) +
        `<meta property="article:published_time" content="2024-07-04T18:00:00-05:00">`,
    );
    expect(extractMetadata(html, URL_).published).toBe("2024-07-04T18:00:00-05:00");
  });

  it("drops a modified date earlier than the published one, keeps a same-day one", () => {
    const article = (datePublished: string, dateModified: string) =>
      page(ld({ "@type": "Article", datePublished, dateModified }));
    const earlier = article("2024-05-02T10:00:00Z", "2024-05-01T10:00:00Z");
    expect(extractMetadata(earlier, URL_)).toMatchObject({ published: "2024-05-02T10:00:00Z", modified: null });
    const offsets = article("2024-05-02T10:00:00+02:00", "2024-05-02T09:30:00Z");
    expect(extractMetadata(offsets, URL_).modified).toBe("2024-05-02T09:30:00Z");
    const sameDay = article("2024-05-02T10:00:00Z", "2024-05-02");
    expect(extractMetadata(sameDay, URL_).modified).toBe("2024-05-02");
  });

  it("ignores article:author when it is a URL", () => {
    const html = page(
      `<meta property="article:author" content="https://facebook.com/someone">` +
        `<meta name="dc.creator" content="Real Name">`,
    );
    expect(extractMetadata(html, URL_).byline).toBe("Real Name");
  });
});

describe("extractMetadata: broken JSON-LD", () => {
  const good = { "@type": "Article", headline: "Recovered headline" };

  it.each([
    ["an HTML comment around it", `<!-- ${JSON.stringify(good)} -->`],
    ["a CDATA wrapper", `//<![CDATA[\n${JSON.stringify(good)}\n//]]>`],
    ["trailing commas", `{"@type": "Article", "headline": "Recovered headline", "tags": ["a", "b",],}`],
    ["a raw newline inside a string", `{"@type": "Article", "headline": "Recovered\nheadline"}`],
    ["two objects concatenated", `${JSON.stringify({ "@type": "Organization", name: "Org" })}${JSON.stringify(good)}`],
    ["an invalid object next to a valid one", `{"@type": "Article" "headline": "x"} ${JSON.stringify(good)}`],
  ])("recovers JSON-LD with %s", (_label, body) => {
    const html = page(`<script type="application/ld+json">${body}</script>`);
    expect(extractMetadata(html, URL_).title).toBe("Recovered headline");
  });

  it("ignores JSON-LD that cannot be recovered, and never throws", () => {
    for (const body of ["{", "}}}", "not json at all", '{"headline": "unterminated', "[1, 2, 3]", "null", ""]) {
      const html = page(`<title>Fallback title text</title><script type="application/ld+json">${body}</script>`);
      expect(extractMetadata(html, URL_).title).toBe("Fallback title text");
    }
  });

  it("parses concatenated bodies into their values", () => {
    expect(parseJsonLd('{"a":1}\n{"b":2,}')).toEqual([{ a: 1 }, { b: 2 }]);
    expect(parseJsonLd('"a string, with a comma,"')).toEqual(["a string, with a comma,"]);
  });

  it("survives 100,000 levels of nesting without overflowing the stack", () => {
    const depth = 100_000;
    const deepArray = "[".repeat(depth) + "]".repeat(depth);
    const deepObject = '{"a":'.repeat(depth) + '{"@type":"Article","headline":"Too deep"}' + "}".repeat(depth);
    const html = page(
      `<script type="application/ld+json">${deepArray}</script>` +
        `<script type="application/ld+json">${deepObject}</script>`,
      "<h1>Visible heading text</h1>",
    );
    expect(extractMetadata(html, URL_).title).toBe("Visible heading text");
    // Unbalanced and deep: the repair pass must be just as flat.
    const unbalanced = page(`<script type="application/ld+json">${"[{".repeat(depth)}</script>`);
    expect(() => extractMetadata(unbalanced, URL_)).not.toThrow();
  });

  it("does not read a JSON-LD body over 256 KiB", () => {
    const padding = "x".repeat(300 * 1024);
    const html = page(
      ld({ "@type": "Article", headline: "Huge body headline", padding }),
      "<h1>Heading instead here</h1>",
    );
    expect(extractMetadata(html, URL_).title).toBe("Heading instead here");
  });
});

describe("extractMetadata: caps and cleaning", () => {
  it("caps title, byline and excerpt at a word with an ellipsis", () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    const html = page(ld({ "@type": "Article", headline: words(100), author: words(60), description: words(150) }));
    const metadata = extractMetadata(html, URL_);
    expect(metadata.title!.length).toBeLessThanOrEqual(300);
    expect(metadata.byline!.length).toBeLessThanOrEqual(200);
    expect(metadata.excerpt!.length).toBeLessThanOrEqual(500);
    for (const value of [metadata.title!, metadata.byline!, metadata.excerpt!]) expect(value).toMatch(/word\d+…$/);
  });

  it("drops image URLs over 2,048 characters instead of cutting them", () => {
    const long = `https://cdn.example.org/${"a".repeat(2100)}.jpg`;
    const html = page(`<meta property="og:image" content="${long}"><meta name="twitter:image" content="/short.jpg">`);
    expect(extractMetadata(html, URL_).image).toBe("https://news.example.org/short.jpg");
  });

  it("collapses whitespace and decodes entities in titles", () => {
    const html = page(`<title>  Tom &amp; Jerry\n\n   return   again  </title>`);
    expect(extractMetadata(html, URL_).title).toBe("Tom & Jerry return again");
  });
});

describe("extractMetadata: image URLs", () => {
  it("resolves relative image URLs against <base href>, itself relative to the page", () => {
    const html = page(`<base href="/static/v2/"><meta property="og:image" content="img/lead.png">`);
    expect(extractMetadata(html, URL_).image).toBe("https://news.example.org/static/v2/img/lead.png");
  });

  it("resolves protocol-relative URLs and ignores javascript: and data: URLs", () => {
    const html = page(`
      <meta property="og:image" content="javascript:alert(1)">
      <meta property="og:image:url" content="data:image/png;base64,AAAA">
      <meta name="twitter:image" content="//cdn.example.net/pic.jpg">`);
    expect(extractMetadata(html, URL_).image).toBe("https://cdn.example.net/pic.jpg");
  });

  it("prefers og:image:secure_url, and leaves image null when nothing is http(s)", () => {
    const html = page(
      `<meta property="og:image" content="http://a.example.org/x.jpg">` +
        `<meta property="og:image:secure_url" content="https://a.example.org/x.jpg">`,
    );
    expect(extractMetadata(html, URL_).image).toBe("https://a.example.org/x.jpg");
    const ftp = page(`<meta property="og:image" content="ftp://a.example.org/x.jpg">`);
    expect(extractMetadata(ftp, URL_).image).toBeNull();
  });
});

describe("site-name stripping", () => {
  const site = { siteName: "Example Gazette", host: "www.examplegazette.com" };
  const unknown = { siteName: null, host: "www.unrelated.org" };

  it.each([
    ["Storm closes schools | Example Gazette", "Storm closes schools"],
    ["Storm closes schools - Example Gazette", "Storm closes schools"],
    ["Storm closes schools — Example Gazette", "Storm closes schools"],
    ["Storm closes schools :: Example Gazette", "Storm closes schools"],
    ["Storm closes schools -- Example Gazette", "Storm closes schools"],
    ["Example Gazette: Storm closes schools", "Storm closes schools"],
    ["Storm closes schools | Weather | Example Gazette", "Storm closes schools | Weather"],
    ["Storm closes schools - Gazette", "Storm closes schools"],
  ])("strips the known site name: %s", (title, expected) => {
    expect(stripSiteName(title, site)).toBe(expected);
  });

  it("strips by the host when no site name is known", () => {
    expect(stripSiteName("Storm closes schools - ExampleGazette", { siteName: null, host: "examplegazette.com" })).toBe(
      "Storm closes schools",
    );
  });

  it("strips down to a short headline only when the page's own h1 is that headline", () => {
    const kayaks = { siteName: null, host: "www.outfitter.example" };
    expect(stripSiteName("Kayaks | Outfitter Co-op", kayaks)).toBe("Kayaks | Outfitter Co-op");
    expect(stripSiteName("Kayaks | Outfitter Co-op", { ...kayaks, h1: "Kayaks" })).toBe("Kayaks");
    expect(stripSiteName("Auth | Quillstore Docs", { siteName: null, host: "quillstore.example", h1: " auth " })).toBe(
      "Auth",
    );
    expect(stripSiteName("Kayaks | Outfitter Co-op", { ...kayaks, h1: "Canoes" })).toBe("Kayaks | Outfitter Co-op");
  });

  it("keeps headlines that contain a dash or a colon themselves", () => {
    expect(stripSiteName("Covid-19 - what we know so far", unknown)).toBe("Covid-19 - what we know so far");
    expect(stripSiteName("Review: a quiet, careful debut novel", unknown)).toBe("Review: a quiet, careful debut novel");
    expect(stripSiteName("Review: a quiet, careful debut novel | Example Gazette", site)).toBe(
      "Review: a quiet, careful debut novel",
    );
    expect(stripSiteName("Markets slide - and then recover | Example Gazette", site)).toBe(
      "Markets slide - and then recover",
    );
  });

  it("strips a short capitalised tail by shape, but not when too little would remain", () => {
    expect(stripSiteName("Storm closes schools across the county | City Wire", unknown)).toBe(
      "Storm closes schools across the county",
    );
    expect(stripSiteName("Storm closes schools across the county - City Wire", unknown)).toBe(
      "Storm closes schools across the county",
    );
    expect(stripSiteName("Storms | City Wire", unknown)).toBe("Storms | City Wire");
    expect(stripSiteName("Storms - Example Gazette", site)).toBe("Storms - Example Gazette");
  });

  it("strips the suffix in extractMetadata using og:site_name", () => {
    const html = page(
      `<meta property="og:site_name" content="Valley Times">` +
        `<meta property="og:title" content="Mill to reopen in spring - Valley Times">`,
    );
    expect(extractMetadata(html, URL_).title).toBe("Mill to reopen in spring");
  });

  it("passes over a title that is only the site's name", () => {
    const html = page(
      `<meta property="og:site_name" content="Valley Times"><meta property="og:title" content="Valley Times">`,
      "<h1>Mill to reopen in spring</h1>",
    );
    expect(extractMetadata(html, URL_).title).toBe("Mill to reopen in spring");
  });
});

describe("isHeadline", () => {
  it("matches ignoring case, whitespace and punctuation", () => {
    expect(isHeadline("  Storm CLOSES   schools! ", "Storm closes schools")).toBe(true);
    expect(isHeadline("Covid 19: what we know", "COVID-19 — What We Know")).toBe(true);
    expect(isHeadline("Storm closes schools today", "Storm closes schools")).toBe(false);
    expect(isHeadline("anything", null)).toBe(false);
    expect(isHeadline("!!!", "???")).toBe(false);
    expect(normalizeHeadline("Über-Café, 2024!")).toBe("über café 2024");
  });
});

describe("normalizeDate", () => {
  it.each([
    ["2024-03-05", "2024-03-05"],
    ["2024-03-05T10:20:30Z", "2024-03-05T10:20:30Z"],
    ["2024-03-05T10:20+0100", "2024-03-05T10:20:00+01:00"],
    ["2024-03-05 10:20:30.123-05:00", "2024-03-05T10:20:30.123-05:00"],
    ["2024-03-05T10:20:30", "2024-03-05T10:20:30"],
    ["20240305", "2024-03-05"],
    ["2024/3/5", "2024-03-05"],
    ["March 5, 2024", "2024-03-05"],
    ["5th Mar. 2024", "2024-03-05"],
    ["Tue, 05 Mar 2024 10:20:30 GMT", "2024-03-05T10:20:30Z"],
    ["Tue, 05 Mar 2024 10:20:30 +0530", "2024-03-05T10:20:30+05:30"],
  ])("normalizes %s", (input, expected) => {
    expect(normalizeDate(input)).toBe(expected);
  });

  const invalid = [
    "",
    "yesterday",
    "2024-02-30",
    "2023-13-01",
    "0001-01-01",
    "2024-03-05T25:00:00",
    "1709630430",
    "2024-03-05T10:00+15:00",
  ];
  it.each(invalid)("refuses %s", (input) => {
    expect(normalizeDate(input)).toBeNull();
  });
});

describe("title suffixes that are part of the headline", () => {
  it("keeps a dash tail holding a number (an edition, a year, a part)", () => {
    const page = `<html><head><title>Millbrook Parish Newsletter - Autumn 2019</title></head><body><p>x</p></body></html>`;
    expect(extractMetadata(page, "https://millbrook.example.org/news").title).toBe(
      "Millbrook Parish Newsletter - Autumn 2019",
    );
  });
});
