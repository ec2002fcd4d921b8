/**
 * Tables of links beside an article's story leave it: an old layout's box of bulleted headline rows
 * nested in the story's cell, a right-column directory of other stories after a short story; a data
 * table between the story's paragraphs, a table of data rows after it and a fact box of prose stay.
 */
import { describe, expect, it } from "vitest";
import { decidePage } from "../../src/core/page-decision";
import { linkTableBlocks } from "../../src/core/link-tables";
import { segmentHtml } from "../../src/core/segment";
import type { BlockVerdict } from "../../src/core/classify";

const STORY = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session, with the ferry subsidy the last item to be settled before midnight by a vote of seven to four in the old town hall.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed until the roof is sound and the insurers have signed off on the work that the contractors began in the early summer.",
];
const HEADLINES = [
  "Storm closes the coast road for a second night",
  "School wins the regional robotics final",
  "Lighthouse opens to visitors after ten years",
  "Ferry timetable changes for the winter",
  "Market hall to stay open late on Fridays",
];

function kept(html: string): string[] {
  const page = segmentHtml(html);
  const gone = new Set(
    linkTableBlocks(
      page.blocks,
      page.blocks.map(() => true),
    ),
  );
  return page.blocks.filter((_, i) => !gone.has(i)).map((b) => b.text);
}

/** A box of rows, each a bullet cell and a headline link with its source, under section titles, and "More...". */
const coverage = () =>
  `<table align="right"><tr><td><b>Related Coverage</b></td></tr>` +
  HEADLINES.map((t, i) => `<tr><td>&middot;</td><td><a href="/n/${i}">${t}</a> - Harbour Post</td></tr>`).join("") +
  `<tr><td><a href="/more">More...</a></td></tr></table>`;

describe("linkTableBlocks", () => {
  it("drops a table of bulleted headline rows nested in the story's layout cell, before the story", () => {
    const html =
      `<html><body><table><tr><td>${coverage()}<h2>Budget approved</h2>` +
      `${STORY.map((t) => `<p>${t}</p>`).join("")}</td></tr></table></body></html>`;
    expect(kept(html)).toEqual(["Budget approved", ...STORY]);
  });

  it("drops such a box though one of its entries is annotated at a paragraph's length", () => {
    const annotated =
      `<tr><td>&middot;</td><td><a href="/guide">Harbour Guide</a> - a guide to the harbour's ferries, ` +
      `with their timetables, fares and the history of each boat, kept up to date by the volunteers ` +
      `of the harbour society and the town's library, who add the winter changes every autumn.</td></tr>`;
    // A wire story: one paragraph of 200 chars or more, and short ones that add up.
    const wire = [STORY[0]!, ...HEADLINES.map((t) => `${t}, the council said on Tuesday.`)];
    const html =
      `<html><body><table><tr><td>${coverage().replace("</table>", `${annotated}</table>`)}<h2>Budget approved</h2>` +
      `${wire.map((t) => `<p>${t}</p>`).join("")}</td></tr></table></body></html>`;
    expect(kept(html)).toEqual(["Budget approved", ...wire]);
  });

  it("drops a directory of other stories after a story without a long paragraph", () => {
    const cells = HEADLINES.map(
      (t, i) =>
        `<tr><td><h2><a href="/s/${i}">${t}</a></h2><p class="byline">By A. Writer</p>` +
        `<p>What happened next, and why it matters to the town this week.</p><p class="dt">2/25/2010</p></td></tr>`,
    );
    const html =
      `<html><body><table><tr><td><div id="article"><h1>A joke</h1><p>A short joke that a reader came to read, told in two lines of text, with its punch line at the very end of it.</p></div></td>` +
      `<td><div id="directory"><table>${cells.join("")}</table></div></td></tr></table></body></html>`;
    expect(kept(html)).toEqual([
      "A joke",
      "A short joke that a reader came to read, told in two lines of text, with its punch line at the very end of it.",
    ]);
  });

  it("keeps a table between the story's paragraphs, a table of data rows after it and a fact box", () => {
    const links = HEADLINES.map((t, i) => `<tr><td><a href="/t/${i}">${t}</a></td></tr>`).join("");
    const between = `<html><body><article><p>${STORY[0]}</p><table>${links}</table><p>${STORY[1]}</p></article></body></html>`;
    expect(kept(between)).toHaveLength(2 + HEADLINES.length);
    const rows = HEADLINES.map(
      (t, i) => `<tr><td><a href="/team/${i}">Team ${i}</a></td><td>${t}</td><td>${i + 3} wins</td></tr>`,
    ).join("");
    const data = `<html><body><article>${STORY.map((t) => `<p>${t}</p>`).join("")}<table><tr><th>Team</th><th>News</th><th>Record</th></tr>${rows}</table></article></body></html>`;
    expect(kept(data)).toHaveLength(segmentHtml(data).blocks.length);
    const box = `<html><body><article>${STORY.map((t) => `<p>${t}</p>`).join("")}<table><tr><td><p>${STORY[0]} ${STORY[1]}</p>${links}</td></tr></table></article></body></html>`;
    expect(kept(box)).toHaveLength(segmentHtml(box).blocks.length);
  });

  it("leaves an article page's answer through decidePage, and not a listing's or a thread's", () => {
    const html =
      `<html><body><table><tr><td>${coverage()}<h2>Budget approved</h2>` +
      `${STORY.map((t) => `<p>${t}</p>`).join("")}</td></tr></table></body></html>`;
    const page = segmentHtml(html);
    const verdicts: BlockVerdict[] = page.blocks.map(() => ({ label: "content", rule: "test" }) as BlockVerdict);
    const kind = (k: "article" | "listing" | "thread") =>
      ({ kind: k, interstitial: { reason: null } }) as unknown as Parameters<typeof decidePage>[4];
    const left = (k: "article" | "listing" | "thread") =>
      decidePage(page, verdicts, null, undefined, kind(k))
        .verdicts.filter((v) => v.label === "boilerplate")
        .map((v) => v.rule);
    expect(left("article")).toHaveLength(2 * HEADLINES.length + 2);
    expect(left("article").every((r) => r.startsWith("link table: "))).toBe(true);
    expect(left("listing")).toEqual([]);
    expect(left("thread")).toEqual([]);
  });
});
