import { describe, expect, it } from "vitest";
import { capName, elementCapAt, PageBudget, PageTooComplex } from "../../src/core/budget";
import { preparePage } from "../../src/core/pipeline";
import { segmentHtml } from "../../src/core/segment";

const URL = "https://budget.example/page.html";
const texts = (html: string, budget?: PageBudget) => segmentHtml(html, URL, budget).blocks.map((b) => b.text);

describe("byte cap", () => {
  it("records a body cut at the byte cap as truncated by bytes, first, and segments the prefix as it is", () => {
    const prefix = "<body><p>The story comes first.</p>" + "<b>x</b>".repeat(5) + '<script>var s = "unfinished';
    const cut = preparePage({ body: prefix, url: URL, cutAtBytes: true, budget: new PageBudget({ maxElements: 3 }) });
    expect(cut.truncated).toEqual(["bytes", "elements"]);
    expect(cut.page.blocks[0]?.text).toBe("The story comes first.");
    expect(preparePage({ body: prefix, url: URL }).truncated).toEqual([]);
  });
});

describe("element cap", () => {
  it("cuts the HTML before the first start tag past the cap and says so", () => {
    const budget = new PageBudget({ maxElements: 3 });
    const html = "<p>a</p><!-- x --><p>b</p> 1 < 2 <p>c</p><p>d</p>";
    expect(html.slice(0, elementCapAt(html, budget))).toBe("<p>a</p><!-- x --><p>b</p> 1 < 2 <p>c</p>");
    expect(budget.truncated).toEqual(["elements"]);
  });

  it("leaves a page under the cap alone", () => {
    const budget = new PageBudget({ maxElements: 4 });
    const html = "<p>a</p><p>b</p><p>c</p><p>d</p>";
    expect(elementCapAt(html, budget)).toBe(-1);
    expect(budget.truncated).toEqual([]);
  });

  it("keeps the blocks before the cut: 600k sibling paragraphs become the first ones", () => {
    const html =
      "<html><head><title>Before the cap</title></head><body>" +
      "<p>para</p>".repeat(600_000) +
      '<meta property="og:title" content="Past the cap"><script type="application/ld+json">{"@type":"Article","author":"Past"}</script></body></html>';
    const prepared = preparePage({ body: html, url: URL });
    expect(prepared.truncated).toContain("elements");
    expect(prepared.page.blocks.length).toBeGreaterThan(1000);
    expect(prepared.page.blocks.length).toBeLessThan(30_000);
    // The metadata reads what segmentation parsed as markup: nothing past the cut.
    expect(prepared.metadata).toMatchObject({ title: "Before the cap", byline: null });
  });
});

describe("depth cap", () => {
  it("builds no element below it: the text of deeper ones joins the deepest built one", () => {
    const html = "<body>" + "<div>".repeat(40) + "deep <b>text</b>" + "</div>".repeat(40) + "<p>after</p></body>";
    const budget = new PageBudget({ maxDepth: 10 });
    expect(texts(html, budget)).toEqual(["deep text", "after"]);
    expect(budget.truncated).toEqual(["depth"]);
    const path = segmentHtml(html, URL, new PageBudget({ maxDepth: 10 })).blocks[0]!.path;
    expect(path.split(">").length).toBeLessThanOrEqual(10);
  });

  it("keeps the words of deeper elements that end blocks apart: before session 19 they were glued", () => {
    const html =
      "<body>" +
      "<div>".repeat(40) +
      "<p>one</p><p>two</p><div>three</div>four<br>five <b>bold</b>six" +
      "</div>".repeat(40) +
      "</body>";
    expect(texts(html, new PageBudget({ maxDepth: 10 }))).toEqual(["one two three four five boldsix"]);
  });

  it("does not touch a page within it", () => {
    const html = "<body>" + "<div>".repeat(40) + "deep <b>text</b>" + "</div>".repeat(40) + "</body>";
    const budget = new PageBudget({ maxDepth: 100 });
    expect(segmentHtml(html, URL, budget)).toEqual(segmentHtml(html, URL, new PageBudget({ maxDepth: Infinity })));
    expect(budget.truncated).toEqual([]);
  });

  it("handles 100,000 nested divs without a stack overflow", () => {
    const html = "<body>" + "<div>".repeat(100_000) + "x" + "</div>".repeat(100_000) + "</body>";
    const prepared = preparePage({ body: html, url: URL });
    expect(prepared.truncated).toEqual(expect.arrayContaining(["elements", "depth"]));
  });
});

