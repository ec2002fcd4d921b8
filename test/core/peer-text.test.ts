/** The peers' answers as `npm run eval -- --peers` scores them (scripts/lib/stream-eval.ts). */
import { describe, expect, it } from "vitest";
import { blockText, defuddleText, readabilityText } from "../../scripts/lib/stream-eval";

const encode = (html: string) => new TextEncoder().encode(html);

const paragraph = (i: number) =>
  `<p>Paragraph ${i} of the harbour report: the ferries ran late all week because the north quay was ` +
  `closed for repairs, and the council says the work will go on until the spring tides have passed.</p>`;

const page = `<!doctype html><html><head><title>Ferries run late - Harbour News</title>
<meta property="og:title" content="Ferries run late"><meta property="og:site_name" content="Harbour News"></head>
<body><header><nav><ul><li><a href="/">Home</a></li><li><a href="/sport">Sport</a></li>
<li><a href="/weather">Weather</a></li><li><a href="/contact">Contact us</a></li></ul></nav></header>
<main><article><h1>Ferries run late</h1>${[1, 2, 3, 4, 5, 6].map(paragraph).join("")}</article></main>
<footer><p>Copyright Harbour News. All rights reserved.</p><a href="/privacy">Privacy policy</a></footer>
</body></html>`;

describe("peer text", () => {
  it("lays block elements out as lines, so words of two blocks never join", () => {
    expect(blockText("<p>one end</p><p>Next <b>bold</b> words</p><ul><li>a</li><li>b</li></ul>")).toBe(
      "one end\nNext bold words\na\nb",
    );
    expect(blockText("<table><tr><td>cell</td><td>other</td></tr></table>cut<br>line")).toBe("cell\nother\ncut\nline");
  });

  it("gives defuddle's title as the first line, then the article's body and not the menu or the footer", () => {
    const text = defuddleText(encode(page), "https://harbour.example/news/ferries");
    const lines = text.split("\n");
    expect(lines[0]).toBe("Ferries run late");
    // Its content drops the H1 that repeats the title: the title line stands in for it, once.
    expect(lines.filter((l) => l === "Ferries run late")).toHaveLength(1);
    expect(lines).toContain(paragraph(1).replace(/<\/?p>/g, ""));
    expect(lines).toContain(paragraph(6).replace(/<\/?p>/g, ""));
    expect(text).not.toMatch(/Weather|Contact us|Privacy policy|All rights reserved/);
  });

  it("reads Readability the same way: its title first, then its paragraphs as lines of their own", () => {
    const lines = readabilityText(encode(page)).split("\n");
    expect(lines[0]).toMatch(/^Ferries run late/);
    // textContent would run paragraph 1's last word into paragraph 2's first ("passed.Paragraph").
    expect(lines).toContain(paragraph(1).replace(/<\/?p>/g, ""));
    expect(lines).toContain(paragraph(2).replace(/<\/?p>/g, ""));
    expect(lines.join(" ")).not.toMatch(/Weather|Contact us|Privacy policy/);
  });

  it("answers nothing rather than throwing on a page it cannot read", () => {
    expect(defuddleText(encode(""), "https://harbour.example/")).toBe("");
  });
});
