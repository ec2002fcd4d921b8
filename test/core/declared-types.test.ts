import { describe, expect, it } from "vitest";
import { MAX_LD_PAGE_CHARS, MAX_LD_SCRIPT_CHARS, openGraphGroup, schemaGroup } from "../../src/core/declared-types";
import { pageSignals } from "../../src/core/page-kind";
import { segmentDocument, segmentHtml, stripNonText } from "../../src/core/segment";
import { parseHTML } from "linkedom";

const page = (head: string, body = `<p>A paragraph of the page, long enough to be a block of text.</p>`) =>
  `<html><head><title>Page</title>${head}</head><body>${body}</body></html>`;
const ld = (json: string, type = "application/ld+json") => `<script type="${type}">${json}</script>`;

describe("declared page types", () => {
  it("reads JSON-LD @type strings, arrays, nested values and @graph, in groups", () => {
    const graph = ld(`{"@context":"https://schema.org","@graph":[
      {"@type":"WebPage","name":"x"},
      {"@type":["Product","Thing"],"name":"Lamp","offers":{"@type":"Offer","price":"19.00"}},
      {"@type" : "BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1}]}]}`);
    expect(segmentHtml(page(graph)).declared).toEqual({ schema: ["product"], openGraph: [] });
    const two = ld(`[{"@type":"NewsArticle"},{"@type":"FAQPage"}]`);
    expect(segmentHtml(page(two)).declared).toEqual({ schema: ["article", "faq"], openGraph: [] });
  });

  it("reads microdata itemtype and og:type", () => {
    const body = `<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><p>First post of the thread.</p>
      <div itemscope itemtype="http://schema.org/Comment https://schema.org/Thing"><p>A reply.</p></div></div>`;
    const html = page(`<meta property="og:type" content="website"><meta name="og:title" content="x">`, body);
    expect(segmentHtml(html).declared).toEqual({ schema: ["thread"], openGraph: ["website"] });
    expect(segmentHtml(page(`<meta property="og:type" content="product.group">`)).declared).toEqual({
      schema: [],
      openGraph: ["listing"],
    });
  });

  it("ignores scripts that are not JSON-LD, types no group holds, and says nothing when nothing is declared", () => {
    const html = page(
      `<script>var data = {"@type": "Product"};</script>${ld(`{"@type":"Product"}`, "application/json")}` +
        ld(`{"@type":"WebSite","publisher":{"@type":"Organization"}}`),
    );
    expect(segmentHtml(html).declared).toBeUndefined();
    expect(segmentHtml(page("")).declared).toBeUndefined();
  });

  it("reads what it can of broken JSON-LD and stops within its budget", () => {
    // Unterminated, with a stray brace: the scan still finds the type before the damage.
    expect(segmentHtml(page(ld(`{"@type":"BlogPosting","headline":"x",}}`))).declared?.schema).toEqual(["article"]);
    // A type past the per-script cap is not read; one in the next script is.
    const filler = `"x":"${"a".repeat(MAX_LD_SCRIPT_CHARS)}",`;
    const late = ld(`{${filler}"@type":"Product"}`);
    expect(segmentHtml(page(late)).declared).toBeUndefined();
    expect(segmentHtml(page(late + ld(`{"@type":"Product"}`))).declared?.schema).toEqual(["product"]);
    // Past the page's cap no script is read at all.
    const pageful = ld(`{${"a".repeat(MAX_LD_SCRIPT_CHARS)}}`).repeat(MAX_LD_PAGE_CHARS / MAX_LD_SCRIPT_CHARS);
    expect(segmentHtml(page(pageful + ld(`{"@type":"Product"}`))).declared).toBeUndefined();
  });

  it("does not change the blocks, and the DOM walk reads the same microdata and og:type", () => {
    const html = page(
      `<meta property="og:type" content="article">${ld(`{"@type":"Article"}`)}`,
      `<article itemscope itemtype="https://schema.org/Article"><p>Story text.</p></article>`,
    );
    const segmented = segmentHtml(html);
    expect(segmented.blocks).toEqual(segmentHtml(html.replace(/itemscope itemtype="[^"]*"/, "")).blocks);
    expect(segmentDocument(parseHTML(stripNonText(html)).document).declared).toEqual(segmented.declared);
  });

  it("normalises type names as pages write them", () => {
    for (const t of [
      "Product",
      "schema:Product",
      "https://schema.org/Product",
      "http:\\/\\/schema.org\\/Product",
      "product",
    ]) {
      expect(schemaGroup(t)).toBe("product");
    }
    expect(schemaGroup("TechArticle")).toBe("documentation");
    expect(schemaGroup("QAPage")).toBe("thread");
    expect(schemaGroup("Question")).toBeUndefined();
    expect(openGraphGroup(" Article ")).toBe("article");
    expect(openGraphGroup("profile")).toBeUndefined();
  });

  it("give the kind model og:type product and product.group, and no other declaration", () => {
    const declared = (head: string) => {
      const signals = pageSignals(segmentHtml(page(head)));
      return Object.keys(signals).filter((name) => name.startsWith("declared.") && signals[name] === 1);
    };
    expect(declared(`<meta property="og:type" content="product">${ld(`{"@type":"Product"}`)}`)).toEqual([
      "declared.openGraph.product",
    ]);
    expect(declared(`<meta property="og:type" content="product.group">`)).toEqual(["declared.openGraph.listing"]);
    expect(declared(`<meta property="og:type" content="article">${ld(`{"@type":"NewsArticle"}`)}`)).toEqual([]);
  });
});
