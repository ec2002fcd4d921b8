/** A listing's short items are its content: none leaves as an island, and the region fills them in low. */
import { describe, expect, it } from "vitest";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { REGION_BY_KIND, type RegionParams } from "../../src/core/region";
import { segmentHtml } from "../../src/core/segment";

const ITEMS = [
  "Stoneware mug with a speckled glaze, holds a large coffee, dishwasher safe",
  "Oak serving board cut from a single plank, oiled by hand in the workshop",
  "Linen tea towel woven in a narrow stripe, washed soft before it ships",
  "Enamel pie dish in cream with a navy rim, safe in the oven and on the hob",
];
// A price line inside the list, and the result count above it: short, and doubted by the model.
const PRICE = "From 12.50";
const COUNT = "48 results";
const MENU = Array.from({ length: 6 }, (_, i) => `Department ${i}: kitchen, table, garden, gifts and more`);
const page = segmentHtml(`<html><head><title>Kitchen</title></head><body>
<div class="count"><p>${COUNT}</p></div>
<ul class="items">${ITEMS.map((t) => `<li>${t}</li>`).join("")}<li>${PRICE}</li></ul>
<div class="foot">${MENU.map((t) => `<p>${t}</p>`).join("")}</div></body></html>`);
const at = (text: string) => page.blocks.findIndex((b) => b.text === text);
const p = page.blocks.map((b) =>
  ITEMS.includes(b.text) ? 0.95 : MENU.includes(b.text) ? 0.02 : b.text === PRICE ? 0.12 : 0.5,
);
const label = (region: RegionParams, text: string) =>
  classifyPage(page, null, { classifier: SINGLE_PAGE, probabilities: p, region }).verdicts[at(text)]!.label;

describe("listing region", () => {
  const listing = REGION_BY_KIND.listing!;

  it("keeps a short line outside the list and fills a doubted item inside it", () => {
    expect(label(listing, COUNT)).toBe("content");
    expect(label(listing, PRICE)).toBe("content");
  });

  it("drops both with the default island length and a higher fill", () => {
    const stricter = { ...listing, islandChars: 30, fillP: 0.15 };
    expect(label(stricter, COUNT)).toBe("boilerplate");
    expect(label(stricter, PRICE)).toBe("boilerplate");
  });
});
