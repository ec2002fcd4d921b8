import { describe, expect, it } from "vitest";
import { listingExtraBlocks } from "../../src/core/listing-extras";
import { segmentHtml } from "../../src/core/segment";
import { foundWhereAllContent, keptOfAllAs } from "./decide-as";

const card = (name: string, price: string, stars: string) => `
<li class="card"><h3>${name}</h3><p class="price">${price}</p>
<div class="rating-stars">${stars} out of 5 stars</div>
<div class="card-buttons"><span>Quick view</span><span>Add to cart</span></div>
<div class="sr-only">Opens a dialog</div></li>`;

/** A shop's category page of our own: cards with rating stars, buttons and screen-reader labels. */
const LISTING = `<html><head><title>Hand planes - Workshop Goods</title></head><body>
<h1>Hand planes</h1><p>Bench, block and shoulder planes, set up and sharpened before they ship.</p>
<ul class="grid">
${card("Low-angle block plane", "$165.00", "4.8")}
${card("No. 4 smoothing plane", "$245.00", "4.6")}
</ul>
<div class="related-categories"><a href="/chisels">Chisels</a> <a href="/saws">Saws</a></div>
</body></html>`;

describe("a listing's extras", () => {
  it("leave a listing: its items and intro stay", () => {
    const page = segmentHtml(LISTING);
    const found = foundWhereAllContent(page, listingExtraBlocks);
    expect(found).toContain("4.8 out of 5 stars");
    expect(found).toContain("Opens a dialog");
    const kept = keptOfAllAs(page, "listing");
    expect(kept).toContain("Low-angle block plane");
    expect(kept).toContain("$245.00");
    expect(kept).toContain("set up and sharpened");
    expect(kept).not.toContain("out of 5 stars");
    expect(kept).not.toContain("Quick view");
    expect(kept).not.toContain("Opens a dialog");
    expect(kept).not.toContain("Chisels");
  });

  it("stay on articles, whose related links are the kind's own rules'", () => {
    expect(keptOfAllAs(segmentHtml(LISTING), "article")).toContain("4.8 out of 5 stars");
  });
});
