import { describe, expect, it } from "vitest";
import { segmentHtml } from "../../src/core/segment";
import { keptOfAllAs } from "./decide-as";

const post = (id: number, author: string, body: string) => `
<div id="post-${id}" class="message"><div class="message-user">${author}</div>
<div class="message-body"><div class="bbWrapper">${body}</div></div></div>`;

const quote = (author: string, text: string) =>
  `<blockquote class="quote"><div class="quote-title">${author} said:</div><div class="quote-content">${text}</div></blockquote>`;

const FIRST =
  "My sourdough loaves spread flat on the tray every time, although the starter doubles within six hours of feeding.";
const ANSWER = "Shape them tighter and give them a cold proof overnight in a floured basket before baking.";

/** A thread of our own whose replies quote the posts they answer. */
const THREAD = `<html><head><title>Sourdough spreads flat - Baking Forum</title></head><body>
<h1>Sourdough spreads flat</h1>
<div class="thread">
${post(1, "crumbwatch", `<p>${FIRST}</p>`)}
${post(2, "loafer", `${quote("crumbwatch", FIRST)}<p>${ANSWER}</p>`)}
${post(3, "crumbwatch", `${quote("loafer", ANSWER)}<p>That did it: the next batch held its shape and opened up along the score.</p>`)}
</div></body></html>`;

describe("a thread's quotes of its own posts", () => {
  it("leave the answer: each post is said once, where it was written", () => {
    const kept = keptOfAllAs(segmentHtml(THREAD), "thread");
    expect(kept.split(FIRST).length - 1).toBe(1);
    expect(kept.split(ANSWER).length - 1).toBe(1);
    expect(kept).toContain("the next batch held its shape");
  });

  it("stay on documentation, whose repeats (a snippet per language tab) are its own", () => {
    const kept = keptOfAllAs(segmentHtml(THREAD), "documentation");
    expect(kept.split(FIRST).length - 1).toBe(2);
  });
});
