import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { renderHtml, type HtmlOptions } from "../../src/core/render-html";
import { escapeInline, escapeLine, renderMarkdown, type MarkdownOptions } from "../../src/core/render-markdown";
import { segmentHtml } from "../../src/core/segment";
import type { TextBlock } from "../../src/core/types";

const CONTENT: BlockVerdict = { label: "content", rule: "test", node: "", support: 0, count: 0 };
const UNSEEN: BlockVerdict = { label: "content-unseen", rule: "test", node: "", support: 0, count: 0 };
const BOILER: BlockVerdict = { label: "boilerplate", rule: "test", node: "", support: 0, count: 0 };

let nextElement = 1;
/** A hand-made block; the tag defaults to the path's last element, the element to a fresh one. */
function block(text: string, path: string, tag?: string, element = nextElement++): TextBlock {
  const last = path.split(">").pop() ?? "";
  return { text, path, tag: tag ?? last.replace(/[#.].*$/, ""), linkShare: 0, landmark: null, hardTag: null, element };
}

/** Segments a body and marks every block content, except those whose text `boiler` matches. */
function page(body: string, boiler?: RegExp): { blocks: TextBlock[]; verdicts: BlockVerdict[] } {
  const { blocks } = segmentHtml(`<!DOCTYPE html><html><head></head><body><div id="main">${body}</div></body></html>`);
  return { blocks, verdicts: blocks.map((b) => (boiler?.test(b.text) ? BOILER : CONTENT)) };
}
const md = (body: string, options?: MarkdownOptions) => {
  const { blocks, verdicts } = page(body);
  return renderMarkdown(blocks, verdicts, options);
};
/** The `<article>` content of the HTML rendering, one element a line. */
const article = (body: string, options?: HtmlOptions) => {
  const { blocks, verdicts } = page(body);
  const html = renderHtml(blocks, verdicts, options);
  return /<article>\n?([\s\S]*?)<\/article>/.exec(html)![1]!.trimEnd();
};

describe("headings", () => {
  it("h1..h6 in markdown", () => {
    expect(md(`<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>`)).toBe(
      "# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n",
    );
  });

  it("h1..h6 in HTML", () => {
    expect(article(`<h1>One</h1><h3>Three</h3><h6>Six</h6>`)).toBe("<h1>One</h1>\n<h3>Three</h3>\n<h6>Six</h6>");
  });

  it("a heading holding a generic element is still a heading", () => {
    expect(md(`<h2><div>Inner</div></h2>`)).toBe("## Inner\n");
  });

  it("a trailing # run is not read as a closing sequence", () => {
    expect(md(`<h2>Issue #</h2>`)).toBe("## Issue \\#\n");
  });
});

describe("lists", () => {
  it("groups consecutive items of one ul", () => {
    expect(md(`<ul><li>A</li><li>B</li><li>C</li></ul>`)).toBe("- A\n- B\n- C\n");
    expect(article(`<ul><li>A</li><li>B</li></ul>`)).toBe("<ul>\n<li>A</li>\n<li>B</li>\n</ul>");
  });

  it("reads ol from the path and numbers markdown items", () => {
    expect(md(`<ol><li>First</li><li>Second</li></ol>`)).toBe("1. First\n2. Second\n");
    expect(article(`<ol><li>First</li><li>Second</li></ol>`)).toBe("<ol>\n<li>First</li>\n<li>Second</li>\n</ol>");
  });

  it("lists with different paths are separate lists", () => {
    const body = `<ul class="a"><li>A1</li><li>A2</li></ul><ul class="b"><li>B1</li></ul><ol><li>O1</li></ol>`;
    expect(article(body)).toBe(
      "<ul>\n<li>A1</li>\n<li>A2</li>\n</ul>\n<ul>\n<li>B1</li>\n</ul>\n<ol>\n<li>O1</li>\n</ol>",
    );
    // Adjacent bullet lists switch marker, or CommonMark would merge them.
    expect(md(body)).toBe("- A1\n- A2\n\n* B1\n\n1. O1\n");
  });

  it("a paragraph between items ends the list", () => {
    const body = `<ul><li>A</li></ul><p>Between</p><ul><li>B</li></ul>`;
    expect(article(body)).toBe("<ul>\n<li>A</li>\n</ul>\n<p>Between</p>\n<ul>\n<li>B</li>\n</ul>");
    expect(md(body)).toBe("- A\n\nBetween\n\n- B\n");
  });

  it("nests lists inside their item", () => {
    const body = `<ul><li>A<ul><li>a1</li><li>a2</li></ul></li><li>B</li></ul>`;
    expect(md(body)).toBe("- A\n  - a1\n  - a2\n- B\n");
    expect(article(body)).toBe("<ul>\n<li>A\n<ul>\n<li>a1</li>\n<li>a2</li>\n</ul>\n</li>\n<li>B</li>\n</ul>");
  });

  it("an li holding generic elements is one item per block", () => {
    expect(md(`<ul><li><p>One</p></li><li><div><span>Two</span></div></li></ul>`)).toBe("- One\n- Two\n");
  });

  it("skipped boilerplate items do not split the list", () => {
    const { blocks, verdicts } = page(`<ul><li>A</li><li>Ad</li><li>B</li></ul>`, /^Ad$/);
    expect(renderMarkdown(blocks, verdicts)).toBe("- A\n- B\n");
  });
});

describe("code", () => {
  it("pre becomes a fenced block; br-split lines stay lines; text is not escaped", () => {
    const body = `<pre><code>let a = b * c;<br>if (a &lt; 2) { f(_x_); }</code></pre>`;
    expect(md(body)).toBe("```\nlet a = b * c;\nif (a < 2) { f(_x_); }\n```\n");
    expect(article(body)).toBe("<pre><code>let a = b * c;\nif (a &lt; 2) { f(_x_); }</code></pre>");
  });

  it("the fence is longer than any backtick run in the code", () => {
    const blocks = [block("x = ```y```", "html>body>pre")];
    expect(renderMarkdown(blocks, [CONTENT])).toBe("````\nx = ```y```\n````\n");
  });

  it("a code holder counts as code", () => {
    const blocks = [block("npm test", "html>body>code")];
    expect(renderMarkdown(blocks, [CONTENT])).toBe("```\nnpm test\n```\n");
  });
});

describe("quotes", () => {
  it("blockquote anywhere in the path quotes the block", () => {
    const body = `<p>Before</p><blockquote><div><p>Quoted</p></div><p><em>Said</em> again</p></blockquote><p>After</p>`;
    expect(md(body)).toBe("Before\n\n> Quoted\n>\n> *Said* again\n\nAfter\n");
    expect(article(body)).toBe(
      "<p>Before</p>\n<blockquote>\n<p>Quoted</p>\n<p><em>Said</em> again</p>\n</blockquote>\n<p>After</p>",
    );
  });

  it("nested quotes and lists inside quotes", () => {
    const body = `<blockquote><p>Outer</p><blockquote>Inner</blockquote><ul><li>Item</li></ul></blockquote>`;
    expect(md(body)).toBe("> Outer\n>\n> > Inner\n>\n> - Item\n");
    expect(article(body)).toBe(
      "<blockquote>\n<p>Outer</p>\n<blockquote>\n<p>Inner</p>\n</blockquote>\n<ul>\n<li>Item</li>\n</ul>\n</blockquote>",
    );
  });
});

describe("joined lines, tables, captions", () => {
  it("blocks split by <br> join as lines of one paragraph; sibling paragraphs do not", () => {
    const body = `<p>first line<br>second line<br>third</p><p>Other</p>`;
    expect(md(body)).toBe("first line\\\nsecond line\\\nthird\n\nOther\n");
    expect(article(body)).toBe("<p>first line<br>second line<br>third</p>\n<p>Other</p>");
  });

  it("br-split list items, headings and captions stay one unit", () => {
    const body = `<ol><li>one<br>- more</li><li>two</li></ol><h2>Main<br>Sub</h2><figure><figcaption>a<br>b</figcaption></figure>`;
    expect(md(body)).toBe("1. one\\\n   \\- more\n2. two\n\n## Main Sub\n\n*a*\\\n*b*\n");
    expect(article(body)).toBe(
      "<ol>\n<li>one<br>- more</li>\n<li>two</li>\n</ol>\n<h2>Main<br>Sub</h2>\n<p><em>a<br>b</em></p>",
    );
  });

  it("a boilerplate block between blocks of one element ends the paragraph", () => {
    const blocks = [block("One", "body>p", "p", 7), block("Ad", "body>p", "p", 7), block("Two", "body>p", "p", 7)];
    expect(renderMarkdown(blocks, [CONTENT, BOILER, UNSEEN])).toBe("One\n\nTwo\n");
    expect(renderHtml(blocks, [CONTENT, BOILER, UNSEEN])).toContain("<p>One</p>\n<p>Two</p>");
  });

  it("table cells are paragraphs; captions are italic", () => {
    const body = `<figure><figcaption>A cat</figcaption></figure><table><tr><th>Name</th></tr></table><table class="t"><tr><td><div>Cell</div></td></tr></table>`;
    expect(md(body)).toBe("*A cat*\n\nName\n\nCell\n");
    expect(article(body)).toBe("<p><em>A cat</em></p>\n<p>Name</p>\n<p>Cell</p>");
  });
});

describe("boilerplate", () => {
  it("only content blocks are rendered, in order", () => {
    const blocks = [
      block("Menu", "body>nav>a", "nav"),
      block("Story", "body>div>p"),
      block("Share this", "body>div>div.share"),
      block("More story", "body>div>p.more", "p"),
    ];
    const verdicts = [BOILER, CONTENT, BOILER, UNSEEN];
    expect(renderMarkdown(blocks, verdicts)).toBe("Story\n\nMore story\n");
    const html = renderHtml(blocks, verdicts);
    expect(html).toContain("<article>\n<p>Story</p>\n<p>More story</p>\n</article>");
    expect(html).not.toContain("Menu");
    expect(html).not.toContain("Share");
  });
});

describe("escaping", () => {
  it("markdown: block markers at line start are escaped", () => {
    const lines = [
      "# not a heading",
      "> not a quote",
      "- not a list",
      "* not a list",
      "+ not a list",
      "1. not a list",
      "2) nor this",
      "===",
      "plain 1. text - here",
    ];
    const blocks = lines.map((t) => block(t, "body>p", "p", 99));
    expect(
      renderMarkdown(
        blocks,
        blocks.map(() => CONTENT),
      ),
    ).toBe(
      [
        "\\# not a heading",
        "\\> not a quote",
        "\\- not a list",
        "\\* not a list",
        "\\+ not a list",
        "1\\. not a list",
        "2\\) nor this",
        "\\===",
        "plain 1. text - here",
      ].join("\\\n") + "\n",
    );
  });

  it("markdown: inline markup is escaped minimally", () => {
    expect(escapeInline("a *b* _c_ `d` [e](f) snake_case_name")).toBe(
      "a \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) snake_case_name",
    );
    expect(escapeInline("back\\slash <b>tag</b> a < b &amp; R&D")).toBe(
      "back\\\\slash \\<b>tag\\</b> a < b \\&amp; R&D",
    );
    expect(escapeLine("10. Tips")).toBe("10\\. Tips");
    expect(escapeLine("Item - one")).toBe("Item - one");
  });

  it("markdown: list items and headings escape their text", () => {
    const blocks = [
      block("*Star* item", "body>ul>li"),
      block("- dash item", "body>ul>li"),
      block("A_B *x*", "body>h2"),
    ];
    expect(renderMarkdown(blocks, [CONTENT, CONTENT, CONTENT])).toBe(
      "- \\*Star\\* item\n- \\- dash item\n\n## A_B \\*x\\*\n",
    );
  });

  it("HTML: page text cannot inject markup", () => {
    const body = `<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "double" 'single'</p>`;
    const { blocks, verdicts } = page(body);
    expect(blocks[0]!.text).toBe(`<script>alert(1)</script> & "double" 'single'`);
    const html = renderHtml(blocks, verdicts, {
      title: `<script>alert("t")</script>`,
      lang: `en" onload="x`,
      url: `https://x.test/?a=1&b="><script>`,
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;double&quot; &#39;single&#39;</p>");
    expect(html).toContain("<title>&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;</title>");
    expect(html).toContain(`<html lang="en&quot; onload=&quot;x">`);
    expect(html).toContain(`<link rel="canonical" href="https://x.test/?a=1&amp;b=&quot;&gt;&lt;script&gt;">`);
  });

  it("HTML: non-http URLs are not linked", () => {
    const html = renderHtml([], [], { url: "javascript:alert(1)" });
    expect(html).not.toContain("javascript");
  });
});

describe("title", () => {
  it("the first h1 is the headline, moved on top and written once; the page title is not used", () => {
    const body = `<p>Intro</p><h1>Headline</h1>`;
    expect(md(body, { title: "Headline | Site" })).toBe("# Headline\n\nIntro\n");
    expect(article(body, { title: "Headline | Site" })).toBe("<h1>Headline</h1>\n<p>Intro</p>");
  });

  it("is not duplicated when the first block is an h1 with the same text", () => {
    const body = `<h1>The  Headline</h1><p>Body</p>`;
    expect(md(body, { title: "The Headline" })).toBe("# The Headline\n\nBody\n");
    expect(article(body, { title: "The Headline" })).toBe("<h1>The Headline</h1>\n<p>Body</p>");
  });

  it("an h1 set twice (a responsive template's two headers, a hero's h2) is written once", () => {
    const body = `<h1>Lantern Parts</h1><p>Parts for every lantern we sold.</p><h1>Lantern Parts</h1><h2>Wicks</h2>`;
    expect(md(body, { headline: "Lantern Parts" })).toBe(
      "# Lantern Parts\n\nParts for every lantern we sold.\n\n## Wicks\n",
    );
    expect(md(body)).toBe("# Lantern Parts\n\nParts for every lantern we sold.\n\n## Wicks\n");
    // A hero's h2 repeating it goes as well; a lower heading saying it is a section of its own.
    const hero = `<h1>Lantern Parts</h1><p>Parts for every lantern we sold.</p><h2>Lantern  parts</h2><h3>Lantern Parts</h3>`;
    expect(md(hero)).toBe("# Lantern Parts\n\nParts for every lantern we sold.\n\n### Lantern Parts\n");
  });

  it("without an h1, the title heads the article and an h2 with the same text is not repeated", () => {
    expect(md(`<h2>Headline</h2><p>Body</p>`, { title: "Headline" })).toBe("# Headline\n\nBody\n");
    expect(md(`<h2>Other</h2>`, { title: "Headline" })).toBe("# Headline\n\n## Other\n");
  });

  it("sets the document title, falling back to the first heading", () => {
    const { blocks, verdicts } = page(`<p>x</p><h2>Sub</h2>`);
    expect(renderHtml(blocks, verdicts, { title: "Given" })).toContain("<title>Given</title>");
    expect(renderHtml(blocks, verdicts)).toContain("<title>Sub</title>");
  });

  it("is escaped in markdown", () => {
    expect(renderMarkdown([], [], { title: "C# *fast* tips #" })).toBe("# C# \\*fast\\* tips \\#\n");
  });
});

describe("empty content and document shape", () => {
  it("markdown: empty without a title, just the title with one", () => {
    const blocks = [block("Nav", "body>nav", "nav")];
    expect(renderMarkdown(blocks, [BOILER])).toBe("");
    expect(renderMarkdown(blocks, [BOILER], { title: "Only Title" })).toBe("# Only Title\n");
  });

  it("HTML: empty content still gives a complete document", () => {
    expect(renderHtml([], [], { lang: "de" })).toBe(
      '<!doctype html>\n<html lang="de">\n<head>\n<meta charset="utf-8">\n<title></title>\n</head>\n<body>\n<article>\n</article>\n</body>\n</html>\n',
    );
    expect(renderHtml([], [], { title: "T", url: "https://e.test/a" })).toBe(
      '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>T</title>\n<link rel="canonical" href="https://e.test/a">\n</head>\n<body>\n<article>\n<h1>T</h1>\n</article>\n</body>\n</html>\n',
    );
  });

  it("outputs are deterministic, end with one newline and have no trailing whitespace", () => {
    const body = `<h1>T</h1><p>a<br>b</p><blockquote><p>q</p><p class="x">r</p></blockquote><ul><li>i<ul><li>j</li></ul></li></ul><pre>c</pre><ul><ul><li>deep</li></ul></ul>`;
    const { blocks, verdicts } = page(body);
    for (const render of [
      () => renderMarkdown(blocks, verdicts, { title: "T" }),
      () => renderHtml(blocks, verdicts, { title: "T" }),
    ]) {
      const out = render();
      expect(render()).toBe(out);
      expect(out.endsWith("\n")).toBe(true);
      expect(out.endsWith("\n\n")).toBe(false);
      expect(out).not.toMatch(/[ \t]$/m);
    }
  });

  it("HTML: tags are balanced, even for nested lists without item text", () => {
    const { blocks, verdicts } = page(
      `<ul><li><ul><li>deep</li></ul></li></ul><blockquote><ul><li>q</li></ul></blockquote>`,
    );
    const html = renderHtml(blocks, verdicts);
    const stack: string[] = [];
    for (const [, close, name] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)[^>]*>/g)) {
      if (name === "meta" || name === "link" || name === "br") continue;
      if (close) expect(stack.pop()).toBe(name);
      else stack.push(name!);
    }
    expect(stack).toEqual([]);
    expect(html).toContain("<ul>\n<li>\n<ul>\n<li>deep</li>\n</ul>\n</li>\n</ul>");
    expect(renderMarkdown(blocks, verdicts)).toBe("-\n  - deep\n\n> - q\n");
  });
});
