import { describe, expect, it } from "vitest";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { blockFeatures } from "../../src/core/features";
import { DEFAULT_MODEL, predictBlocks } from "../../src/core/model";
import { preparePage } from "../../src/core/pipeline";
import { chooseRegion, DEFAULT_REGION, matchesTitle, type RegionParams } from "../../src/core/region";
import { renderText } from "../../src/core/render-text";
import { segmentHtml } from "../../src/core/segment";
import { article, articleHtml } from "../fixtures/synthetic-site";

const PARAGRAPHS = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed.",
  "Farmers in the valley welcomed the decision, which had been delayed twice since the spring meeting.",
];
const GAP = "It passed by one vote.";
const ISLAND = "Weather: sunny";
const HEADLINE = "Council approves the winter harbour budget";

/** A page of our own: a menu with one short stray line, then the story element with a short line between paragraphs. */
const html = `<html><head><title>${HEADLINE} | The Courier</title></head><body>
<div class="top"><a href="/">Home</a> <a href="/news">News</a><p>${ISLAND}</p></div>
<div class="page"><h1>${HEADLINE}</h1>
<div class="story"><p>${PARAGRAPHS[0]}</p><p>${GAP}</p><p>${PARAGRAPHS[1]}</p><p>${PARAGRAPHS[2]}</p></div>
<div class="bar"><p>${HEADLINE}</p></div></div>
<div class="foot"><p>Copyright The Courier</p></div></body></html>`;
const page = segmentHtml(html);
const at = (text: string) => page.blocks.findIndex((b) => b.text === text);

/** Probabilities as a block model might give them: confident paragraphs, a doubted short line and headline. */
function probabilities(overrides: Record<number, number> = {}): number[] {
  return page.blocks.map((b, i) => overrides[i] ?? (PARAGRAPHS.includes(b.text) ? 0.95 : 0.05));
}

const classify = (p: number[], region: Partial<RegionParams> = {}) =>
  classifyPage(page, null, { classifier: SINGLE_PAGE, probabilities: p, region: { ...DEFAULT_REGION, ...region } });
const textOf = (p: number[], region: Partial<RegionParams> = {}) =>
  renderText(page.blocks, classify(p, region).verdicts);

