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

/** A shop's category page of our own under a promotion bar and an announcement bar. */
const BARRED = `<html><head><title>Face oils - Fern Apothecary</title></head><body>
<div class="announcement-bar"><p>Orders ship within two working days from our Leeds studio.</p></div>
<div id="promoBar" class="promo-bar"><p>Take a fifth off every face oil this week with code FERN.</p></div>
<h1>Face oils</h1>
<ul class="grid">
<li class="card"><h3>Rosehip night oil</h3><p class="price">£28.00</p></li>
<li class="card"><h3>Sea buckthorn day oil</h3><p class="price">£31.00</p></li>
</ul></body></html>`;

/** A news site's section page of our own, whose story cards are named "promo". */
const NEWS = `<html><head><title>Weather - Valley Courier</title></head><body>
<h1>Weather</h1>
<div class="PageList"><div class="PagePromo"><h3>Frost expected on the high roads tonight</h3></div>
<div class="PagePromo"><h3>Flood barriers go up along the river quay</h3></div></div>
</body></html>`;

/** A shop's category page of our own whose filter panel is named "refinements". */
const REFINED = `<html><head><title>Kettles - Hearth Goods</title></head><body>
<h1>Kettles</h1>
<div class="refinements"><ul><li>Stovetop 4 Refine by Type: Stovetop</li><li>Electric 7 Refine by Type: Electric</li></ul></div>
<ul class="grid">
<li class="card"><h3>Enamel whistling kettle</h3><p class="price">$54.00</p></li>
<li class="card"><h3>Gooseneck pour-over kettle</h3><p class="price">$72.00</p></li>
</ul></body></html>`;

describe("a listing's extras", () => {
  it("include a filter panel named refinements", () => {
    const kept = keptOfAllAs(segmentHtml(REFINED), "listing");
    expect(kept).toContain("Gooseneck pour-over kettle");
    expect(kept).not.toContain("Refine by Type");
  });

  it("include a shop's promotion and announcement bars, not story cards named promo", () => {
    const kept = keptOfAllAs(segmentHtml(BARRED), "listing");
    expect(kept).toContain("Rosehip night oil");
    expect(kept).not.toContain("working days");
    expect(kept).not.toContain("code FERN");
    expect(keptOfAllAs(segmentHtml(NEWS), "listing")).toContain("Frost expected");
  });

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
