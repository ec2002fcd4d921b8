import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { renderArticleText } from "../../src/core/render-article-text";
import { renderHtmlFragment } from "../../src/core/render-html";
import { renderMarkdown } from "../../src/core/render-markdown";
import { segmentHtml } from "../../src/core/segment";

const CONTENT: BlockVerdict = { label: "content", rule: "test", node: "", support: 0, count: 0 };

/** Segments a body, every block content. */
function page(body: string) {
  const { blocks } = segmentHtml(
    `<!DOCTYPE html><html><head></head><body><main>${body}</main></body></html>`,
    "https://site.example/notes/page.html",
  );
  return { blocks, verdicts: blocks.map(() => CONTENT) };
}
const md = (body: string) => renderMarkdown(page(body).blocks, page(body).verdicts);
const html = (body: string) => renderHtmlFragment(page(body).blocks, page(body).verdicts);
const text = (body: string) => renderArticleText(page(body).blocks, page(body).verdicts);

const SPANNED = `<table><tr><th>Crop</th><th>Kilos</th><th>Notes</th></tr>
  <tr><td colspan="2">Early sorts together</td><td>picked in July</td></tr>
  <tr><td>Late</td><td>12</td><td>stored</td></tr></table>`;

describe("table cells spanning columns", () => {
  it("markdown pads the row with empty cells, so later cells stay under their header", () => {
    expect(md(SPANNED)).toBe(
      "| Crop | Kilos | Notes |\n| --- | --- | --- |\n| Early sorts together |  | picked in July |\n| Late | 12 | stored |\n",
    );
  });

  it("HTML keeps the colspan", () => {
    expect(html(SPANNED)).toContain('<tr><td colspan="2">Early sorts together</td><td>picked in July</td></tr>');
  });

  it("text keeps the columns: an empty cell after the spanning one", () => {
    expect(text(SPANNED)).toBe("Crop\tKilos\tNotes\nEarly sorts together\t\tpicked in July\nLate\t12\tstored");
  });
});

describe("inline code and emphasis", () => {
  const P =
    `<p>Run <code>npm run build_all *now*</code>, then <code>a \`tick\`</code>; it is <em>very</em> quick ` +
    `and <strong>really safe</strong>, <em>even <a href="/x">this link</a> </em>too.</p>`;

  it("markdown writes code spans unescaped, fenced past their backticks, and * / ** emphasis", () => {
    expect(md(P)).toBe(
      "Run `npm run build_all *now*`, then `` a `tick` ``; it is *very* quick " +
        "and **really safe**, *even [this link](https://site.example/x)* too.\n",
    );
  });

  it("HTML writes code, em and strong", () => {
    expect(html(P)).toBe(
      "<p>Run <code>npm run build_all *now*</code>, then <code>a `tick`</code>; it is <em>very</em> quick " +
        'and <strong>really safe</strong>, <em>even <a href="https://site.example/x">this link</a></em> too.</p>',
    );
  });

  it("emphasis that CommonMark would not read as emphasis is left out, never shown as stars", () => {
    // After a letter, a run starting with punctuation cannot open: the words stay, without markers.
    expect(md(`<p>word<em>"quoted"</em> and on</p>`)).toBe('word"quoted" and on\n');
  });

  it("code inside a code block is not a code span; headings and list items carry emphasis", () => {
    expect(
      md(
        `<pre><code>plain <code>inner</code></code></pre><h2>A <em>new</em> start</h2><ul><li><b>Bold</b> item</li></ul>`,
      ),
    ).toBe("```\nplain inner\n```\n\n## A *new* start\n\n- **Bold** item\n");
  });
});

describe("code in the text answer", () => {
  it("keeps its lines and indentation", () => {
    expect(text(`<p>Before.</p><pre><code>if (a) {\n  b();\n}</code></pre>`)).toBe("Before.\n\nif (a) {\n  b();\n}");
  });
});

