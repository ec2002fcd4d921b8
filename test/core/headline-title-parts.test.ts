import { describe, expect, it } from "vitest";
import { chooseHeadline } from "../../src/core/headline-choice";
import { extractMetadata } from "../../src/core/metadata";
import type { PageKind } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";

const BODY = [
  "The council voted on Tuesday to turn the old tram depot into a covered market with forty stalls and a bike park.",
  "Traders who sold from the square for thirty years will get the first pick of stalls, at rents fixed for five years.",
].map((p) => `<p>${p}</p>`);

/**
 * The headline chosen for a page of ours: `head` is the <head>'s markup, `before` what stands above
 * the article (not content), `article` the content's start (blocks inside <article> are content).
 */
function headlineOf(
  head: string,
  before: string,
  article: string,
  { kind = "article", host = "www.riverside-gazette.example" }: { kind?: PageKind; host?: string } = {},
): string {
  const html = `<html><head>${head}</head><body>${before}<article>${article}${BODY.join("")}</article>
<footer><p>Contact us</p></footer></body></html>`;
  const url = `https://${host}/pages/one`;
  const segmented = segmentHtml(html, url);
  const metadata = extractMetadata(html, url);
  return chooseHeadline({
    metadataTitle: metadata.title,
    pageTitle: segmented.title,
    siteName: metadata.siteName,
    host,
    blocks: segmented.blocks,
    content: segmented.blocks.map((b) => b.landmark === "article"),
    kind,
    titleDeclared: metadata.titleDeclared,
    rawMetadataTitle: metadata.titleAsStated,
  });
}

describe("chooseHeadline: the parts of a title the page shows", () => {
  it("keeps a last part the headline's own dashes set off, when the <h1> is the og:title as stated", () => {
    const headline = "Alder Trail Sandal – Cork Brown – Unisex";
    const head = `<title>Alder Trail Cork Sandals | Unisex</title><meta property="og:title" content="${headline}">`;
    expect(headlineOf(head, "", `<h1>${headline}</h1>`, { kind: "product" })).toBe(headline);
  });

  it("still drops a tail after a dash the headline does not use, and a pipe's", () => {
    const dash = `<title>Fifteen Apps Compared - Personally Tested</title>
      <meta property="og:title" content="Fifteen Apps Compared - Personally Tested">`;
    expect(headlineOf(dash, "", "<h1>Fifteen Apps Compared - Personally Tested</h1>")).toBe("Fifteen Apps Compared");
    const pipe = `<title>Why the depot matters | Opinion</title><meta property="og:title" content="Why the depot matters | Opinion">`;
    expect(headlineOf(pipe, "", "<h1>Why the depot matters | Opinion</h1>")).toBe("Why the depot matters");
  });

  it("takes an <h1> that is the whole <title> opening with the site's name: the brand's own page", () => {
    const title = "Gridmark: Trail Running Rankings";
    const headline = headlineOf(`<title>${title}</title>`, "", `<h1>${title}</h1>`, {
      kind: "listing",
      host: "gridmark.example",
    });
    expect(headline).toBe(title);
  });

  it("strips the site's name off a short headline an <h2> shows, the <h1> being the <title> again", () => {
    const headline = headlineOf(
      "<title>Tram Vote | Riverside Gazette</title>",
      "<h1>Tram Vote | Riverside Gazette</h1><h2>Tram Vote</h2>",
      "",
    );
    expect(headline).toBe("Tram Vote");
  });

  it("takes a product's <h1> that adds a word to the site's name when the og:title opens with it", () => {
    const head = `<title>Fountain Pen in Blue - Smooth &amp; Light | The Quillpen</title>
      <meta property="og:title" content="Quillpen Classic - Midnight Blue">`;
    expect(headlineOf(head, "", "<h1>Quillpen Classic</h1>", { kind: "product", host: "quillpen.example" })).toBe(
      "Quillpen Classic",
    );
  });

  it("heads a service page without an <h1> by the <h2> its <title> opens with", () => {
    const head = `<title>Tramline CDN | Content Delivery Network | Tramline</title>
      <meta property="og:title" content="Tramline CDN | Content Delivery Network">`;
    const headline = headlineOf(head, "", "<h2>Tramline CDN</h2>", { kind: "service", host: "www.tramline.example" });
    expect(headline).toBe("Tramline CDN");
  });

  it("takes the <h2> above the story that rewords the <title>, not a shop's short label", () => {
    const head = "<title>Five Ways to Start Composting at Home | Greenleaf</title>";
    const reworded = "Five Easy Ways to Begin Composting in Your Home";
    expect(headlineOf(head, `<h2>Your cart</h2><h2>${reworded}</h2>`, "")).toBe(reworded);
    // Below the story's first paragraph such an <h2> is a section of the story, not its headline.
    const section =
      "<p>Start small: a bin by the back door takes a week of peelings.</p><h2>Why Start Composting at Home</h2>";
    expect(headlineOf(head, "", section)).toBe("Five Ways to Start Composting at Home");
    const store = "<title>Compost on Greenleaf Store</title>";
    expect(headlineOf(store, "<h2>Buy Compost</h2>", "")).toBe("Compost on Greenleaf Store");
  });

  it("takes the <h2> under a kicker <h1> when the <title> says the <h2>, and keeps an <h1> a title names", () => {
    const head = "<title>How to Get Toddlers to Sleep Through the Night | Riverside Gazette</title>";
    const story = "<h2>How to Get Toddlers to Sleep Through the Night</h2>";
    expect(headlineOf(head, "", `<h1>Sleep Training</h1>${story}`)).toBe(
      "How to Get Toddlers to Sleep Through the Night",
    );
    const named = "<title>Sleep Training | Riverside Gazette</title>";
    expect(headlineOf(named, "", `<h1>Sleep Training</h1>${story}`)).toBe("Sleep Training");
  });
});

describe("the title's parts on a hostile page", () => {
  // A generous bound, as headline-choice.test.ts's hostile pages: the point is the growth. Alone this
  // takes about 0.4 s; normalizing the whole title as stated once per <h1> (titleAsWritten) took 20 s.
  it("reads a <title> and an og:title of thousands of dash-set parts over thousands of <h1>s once", () => {
    const parts = Array.from({ length: 8000 }, (_, i) => `Stall ${i}`).join(" – ");
    const head = `<title>${parts} – Unisex</title><meta property="og:title" content="${parts} – Stone">`;
    const h1s = Array.from({ length: 4000 }, (_, i) => `<h1>Covered market stall number ${i} for the season</h1>`);
    const start = performance.now();
    const headline = headlineOf(head, "", h1s.join(""), { kind: "product" });
    expect(headline).toBe("Covered market stall number 0 for the season");
    expect(performance.now() - start).toBeLessThan(5000);
  });
});