describe("block cap", () => {
  it("keeps the first blocks in document order", () => {
    const html = "<body>" + Array.from({ length: 50 }, (_, i) => `<p>block ${i}</p>`).join("") + "</body>";
    const budget = new PageBudget({ maxBlocks: 7 });
    expect(texts(html, budget)).toEqual(Array.from({ length: 7 }, (_, i) => `block ${i}`));
    expect(budget.truncated).toEqual(["blocks"]);
  });

  it("is not reported for a page with exactly that many blocks", () => {
    const html = "<body>" + Array.from({ length: 7 }, (_, i) => `<p>block ${i}</p>`).join("") + "</body>";
    const budget = new PageBudget({ maxBlocks: 7 });
    expect(texts(html, budget)).toHaveLength(7);
    expect(budget.truncated).toEqual([]);
  });
});

describe("names", () => {
  it("cuts a huge class list at a word, so linkedom does not overflow its stack", () => {
    const names = Array.from({ length: 600_000 }, (_, i) => `c${i}`).join(" ");
    const html = `<body><div class="${names}">text</div></body>`;
    const page = segmentHtml(html, URL);
    expect(page.blocks.map((b) => b.text)).toEqual(["text"]);
    expect(page.blocks[0]!.path).toBe("body>div.c0.c1.c2");
  });

  it("bounds a path token and a path: long class names 250 deep are no megabyte per block", () => {
    const open = Array.from({ length: 250 }, (_, i) => `<section class="${String(i).padEnd(4000, "c")}">`).join("");
    const page = segmentHtml(`<body>${open}<p class="lead">deep text</p></body>`, URL);
    const path = page.blocks[0]!.path;
    expect(page.blocks.map((b) => b.text)).toEqual(["deep text"]);
    expect(Math.max(...path.split(">").map((token) => token.length))).toBeLessThanOrEqual(512);
    expect(path.length).toBeLessThanOrEqual(4096 + 513);
    expect(path.startsWith(`body>section.0${"c".repeat(100)}`)).toBe(true);
  });

  it("capName keeps whole names", () => {
    const budget = new PageBudget({ maxNameChars: 10 });
    expect(capName("alpha beta gamma", budget)).toBe("alpha beta");
    expect(capName("alpha betagamma", budget)).toBe("alpha");
    expect(capName("short", budget)).toBe("short");
  });
});

describe("deadline", () => {
  it("refuses a page once its clock passes the deadline", () => {
    let now = 0;
    // Every look at the clock moves it on by 10 ms: the walks look every 1024 steps.
    const budget = new PageBudget({ deadlineMs: 100 }, () => (now += 10));
    const html = "<body>" + "<div><p>text</p></div>".repeat(20_000) + "</body>";
    expect(() => preparePage({ body: html, url: URL, budget })).toThrow(PageTooComplex);
    expect(() => preparePage({ body: html, url: URL, budget })).toThrow(/processing budget/);
  });

  it("lets a page through within it", () => {
    const budget = new PageBudget({ deadlineMs: 10_000 }, () => 0);
    const prepared = preparePage({ body: "<p>fine</p>", url: URL, budget });
    expect(prepared.page.blocks.map((b) => b.text)).toEqual(["fine"]);
    expect(prepared.truncated).toEqual([]);
  });

  it("has none by default", () => {
    const budget = new PageBudget({}, () => Number.MAX_SAFE_INTEGER);
    expect(() => budget.check()).not.toThrow();
  });
});

describe("CDATA in HTML", () => {
  it("is a bogus comment ending at the first '>', as in browsers, and never swallows the page", () => {
    expect(texts("<body><p>before</p><![CDATA[ never closed <p>after</p><p>more</p></body>")).toEqual([
      "before",
      "after",
      "more",
    ]);
    expect(texts("<body><p>before</p><![CDATA[ x ]]><p>after</p></body>")).toEqual(["before", "after"]);
  });
});