describe("the page-level stage", () => {
  it("chooses the element with the most content mass net of boilerplate", () => {
    const region = chooseRegion(page.blocks, probabilities(), DEFAULT_REGION.boilerWeight);
    const inside = page.blocks.filter((_, i) => region.inside[i]).map((b) => b.text);
    expect(inside).toEqual([PARAGRAPHS[0], GAP, PARAGRAPHS[1], PARAGRAPHS[2]]);
  });

  it("fills a gap inside the region and drops an island outside it", () => {
    // Between the gap fill's bar and the model's threshold; below the bar that keeps an island.
    const doubted = (DEFAULT_REGION.fillP + DEFAULT_MODEL.threshold) / 2;
    const unsure = (DEFAULT_MODEL.threshold + DEFAULT_REGION.islandKeepP) / 2;
    expect(ISLAND.length).toBeLessThan(DEFAULT_REGION.islandChars);
    const p = probabilities({ [at(GAP)]: doubted, [at(ISLAND)]: unsure });
    const { verdicts, path } = classify(p);
    expect(path).toBe("model");
    expect(verdicts[at(GAP)]!.label).toBe("content");
    expect(verdicts[at(GAP)]!.rule).toBe(`region gap: model p=${doubted.toFixed(3)}`);
    expect(verdicts[at(ISLAND)]!.label).toBe("boilerplate");
    expect(verdicts[at(ISLAND)]!.rule).toBe(`island outside the region: model p=${unsure.toFixed(3)}`);
    // Without the stage, the block model's verdicts stand.
    const off = classify(p, { fillP: 2, islandChars: 0 }).verdicts;
    expect(off[at(GAP)]!.label).toBe("boilerplate");
    expect(off[at(ISLAND)]!.label).toBe("content");
  });

  it("keeps an island the model is sure of", () => {
    const p = probabilities({ [at(ISLAND)]: 0.97 });
    expect(classify(p).verdicts[at(ISLAND)]!.label).toBe("content");
  });

  it("keeps the headline once, at the top of the text", () => {
    const bar = page.blocks.map((b) => b.text).lastIndexOf(HEADLINE);
    // The repeat in the bar is confident enough to survive as an island.
    const p = probabilities({ [bar]: 0.9 });
    const text = textOf(p);
    expect(text.startsWith(HEADLINE + "\n\n" + PARAGRAPHS[0])).toBe(true);
    expect(text.split(HEADLINE).length - 1).toBe(1);
    // Without the headline rule the text starts with the story and the repeat stays at the end.
    const off = textOf(p, { headlineLookback: 0 });
    expect(off.startsWith(PARAGRAPHS[0]!)).toBe(true);
    expect(off.endsWith(HEADLINE)).toBe(true);
  });

  it("reaches the headline over a share bar's short buttons", () => {
    // The headline, a byline, six share buttons and a caption the model doubted, then the story:
    // ten blocks between the headline and the first content block, only two of them longer than a button.
    const shares = ["Share on Facebook", "Share on X", "WhatsApp", "Email", "Print", "Copy link"];
    const shared = segmentHtml(`<html><head><title>${HEADLINE} | The Courier</title></head><body>
<article><header><h1>${HEADLINE}</h1><p>By Ada Lowe, harbour reporter, 18 March</p>
<ul>${shares.map((s) => `<li><a href="/share">${s}</a></li>`).join("")}</ul></header>
<figure><img src="/quay.jpg" alt=""><figcaption>The quay seen from the harbour wall at dawn.</figcaption></figure>
<div class="body">${PARAGRAPHS.map((t) => `<p>${t}</p>`).join("")}</div></article></body></html>`);
    const p = shared.blocks.map((b) => (PARAGRAPHS.includes(b.text) ? 0.95 : 0.05));
    const h = shared.blocks.findIndex((b) => b.text === HEADLINE);
    expect(shared.blocks.findIndex((b) => b.text === PARAGRAPHS[0]) - h).toBeGreaterThan(
      DEFAULT_REGION.headlineLookback,
    );
    const verdicts = classifyPage(shared, null, {
      classifier: SINGLE_PAGE,
      probabilities: p,
      region: DEFAULT_REGION,
    }).verdicts;
    expect(verdicts[h]!.label).toBe("content");
    expect(verdicts[h]!.rule).toBe("headline: model p=0.050");
    // Buttons are passed over only up to the lookback's own length: the rule still looks nearby.
    const far = classifyPage(shared, null, {
      classifier: SINGLE_PAGE,
      probabilities: p,
      region: { ...DEFAULT_REGION, headlineLookback: 2 },
    }).verdicts;
    expect(far[h]!.label).toBe("boilerplate");
  });

  it("matches a headline to the title's parts, not to a short word", () => {
    expect(matchesTitle(HEADLINE, `${HEADLINE} | The Courier`)).toBe(true);
    expect(matchesTitle(`${HEADLINE} | The Courier`, `${HEADLINE} | The Courier`)).toBe(true);
    expect(matchesTitle("The Courier", `${HEADLINE} | The Courier`)).toBe(false);
    expect(matchesTitle("News", "News - Council approves the budget")).toBe(false);
    expect(matchesTitle("Council approves", `${HEADLINE} | The Courier`)).toBe(false);
  });

  it("tells a text by its first character only as normalizing would (case, leading space, non-ASCII)", () => {
    const title = `The Courier - ${HEADLINE}`;
    // Upper case, leading white space and a non-ASCII first letter are left to the normalized text.
    expect(matchesTitle(HEADLINE.toUpperCase(), title)).toBe(true);
    expect(matchesTitle(`\n\t  ${HEADLINE}`, title)).toBe(true);
    expect(matchesTitle("THE COURIER - " + HEADLINE, title)).toBe(true);
    expect(matchesTitle("Émile Zola returns to the harbour", "émile zola returns to the harbour")).toBe(true);
    expect(matchesTitle("ÉMILE ZOLA RETURNS TO THE HARBOUR", "Émile Zola returns to the harbour")).toBe(true);
    // A title's beginning long enough, or a text that begins with the headline, match whatever follows.
    expect(matchesTitle(`${HEADLINE}: what it means for you`, title)).toBe(true);
    // A first character that is neither the title's nor its headline's answers no at once.
    expect(matchesTitle(`A ${HEADLINE}`, title)).toBe(false);
    expect(matchesTitle(`${HEADLINE}`.slice(1), title)).toBe(false);
  });
});

describe("never empty", () => {
  it("answers an article whose every block scores low with its most likely region, and says so", () => {
    const prepared = preparePage({ body: articleHtml(7), url: "https://www.example.com/news/story-7.html" });
    const { blocks, title } = prepared.page;
    const real = predictBlocks(DEFAULT_MODEL, blocks, blockFeatures(blocks, title, null)).map((x) => x.p);
    // Every score a tenth of the shipped model's: all far below the threshold and the gap fill.
    const low = real.map((x) => x / 10);
    expect(Math.max(...low)).toBeLessThan(Math.min(DEFAULT_MODEL.threshold, DEFAULT_REGION.fillP));
    const result = classifyPage(prepared.page, null, { classifier: SINGLE_PAGE, probabilities: low });
    expect(result.path).toBe("region-fallback");
    const text = renderText(blocks, result.verdicts);
    for (const para of article(7).paragraphs) expect(text).toContain(para);
    expect(text).not.toContain("Copyright");
    expect(classifyPage(prepared.page, null, { classifier: SINGLE_PAGE, probabilities: real }).path).toBe("model");
  });

  it("falls back to the longest run of text when no block has any probability", () => {
    const result = classify(page.blocks.map(() => 0));
    expect(result.path).toBe("longest-run");
    const text = renderText(page.blocks, result.verdicts);
    for (const para of PARAGRAPHS) expect(text).toContain(para);
  });

  it("answers empty only for a page without text", () => {
    const empty = segmentHtml("<html><body><img src=x></body></html>");
    expect(classifyPage(empty, null, { classifier: SINGLE_PAGE }).path).toBe("model");
    expect(classifyPage(empty, null, { classifier: SINGLE_PAGE }).verdicts).toEqual([]);
  });
});
