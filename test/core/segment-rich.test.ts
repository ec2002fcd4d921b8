import { describe, expect, it } from "vitest";
import { collapseWhitespace, segmentHtml } from "../../src/core/segment";
import { bestOfSrcset, codeLanguage, linkTarget } from "../../src/core/segment-rich";
import { collapseWithMarks } from "../../src/core/segment-text";
import type { TextBlock } from "../../src/core/types";

const URL_ = "https://news.example/section/story.html";
const page = (body: string, head = "") => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const blocks = (body: string, head = "") => segmentHtml(page(body, head), URL_).blocks;
const linkTexts = (b: TextBlock) => (b.rich?.links ?? []).map((l) => [b.text.slice(l.start, l.end), l.href]);

describe("links", () => {
  it("keep their text range and an absolute href; the text is what it was", () => {
    const [b] = blocks(
      `<p>Read <a href="../other/a.html">the  <b>other</b> story</a> and <a href="https://x.example/">x</a>.</p>`,
    );
    expect(b!.text).toBe("Read the other story and x.");
    expect(linkTexts(b!)).toEqual([
      ["the other story", "https://news.example/other/a.html"],
      ["x", "https://x.example/"],
    ]);
    expect(b!.linkShare).toBeGreaterThan(0.5);
  });

  it("resolve against <base href>, itself relative to the page", () => {
    const [b] = blocks(`<p><a href="a.html">a</a></p>`, `<base href="/docs/v2/">`);
    expect(linkTexts(b!)).toEqual([["a", "https://news.example/docs/v2/a.html"]]);
  });

  it("drop javascript:, data:, empty and fragment-only hrefs but keep their text", () => {
    const body =
      `<p><a href="javascript:alert(1)">js</a> <a href="data:text/html,x">data</a> <a href="">empty</a> ` +
      `<a href="#top">top</a> <a href=" JAVASCRIPT:x">js2</a></p>`;
    const [b] = blocks(body);
    expect(b!.text).toBe("js data empty top js2");
    expect(b!.rich?.links).toBeUndefined();
  });

  it("relative hrefs need a page URL; absolute ones do not", () => {
    const [b] = segmentHtml(page(`<p><a href="/a">rel</a> <a href="http://abs.example/b">abs</a></p>`)).blocks;
    expect(linkTexts(b!)).toEqual([["abs", "http://abs.example/b"]]);
    expect(linkTarget("mailto:someone@example.org", null)).toBe("mailto:someone@example.org");
  });
});

describe("images", () => {
  it("take the real URL of lazy-loading markup over a placeholder src", () => {
    const body = (img: string) => `<figure>${img}<figcaption>Caption</figcaption></figure>`;
    const src = (img: string) => blocks(body(img))[0]!.rich?.images?.[0]?.src;
    expect(src(`<img src="data:image/gif;base64,R0l" data-src="/img/a.jpg">`)).toBe("https://news.example/img/a.jpg");
    expect(src(`<img src="/blank.gif" data-lazy-src="b.jpg">`)).toBe("https://news.example/section/b.jpg");
    expect(src(`<img data-original="//cdn.example/c.jpg">`)).toBe("https://cdn.example/c.jpg");
    expect(src(`<img srcset="s.jpg 320w, l.jpg 1024w, m.jpg 640w">`)).toBe("https://news.example/section/l.jpg");
    expect(src(`<img src="data:image/png;base64,x" data-srcset="d1.jpg 1x, d2.jpg 2x">`)).toBe(
      "https://news.example/section/d2.jpg",
    );
    expect(src(`<picture><source srcset="p.webp 800w"><img src="data:,"></picture>`)).toBe(
      "https://news.example/section/p.webp",
    );
    expect(src(`<img src="data:image/gif;base64,R0l">`)).toBeUndefined();
  });

  it("never make blocks; they go with their figure's caption, keeping alt", () => {
    const bs = blocks(`<p>Before.</p><figure><img src="/a.jpg" alt="A  cat"><figcaption>The cat</figcaption></figure>`);
    expect(bs.map((b) => b.text)).toEqual(["Before.", "The cat"]);
    expect(bs[1]!.rich?.images).toEqual([{ at: 0, src: "https://news.example/a.jpg", alt: "A cat" }]);
  });

  it("an image ending a paragraph goes after its text; an image alone goes with the next block nearby", () => {
    const bs = blocks(
      `<article><p>Text <img src="/in.png"></p>` +
        `<div class="hero"><picture><img src="/hero.jpg"></picture></div><h2>Next</h2></article>`,
    );
    expect(bs[0]!.rich?.images).toEqual([{ at: 4, src: "https://news.example/in.png", alt: "" }]);
    expect(bs[1]!.rich?.images?.[0]?.src).toBe("https://news.example/hero.jpg");
  });

  it("an image with no block nearby is dropped", () => {
    const deep = (inner: string) => `<div><div><div><div>${inner}</div></div></div></div>`;
    const bs = blocks(deep(`<img src="/lost.png">`) + deep(`<p>Far</p>`));
    expect(bs.map((b) => b.text)).toEqual(["Far"]);
    expect(bs[0]!.rich).toBeUndefined();
  });
});

