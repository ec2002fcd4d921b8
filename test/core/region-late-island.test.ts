/** Once the story's region has begun, a longer short block outside it (a teaser, a promo) is an island too. */
import { describe, expect, it } from "vitest";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { DEFAULT_REGION, type RegionParams } from "../../src/core/region";
import { segmentHtml } from "../../src/core/segment";

const BODY = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed.",
  "Farmers in the valley welcomed the decision, which had been delayed twice since the spring meeting.",
];
const TOP = "A standfirst above the story: the council voted on the budget late on Monday night.";
const TEASER = "Read next: the festival will move to the old quay this year, organisers say, after the storm.";
// Page furniture the model rules out: it keeps the region to the story element.
const MENU = Array.from({ length: 6 }, (_, i) => `Section ${i}: news, sport, weather, travel, opinion and more`);
const page = segmentHtml(`<html><head><title>Budget</title></head><body>
<div class="top"><p>${TOP}</p></div>
<div class="story">${BODY.map((t) => `<p>${t}</p>`).join("")}</div>
<div class="promo"><p>${TEASER}</p></div>
<div class="foot">${MENU.map((t) => `<p>${t}</p>`).join("")}</div></body></html>`);
const at = (text: string) => page.blocks.findIndex((b) => b.text === text);
// The model took both short blocks, without being sure of them.
const p = page.blocks.map((b) => (BODY.includes(b.text) ? 0.95 : MENU.includes(b.text) ? 0.02 : 0.6));
const label = (region: RegionParams, text: string) =>
  classifyPage(page, null, { classifier: SINGLE_PAGE, probabilities: p, region }).verdicts[at(text)]!.label;

describe("late islands", () => {
  const late: RegionParams = { ...DEFAULT_REGION, islandKeepP: 0.7, lateIsland: { chars: 200, keepP: 0.8 } };

  it("drop a teaser after the region began, and leave the top of the article to the short-island rule", () => {
    expect(TEASER.length).toBeGreaterThan(DEFAULT_REGION.islandChars);
    expect(label(late, TEASER)).toBe("boilerplate");
    expect(label(late, TOP)).toBe("content");
  });

  it("are off without the setting, and keep a block the model is sure enough of", () => {
    expect(label({ ...late, lateIsland: undefined }, TEASER)).toBe("content");
    expect(label({ ...late, lateIsland: { chars: 200, keepP: 0.5 } }, TEASER)).toBe("content");
  });
});
