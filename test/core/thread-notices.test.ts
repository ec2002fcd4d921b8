import { describe, expect, it } from "vitest";
import { segmentHtml } from "../../src/core/segment";
import { noticeBlocks } from "../../src/core/thread-notices";
import { foundWhereAllContent, keptOfAllAs } from "./decide-as";

/** A thread of our own under a forum's notice, with an edit note under its first post. */
const THREAD = `<html><head><title>Dovetail saw for a beginner - Woodwork Forum</title></head><body>
<ul class="notices notices--block"><li class="notice js-notice"><div class="notice-content">Reminder: never pay a seller you met here by bank transfer before you have seen the tool.</div></li></ul>
<div class="alert alert-info">Our annual tool swap meet opens on Saturday: bring your spare chisels.</div>
<h1>Dovetail saw for a beginner</h1>
<div class="posts">
<div id="p1" class="post"><div class="content">Which dovetail saw would you buy first: a western backsaw or a Japanese dozuki?</div>
<div class="notice">Last edited by benchdog on 12 May, edited 2 times in total.</div></div>
<div id="p2" class="post"><div class="content">A dozuki cuts on the pull stroke, which makes it easier to start a straight cut while you learn.</div></div>
</div></body></html>`;

describe("a forum's notices", () => {
  it("leave a thread: the posts stay", () => {
    const page = segmentHtml(THREAD);
    const notices = foundWhereAllContent(page, noticeBlocks);
    expect(notices).toEqual([
      "Reminder: never pay a seller you met here by bank transfer before you have seen the tool.",
      "Our annual tool swap meet opens on Saturday: bring your spare chisels.",
      "Last edited by benchdog on 12 May, edited 2 times in total.",
    ]);
    const kept = keptOfAllAs(page, "thread");
    expect(kept).toContain("Which dovetail saw would you buy first");
    expect(kept).toContain("A dozuki cuts on the pull stroke");
    expect(kept).not.toContain("never pay a seller");
    expect(kept).not.toContain("Last edited by");
    expect(kept).not.toContain("tool swap meet");
  });

  it("stay on other kinds (a manual's notice box is its own)", () => {
    expect(keptOfAllAs(segmentHtml(THREAD), "documentation")).toContain("never pay a seller");
  });
});