describe("list items of several paragraphs", () => {
  const LIST =
    `<ol><li><p>Dig the bed.</p><p>Take out the stones first.</p></li>` +
    `<li><p>Sow the seed.</p><ul><li>thinly</li></ul><p>Water after sowing.</p></li><li>Wait.</li></ol>`;

  it("markdown keeps the later paragraphs in their item, indented after a blank line", () => {
    expect(md(LIST)).toBe(
      "1. Dig the bed.\n\n   Take out the stones first.\n2. Sow the seed.\n   - thinly\n\n   Water after sowing.\n3. Wait.\n",
    );
  });

  it("HTML keeps them in one li", () => {
    expect(html(LIST)).toBe(
      [
        "<ol>",
        "<li>Dig the bed.",
        "<p>Take out the stones first.</p>",
        "</li>",
        "<li>Sow the seed.",
        "<ul>",
        "<li>thinly</li>",
        "</ul>",
        "<p>Water after sowing.</p>",
        "</li>",
        "<li>Wait.</li>",
        "</ol>",
      ].join("\n"),
    );
  });
});

describe("invisible characters", () => {
  // A zero-width space, a word joiner and a byte-order mark: none shows on the page.
  const P = `<h2>Setup<a class="hash-link" href="#setup">\u200b</a></h2><p>Zero\u200bwidth and join\u2060ed and \ufeffmarked.</p>`;

  it("leave every answer, so words read as the page shows them", () => {
    expect(md(P)).toBe("## Setup\n\nZerowidth and joined and marked.\n");
    expect(html(P)).toBe("<h2>Setup</h2>\n<p>Zerowidth and joined and marked.</p>");
    expect(text(P)).toBe("Setup\n\nZerowidth and joined and marked.");
  });

  it("a soft hyphen stays: the text as written, which viewers hide and gold texts keep", () => {
    expect(text("<p>Donau\u00addampf\u00adschiff on the river.</p>")).toBe(
      "Donau\u00addampf\u00adschiff on the river.",
    );
  });

  it("joiners that shape a script or an emoji stay", () => {
    expect(text(`<p>\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 and \u{1f469}\u200d\u{1f4bb}</p>`)).toBe(
      "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 and \u{1f469}\u200d\u{1f4bb}",
    );
  });
});

describe("inline marks in a heading with its permalink mark", () => {
  it("move with the text when a leading mark leaves", () => {
    expect(md(`<h2><a class="anchor" href="#opts">#</a> The <code>retry</code> options</h2>`)).toBe(
      "## The `retry` options\n",
    );
  });
});

describe("embedded videos", () => {
  const BODY =
    `<p>Watch the whole graft first.</p>` +
    `<iframe src="https://www.youtube-nocookie.com/embed/AbC_12-xyz9?rel=0" title="Whip and tongue graft"></iframe>` +
    `<p>Or the short one.</p><div class="embed"><iframe data-src="https://player.vimeo.com/video/76979871"></iframe></div>` +
    `<iframe src="https://ads.example/frame.html" title="Advertisement"></iframe><p>The end.</p>`;

  it("markdown links a YouTube or Vimeo player to the video's page, as a paragraph of its own", () => {
    expect(md(BODY)).toBe(
      "Watch the whole graft first.\n\n[YouTube video](https://www.youtube.com/watch?v=AbC_12-xyz9)\n\n" +
        "Or the short one.\n\n[Vimeo video](https://vimeo.com/76979871)\n\nThe end.\n",
    );
  });

  it("HTML links it inside a figure; text has no line for it", () => {
    expect(html(BODY)).toContain(
      '<figure><a href="https://www.youtube.com/watch?v=AbC_12-xyz9">YouTube video</a></figure>',
    );
    expect(text(BODY)).toBe("Watch the whole graft first.\n\nOr the short one.\n\nThe end.");
  });
});

describe("an embedded video before a quote", () => {
  it("stays out of the quote: it follows the paragraph before it", () => {
    expect(
      md(
        `<p>Here it is.</p><iframe src="https://www.youtube.com/embed/AbCdEf12345"></iframe><blockquote><p>Said.</p></blockquote>`,
      ),
    ).toBe("Here it is.\n\n[YouTube video](https://www.youtube.com/watch?v=AbCdEf12345)\n\n> Said.\n");
  });
});
