import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { renderArticleText } from "../../src/core/render-article-text";
import { renderText } from "../../src/core/render-text";
import { segmentHtml } from "../../src/core/segment";

const CONTENT: BlockVerdict = { label: "content", rule: "test", node: "", support: 0, count: 0 };
const BOILER: BlockVerdict = { label: "boilerplate", rule: "test", node: "", support: 0, count: 0 };

/** Segments a body and marks every block content, except those whose text `boiler` matches. */
function page(body: string, boiler?: RegExp) {
  const { blocks } = segmentHtml(`<!DOCTYPE html><html><head></head><body><div id="main">${body}</div></body></html>`);
  return { blocks, verdicts: blocks.map((b) => (boiler?.test(b.text) ? BOILER : CONTENT)) };
}

describe("renderArticleText", () => {
  it("writes the headline once, first, and leaves its copy in the content out", () => {
    const { blocks, verdicts } = page(`<h1>Night ferries return</h1><p>The harbour's night service runs again.</p>`);
    expect(renderArticleText(blocks, verdicts, { headline: "Night ferries return" })).toBe(
      "Night ferries return\n\nThe harbour's night service runs again.",
    );
  });

  it("heads the body with the headline when the content shows none", () => {
    const { blocks, verdicts } = page(
      `<h1>Night ferries return</h1><p>The harbour's night service runs again.</p>`,
      /^Night/,
    );
    expect(renderArticleText(blocks, verdicts, { headline: "Night ferries return" })).toBe(
      "Night ferries return\n\nThe harbour's night service runs again.",
    );
  });

  it("writes the body as renderText does: lines of one element, table cells by tabs, no markup", () => {
    const body = `<p>First line<br>second line</p><ul><li>One <a href="/a">link</a></li><li>Two</li></ul>
<table><tr><th>Stop</th><th>Time</th></tr><tr><td>Quay</td><td>22:10</td></tr></table><pre><code>run --now</code></pre>`;
    const { blocks, verdicts } = page(body);
    expect(renderArticleText(blocks, verdicts)).toBe(renderText(blocks, verdicts));
    expect(renderArticleText(blocks, verdicts, { headline: "Timetable" })).toBe(
      `Timetable\n\n${renderText(blocks, verdicts)}`,
    );
  });

  it("says nothing of images: a figure kept only for its image is no line", () => {
    const body = `<figure><img src="/ferry.jpg" alt="The ferry"><figcaption>Photo: Harbour Lines</figcaption></figure>
<p>The harbour's night service runs again from Monday.</p>`;
    const { blocks, verdicts } = page(body, /^Photo/);
    expect(renderArticleText(blocks, verdicts)).toBe("The harbour's night service runs again from Monday.");
  });
});
