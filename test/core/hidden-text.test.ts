import { describe, expect, it } from "vitest";
import { hiddenTextBlocks } from "../../src/core/hidden-text";
import { segmentHtml } from "../../src/core/segment";
import { foundWhereAllContent, keptOfAllAs } from "./decide-as";

/**
 * A product page of our own: its script data parked in a hidden list, a sold-out notice hidden until
 * needed, and a reviews tab hidden only on small screens (`hidden md:block`), which a desktop shows.
 */
const PRODUCT = `<html><head><title>Linen apron - Workshop Goods</title></head><body>
<div class="product"><h1>Linen apron</h1>
<p class="price">$42.00</p>
<div class="description"><p>Stonewashed European linen with a cross-back strap and two deep pockets for pencils and tape.</p></div>
<dl class="variant-data hide"><dt>thumb_Sage:</dt><dd>cdn.example.com/apron/sage-160.jpg</dd><dt>thumb_Rust:</dt><dd>cdn.example.com/apron/rust-160.jpg</dd></dl>
<p class="is-hidden">This colour is sold out. Notify me when it is back.</p>
<div class="hidden md:block"><p>Wears in beautifully and softens with every wash.</p></div>
</div></body></html>`;

describe("a product page's hidden text", () => {
  it("leaves a product: its name, description and desktop-only text stay", () => {
    const page = segmentHtml(PRODUCT);
    expect(foundWhereAllContent(page, hiddenTextBlocks)).toEqual([
      "thumb_Sage:",
      "cdn.example.com/apron/sage-160.jpg",
      "thumb_Rust:",
      "cdn.example.com/apron/rust-160.jpg",
      "This colour is sold out. Notify me when it is back.",
    ]);
    const kept = keptOfAllAs(page, "product");
    expect(kept).toContain("two deep pockets");
    expect(kept).toContain("softens with every wash");
    expect(kept).not.toContain("sold out");
  });

  it("is not text whose class says it is shown (no-hide, un-hidden)", () => {
    const shown = segmentHtml(`<html><head><title>Linen apron - Workshop Goods</title></head><body>
<div class="product"><h1>Linen apron</h1><p class="no-hide">Ships in two days from our workshop in Leeds.</p>
<p class="un-hidden">Machine washable at forty degrees.</p><p class="u-hide">thumb_Sage: sage-160.jpg</p></div></body></html>`);
    expect(foundWhereAllContent(shown, hiddenTextBlocks)).toEqual(["thumb_Sage: sage-160.jpg"]);
  });

  it("leaves a thread too", () => {
    expect(keptOfAllAs(segmentHtml(PRODUCT), "thread")).not.toContain("sold out");
  });

  it("stays on articles, where a script reveals it", () => {
    expect(keptOfAllAs(segmentHtml(PRODUCT), "article")).toContain("sold out");
  });
});