describe("tables", () => {
  const dataTable = `<table><caption>Scores</caption><thead><tr><th>Team</th><th>Points</th></tr></thead>
    <tbody><tr><td>Red <a href="/red">club</a></td><td>12</td></tr><tr><td></td><td>7</td></tr></tbody></table>`;

  it("a data table is one block per row, with cell offsets and header flags", () => {
    const bs = blocks(dataTable);
    expect(bs.map((b) => [b.text, b.tag])).toEqual([
      ["Scores", "caption"],
      ["Team Points", "tr"],
      ["Red club 12", "tr"],
      ["7", "tr"],
    ]);
    expect(bs[1]!.rich?.row).toMatchObject({ cells: [0, 5], header: [true, true] });
    expect(bs[2]!.rich?.row?.cells).toEqual([0, 9]);
    expect(linkTexts(bs[2]!)).toEqual([["club", "https://news.example/red"]]);
    expect(bs[3]!.rich?.row?.cells).toEqual([0, 0]);
    expect(new Set(bs.slice(1).map((b) => b.rich?.row?.table)).size).toBe(1);
  });

  it("layout tables (block content in cells) and tables without a header cell stay one block per cell", () => {
    const layout = blocks(`<table><tr><th>Menu</th><td><p>Article text</p></td></tr></table>`);
    expect(layout.map((b) => b.tag)).toEqual(["th", "p"]);
    const noHeader = blocks(`<table><tr><td>Home</td><td>News</td></tr></table>`);
    expect(noHeader.map((b) => b.text)).toEqual(["Home", "News"]);
    expect(noHeader[0]!.rich).toBeUndefined();
  });
});

describe("code, lists, rules", () => {
  it("pre keeps its whitespace and the language of its class; the block text is collapsed as before", () => {
    const [b] = blocks(`<pre><code class="hljs language-TypeScript">\n  if (a) {\n    b();\n  }\n</code></pre>`);
    expect(b!.text).toBe("if (a) { b(); }");
    expect(b!.rich?.code).toEqual({ raw: "  if (a) {\n    b();\n  }", language: "typescript" });
    expect(codeLanguage("lang-py x")).toBe("py");
    expect(codeLanguage("highlight-go")).toBe("go");
    expect(codeLanguage("language")).toBe("");
  });

  it("a highlighter's line elements start lines of the code, empty ones once, without rereading the text", () => {
    const [b] = blocks(
      `<pre><code><span class="line">a();</span><span class="line"></span><span class="line">b();</span></code></pre>`,
    );
    expect(b!.rich?.code?.raw).toBe("a();\nb();");
    // A long text, then empty line elements: each one used to scan the text again (200k chars, 20k
    // lines: 1.4 s; timed in no test: speed lives in the benchmarks).
    const long = `<pre><code>${"a".repeat(200_000)}\n${'<span class="line"></span>'.repeat(20_000)}x</code></pre>`;
    const [c] = blocks(long);
    expect(c!.rich?.code?.raw).toBe(`${"a".repeat(200_000)}\nx`);
    // The block's text, which the model reads, gets no newline of its own from line elements.
    expect(
      blocks(`<pre><code><span class="line">a();</span><span class="line">b();</span></code></pre>`)[0]!.text,
    ).toBe("a();b();");
  });

  it("ordered items know their number, from start", () => {
    const bs = blocks(`<ol start="4"><li>four</li><li>five</li></ol><ul><li>dot</li></ul>`);
    expect(bs.map((b) => b.rich?.ordinal)).toEqual([4, 5, undefined]);
  });

  it("an hr marks the next block", () => {
    const bs = blocks(`<p>a</p><hr><p>b</p>`);
    expect(bs.map((b) => b.rich?.hrBefore)).toEqual([undefined, true]);
  });
});

describe("offsets in collapsed text", () => {
  it("collapseWithMarks gives collapseWhitespace's text and mark offsets", () => {
    const cases: [string[], number[]][] = [
      [
        ["  a ", "b", "  c  "],
        [1, 2, 3],
      ],
      [
        ["x", "y "],
        [0, 1, 2],
      ],
      [
        ["\u00a0 ", " "],
        [1, 2],
      ],
      [
        ["one\ttwo", "", "three"],
        [0, 2, 3],
      ],
    ];
    for (const [parts, marks] of cases) {
      const { text, before, next } = collapseWithMarks(parts, marks);
      expect(text).toBe(collapseWhitespace(parts.join("")));
      for (let k = 0; k < marks.length; k++) {
        expect(before[k]).toBe(collapseWhitespace(parts.slice(0, marks[k]).join("")).length);
        expect(next[k]).toBeGreaterThanOrEqual(before[k]!);
        expect(next[k]).toBeLessThanOrEqual(text.length);
      }
    }
  });

  it("bestOfSrcset keeps commas inside URLs", () => {
    expect(bestOfSrcset("https://cdn.example/w_300,h_200/a.jpg 300w, https://cdn.example/w_900,h_600/a.jpg 900w")).toBe(
      "https://cdn.example/w_900,h_600/a.jpg",
    );
  });
});
