import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { normalizeHeadline, sameHeadline } from "../../src/core/headline";
import { renderHtml, renderHtmlFragment, type FragmentOptions } from "../../src/core/render-html";
import { renderMarkdown, type MarkdownOptions } from "../../src/core/render-markdown";
import { renderText } from "../../src/core/render-text";
import { segmentHtml } from "../../src/core/segment";

const CONTENT: BlockVerdict = { label: "content", rule: "test", node: "", support: 0, count: 0 };
const BOILER: BlockVerdict = { label: "boilerplate", rule: "test", node: "", support: 0, count: 0 };
const URL_ = "https://site.example/news/story.html";

/** Segments a body (every block content unless `boiler` matches its text). */
function page(body: string, head = "", boiler?: RegExp) {
  const html = `<!DOCTYPE html><html><head>${head}</head><body><main>${body}</main></body></html>`;
  const { blocks } = segmentHtml(html, URL_);
  return { blocks, verdicts: blocks.map((b) => (boiler?.test(b.text) ? BOILER : CONTENT)) };
}
const md = (body: string, options?: MarkdownOptions, boiler?: RegExp) => {
  const p = page(body, "", boiler);
  return renderMarkdown(p.blocks, p.verdicts, options);
};
const fragment = (body: string, options?: FragmentOptions) => {
  const p = page(body);
  return renderHtmlFragment(p.blocks, p.verdicts, options);
};
const text = (body: string) => {
  const p = page(body);
  return renderText(p.blocks, p.verdicts);
};

const TABLE = `<table><thead><tr><th>Name</th><th>Price | USD</th></tr></thead>
  <tbody><tr><td><a href="/p/1">Widget</a></td><td>3</td></tr><tr><td>Gadget</td><td>10</td></tr></tbody></table>`;

