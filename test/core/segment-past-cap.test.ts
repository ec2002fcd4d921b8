import { describe, expect, it } from "vitest";
import { PageBudget } from "../../src/core/budget";
import { segmentHtml } from "../../src/core/segment";
import { flatTail, TAIL_MAX_CHARS } from "../../src/core/segment-past-cap";

/** Small caps, so a test page goes over them in a few hundred bytes. */
const budget = (limits: Partial<ConstructorParameters<typeof PageBudget>[0]> = {}) =>
  new PageBudget({ maxElements: 40, ...limits });
const flat = (html: string, open: string[] = [], b = budget()) =>
  flatTail(html, 0, b, 100, open)
    .map((part) => part.html + (part.closes >= 0 ? `|${part.closes}|` : ""))
    .join("");

describe("text past the element cap (never empty)", () => {
  it("is read when it is the page's only text: before session 19, no block at all", () => {
    const html = `<html><body>${"<div>".repeat(100)}<p>Deep text one.</p><p>Deep &amp; two.</p>${"</div>".repeat(100)}</body></html>`;
    const b = budget();
    const page = segmentHtml(html, undefined, b);
    expect(b.truncated).toEqual(["elements"]);
    expect(page.blocks.map((x) => x.text)).toEqual(["Deep text one.", "Deep & two."]);
    expect(page.pastCap).toBe(0);
    // Inside the elements open at the cut: the path continues the page's.
    expect(page.blocks[0]!.path).toMatch(/^html>body>div>div>.*div>p$/);
  });

  it("is walked outside the elements its end tags close: the article after a long menu is not in the menu", () => {
    const menu = Array.from({ length: 30 }, (_, i) => `<li><a href="/s/${i}">Section ${i}</a></li>`).join("");
    const html = `<html><body><nav class="menu"><ul>${menu}</ul></nav><main><article><h1>Headline</h1><p>First <a href="/x">linked</a> words.</p></article></main></body></html>`;
    const page = segmentHtml(html, "https://example.com/a", budget());
    const at = page.pastCap!;
    expect(at).toBeGreaterThan(0);
    const tail = page.blocks.slice(at);
    expect(tail.find((x) => x.text === "Section 29")!.path).toBe("html>body>nav.menu>ul>p");
    const first = tail.find((x) => x.text === "First linked words.")!;
    expect(first.path).toBe("html>body>p");
    // Links stay links.
    expect(first.rich?.links?.map((l) => first.text.slice(l.start, l.end))).toEqual(["linked"]);
    expect(first.linkShare).toBeGreaterThan(0);
    expect(tail.find((x) => x.text === "Headline")).toBeDefined();
  });

  it("leaves a page under the cap as it was: no pastCap", () => {
    const page = segmentHtml("<html><body><p>One.</p><p>Two.</p></body></html>", undefined, budget());
    expect(page.pastCap).toBeUndefined();
    expect(page.blocks.map((x) => x.text)).toEqual(["One.", "Two."]);
  });

  it("keeps text and links, breaks paragraphs at block tags, rows as lines, and skips non-text elements", () => {
    expect(
      flat(
        `a <b>bold</b> <<i>x</i> 1 < 2 <!-- c --> </ bogus> <title>t</title><select><option>o</select>` +
          `<div>next<br>line</div><tr><td>c1<td>c2</tr><img src=x alt="a>b"> <a href="/1">one<a href="/2">two</a>`,
      ),
    ).toBe(
      `<p>a bold &lt;x 1 < 2   </p><p>next</p><p>line</p><p>c1 c2</p><p><a href="/1">one</a><a href="/2">two</a></p>`,
    );
  });

  it("ends the elements open at the cut where the rest's end tags close them, not its own elements' ends", () => {
    expect(flat(`x</li><li><div>y</div></li></ul><p>z</p>`, ["body", "ul", "li"])).toBe(
      "<p>x</p>|2|<p>y</p>|1|<p>z</p>",
    );
  });

  it("stops at its caps: paragraphs, elements, tags and characters", () => {
    expect(flatTail("<p>a</p>".repeat(10), 0, budget(), 3).map((p) => p.html)).toEqual(["<p>a</p><p>a</p><p>a</p>"]);
    // Elements (p and a) at the element cap.
    expect(flat('<a href="/x">l'.repeat(100), [], budget({ maxElements: 5 })).match(/<a /g)).toHaveLength(4);
    // Tags: TAIL_TAGS_PER_ELEMENT (4) per element of the cap, whatever they are.
    expect(flat("<i>x</i>".repeat(100), [], budget({ maxElements: 5 })).match(/x/g)).toHaveLength(10);
    // Characters, never cutting an entity in two.
    const text = flat("y".repeat(TAIL_MAX_CHARS - 2) + "&amp;&amp;zzz");
    expect(text.endsWith("y</p>")).toBe(true);
    expect(text.length).toBe(TAIL_MAX_CHARS - 2 + "<p></p>".length);
  });

  it("costs time linear in the rest whatever its nesting: 100k nested elements and a million tags past the cap", () => {
    const nested = `<html><body>${"<div>".repeat(100_000)}<p>deep</p>${"</div>".repeat(100_000)}</body></html>`;
    const many = `<html><body>${'<span class="c"><a href="/x">l</a></span>'.repeat(120_000)}</body></html>`;
    for (const html of [nested, many]) {
      const t0 = performance.now();
      const page = segmentHtml(html);
      expect(page.blocks.length).toBeGreaterThan(0);
      // Generous for a loaded machine: the point is no quadratic blow-up (seconds to minutes).
      expect(performance.now() - t0).toBeLessThan(5_000);
    }
  });
});
