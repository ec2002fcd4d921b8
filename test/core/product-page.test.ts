import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { decidePage } from "../../src/core/page-decision";
import { pageKind, type PageKind } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs } from "./decide-as";

const PRODUCT = `<html><head><title>Trailhead 30 Daypack | Ridge Outfitters</title></head><body>
<nav><a href="/">Home</a> <a href="/packs">Packs</a></nav>
<main class="product-page"><div class="product-header"><h1>Trailhead 30 Daypack</h1><p class="price">$89.00</p></div>
<div class="product-description"><p>A thirty-litre pack for long day hikes, with a ventilated back panel, hip belt
pockets and a sleeve for a three-litre water reservoir.</p></div>
<table class="specs"><tr><th>Capacity</th><td>30 litres</td></tr><tr><th>Weight</th><td>1.1 kg</td></tr></table>
<section id="reviews" class="product-reviews"><h2>Customer reviews</h2>
<div class="review"><p>Carried it on a twelve mile loop and the hip belt never slipped once, great pack.</p></div>
<div class="review"><p>The side pockets are too tight for a one-litre bottle, otherwise comfortable.</p></div></section>
<div class="related-products"><h2>You may also like</h2><p>Trailhead 20 Daypack, $69.00, light and simple</p>
<p>Summit 45 Backpack, $149.00, for overnight trips</p></div></main>
<footer>© Ridge Outfitters</footer></body></html>`;

const page = segmentHtml(PRODUCT);
const allContent: BlockVerdict[] = page.blocks.map(() => ({
  label: "content",
  rule: "test",
  node: "",
  support: 0,
  count: 0,
}));
const decideAs = (kind: PageKind) => {
  const known = {
    ...pageKind(
      page,
      allContent.map(() => 1),
    ),
    kind,
  };
  return decidePage(page, allContent, null, undefined, known);
};
const kept = (verdicts: BlockVerdict[]) =>
  page.blocks.filter((_, i) => verdicts[i]!.label !== "boilerplate").map((b) => b.text);

describe("a product page as a whole", () => {
  it("keeps the name, price, description and specifications, and drops the reviews and the shelf of other products", () => {
    const text = kept(decideAs("product").verdicts).join("\n");
    expect(text).toContain("Trailhead 30 Daypack");
    expect(text).toContain("$89.00");
    expect(text).toContain("ventilated back panel");
    expect(text).toContain("30 litres");
    expect(text).not.toContain("hip belt never slipped");
    expect(text).not.toContain("Customer reviews");
    expect(text).not.toContain("Summit 45 Backpack");
    expect(text).not.toContain("You may also like");
  });

  it("puts the reviews in the comment section (comments=1), not the shelf", () => {
    const comments = decideAs("product").decision.comments.map((i) => page.blocks[i]!.text);
    expect(comments.join("\n")).toContain("hip belt never slipped");
    expect(comments.join("\n")).not.toContain("Summit 45 Backpack");
  });

  it("leaves review containers alone on an article (a review is an article's subject there), not a shelf of products", () => {
    const text = kept(decideAs("article").verdicts).join("\n");
    expect(text).toContain("hip belt never slipped");
    expect(text).toContain("ventilated back panel");
    expect(text).not.toContain("Summit 45 Backpack");
  });
});

/** A shop with generated class names: only the shelf's heading says what it is. */
const GENERATED = `<html><head><title>Linen Shirt</title></head><body>
<div class="x1Ab"><div class="q9Zt"><h1>Linen Shirt, Sand</h1><div class="p0Rr">$48.00</div>
<p>Washed linen in a relaxed cut, with a camp collar and coconut buttons. Buyers who compare similar products
usually notice the weight of the cloth first.</p></div>
<div class="k2Lm"><h2>About this item</h2><p>100% linen, machine washable at 30 degrees.</p></div>
<div class="r2-E"><div class="t3nQ"><h2>People who viewed this item also viewed</h2></div>
<ul class="c7Hw"><li><h3>Cotton Oxford Shirt, Blue</h3><div>$39.00</div></li>
<li><h3>Hemp Overshirt, Olive</h3><div>$72.00</div></li></ul></div>
<section class="z8Yq"><h2>You may also like</h2><p>Canvas Tote Bag, $25.00</p></section></div>
</body></html>`;

describe("a product page's shelves titled in words", () => {
  const generated = segmentHtml(GENERATED);
  const verdicts: BlockVerdict[] = generated.blocks.map(() => ({
    label: "content",
    rule: "test",
    node: "",
    support: 0,
    count: 0,
  }));
  const keptAs = (kind: PageKind) => keptTextAs(generated, verdicts, kind);

  it("drops the sections such headings open, and keeps the product's own sections", () => {
    const text = keptAs("product");
    expect(text).toContain("Linen Shirt, Sand");
    expect(text).toContain("$48.00");
    expect(text).toContain("coconut buttons");
    expect(text).toContain("compare similar products");
    expect(text).toContain("About this item");
    expect(text).toContain("machine washable");
    expect(text).not.toContain("People who viewed");
    expect(text).not.toContain("Cotton Oxford Shirt");
    expect(text).not.toContain("$72.00");
    expect(text).not.toContain("You may also like");
    expect(text).not.toContain("Canvas Tote Bag");
  });

  it("leaves them alone on other kinds of page", () => {
    const text = keptAs("service");
    expect(text).toContain("Cotton Oxford Shirt");
    expect(text).toContain("Canvas Tote Bag");
  });
});

describe("a product page's name in its buy box", () => {
  // The model kept the description and dropped the buy box, the name's h1 with it.
  const nameDropped = (kind: PageKind) => {
    const verdicts: BlockVerdict[] = page.blocks.map((b) => ({
      label: b.tag === "h1" || b.text.startsWith("$89") || b.tag === "nav" ? "boilerplate" : "content",
      rule: "test",
      node: "",
      support: 0,
      count: 0,
    }));
    const known = {
      ...pageKind(
        page,
        verdicts.map(() => 1),
      ),
      kind,
    };
    return kept(decidePage(page, verdicts, null, undefined, known).verdicts);
  };

  it("keeps the h1 that reads as the page's title on a product page", () => {
    expect(nameDropped("product")).toContain("Trailhead 30 Daypack");
  });

  it("leaves the model's verdict alone on other kinds of page", () => {
    expect(nameDropped("article")).not.toContain("Trailhead 30 Daypack");
    expect(nameDropped("service")).not.toContain("Trailhead 30 Daypack");
  });
});
