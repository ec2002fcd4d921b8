import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PageBudget } from "../../src/core/budget";
import { collapseWhitespace, segmentHtml, stripNonText } from "../../src/core/segment";

const page = (body: string, head = "") => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
const texts = (html: string) => segmentHtml(html).blocks.map((b) => b.text);
const only = (html: string) => {
  const { blocks } = segmentHtml(html);
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
};

describe("block splitting", () => {
  it("inline tags do not split a block", () => {
    const html = page(
      `<p>One <a href="/x">two</a> <b>three</b> <em>four</em> <span>five</span> <font color="red">six</font> <i>7</i><strong>8</strong> <code>nine</code></p>`,
    );
    expect(texts(html)).toEqual(["One two three four five six 78 nine"]);
  });

  it("block tags split", () => {
    const html = page(
      `<h1>Head</h1><div>Div text<p>Para</p>tail</div><ul><li>Item 1</li><li>Item 2</li></ul><table><tr><td>Cell A</td><td>Cell B</td></tr></table>`,
    );
    expect(texts(html)).toEqual(["Head", "Div text", "Para", "tail", "Item 1", "Item 2", "Cell A", "Cell B"]);
  });

  it("<br> splits and both halves keep the same element path", () => {
    const { blocks } = segmentHtml(page(`<p>first line<br>second line<br/>third</p>`));
    expect(blocks.map((b) => b.text)).toEqual(["first line", "second line", "third"]);
    expect(new Set(blocks.map((b) => b.path)).size).toBe(1);
  });

  it("an inline element's text belongs to its nearest block holder", () => {
    const b = only(page(`<div class="c"><p><span><b>deep inline</b></span></p></div>`));
    expect(b.tag).toBe("p");
    expect(b.path).toBe("html>body>div.c>p");
  });

  it("collapses whitespace and decodes entities", () => {
    expect(
      texts(page(`<p>  Tom\n\t&amp;   Jerry&nbsp;&nbsp;show &#233;t&#xE9; &lt;b&gt; &quot;q&quot;  </p>`)),
    ).toEqual([`Tom & Jerry show été <b> "q"`]);
    expect(collapseWhitespace("  a \u00a0\n b  ")).toBe("a b");
  });

  it("collapseWhitespace is the regex replace and trim, on text already collapsed too", () => {
    const unit = fc.constantFrom(..."ab. ", " ", "\n", "\t", "\u00a0", "\u3000", "\ufeff", "\u2028", "\u00e9");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (text) => {
        expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, " ").trim());
      }),
      { numRuns: 3000 },
    );
  });

  it("drops blocks that are only whitespace", () => {
    expect(texts(page(`<div>   </div><p>\n&nbsp;</p><p>x</p>`))).toEqual(["x"]);
  });
});

describe("non-text elements", () => {
  it("script, style, noscript, template, svg and comments produce no text", () => {
    const html = page(
      `<p>before</p><script>var x = 1;</script><style>p { color: red }</style><noscript>Enable JS</noscript>` +
        `<template><p>templated</p></template><svg><text>svg text</text><title>svg title</title></svg><!-- a comment --><p>after</p>`,
      `<style>body{}</style><script src="a.js"></script>`,
    );
    expect(texts(html)).toEqual(["before", "after"]);
  });

  it("a script holding '<!--' and '</div>' hides nothing after it", () => {
    const html = page(
      `<div><p>one</p><script>if (a < b) { s = "<!--"; t = "</div>"; }</script><p>two</p></div><p>three</p>`,
    );
    expect(texts(html)).toEqual(["one", "two", "three"]);
  });

  it("a comment holding <script> hides nothing after it", () => {
    const html = page(`<p>one</p><!-- <script>var y = "-->"; --><p>two</p><!--<script>--><p>three</p>`);
    const out = texts(html);
    expect(out).toContain("one");
    expect(out).toContain("three");
    expect(out.join(" ")).not.toContain("var y");
  });

  it("tag names match case-insensitively", () => {
    expect(texts(page(`<SCRIPT>x = "</p>"</script><p>ok</p><Style>p{}</STYLE><p>fine</p>`))).toEqual(["ok", "fine"]);
  });

  it("custom elements whose names start with a skipped tag are not stripped", () => {
    // `<svg-icon>` once matched the svg pattern and swallowed text up to the next `</svg>`.
    const html = page(
      `<p>Menu <svg-icon name="x"></svg-icon></p><p>Important article text</p><svg><path/></svg><p>tail</p>`,
    );
    expect(texts(html)).toEqual(["Menu", "Important article text", "tail"]);
    expect(stripNonText(`<style-guide>kept</style-guide><style>x</style>`)).toContain("kept");
  });

  it("select options produce no text", () => {
    expect(texts(page(`<p>a</p><select><option>One</option></select><p>b</p>`))).toEqual(["a", "b"]);
  });
});

