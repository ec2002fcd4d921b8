import { describe, expect, it } from "vitest";
import { segmentHtml } from "../../src/core/segment";
import { keptOfAllAs } from "./decide-as";

/** An item page with generated class names, of the kind a marketplace serves: only the heading names its shelf. */
const ITEM = `<html><head><title>Brass desk lamp | Marketplace</title></head><body>
<div class="x9Qa"><div class="k2Lm"><h1>Brass desk lamp with green glass shade</h1>
<p>Solid brass base and a hand-blown glass shade; rewired last year, works with any standard bulb, shipped boxed.</p>
<div class="pr7">$64.00</div></div>
<div class="t3nQ"><h2>People who viewed this item also viewed</h2>
<div class="r2-E"><h3>Chrome arc floor lamp, adjustable head</h3><div class="aQ4i">$120.00</div></div>
<div class="r2-E"><h3>Walnut bedside lamp with linen shade</h3><div class="aQ4i">$48.50</div></div></div></div>
</body></html>`;

/** A blog post whose headline has a header of its own and whose body opens with a line naming related products. */
const STORY = `<html><head><title>Setting up a desk at home</title></head><body>
<div class="post-card"><h1>How to set up a comfortable desk at home</h1></div>
<div class="post-container"><p class="aside-note">Related products</p>
<div class="post-body"><p>Start with the chair: set the seat so your feet rest flat on the floor and your knees sit a little
below your hips, then bring the desk to elbow height so your shoulders stay relaxed while you type.</p>
<p>Put the screen an arm's length away with its top line at eye level, and keep the keyboard close enough that your
elbows stay by your sides.</p></div></div>
</body></html>`;

describe("shelves of other products beside a story", () => {
  it("leave an item page taken for an article: its name, description and price stay", () => {
    const text = keptOfAllAs(segmentHtml(ITEM), "article");
    expect(text).toContain("Brass desk lamp with green glass shade");
    expect(text).toContain("hand-blown glass shade");
    expect(text).toContain("$64.00");
    expect(text).not.toContain("People who viewed this item also viewed");
    expect(text).not.toContain("Chrome arc floor lamp");
    expect(text).not.toContain("$48.50");
  });

  it("leave a page taken for 'other' too", () => {
    expect(keptOfAllAs(segmentHtml(ITEM), "other")).not.toContain("Walnut bedside lamp");
  });

  it("stay on a listing, whose titled sections are often its content", () => {
    expect(keptOfAllAs(segmentHtml(ITEM), "listing")).toContain("Walnut bedside lamp");
  });

  it("never take the story's paragraphs with them when the story's container opens with a shelf's words", () => {
    const text = keptOfAllAs(segmentHtml(STORY), "article");
    expect(text).toContain("set the seat so your feet rest flat");
    expect(text).toContain("an arm's length away");
  });

  it("take no sentence for a shelf's heading, on an article or a product", () => {
    const page = segmentHtml(`<html><body><h1>Packing for a move</h1>
<p>Pack the rooms you use least first, and leave the kitchen for the last day before the truck comes.</p>
<div class="tips"><ul><li>Extra sheets, blankets, towels, and similar items.</li><li>Books you have already read.</li></ul></div>
</body></html>`);
    expect(keptOfAllAs(page, "article")).toContain("Books you have already read.");
    expect(keptOfAllAs(page, "product")).toContain("Books you have already read.");
  });
});
