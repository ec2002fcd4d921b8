import { describe, expect, it } from "vitest";
import { posterFieldBlocks } from "../../src/core/poster-fields";
import { segmentHtml } from "../../src/core/segment";
import { foundWhereAllContent, keptOfAllAs } from "./decide-as";

const post = (id: number, author: string, joined: string, body: string) => `
<div id="p${id}" class="post"><dl class="postprofile"><dt>${author}</dt><dd>Joined: ${joined}</dd><dd>Posts: ${id * 37}</dd></dl>
<div class="postbody"><div class="content">${body}</div></div></div>`;

/** A thread of our own whose posts each carry the poster's profile as a definition list. */
const THREAD = `<html><head><title>Sourdough in a cold kitchen - Baking Forum</title></head><body>
<h1>Sourdough in a cold kitchen</h1><div class="posts">
${post(1, "ryeflour", "Mon Jan 09, 2017", "My kitchen is at 16 degrees in winter and my dough barely rises overnight. What can I do?")}
${post(2, "crumbshot", "Wed Apr 24, 2019", "Put the dough in the oven with only the light on: it stays at about 26 degrees all night.")}
</div></body></html>`;

describe("posters' profile fields", () => {
  it("leave a thread: the posts stay", () => {
    const page = segmentHtml(THREAD);
    const fields = foundWhereAllContent(page, posterFieldBlocks);
    expect(fields).toContain("Joined: Mon Jan 09, 2017");
    expect(fields).toContain("Posts: 74");
    const kept = keptOfAllAs(page, "thread");
    expect(kept).toContain("barely rises overnight");
    expect(kept).toContain("with only the light on");
    expect(kept).not.toContain("Joined:");
    expect(kept).not.toContain("Posts: 37");
  });

  it("stay on documentation, where a definition list is the text's own", () => {
    expect(keptOfAllAs(segmentHtml(THREAD), "documentation")).toContain("Joined: Mon Jan 09, 2017");
  });
});
