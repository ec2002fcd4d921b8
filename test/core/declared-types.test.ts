import { describe, expect, it } from "vitest";
import { openGraphGroup } from "../../src/core/declared-types";
import { pageSignals } from "../../src/core/page-kind";
import { segmentDocument, segmentHtml, stripNonText } from "../../src/core/segment";
import { parseHTML } from "linkedom";

const page = (head: string, body = `<p>A paragraph of the page, long enough to be a block of text.</p>`) =>
  `<html><head><title>Page</title>${head}</head><body>${body}</body></html>`;
const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;

describe("declared page types", () => {
  it("reads og:type, in groups", () => {
    expect(
      segmentHtml(page(`<meta property="og:type" content="website"><meta name="og:title" content="x">`)).declared,
    ).toEqual({
      openGraph: ["website"],
    });
    expect(segmentHtml(page(`<meta property="og:type" content="product.group">`)).declared).toEqual({
      openGraph: ["listing"],
    });
    expect(segmentHtml(page(`<meta name="og:type" content=" Product ">`)).declared).toEqual({ openGraph: ["product"] });
  });

  it("says nothing when nothing is declared, for values no group holds, and for schema.org types (not read)", () => {
    expect(segmentHtml(page("")).declared).toBeUndefined();
    expect(segmentHtml(page(`<meta property="og:type" content="profile">`)).declared).toBeUndefined();
    const schema = page(
      ld(`{"@type":"Product"}`),
      `<div itemscope itemtype="https://schema.org/Product"><p>Lamp</p></div>`,
    );
    expect(segmentHtml(schema).declared).toBeUndefined();
  });

  it("does not change the blocks, and the DOM walk reads the same", () => {
    const html = page(`<meta property="og:type" content="article">`, `<article><p>Story text.</p></article>`);
    const segmented = segmentHtml(html);
    expect(segmented.blocks).toEqual(segmentHtml(html.replace(/<meta[^>]*>/, "")).blocks);
    expect(segmentDocument(parseHTML(stripNonText(html)).document).declared).toEqual(segmented.declared);
  });

  it("normalises og:type values as pages write them", () => {
    expect(openGraphGroup(" Article ")).toBe("article");
    expect(openGraphGroup("product.item")).toBe("product");
    expect(openGraphGroup("profile")).toBeUndefined();
  });

  it("give the kind model og:type product and product.group, and no other declaration", () => {
    const declared = (head: string) => {
      const signals = pageSignals(segmentHtml(page(head)));
      return Object.keys(signals).filter((name) => name.startsWith("declared.") && signals[name] === 1);
    };
    expect(declared(`<meta property="og:type" content="product">`)).toEqual(["declared.openGraph.product"]);
    expect(declared(`<meta property="og:type" content="product.group">`)).toEqual(["declared.openGraph.listing"]);
    expect(declared(`<meta property="og:type" content="article">`)).toEqual([]);
  });
});
