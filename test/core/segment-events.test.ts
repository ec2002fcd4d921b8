import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { segmentDocument, segmentHtml, stripNonText } from "../../src/core/segment";
import { rng } from "../fixtures/rng";

const TAGS = [
  "div",
  "p",
  "span",
  "a",
  "b",
  "i",
  "em",
  "label",
  "li",
  "ul",
  "td",
  "tr",
  "table",
  "br",
  "img",
  "hr",
  "wbr",
  "nav",
  "header",
  "footer",
  "main",
  "article",
  "aside",
  "form",
  "button",
  "select",
  "option",
  "title",
  "svg",
  "math",
  "h1",
  "section",
  "font",
  "time",
  "my-widget",
  "script",
  "style",
  "noscript",
  "textarea",
  "input",
  "th",
  "thead",
  "caption",
  "pre",
  "code",
  "ol",
  "picture",
  "source",
  "base",
  "figure",
  "figcaption",
];
const TEXTS = [
  "word",
  "two words",
  " ",
  "\n  ",
  "\t",
  "\u00a0",
  "&nbsp;",
  " &amp; ",
  "&#233;t&#xE9;",
  "x\u2003y",
  "12 May",
  "|",
  "",
  "  lead",
  "trail  ",
];
const ATTRIBUTES = [
  ' id="main"',
  ' id=" spaced  id "',
  ' class="a  b a c d"',
  " class=x",
  ' role="navigation"',
  ' role="main"',
  ' role="banner"',
  ' href="/x"',
  " href",
  ' style="color:red"',
  ' data-x="1"',
  ' CLASS="upper"',
  ' title="t"',
  ' role="search"',
  " hidden",
  ' src="a.png"',
  ' data-src="/lazy.jpg"',
  ' srcset="s.jpg 1x, l.jpg 2x"',
  ' alt="an  alt"',
  ' class="language-js"',
  ' start="3"',
  ' href="javascript:x"',
  ' href="https://o.example/p"',
];

function randomDocument(next: () => number, size: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const open: string[] = [];
  let html = next() < 0.5 ? "<!DOCTYPE html>" : "";
  for (let i = 0; i < size; i++) {
    const r = next();
    if (r < 0.35) html += pick(TEXTS);
    else if (r < 0.65) {
      const tag = pick(TAGS);
      let attrs = "";
      while (next() < 0.4) attrs += pick(ATTRIBUTES);
      html += `<${tag}${attrs}${next() < 0.05 ? "/" : ""}>`;
      open.push(tag);
    } else if (r < 0.85 && open.length) {
      html += `</${open.pop()}>`;
    } else if (r < 0.9)
      html += pick([
        "<!-- c -->",
        "<![CDATA[ x ]]>",
        "<?xml v?>",
        "<!foo>",
        "</ p>",
        "</nomatch>",
        "</p>",
        "</br>",
        "</div>",
        "</li>",
        "</span>",
        "</select>",
      ]);
    else html += pick([" ", "\n", "<br>", "&amp;", "<b> </b>", "<span></span>", "<div> </div>", "<p>\n</p>"]);
  }
  while (open.length && next() < 0.7) html += `</${open.pop()}>`;
  return html;
}

describe("segmentation events", () => {
  it("gives the same blocks from the parser's events as from linkedom's document of the page", () => {
    let compared = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const html = randomDocument(rng(seed), 20 + (seed % 80));
      // segmentHtml also reads the <noscript> of near-empty pages (a separate rule, segment.test.ts).
      if (/noscript/i.test(html)) continue;
      compared++;
      const url = seed % 2 ? "https://page.example/dir/doc.html" : undefined;
      // linkedom keeps attribute names as written (the generator's CLASS): both drivers read them lower-cased.
      const { document } = parseHTML(stripNonText(html));
      const fromDocument = segmentDocument(document, url);
      const fromParser = segmentHtml(html, url);
      if (JSON.stringify(fromParser) !== JSON.stringify(fromDocument)) {
        // The seed and document make a failure reproducible.
        expect({ seed, html, fromParser }).toEqual({ seed, html, fromParser: fromDocument });
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("descends into an element whose only child is whitespace or a comment", () => {
    // Its end ends the block: "a" and "b" are two blocks even though <span> is inline and <div> holds no text.
    const html = `<p>a<div> </div>b</p><p>c<div><!-- x --></div>d</p><p>e<div></div>f</p>`;
    expect(segmentHtml(html).blocks.map((b) => b.text)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(segmentHtml(html)).toEqual(segmentDocument(parseHTML(stripNonText(html)).document));
  });

  it("tells a data table from a layout table only after reading all of it", () => {
    const data = `<table><tr><th>Year</th><th>Sales</th></tr><tr><td>2024</td><td>12</td></tr></table>`;
    // The same table, with a paragraph in its last cell: a layout table, cell by cell.
    const layout = data.replace("<td>12</td>", "<td><p>12</p></td>");
    expect(segmentHtml(data).blocks.map((b) => b.text)).toEqual(["Year Sales", "2024 12"]);
    expect(segmentHtml(layout).blocks.map((b) => b.text)).toEqual(["Year", "Sales", "2024", "12"]);
    // A table inside a cell makes the outer one a layout table; the inner one is judged on its own.
    const nested = data.replace("<td>12</td>", `<td>${data}</td>`);
    expect(segmentHtml(nested).blocks.map((b) => b.text)).toEqual(["Year", "Sales", "2024", "Year Sales", "2024 12"]);
  });

  it("keeps whitespace where the walk would see it", () => {
    const html = `<div> <label>Name</label></div><p>a <b>b</b> <i>c</i></p><div> </div><p>x</p>`;
    expect(segmentHtml(html)).toEqual(segmentDocument(parseHTML(stripNonText(html)).document));
    expect(segmentHtml(html).blocks.map((b) => [b.text, b.hardTag])).toEqual([
      ["Name", null],
      ["a b c", null],
      ["x", null],
    ]);
  });
});
