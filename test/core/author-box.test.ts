import { describe, expect, it } from "vitest";
import { authorBoxBlocks } from "../../src/core/author-box";
import { segmentHtml } from "../../src/core/segment";
import { foundWhereAllContent, keptOfAllAs } from "./decide-as";

/** An article of our own: a byline box over the story, the story, and the writer's box after it. */
const STORY = `<html><head><title>Why the canal froze - The Lock Keeper</title></head><body>
<article class="post"><h1>Why the canal froze</h1>
<div class="post-byline"><p>By Ada Marsh</p></div>
<div class="entry">
<p>For the first time in forty years the canal through the old mill town froze from bank to bank, and the barges that carry grain to the coast stood still for a week.</p>
<p>The lock keepers say the cold came in three nights without wind, which let a skin of ice form on the still water above each lock before the morning traffic could break it.</p>
<p>By the fourth day the ice was thick enough to hold a child, and the town council closed the towpath after two dogs went through near the lower basin.</p>
<p>Barge owners asked for an icebreaker, but the only one on the network was working on the river estuary, two days away at its best speed.</p>
<p>The thaw came on the eighth day with a west wind and rain, and the first barge through the top lock carried flour for the bakeries in the valley.</p>
</div>
<div class="about-author"><h3>About the author</h3>
<p>Ada Marsh writes about rivers and canals for The Lock Keeper. She lives on a narrowboat.</p></div>
</article></body></html>`;

describe("the author's box after an article", () => {
  it("finds the box after the story, not the byline over it", () => {
    expect(foundWhereAllContent(segmentHtml(STORY), authorBoxBlocks)).toEqual([
      "About the author",
      "Ada Marsh writes about rivers and canals for The Lock Keeper. She lives on a narrowboat.",
    ]);
  });

  it("leaves an article's answer; the story and its byline stay", () => {
    const kept = keptOfAllAs(segmentHtml(STORY), "article");
    expect(kept).toContain("By Ada Marsh");
    expect(kept).toContain("flour for the bakeries");
    expect(kept).not.toContain("lives on a narrowboat");
  });

  it("is not an element that holds the story, whatever its class says", () => {
    const page = segmentHtml(STORY.replace('<div class="entry">', '<div class="author-ada-marsh entry">'));
    expect(foundWhereAllContent(page, authorBoxBlocks)).toEqual([
      "About the author",
      "Ada Marsh writes about rivers and canals for The Lock Keeper. She lives on a narrowboat.",
    ]);
  });

  it("stays on other kinds (a service page's team)", () => {
    expect(keptOfAllAs(segmentHtml(STORY), "service")).toContain("lives on a narrowboat");
  });
});
