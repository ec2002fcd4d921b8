/** Gap fill between the story's first and last content blocks only, and on the lines of a content paragraph. */
import { describe, expect, it } from "vitest";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { DEFAULT_REGION, type RegionParams } from "../../src/core/region";
import { segmentHtml } from "../../src/core/segment";

const BODY = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed.",
  "Farmers in the valley welcomed the decision, which had been delayed twice since the spring meeting.",
];
const BYLINE = "Ruth Penhale, transport reporter";
const SHORT = "The vote was seven to four.";
const BIO = "Ruth Penhale covers transport and the islands for the paper.";
const LINES = ["Harvest supper, Saturday 12th October", "Carols on the green, Sunday 15th December"];
const MENU = Array.from({ length: 6 }, (_, i) => `Section ${i}: news, sport, weather, travel, opinion and more`);
const page = segmentHtml(`<html><head><title>Budget</title></head><body>
<div class="story"><div class="byline">${BYLINE}</div><p>${BODY[0]}</p><p>${SHORT}</p><p>${BODY[1]}</p>
<p>${BODY[2]}</p><p>${LINES.join("<br>")}</p><div class="bio">${BIO}</div></div>
<div class="foot">${MENU.map((t) => `<p>${t}</p>`).join("")}</div></body></html>`);
const at = (text: string) => page.blocks.findIndex((b) => b.text === text);
// The model is sure of the story's paragraphs and the first line of the last one, and doubts the rest.
const sure = new Set([...BODY, LINES[0]]);
const p = page.blocks.map((b) => (sure.has(b.text) ? 0.95 : MENU.includes(b.text) ? 0.02 : 0.4));
const label = (region: RegionParams, text: string) =>
  classifyPage(page, null, { classifier: SINGLE_PAGE, probabilities: p, region }).verdicts[at(text)]!.label;

describe("fill within the story", () => {
  const whole: RegionParams = { ...DEFAULT_REGION, threshold: 0.5 };
  const within: RegionParams = { ...whole, fillWithin: true };

  it("fills between the story's paragraphs and the lines of its last one, not its byline box or bio", () => {
    expect(label(within, SHORT)).toBe("content");
    expect(label(within, LINES[1]!)).toBe("content");
    expect(label(within, BYLINE)).toBe("boilerplate");
    expect(label(within, BIO)).toBe("boilerplate");
  });

  it("fills the whole region without the setting", () => {
    expect(label(whole, BYLINE)).toBe("content");
    expect(label(whole, BIO)).toBe("content");
  });
});
