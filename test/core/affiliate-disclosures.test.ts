import { describe, expect, it } from "vitest";
import { affiliateDisclosures } from "../../src/core/affiliate-disclosures";
import { segmentHtml } from "../../src/core/segment";
import { keptOfAllAs } from "./decide-as";

describe("affiliate disclosures", () => {
  it("names the short blocks where the page or site speaks of its own commissions", () => {
    const blocks = [
      { text: "We may earn a commission when you buy through links on this page." },
      { text: "The kettle boils a litre in under three minutes and switches itself off." },
      { text: "This post contains affiliate links. Read my full disclosure." },
      // An article's own sentence about affiliate programmes: not a disclosure.
      { text: "Affiliate programs: bloggers earn money when readers buy gear through tracked links." },
      { text: "As an Amazon Associate I earn from qualifying purchases." },
      { text: "Affiliate disclosure: we test everything we recommend." },
      // Not in the answer: nothing to take out.
      { text: "We may earn commission on some of the items you choose to buy." },
    ];
    expect(affiliateDisclosures(blocks, [true, true, true, true, true, true, false])).toEqual([0, 2, 4, 5]);
  });

  it("leaves a long paragraph that mentions commissions in passing", () => {
    const long = `${"The review team spent a month brewing with each kettle on the list. ".repeat(6)}We earn a commission on none of them.`;
    expect(affiliateDisclosures([{ text: long }], [true])).toEqual([]);
  });
});

const REVIEW = `<html><head><title>The best electric kettles - Steep Notes</title></head><body><main><article>
<h1>The best electric kettles for tea drinkers</h1>
<p class="note">We may earn a commission when you buy through links on this page.</p>
<p>We boiled water in nine kettles for a month, timing each litre and tasting the tea it made, to find the ones worth the counter space.</p>
<h2>Our favourite: the gooseneck with a dial</h2>
<p>Its dial holds the water at any temperature from sixty degrees up, which green and white teas need, and the spout pours slowly enough for a filter cone.</p>
</article></main></body></html>`;

describe("the page decision on an article with an affiliate disclosure", () => {
  const page = segmentHtml(REVIEW);

  it("leaves the disclosure out of an article and keeps its prose", () => {
    const text = keptOfAllAs(page, "article");
    expect(text).not.toContain("We may earn a commission");
    expect(text).toContain("timing each litre");
    expect(text).toContain("holds the water at any temperature");
  });

  it("keeps it on other kinds", () => {
    expect(keptOfAllAs(page, "service")).toContain("We may earn a commission");
  });
});
