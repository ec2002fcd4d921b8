/**
 * Teasers of other stories leave an article: cards after the story (headline link + excerpt) and
 * paragraphs that are a link; a roundup's items, a story's cards before its end and list items stay.
 */
import { describe, expect, it } from "vitest";
import { segmentHtml } from "../../src/core/segment";
import type { TextBlock } from "../../src/core/types";
import { CARD_MAX_CHARS, linkParagraphBlocks, teaserBlocks, teaserCardBlocks } from "../../src/core/teasers";

const STORY = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session, with the ferry subsidy the last item to be settled before midnight by a vote of seven to four in the old town hall.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed until the roof is sound and the insurers have signed off on the work that the contractors began in the early summer.",
  "Farmers in the valley welcomed the decision, which had been delayed twice since the spring meeting, and said the new road would cut an hour from their weekly trips to the market in the county town on the far side of the hills.",
];
const TEASERS = [
  ["Storm closes the coast road", "Drivers were told to expect delays of up to two hours on Tuesday morning."],
  ["School wins robotics final", "Pupils from the island beat thirty teams with a robot that sorts litter."],
  ["Lighthouse opens to visitors", "The restored tower will welcome its first guests at the end of the month."],
];
const card = ([headline, excerpt]: string[]) =>
  `<div class="card"><h3><a href="/s/${headline!.length}">${headline}</a></h3><p>${excerpt}</p></div>`;

type Rule = (blocks: readonly TextBlock[], content: readonly boolean[]) => number[];

function answerWithout(html: string, teasers: Rule = teaserCardBlocks): string[] {
  const page = segmentHtml(html);
  const gone = new Set(
    teasers(
      page.blocks,
      page.blocks.map(() => true),
    ),
  );
  return page.blocks.filter((_, i) => !gone.has(i)).map((b) => b.text);
}

describe("teaserCardBlocks", () => {
  it("drops a list of cards after the story, whatever its heading says", () => {
    const kept = answerWithout(`<html><body><div class="story">${STORY.map((t) => `<p>${t}</p>`).join("")}</div>
<section><h2>Mehr aus der Region</h2>${TEASERS.map(card).join("")}</section></body></html>`);
    expect(kept).toEqual([...STORY, "Mehr aus der Region"]);
  });

  it("keeps cards the story goes on after, and cards inside the element of its first paragraph", () => {
    const between = `<html><body><div class="story"><p>${STORY[0]}</p></div><div class="items">${TEASERS.map(card).join("")}</div>
<div class="more"><p>${STORY[1]}</p></div></body></html>`;
    expect(answerWithout(between)).toHaveLength(2 + TEASERS.length * 2);
    const roundup = `<html><body><div class="post"><p>${STORY[0]}</p>${TEASERS.map(card).join("")}</div></body></html>`;
    expect(answerWithout(roundup)).toHaveLength(1 + TEASERS.length * 2);
  });

  it("drops related-post cards with a long excerpt, up to CARD_MAX_CHARS", () => {
    const story = `<div class="story">${STORY.map((t) => `<p>${t}</p>`).join("")}</div>`;
    const excerpt = (e: string) =>
      Array(8)
        .fill(e)
        .join(" ")
        .slice(0, CARD_MAX_CHARS - 60);
    const cards = TEASERS.map(([h, e]) => card([h!, excerpt(e!)])).join("");
    expect(excerpt(TEASERS[0]![1]!).length).toBeGreaterThan(400);
    expect(answerWithout(`<html><body>${story}<div>${cards}</div></body></html>`)).toEqual(STORY);
  });

  it("keeps a list of links without excerpts, long cards, and fewer than three cards", () => {
    const story = `<div class="story">${STORY.map((t) => `<p>${t}</p>`).join("")}</div>`;
    const links = TEASERS.map(([h]) => `<div class="c"><p><a href="/x">${h}</a></p><p>by us</p></div>`).join("");
    expect(answerWithout(`<html><body>${story}<div>${links}</div></body></html>`)).toHaveLength(3 + 6);
    const long = TEASERS.map(([h, e]) => card([h!, `${e} ${STORY[0]} ${STORY[1]}`])).join("");
    expect(answerWithout(`<html><body>${story}<div>${long}</div></body></html>`)).toHaveLength(3 + 6);
    const two = TEASERS.slice(0, 2).map(card).join("");
    expect(answerWithout(`<html><body>${story}<div>${two}</div></body></html>`)).toHaveLength(3 + 4);
  });
});

describe("linkParagraphBlocks", () => {
  const story = STORY.map((t) => `<p>${t}</p>`);
  const also = `<p>Also: <a href="/s/9">Storm closes the coast road for a second night</a></p>`;

  it("drops a paragraph that is a link to another story, and keeps the story's paragraphs", () => {
    const html = `<html><body><div>${story[0]}${also}${story[1]}</div></body></html>`;
    expect(answerWithout(html, linkParagraphBlocks)).toEqual([STORY[0], STORY[1]]);
    expect(answerWithout(html, teaserBlocks)).toEqual([STORY[0], STORY[1]]);
  });

  it("drops a run of linked headlines with a name between them", () => {
    const run =
      `<p>Ana Ruiz<a href="/s/1">Storm closes the coast road for a second night</a>` +
      `Ben Ode<a href="/s/2">School wins the robotics final on the island</a></p>`;
    const html = `<html><body><div>${story[0]}${run}${story[1]}</div></body></html>`;
    expect(answerWithout(html, linkParagraphBlocks)).toEqual([STORY[0], STORY[1]]);
  });

  it("keeps links in list items, short links and sentences that carry a link", () => {
    const list = `<ul><li><p><a href="/r/1">The ferry operator's annual report for the year</a></p></li></ul>`;
    const short = `<p><a href="/r/2">More</a></p>`;
    const sentence = `<p>The council published <a href="/r/3">its budget</a> on Monday after a long debate in the chamber.</p>`;
    const html = `<html><body><div>${story[0]}${list}${short}${sentence}</div></body></html>`;
    expect(answerWithout(html, linkParagraphBlocks)).toHaveLength(4);
  });

  it("keeps a link written out as its address: the author's reference, not another story", () => {
    const addresses = [
      `<p><a href="https://shop.example/x1">https://shop.example/item/2iJFhRj</a></p>`,
      `<p><a href="https://www.example.org/">www.harbour-council.example.org</a></p>`,
    ];
    const html = `<html><body><div>${story[0]}${addresses.join("")}${story[1]}</div></body></html>`;
    expect(answerWithout(html, linkParagraphBlocks)).toHaveLength(4);
  });
});