describe("title", () => {
  it("is extracted, whitespace collapsed, and is not a block", () => {
    const r = segmentHtml(page(`<p>body</p>`, `<title>  My\n  Page &amp; Co </title>`));
    expect(r.title).toBe("My Page & Co");
    expect(r.blocks.map((b) => b.text)).toEqual(["body"]);
  });
  it("is empty when absent", () => {
    expect(segmentHtml(page(`<p>x</p>`)).title).toBe("");
  });
});

describe("DOM paths", () => {
  it("carry ids and classes", () => {
    const b = only(page(`<div id="main" class="story  wide"><section class="body"><p>text</p></section></div>`));
    expect(b.path).toBe("html>body>div#main.story.wide>section.body>p");
    expect(b.tag).toBe("p");
  });
  it("keep at most three classes", () => {
    expect(only(page(`<div class="a b c d e">x</div>`)).path).toBe("html>body>div.a.b.c");
    // The first three distinct names, as the DOM's class list gives them (whitespace of any kind between).
    expect(only(page(`<div class=" b\ta  b\u00a0\nc d">x</div>`)).path).toBe("html>body>div.b.a.c");
    expect(only(page(`<div class="x x x">x</div>`)).path).toBe("html>body>div.x");
  });
  it("read ID and CLASS written in capitals, as pages of the 2000s do", () => {
    // Attribute names are case-insensitive in HTML; the values keep their case.
    expect(only(page(`<TABLE><TR><TD ID="Nav" CLASS="sectionMenu">x</TD></TR></TABLE>`)).path).toBe(
      "html>body>table>tr>td#Nav.sectionMenu",
    );
    expect(only(page(`<div Class="story" iD="main">x</div>`)).path).toBe("html>body>div#main.story");
  });
  it("differ between template regions", () => {
    const { blocks } = segmentHtml(page(`<div id="left"><p>l</p></div><div id="right"><p>r</p></div>`));
    expect(blocks[0]!.path).not.toBe(blocks[1]!.path);
  });
});

describe("linkShare", () => {
  it("is 1 for an all-link block, ~0.5 for half-link, 0 for none", () => {
    const { blocks } = segmentHtml(
      page(
        `<p><a href="/a">all of it</a></p><p>abcd <a href="/b">efgh</a></p><p>plain text</p><p><a name="anchor">no href</a></p>`,
      ),
    );
    expect(blocks[0]!.linkShare).toBe(1);
    expect(blocks[1]!.linkShare).toBeCloseTo(0.5, 5);
    expect(blocks[2]!.linkShare).toBe(0);
    expect(blocks[3]!.linkShare).toBe(0);
  });
  it("counts links written <A HREF> (the 2000s' capitals) as links", () => {
    // An old table layout's section menu: each cell a link written in capitals.
    const html = page(
      `<TABLE><TR><TD><A HREF="/harbour/index.html" CLASS="menu">Harbour</A>&nbsp;<BR></TD></TR></TABLE>`,
    );
    expect(only(html).linkShare).toBe(1);
    expect(only(page(`<p>see <a Href="/b">this</a></p>`)).linkShare).toBeGreaterThan(0);
  });
  it("counts inline children of a link as link text", () => {
    expect(only(page(`<li><a href="/x"><span>Home</span> <b>page</b></a></li>`)).linkShare).toBe(1);
  });
});

