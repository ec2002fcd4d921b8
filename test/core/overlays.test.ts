import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { overlayBlocks } from "../../src/core/overlays";
import type { PageKind } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs } from "./decide-as";

const SERVICE = `<html><head><title>Garden Design | Greenway Studio</title></head><body class="modal-open">
<main><h1>Garden design for small city plots</h1>
<section><p>We plan courtyards, roof terraces and narrow back gardens, from the first sketch to the
planting plan.</p></section>
<section><h2>How it works</h2><p>A site visit, two design rounds and a planting list you can take to any
nursery.</p></section>
</main>
<div class="modal fade" id="delivery-dates"><div class="modal-body">
<p>Order by the dates below to receive your plan by June.</p>
<table><tr><td>Standard</td><td>June 10</td></tr></table></div></div>
<div id="onetrust-consent-sdk"><div class="ot-pc-content">
<p>These technologies help us understand how our site is used.</p></div></div>
<div class="newsletter-popup"><p>Sign up for ten percent off your first consultation.</p></div>
<div class="size-popover"><p>Measure the plot along its longest wall before you book.</p></div>
<div id="fides-overlay"><div id="fides-banner"><p>We and our partners store data on your device.</p></div></div>
<div class="cookiebar-wrapper"><p>Choose which measurements you allow.</p></div>
</body></html>`;

const page = segmentHtml(SERVICE);
const allContent: BlockVerdict[] = page.blocks.map(() => ({
  label: "content",
  rule: "test",
  node: "",
  support: 0,
  count: 0,
}));
// Block texts never hold a newline (whitespace is collapsed), so the kept texts split back apart.
const keptAs = (kind: PageKind, verdicts = allContent) => keptTextAs(page, verdicts, kind).split("\n");

describe("overlays", () => {
  it("finds the blocks of modals, consent panels and pop-ups, not the page a `body.modal-open` marks", () => {
    const texts = overlayBlocks(page).map((i) => page.blocks[i]!.text);
    expect(texts.join("\n")).toContain("receive your plan by June");
    expect(texts.join("\n")).toContain("June 10");
    expect(texts.join("\n")).toContain("how our site is used");
    expect(texts.join("\n")).toContain("ten percent off");
    expect(texts.join("\n")).toContain("longest wall");
    // Consent platforms named by their vendor (Fides), and words that begin with "cookie".
    expect(texts.join("\n")).toContain("store data on your device");
    expect(texts.join("\n")).toContain("which measurements you allow");
    expect(texts.join("\n")).not.toContain("Garden design");
    expect(texts.join("\n")).not.toContain("site visit");
  });

  it("leave a service page and keep its sections", () => {
    const text = keptAs("service").join("\n");
    expect(text).toContain("Garden design for small city plots");
    expect(text).toContain("two design rounds");
    expect(text).not.toContain("receive your plan by June");
    expect(text).not.toContain("how our site is used");
    expect(text).not.toContain("ten percent off");
  });

  it("stay on an article (the article rules decide there)", () => {
    expect(keptAs("article").join("\n")).toContain("receive your plan by June");
  });

  it("stay when they are all the content the page has (never empty)", () => {
    const overlays = new Set(overlayBlocks(page));
    const onlyOverlays = allContent.map((v, i) => (overlays.has(i) ? v : { ...v, label: "boilerplate" as const }));
    expect(keptAs("service", onlyOverlays).join("\n")).toContain("receive your plan by June");
  });
});

const PLAN = `<html><head><title>Balcony planting plan</title></head><body>
<main><h1>Balcony planting plan</h1>
<p>A planting plan for a south-facing balcony: trailing rosemary, dwarf lavender and a fig in a half barrel.</p>
<ul class="plan-actions"><li>Save</li><li>Share</li><li>Print</li></ul>
<p class="price-disclaimer">Prices include VAT and may change without notice.</p></main>
</body></html>`;

describe("page chrome", () => {
  const plan = segmentHtml(PLAN);
  const verdicts: BlockVerdict[] = plan.blocks.map(() => ({
    label: "content",
    rule: "",
    node: "",
    support: 0,
    count: 0,
  }));
  const keptAs = (kind: PageKind) => keptTextAs(plan, verdicts, kind);

  it("action bars and disclaimers leave a service page", () => {
    const text = keptAs("service");
    expect(text).toContain("trailing rosemary");
    expect(text).not.toContain("Share");
    expect(text).not.toContain("may change without notice");
  });

  it("stay on an article", () => {
    expect(keptAs("article")).toContain("may change without notice");
  });
});
