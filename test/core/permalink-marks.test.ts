import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { chooseHeadline } from "../../src/core/headline-choice";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { isMarkGlyph, permalinkMarks, rendersText, withoutPermalinkMarks } from "../../src/core/permalink-marks";
import { renderHtmlFragment } from "../../src/core/render-html";
import { renderMarkdown } from "../../src/core/render-markdown";
import { renderText } from "../../src/core/render-text";
import { segmentHtml } from "../../src/core/segment";

const CONTENT: BlockVerdict = { label: "content", rule: "test", node: "", support: 0, count: 0 };
const URL_ = "https://docs.lanternkit.example/guide/setup.html";

function page(body: string) {
  const html = `<!DOCTYPE html><html><head><title>Setup - Lanternkit 2.1</title></head><body><main>${body}</main></body></html>`;
  const { blocks, title } = segmentHtml(html, URL_);
  return { blocks, title, verdicts: blocks.map(() => CONTENT) };
}

const SPHINX =
  `<h1>Setup<a class="headerlink" href="#setup" title="Link to this heading">¶</a></h1>` +
  `<p>Install the <a href="/pkg">lanternkit package</a> first.</p>` +
  `<h2 id="usage">Usage<a class="headerlink" href="#usage">¶</a></h2>` +
  `<p>Call it once per process.</p>`;

describe("a heading's permalink mark", () => {
  it.each(["¶", "&para;", "§", "#", " 🔗 ", "🔗\ufe0f", "\uf0c1"])("is a mark glyph (%s)", (mark) => {
    const { blocks } = page(`<h2>Usage <a href="#usage">${mark}</a></h2>`);
    expect(blocks[0]!.text).not.toBe("Usage");
    expect(withoutPermalinkMarks(blocks[0]!).text).toBe("Usage");
  });

  it("is left out of the text, markdown and HTML answers, and the headline", () => {
    const p = page(SPHINX);
    expect(p.blocks.map((b) => b.text)).toContain("Usage¶"); // segmentation keeps it: the model reads it
    expect(renderText(p.blocks, p.verdicts)).toBe(
      "Setup\n\nInstall the lanternkit package first.\n\nUsage\n\nCall it once per process.",
    );
    const markdown = renderMarkdown(p.blocks, p.verdicts, { title: p.title });
    expect(markdown).toMatch(/^# Setup\n/);
    expect(markdown).toContain("\n## Usage\n");
    expect(markdown).not.toMatch(/¶/);
    expect(markdown).toContain("[lanternkit package](https://docs.lanternkit.example/pkg)");
    const html = renderHtmlFragment(p.blocks, p.verdicts);
    expect(html).toContain("<h2>Usage</h2>");
    expect(html).not.toMatch(/¶/);
    const headline = chooseHeadline({
      metadataTitle: "Setup¶",
      pageTitle: p.title,
      siteName: null,
      host: "docs.lanternkit.example",
      blocks: p.blocks,
      content: p.verdicts.map(() => true),
    });
    expect(headline).toBe("Setup");
  });

  it("leading the heading (GitHub style), and as an absolute link to the section", () => {
    const p = page(
      `<h2><a class="anchor" href="#install">#</a> Install</h2>` +
        `<h3>Options <a href="${URL_}#options">§</a> <a href="/ref/options">reference</a></h3>`,
    );
    expect(renderText(p.blocks, p.verdicts)).toBe("Install\n\nOptions reference");
    const markdown = renderMarkdown(p.blocks, p.verdicts, { headline: "" });
    expect(markdown).toContain("## Install\n");
    expect(markdown).toContain("### Options [reference](https://docs.lanternkit.example/ref/options)\n");
  });

  it("a heading that is only its mark renders as nothing", () => {
    const p = page(`<h2><a href="#top">¶</a></h2><p>Body text of the section.</p>`);
    expect(renderText(p.blocks, p.verdicts)).toBe("Body text of the section.");
    expect(renderMarkdown(p.blocks, p.verdicts, { headline: "" }).trim()).toBe("Body text of the section.");
  });

  it("stays where it is prose, not a link, or a link saying more", () => {
    const p = page(
      `<p>See Section <a href="#s4">§</a> 4 of the charter.</p>` +
        `<h2>#</h2><h3>Notes ¶</h3><h3><a href="#tags">#tags</a></h3><h4>Pricing <a href="/plans">#</a></h4>`,
    );
    expect(p.blocks.slice(0, 4).map((b) => permalinkMarks(b))).toEqual([[], [], [], []]);
    expect(renderText(p.blocks, p.verdicts)).toBe(
      "See Section § 4 of the charter.\n\n#\n\nNotes ¶\n\n#tags\n\nPricing",
    );
  });

  it("moves the block's links and images with the text", () => {
    const p = page(`<h2><img src="/i.png" alt="icon"> <a href="#a">¶</a> Read <a href="/more">more</a></h2>`);
    const block = withoutPermalinkMarks(p.blocks[0]!);
    expect(block.text).toBe("Read more");
    expect(block.rich?.links).toEqual([{ start: 5, end: 9, href: "https://docs.lanternkit.example/more" }]);
    expect(block.rich?.anchors).toBeUndefined();
    expect(block.rich?.images?.map((i) => i.at)).toEqual([0]);
  });

  it("knows its glyphs", () => {
    expect(["¶", "§", "#", "🔗", " ¶ ", "\n          ¶\n        "].every(isMarkGlyph)).toBe(true);
    // One private-use character: an icon font's link glyph (Font Awesome's U+F0C1).
    expect(isMarkGlyph("\uf0c1")).toBe(true);
    expect(["", "##", "¶¶", "Usage", "#1", "\uf0c1\uf0c1"].some(isMarkGlyph)).toBe(false);
  });
});

describe("an answer of permalink marks alone", () => {
  it("is no answer: the never-empty fallback takes the page's text instead", () => {
    const prose = "Call it once per process, before the first lantern is lit, and keep the handle it returns.";
    const { blocks, title } = page(`<h2 id="usage"><a href="#usage">¶</a></h2><p>${prose}</p>`);
    expect(blocks.map((b) => b.text)).toEqual(["¶", prose]);
    expect(rendersText(blocks[0]!)).toBe(false);
    expect(rendersText(blocks[1]!)).toBe(true);
    // The model sure of the mark-only heading alone: it renders nothing, so the fallback answers.
    const result = classifyPage({ blocks, title }, null, { classifier: SINGLE_PAGE, probabilities: [0.99, 0.01] });
    expect(result.path).not.toBe("model");
    expect(renderText(blocks, result.verdicts)).toBe(prose);
  });
});