describe("markdown constructs", () => {
  it("links are [text](absolute url); images ![alt](url) with the caption in italics after", () => {
    const out = md(
      `<p>See <a href="/a(1)">this page</a> now.</p>` +
        `<figure><img src="/i.png" alt="A [cat]"><figcaption>The cat</figcaption></figure>`,
    );
    expect(out).toBe(
      "See [this page](https://site.example/a%281%29) now.\n\n" +
        "![A \\[cat\\]](https://site.example/i.png)\n\n*The cat*\n",
    );
  });

  it("no javascript: URLs and no empty links", () => {
    const out = md(
      `<p><a href="javascript:evil()">click</a> <a href="/x"> </a> <a href="/y"><img src="data:,"></a> end</p>`,
    );
    // The image splits the paragraph into two blocks (as it always has): lines of one paragraph.
    expect(out).toBe("click\\\nend\n");
    expect(out).not.toContain("javascript");
    expect(out).not.toMatch(/\[\]\(/);
  });

  it("heading levels, nested and ordered lists, quotes", () => {
    const out = md(
      `<h2>Two</h2><h4>Four</h4><ol start="3"><li>c<ul><li>nested</li></ul></li><li>d</li></ol>` +
        `<blockquote><p>Said.</p></blockquote>`,
    );
    expect(out).toBe("## Two\n\n#### Four\n\n3. c\n   - nested\n4. d\n\n> Said.\n");
  });

  it("pipe tables: the header row, | escaped, links inside cells", () => {
    expect(md(TABLE)).toBe(
      "| Name | Price \\| USD |\n| --- | --- |\n| [Widget](https://site.example/p/1) | 3 |\n| Gadget | 10 |\n",
    );
  });

  it("fenced code keeps its language and whitespace; a rule is ---", () => {
    const out = md(`<p>Intro</p><hr><pre><code class="language-python">def f():\n    return 1</code></pre>`);
    expect(out).toBe("Intro\n\n---\n\n```python\ndef f():\n    return 1\n```\n");
  });

  it("lines of one <pre> set as elements of their own are one code block; two <pre>s stay two", () => {
    const lines = `<pre><code class="language-js"><div class="cm-line">let a = 1;</div><div class="cm-line">  a += 2;</div></code></pre>`;
    expect(md(`<p>Intro</p>${lines}`)).toBe("Intro\n\n```js\nlet a = 1;\n  a += 2;\n```\n");
    expect(md(`<pre>one</pre><pre>two</pre>`)).toBe("```\none\n```\n\n```\ntwo\n```\n");
    // A line left out between them: two fences, not one that hides the gap.
    const gap = `<pre><code><div>let a = 1;</div><div>ad();</div><div>a += 2;</div></code></pre>`;
    expect(md(gap, {}, /^ad\(\);$/)).toBe("```\nlet a = 1;\n```\n\n```\na += 2;\n```\n");
    // A highlighter's line spans (display: block) with no newline between them start lines too.
    const spans = `<pre><code><span class="code-line">if (x) {</span><span class="code-line">  go();</span><span class="code-line">}</span></code></pre>`;
    expect(md(spans)).toBe("```\nif (x) {\n  go();\n}\n```\n");
    const shiki = `<pre><code><span class="line">a();</span>\n<span class="line">b();</span></code></pre>`;
    expect(md(shiki)).toBe("```\na();\nb();\n```\n");
  });

  it("links and images can be turned off", () => {
    const body =
      `<p>A <a href="/l">link</a>.</p>` + `<figure><img src="/i.png" alt="pic"><figcaption>Cap</figcaption></figure>`;
    expect(md(body, { links: false, images: false })).toBe("A link.\n\n*Cap*\n");
    expect(md(body, { links: false })).toContain("![pic](https://site.example/i.png)");
    expect(md(body, { images: false })).toContain("[link](https://site.example/l)");
  });

  it("an image goes with its block: dropped when that block is boilerplate", () => {
    const body = `<p>Intro</p><div><img src="/ad.png" alt="ad"><p>Sponsored</p></div><p>Story</p>`;
    expect(md(body, {}, /Sponsored/)).toBe("Intro\n\nStory\n");
  });

  it("a figure whose caption is boilerplate keeps its image when content follows, outside template regions", () => {
    const figure = `<figure><img src="/f.jpg" alt="F"><figcaption>Photo: Agency</figcaption></figure>`;
    expect(md(`${figure}<p>Story</p>`, {}, /Agency/)).toBe("![F](https://site.example/f.jpg)\n\nStory\n");
    expect(md(`<p>Story</p>${figure}<p>Related</p>`, {}, /Agency|Related/)).toBe("Story\n");
    expect(md(`<aside>${figure}</aside><p>Story</p>`, {}, /Agency/)).toBe("Story\n");
    expect(fragment(`${figure}<p>Story</p>`)).toContain("<figcaption>Photo: Agency</figcaption>");
  });
});

describe("headline once", () => {
  it("markdown starts with the given headline; an equal h1 (up to case and punctuation) is not repeated", () => {
    const out = md(`<h1>Rates rise, again!</h1><p>Body</p><h1>Another part</h1>`, { headline: "Rates Rise — Again" });
    expect(out).toBe("# Rates Rise — Again\n\nBody\n\n## Another part\n");
  });

  it("without a headline the first h1 is the headline and the <title> with its site suffix is not written", () => {
    const out = md(`<p>Kicker</p><h1>The Story</h1><p>Body</p>`, { title: "The Story | Daily Site" });
    expect(out).toBe("# The Story\n\nKicker\n\nBody\n");
  });

  it("HTML has exactly one h1", () => {
    const out = fragment(`<h1>Title</h1><h1>Second</h1><h2>Sub</h2>`, { headline: "Title" });
    expect(out.match(/<h1>/g)).toHaveLength(1);
    expect(out).toBe("<h1>Title</h1>\n<h2>Second</h2>\n<h2>Sub</h2>");
  });

  it("the comparison ignores case, whitespace and punctuation only", () => {
    expect(sameHeadline("  Hello,   World! ", "hello world")).toBe(true);
    expect(sameHeadline("Hello world 2", "Hello world")).toBe(false);
    expect(sameHeadline("", "")).toBe(false);
    expect(normalizeHeadline("Ｆｕｌｌ–width")).toBe("full width");
  });
});

describe("HTML", () => {
  it("tables have a head and body, links and images absolute", () => {
    expect(fragment(TABLE)).toBe(
      [
        "<table>",
        "<thead>",
        "<tr><th>Name</th><th>Price | USD</th></tr>",
        "</thead>",
        "<tbody>",
        '<tr><td><a href="https://site.example/p/1">Widget</a></td><td>3</td></tr>',
        "<tr><td>Gadget</td><td>10</td></tr>",
        "</tbody>",
        "</table>",
      ].join("\n"),
    );
  });

  it("figures, code with its language class, ordered start", () => {
    const out = fragment(
      `<figure><img src="x.png" alt='"q"'><figcaption>C</figcaption></figure>` +
        `<pre class="lang-js">a &lt; b</pre><ol start="2"><li>b</li></ol>`,
    );
    expect(out).toBe(
      '<figure><img src="https://site.example/news/x.png" alt="&quot;q&quot;"><figcaption>C</figcaption></figure>\n' +
        '<pre><code class="language-js">a &lt; b</code></pre>\n<ol start="2">\n<li>b</li>\n</ol>',
    );
  });

  it("a page full of scripts, handlers, frames, forms and styles yields none of them", () => {
    const hostile = `<h1 onclick="x()">Title</h1><script>alert(1)</script><style>p{}</style>
      <p style="color:red" onmouseover="steal()">Text <a href="javascript:alert(2)" onclick="y()">js</a>
      <a href="/ok" target="_blank" rel="x" class="c">ok</a> <img src="/i.png" onerror="z()" alt="i"> &lt;script&gt;</p>
      <iframe src="https://evil.example/"></iframe><form action="/post"><input name="q"><button>Go</button></form>
      <object data="x.swf"></object><embed src="y.swf"><svg onload="a()"><text>svg</text></svg>
      <table><tr><th onclick="t()">H</th><th>K</th></tr><tr><td style="x">v</td><td>w</td></tr></table>`;
    const p = page(hostile);
    const outputs = [
      renderHtml(p.blocks, p.verdicts, { url: URL_, title: "T" }),
      renderHtmlFragment(p.blocks, p.verdicts),
    ];
    const allowed = new Set([
      "p",
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "a",
      "img",
      "figure",
      "figcaption",
      "ul",
      "ol",
      "li",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "blockquote",
      "pre",
      "code",
      "em",
      "strong",
      "br",
      "hr",
    ]);
    const attributes = ["href", "src", "alt", "class", "start"];
    const documentTags = new Set(["html", "head", "meta", "title", "link", "body", "article"]);
    for (const html of outputs) {
      for (const [, tag, attrs] of html.matchAll(/<\/?([a-z0-9!]+)([^>]*)>/gi)) {
        if (tag === "!doctype" || documentTags.has(tag!)) continue;
        expect(allowed).toContain(tag);
        for (const [, name] of attrs!.matchAll(/\s([a-z-]+)=/gi)) expect(attributes).toContain(name);
      }
      expect(html).not.toMatch(/<(script|style|iframe|form|input|button|object|embed|svg)\b/i);
      expect(html).not.toMatch(/\son[a-z]+=|javascript:|style=/i);
      expect(html).toContain('<a href="https://site.example/ok">ok</a>');
      expect(html).toContain("&lt;script&gt;");
    }
  });
});

describe("text", () => {
  it("table rows are lines, cells tab-separated in reading order; no markup", () => {
    expect(text(`<p>Before</p>${TABLE}<p>After</p>`)).toBe(
      "Before\n\nName\tPrice | USD\nWidget\t3\nGadget\t10\n\nAfter",
    );
    const out = text(
      `<h2>Head</h2><p>A <a href="/x">link</a></p>` +
        `<figure><img src="/i.png" alt="alt text"><figcaption>Cap</figcaption></figure>`,
    );
    expect(out).toBe("Head\n\nA link\n\nCap");
  });
});

describe("feed fragments", () => {
  const body = "<h1>Rain in Spain</h1><p>It mostly falls on the plain, say the forecasters today.</p>";
  it("leave out the headline a feed reader already shows as the item title, and its copy in the content", () => {
    const out = fragment(body, { headline: "Rain in Spain", headlineShownElsewhere: true });
    expect(out).not.toContain("Rain in Spain");
    expect(out).toContain("<p>It mostly falls on the plain");
  });
  it("keep the content's headline as the one <h1> when the item has no title", () => {
    const out = fragment(body, { headline: "", headlineShownElsewhere: true });
    expect(out.match(/<h1>/g)).toHaveLength(1);
    expect(out).toContain("<h1>Rain in Spain</h1>");
  });
});
