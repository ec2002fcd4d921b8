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

  it("reads the rest of a data table cut by the cap as its rows, in the same table and article, and the paragraph after it", () => {
    // Before session 20 the table was reopened as a new element around flat paragraphs (`tbody>p`, a
    // layout table): its rows past the cut were islands outside the region, and the closing paragraph
    // after a huge table was missed.
    const rows = Array.from({ length: 30 }, (_, i) => `<tr><td>R${i}</td><td>${i * 3}</td></tr>`).join("");
    const html =
      `<html><body><article><h1>Pond survey</h1><p>Opening words about the pond.</p>` +
      `<table><thead><tr><th>Row</th><th>Count</th></tr></thead><tbody>${rows}</tbody></table>` +
      `<p>Closing words after the table.</p></article><footer><p>Footer</p></footer></body></html>`;
    const b = budget();
    const page = segmentHtml(html, undefined, b);
    expect(b.truncated).toEqual(["elements"]);
    const whole = segmentHtml(html);
    // The same text as the page read whole (one row is split at the cut).
    expect(page.blocks.map((x) => x.text).join(" ")).toBe(whole.blocks.map((x) => x.text).join(" "));
    const first = page.blocks.find((x) => x.text === "R0 0")!;
    const last = page.blocks.find((x) => x.text === "R29 87")!;
    expect(page.blocks.indexOf(last)).toBeGreaterThan(page.pastCap!);
    // Rows past the cut are rows of the same data table (its ids), as before it.
    expect(last.path).toBe(first.path);
    expect(last.path).toBe("html>body>article>table>tbody>tr");
    expect(last.ancestors!.slice(0, -1)).toEqual(first.ancestors!.slice(0, -1));
    expect(last.rich?.row?.cells).toHaveLength(2);
    expect(last.rich!.row!.table).toBe(first.rich!.row!.table);
    // The closing paragraph is in the article the page began (its id), after the table.
    const closing = page.blocks.find((x) => x.text === "Closing words after the table.")!;
    expect(closing.path).toBe("html>body>article>p");
    expect(closing.ancestors!.slice(0, -1)).toEqual(page.blocks[1]!.ancestors!.slice(0, -1));
  });

  it("keeps the rows and cells of a table open at the cut, and reads the rest's own tables flat", () => {
    // Cut inside a cell: the rest of the row is that row's; its end, the section's and the table's end
    // the elements open at the cut (`|depth|`), and the rows in between are rows.
    expect(
      flat(`2</td><td>3</tr><tr><td>a <b>b</b><td><a href="/x">l</a> t<tr><th>h</tr></tbody></table><p>after</p>`, [
        "body",
        "table",
        "tbody",
        "tr",
        "td",
      ]),
    ).toBe(`2|4|<td>3|3|<tr><td>a b<td><a href="/x">l</a> t</tr><tr><th>h</tr>|2||1|<p>after</p>`);
    expect(flat(`<tr><td>x</td></tr></table><table><tr><td>own</td><td>two</td></tr></table>`, ["body", "table"])).toBe(
      `<tr><td>x</tr>|1|<p>own  two </p>`,
    );
    // A block inside a cell makes paragraphs, as anywhere (then the row is a layout table's).
    expect(flat(`<td>c<div>d</div>e`, ["body", "table", "tbody", "tr"])).toBe(`<td>c<p>d</p><td>e`);
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
