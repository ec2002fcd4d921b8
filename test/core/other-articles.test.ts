/**
 * Other stories in `<article>` elements leave an article page: a playlist of linked headlines before
 * the story, a shelf of excerpts nested in the story's own article; a live blog's entries (the story's
 * own path) and a lone aside article stay.
 */
import { describe, expect, it } from "vitest";
import { otherArticleBlocks } from "../../src/core/other-articles";
import { segmentHtml } from "../../src/core/segment";

const STORY = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session, with the ferry subsidy the last item to be settled before midnight by a vote of seven to four in the old town hall.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed until the roof is sound and the insurers have signed off on the work that the contractors began in the early summer.",
];
const OTHERS = [
  "Storm closes the coast road for a second night",
  "School wins the regional robotics final",
  "Lighthouse opens to visitors after ten years",
];

function kept(html: string): string[] {
  const page = segmentHtml(html);
  const gone = new Set(
    otherArticleBlocks(
      page.blocks,
      page.blocks.map(() => true),
    ),
  );
  return page.blocks.filter((_, i) => !gone.has(i)).map((b) => b.text);
}

const story = (inner = "") =>
  `<article class="story"><h1>Budget approved</h1>${STORY.map((t) => `<p>${t}</p>`).join("")}${inner}</article>`;

describe("otherArticleBlocks", () => {
  it("drops a playlist of other stories' articles before the story", () => {
    const playlist = OTHERS.map(
      (t, i) => `<article class="card card-${i}"><h3><a href="/v/${i}">${t}</a></h3></article>`,
    );
    const html = `<html><body><div class="videos">${playlist.join("")}</div>${story()}</body></html>`;
    expect(kept(html)).toEqual(["Budget approved", ...STORY]);
  });

  it("drops a shelf of excerpts nested inside the story's own article", () => {
    const shelf = OTHERS.map(
      (t, i) =>
        `<article id="post-${i + 10}" class="post"><p>${t}, and more.</p><div><a href="/p/${i}">Share</a></div></article>`,
    );
    const html = `<html><body>${story(`<section class="shelf"><h3>You may also like</h3>${shelf.join("")}</section>`)}</body></html>`;
    expect(kept(html)).toEqual(["Budget approved", ...STORY, "You may also like"]);
  });

  it("keeps a story's sections marked up as articles: without links, or with a heading between them", () => {
    const sections = OTHERS.map((t, i) => `<article class="section"><h2>Part ${i + 1}</h2><p>${t}.</p></article>`);
    expect(kept(`<html><body>${story(sections.join(""))}</body></html>`)).toHaveLength(3 + 2 * OTHERS.length);
    const items = OTHERS.map(
      (t, i) => `<h2>Pick ${i + 1}</h2><article class="item"><h3><a href="/i/${i}">${t}</a></h3></article>`,
    );
    expect(kept(`<html><body>${story(items.join(""))}</body></html>`)).toHaveLength(3 + 2 * OTHERS.length);
  });

  it("keeps a live blog's entries, which share the story's path, and a lone article aside", () => {
    const entries = STORY.map((t, i) => `<article class="entry" id="entry-${i}"><p>${t}</p></article>`).join("");
    const live = `<html><body><main>${entries}<article class="entry" id="entry-9"><p>${OTHERS[0]}</p></article></main></body></html>`;
    expect(kept(live)).toEqual([...STORY, OTHERS[0]]);
    const aside = `<html><body>${story()}<aside><article class="promo"><p>${OTHERS[1]}</p></article></aside></body></html>`;
    expect(kept(aside)).toEqual(["Budget approved", ...STORY, OTHERS[1]]);
  });

  it("drops nothing on a page without a paragraph of prose", () => {
    const cards = OTHERS.map((t) => `<article class="card"><h3><a href="/x">${t}</a></h3></article>`).join("");
    expect(kept(`<html><body>${cards}</body></html>`)).toEqual(OTHERS);
  });
});
