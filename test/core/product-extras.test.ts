import { describe, expect, it } from "vitest";
import { productExtraBlocks } from "../../src/core/product-extras";
import { segmentHtml } from "../../src/core/segment";
import { foundWhereAllContent, keptOfAllAs } from "./decide-as";

/** A product page of our own with a slider of the brand's promises and a legal note under its description. */
const PRODUCT = `<html><head><title>Walnut cutting board - Workshop Goods</title></head><body>
<div class="product"><h1>Walnut cutting board</h1>
<p class="price">$89.00</p>
<div class="description"><p>Cut from a single plank of American black walnut and finished with food-safe oil, this board is kind to knife edges.</p></div>
</div>
<div class="brand-carousel"><h2>Our workshop</h2>
<div class="slide"><p>One tree planted for every board we sell, since 2016.</p></div>
<div class="slide"><p>Free engraving on orders placed before noon.</p></div>
</div>
<div class="legal"><p>Prices include VAT. Workshop Goods is a registered trade mark.</p></div></body></html>`;

describe("a product page's carousels, menus and legal text", () => {
  it("leave a product: its name and description stay", () => {
    const page = segmentHtml(PRODUCT);
    expect(foundWhereAllContent(page, productExtraBlocks)).toEqual([
      "Our workshop",
      "One tree planted for every board we sell, since 2016.",
      "Free engraving on orders placed before noon.",
      "Prices include VAT. Workshop Goods is a registered trade mark.",
    ]);
    const kept = keptOfAllAs(page, "product");
    expect(kept).toContain("kind to knife edges");
    expect(kept).not.toContain("One tree planted");
  });

  it("stay on listings, whose carousel is often the list itself", () => {
    expect(keptOfAllAs(segmentHtml(PRODUCT), "listing")).toContain("One tree planted");
  });
});