describe("landmarks and hard tags", () => {
  it("records the nearest landmark", () => {
    const { blocks } = segmentHtml(
      page(
        `<header><p>h</p><nav><p>n</p></nav></header><main><article><p>a</p></article><p>m</p></main>` +
          `<aside>s</aside><form><p>f</p></form><footer>foot</footer><p>none</p>`,
      ),
    );
    expect(blocks.map((b) => [b.text, b.landmark])).toEqual([
      ["h", "header"],
      ["n", "nav"],
      ["a", "article"],
      ["m", "main"],
      ["s", "aside"],
      ["f", "form"],
      ["foot", "footer"],
      ["none", null],
    ]);
  });

  it("understands ARIA roles", () => {
    const { blocks } = segmentHtml(
      page(
        `<div role="navigation"><span>Menu</span></div><div role="contentinfo">c</div><div role="main">m</div><div role="banner">b</div>`,
      ),
    );
    expect(blocks.map((b) => [b.landmark, b.hardTag])).toEqual([
      ["nav", "nav"],
      ["footer", "footer"],
      ["main", null],
      ["header", "header"],
    ]);
  });

  it("records hard tags (form, label, button, nav, address...) and none for content", () => {
    const { blocks } = segmentHtml(
      page(
        `<form><div><p>in form</p></div></form><p><label>Name</label></p><button>Go</button><nav><ul><li>Home</li></ul></nav>` +
          `<address>1 Main St</address><fieldset><legend>Legend</legend></fieldset><p>plain</p><main><p>main text</p></main>`,
      ),
    );
    expect(blocks.map((b) => [b.text, b.hardTag])).toEqual([
      ["in form", "form"],
      ["Name", "label"],
      ["Go", "button"],
      ["Home", "nav"],
      ["1 Main St", "address"],
      ["Legend", "legend"],
      ["plain", null],
      ["main text", null],
    ]);
  });
});

describe("malformed and unusual documents", () => {
  it("a page without <html> or <body> still yields its text", () => {
    const r = segmentHtml(`<title>T</title><p>Hello</p>`);
    expect(r.title).toBe("T");
    expect(r.blocks.map((b) => b.text)).toEqual(["Hello"]);
  });

  it("bare text and fragments are segmented", () => {
    expect(texts(`Just text`)).toEqual(["Just text"]);
    expect(texts(`<div>a</div>b<p>c</p>`)).toEqual(["a", "b", "c"]);
  });

  it("junk before the doctype does not lose the document", () => {
    const html = `<script>var a = 1;</script><link rel="stylesheet" href="s.css">\n<!DOCTYPE html><html><body><p>Hi</p><p>There</p></body></html>`;
    expect(texts(html)).toEqual(["Hi", "There"]);
  });

  it("text before <html> and after </html> is kept", () => {
    const out = texts(`<!DOCTYPE html>stray<html><body><p>Inside</p></body></html>`);
    expect(out).toContain("Inside");
    expect(out.join(" ")).toContain("stray");
  });

  it("an empty document yields no blocks", () => {
    expect(segmentHtml("")).toEqual({ title: "", blocks: [] });
  });

  it("5,000 nested divs do not overflow the stack", () => {
    const depth = 5000;
    const html = page(`${"<div>".repeat(depth)}deep text${"</div>".repeat(depth)}<p>end</p>`);
    // Without the depth cap (budget.test.ts tests it), so that the walk meets the whole depth.
    const { blocks } = segmentHtml(html, undefined, new PageBudget({ maxDepth: Infinity }));
    expect(blocks.map((b) => b.text)).toEqual(["deep text", "end"]);
    expect(blocks[0]!.ancestors).toHaveLength(depth + 2);
    // The path stops growing past 4,096 characters (segment-paths.ts): deeper elements share it.
    expect(blocks[0]!.path.length).toBeLessThanOrEqual(4096 + 4);
  });

  it("unclosed tags still split on block boundaries", () => {
    expect(texts(`<body><p>one<p>two<li>three<li>four`)).toEqual(["one", "two", "three", "four"]);
  });
});
