/**
 * Figure captions leave an article's answer, told by structure (a figcaption, a label inside a
 * figure); their images stay where they stood when the caption was inside the content region.
 */
import { describe, expect, it } from "vitest";
import { figureCaptions, isFigureCaption } from "../../src/core/captions";
import type { BlockVerdict } from "../../src/core/classify";
import { renderHtmlFragment } from "../../src/core/render-html";
import { renderMarkdown } from "../../src/core/render-markdown";
import { renderText } from "../../src/core/render-text";
import { segmentHtml } from "../../src/core/segment";

const URL_ = "https://site.example/news/story.html";
const blocksOf = (body: string) => segmentHtml(`<html><body>${body}</body></html>`, URL_).blocks;
const captionTexts = (body: string) =>
  blocksOf(body)
    .filter(isFigureCaption)
    .map((b) => b.text);

describe("isFigureCaption", () => {
  it("a figcaption, whatever holds its text, and a label inside a figure", () => {
    expect(
      captionTexts(
        `<p>Story.</p><figure><img src="/a.jpg"><figcaption><p>The quay at dawn.</p></figcaption></figure>` +
          `<figure class="photo"><img src="/b.jpg"><div class="credit">Photo: Agency</div></figure><p>More.</p>`,
      ),
    ).toEqual(["The quay at dawn.", "Photo: Agency"]);
  });

  it("not a figure's own content: a pull quote, a code listing, a list, a table's caption", () => {
    expect(
      captionTexts(
        `<figure><blockquote><p>We will build it.</p></blockquote></figure>` +
          `<figure><pre><code>let x = 1;</code></pre></figure><figure><ul><li>One</li></ul></figure>` +
          `<table><caption>Votes by ward</caption><tr><td>North</td><td>12</td></tr></table>`,
      ),
    ).toEqual([]);
  });

  it("a credit line: a few words an image stands right before, not a title, an item or a paragraph", () => {
    const paragraph = "The harbour master said the quay would reopen in the spring, once the divers had finished.";
    expect(
      captionTexts(
        `<div class="pic"><img src="/a.jpg"><span>Photo: Agency</span></div>` +
          `<div><img src="/b.jpg"><p>${paragraph}</p></div><h3><img src="/c.jpg">Step one</h3>` +
          `<ul><li><img src="/d.jpg">Salt</li></ul><p>No picture here.</p>`,
      ),
    ).toEqual(["Photo: Agency"]);
  });

  it("long prose inside a figure is the figure's text, not its label", () => {
    const long = "A sentence that goes on. ".repeat(30);
    expect(isFigureCaption(blocksOf(`<figure><div>${long}</div></figure>`)[0]!)).toBe(false);
  });
});

describe("figureCaptions", () => {
  const body =
    `<main><p>Story.</p><figure><img src="/a.jpg"><figcaption>Inside</figcaption></figure><p>More.</p>` +
    `<figure><img src="/d.jpg"><figcaption>Dropped by the model</figcaption></figure></main>` +
    `<aside><figure><img src="/s.jpg"><figcaption>Sidebar</figcaption></figure></aside>` +
    `<div><figure><img src="/o.jpg"><figcaption>Outside</figcaption></figure></div>`;

  it("inside the region: a kept caption leaves, every caption's images stay; outside it or in a template landmark: as it was", () => {
    const blocks = blocksOf(body);
    const inside = blocks.map((b) => b.path.includes("main"));
    const decided = figureCaptions(
      blocks,
      blocks.map((b) => !b.text.includes("model")),
      inside,
    );
    const texts = (indices: number[]) => indices.map((i) => blocks[i]!.text);
    expect(texts(decided.leaving)).toEqual(["Inside"]);
    expect(texts(decided.imagesStay)).toEqual(["Inside", "Dropped by the model"]);
  });

  it("a short line beside an image that the block model dropped keeps no image without figure markup", () => {
    const blocks = blocksOf(
      `<main><p>Story.</p><div class="ad"><img src="/ad.gif"><span>Advertisement</span></div></main>`,
    );
    const decided = figureCaptions(
      blocks,
      blocks.map((b) => b.text === "Story."),
      blocks.map(() => true),
    );
    expect(decided).toEqual({ leaving: [], imagesStay: [] });
  });

  it("no region known (a fallback answered): no caption leaves", () => {
    const blocks = blocksOf(body);
    const decided = figureCaptions(
      blocks,
      blocks.map(() => true),
      null,
    );
    expect(decided).toEqual({ leaving: [], imagesStay: [] });
  });
});

describe("a dropped caption's images stay where it stood", () => {
  const CONTENT: BlockVerdict = { label: "content", rule: "test", node: "", support: 0, count: 0 };
  const BOILER: BlockVerdict = { ...CONTENT, label: "boilerplate" };
  // The figure ends the story: no content follows it, so only the mark keeps its images.
  const blocks = blocksOf(
    `<p>First.</p><figure><img src="/a.jpg" alt="Quay"><img src="/b.jpg" alt="Boat">` +
      `<figcaption>The quay. <span>Photo: Agency</span></figcaption></figure><div>Related stories</div>`,
  );
  const verdicts = blocks.map((b): BlockVerdict => {
    if (/Agency/.test(b.text)) return { ...BOILER, rule: "figure caption: test", imagesStay: true };
    return /Related/.test(b.text) ? BOILER : CONTENT;
  });

  it("markdown and HTML keep every image of the caption, not its text; text output has no caption", () => {
    expect(renderMarkdown(blocks, verdicts)).toBe(
      "First.\n\n![Quay](https://site.example/a.jpg)\n\n![Boat](https://site.example/b.jpg)\n",
    );
    expect(renderHtmlFragment(blocks, verdicts)).toBe(
      "<p>First.</p>\n" +
        '<figure><img src="https://site.example/a.jpg" alt="Quay"><img src="https://site.example/b.jpg" alt="Boat"></figure>',
    );
    expect(renderText(blocks, verdicts)).toBe("First.");
  });

  it("without the mark, a boilerplate caption that opens no content takes its images with it", () => {
    const plain = verdicts.map((v) => (v.imagesStay ? BOILER : v));
    expect(renderMarkdown(blocks, plain)).toBe("First.\n");
  });
});
