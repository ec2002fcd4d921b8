/** A quotation between the story's paragraphs (a cited passage, an embedded post) is filled from a lower p. */
import { describe, expect, it } from "vitest";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { DEFAULT_REGION, type RegionParams } from "../../src/core/region";
import { segmentHtml } from "../../src/core/segment";

const BODY = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed.",
  "Farmers in the valley welcomed the decision, which had been delayed twice since the spring meeting.",
];
const QUOTE = "We waited two years for this bridge. Tonight the council finally listened to us.";
const AFTER = "Posted by a ferry user on the harbour forum, late on Monday night.";
const MENU = Array.from({ length: 6 }, (_, i) => `Section ${i}: news, sport, weather, travel, opinion and more`);
const page = segmentHtml(`<html><head><title>Budget</title></head><body>
<div class="story"><p>${BODY[0]}</p><blockquote class="embedded-post"><p>${QUOTE}</p></blockquote>
<p>${BODY[1]}</p><p>${BODY[2]}</p><blockquote><p>${AFTER}</p></blockquote></div>
<div class="foot">${MENU.map((t) => `<p>${t}</p>`).join("")}</div></body></html>`);
const at = (text: string) => page.blocks.findIndex((b) => b.text === text);
// The model doubts both quotations: they read like an embed's furniture.
const p = page.blocks.map((b) => (BODY.includes(b.text) ? 0.95 : MENU.includes(b.text) ? 0.02 : 0.15));
const label = (region: RegionParams, text: string) =>
  classifyPage(page, null, { classifier: SINGLE_PAGE, probabilities: p, region }).verdicts[at(text)]!.label;

describe("quote fill", () => {
  const quotes: RegionParams = { ...DEFAULT_REGION, quoteFillP: 0.1 };

  it("keeps a quotation between the story's paragraphs, not one after its last", () => {
    expect(label(quotes, QUOTE)).toBe("content");
    expect(label(quotes, AFTER)).toBe("boilerplate");
  });

  it("is off without the setting, and leaves a quotation the model all but ruled out", () => {
    expect(label(DEFAULT_REGION, QUOTE)).toBe("boilerplate");
    expect(label({ ...quotes, quoteFillP: 0.2 }, QUOTE)).toBe("boilerplate");
  });
});
