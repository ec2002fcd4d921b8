import { describe, expect, it } from "vitest";
import { droppedCardBlocks } from "../../src/core/listing-cards";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";

const card = (name: string, price: string) => `
<li class="tile"><a href="/p/${name.toLowerCase().replace(/\W+/g, "-")}"><h3>${name}</h3></a>
<p class="price">${price}</p><button class="quick">Quick look</button></li>`;

const CARDS = [
  card("Ash handled garden fork", "$48.00"),
  card("Stainless border spade", "$62.00"),
  card("Carbon steel hand trowel", "$19.50"),
  card("Folding pruning saw", "$34.00"),
  card("Bypass secateurs with holster", "$41.00"),
].join("");

/** A menu of categories before the page's name, each with its sub-menu: linked records too. */
const MENU = `<div class="menu"><ul>
${["Tools", "Seeds", "Pots", "Gifts"].map((c) => `<li class="menu-item"><a href="/${c}">${c}</a><ul><li><a href="/${c}/new">New in ${c}</a></li></ul></li>`).join("")}
</ul></div>`;

const INTRO = "Forged and turned in small workshops, sharpened before they leave us.";
const GUIDE = Array.from(
  { length: 16 },
  (_, i) => `How to choose a spade, part ${i + 1}: weigh blade ${i + 2} against the handle, then try it in clay.`,
).join(" ");

const page = (extra = "") =>
  segmentHtml(`<html><head><title>Garden tools - Yard and Spade</title></head><body>
${MENU}
<h1>Garden tools</h1><p>${INTRO}</p>${extra}
<ul class="grid">${CARDS}</ul></body></html>`);

/** What a listing keeps when the model answered with the page's name and intro (and `also`) only. */
const keptWhenCardsDropped = (p: ReturnType<typeof segmentHtml>, also = "") =>
  keptTextAs(
    p,
    verdictsWhere(p, (b) => b.text === "Garden tools" || b.text === INTRO || (also !== "" && b.text.startsWith(also))),
    "listing",
  );

describe("a listing's dropped cards", () => {
  it("come back when the answer is the page's name and intro only", () => {
    const kept = keptWhenCardsDropped(page());
    expect(kept).toContain("Stainless border spade");
    expect(kept).toContain("$19.50");
    expect(kept).toContain("Bypass secateurs with holster");
  });

  it("come back without the buttons, and not the menu before the page's name", () => {
    const kept = keptWhenCardsDropped(page());
    expect(kept).not.toContain("Quick look");
    expect(kept).not.toContain("New in Seeds");
  });

  it("are not a menu of categories before the page's name", () => {
    const p = segmentHtml(`<html><head><title>Garden tools</title></head><body>${MENU}
<h1>Garden tools</h1><p>${INTRO}</p></body></html>`);
    const content = p.blocks.map((b) => b.text === "Garden tools" || b.text === INTRO);
    expect(droppedCardBlocks(p.blocks, content, { has: () => false })).toEqual([]);
  });

  it("are not looked for on a page without a heading (a table layout's navigation rows)", () => {
    const rows = ["News", "Sports", "Travel", "Opinion"]
      .map((s) => `<tr><td><a href="/${s}">${s}</a><br><a href="/${s}/archive">${s} archive</a></td></tr>`)
      .join("");
    const story = "The river rose two feet overnight and the quay was closed at dawn.";
    const p = segmentHtml(`<html><head><title>Flood</title></head><body>
<table class="menu">${rows}</table><div class="story"><p>${story}</p></div></body></html>`);
    const content = p.blocks.map((b) => b.text === story);
    expect(droppedCardBlocks(p.blocks, content, { has: () => false })).toEqual([]);
  });

  it("stay out when the answer has a text of its own", () => {
    const kept = keptWhenCardsDropped(page(`<p>${GUIDE}</p>`), "How to choose");
    expect(kept).toContain("How to choose a spade");
    expect(kept).not.toContain("Stainless border spade");
  });

  it("stay out when a short story stands outside them (an article taken for a listing)", () => {
    const story = [
      "The harbour trust will reopen the north quay on Monday after a month of repairs to its timber piles.",
      "Ferries will return to their usual berth, and the temporary pontoon beside the lifeboat station will go.",
      "Divers found rot in eleven of the piles in March, and the trust closed the quay to vehicles that same week.",
    ];
    const paragraphs = story.map((t) => `<p>${t}</p>`).join("");
    const p = page(paragraphs);
    const verdicts = verdictsWhere(p, (b) => b.text === "Garden tools" || story.includes(b.text));
    const kept = keptTextAs(p, verdicts, "listing");
    expect(kept).toContain("Divers found rot");
    expect(kept).not.toContain("Stainless border spade");
    // Two paragraphs are an intro: the cards come back.
    const intro = segmentHtml(
      `<html><head><title>Garden tools</title></head><body><h1>Garden tools</h1>${story
        .slice(0, 2)
        .map((t) => `<p>${t}</p>`)
        .join("")}<ul class="grid">${CARDS}</ul></body></html>`,
    );
    const introVerdicts = verdictsWhere(intro, (b) => b.text === "Garden tools" || story.includes(b.text));
    expect(keptTextAs(intro, introVerdicts, "listing")).toContain("Stainless border spade");
  });

  it("stay out on articles", () => {
    const p = page();
    const verdicts = verdictsWhere(p, (b) => b.text === "Garden tools" || b.text === INTRO);
    expect(keptTextAs(p, verdicts, "article")).not.toContain("Stainless border spade");
  });
});
