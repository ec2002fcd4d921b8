import { describe, expect, it } from "vitest";
import { aroundRepeatedList, repeatedListElement } from "../../src/core/around-list";
import type { PageKind } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";

const THREAD = `<html><head><title>Sharpening a skew chisel - Turners' Corner</title></head><body>
<p class="crumbs"><a href="/">Turners' Corner</a> &gt; <a href="/f/2">Tools</a></p>
<h1>Turners' Corner</h1>
<div class="thread-title">Sharpening a skew chisel</div>
<div id="posts">
<div id="post-101" class="post"><p>What angle do you grind a skew at, and do you hone the heel as well?</p></div>
<div id="post-102" class="post"><p>About 25 degrees included, and yes: a rounded heel catches less on a bead.</p></div>
<div id="post-103" class="post"><p>Thanks, that matches what my club told me.</p></div>
</div>
<div class="footer"><p>All times are GMT. The time now is 10:02 PM.</p><p>Copyright 2011 Turners' Corner.</p></div>
</body></html>`;

const page = segmentHtml(THREAD);
const at = (start: string) => page.blocks.findIndex((b) => b.text.startsWith(start));
/** The cascade's verdicts: every block content, those outside the posts with a low score, `footerP`. */
const verdictsWith = (footerP: number) =>
  verdictsWhere(
    page,
    () => true,
    (b) => (b.path.includes("posts") ? 0.9 : footerP),
  );
const keptAs = (kind: PageKind, footerP = 0.2) => keptTextAs(page, verdictsWith(footerP), kind);

describe("the blocks around a thread's list of posts", () => {
  it("finds the posts' container from the repeated post siblings, their ids aside", () => {
    const content = page.blocks.map(() => true);
    const list = repeatedListElement(page.blocks, content);
    expect(page.blocks[at("What angle")]!.ancestors).toContain(list);
    expect(page.blocks[at("Thanks, that")]!.ancestors).toContain(list);
    expect(page.blocks[at("All times")]!.ancestors).not.toContain(list);
  });

  it("leave a thread when the model doubted them; the title and the posts stay", () => {
    const text = keptAs("thread");
    expect(text).toContain("Sharpening a skew chisel");
    expect(text).toContain("a rounded heel catches less");
    expect(text).not.toContain("All times are GMT");
    expect(text).not.toContain("Copyright 2011");
  });

  it("leave before the posts when short, but for headings and the line that reads as the title", () => {
    const text = keptAs("thread");
    expect(text).not.toContain("Tools");
    expect(text).toContain("Turners' Corner");
    expect(text).toContain("Sharpening a skew chisel");
  });

  it("stay when the model was sure of them, and on kinds of page without such furniture", () => {
    expect(keptAs("thread", 0.6)).toContain("All times are GMT");
    expect(keptAs("article")).toContain("All times are GMT");
    expect(keptAs("listing")).toContain("All times are GMT");
  });

  it("leave a product page too", () => {
    expect(keptAs("product")).not.toContain("Copyright 2011");
  });

  it("need two posts of one shape", () => {
    const content = page.blocks.map((_, i) => i === at("What angle"));
    expect(
      aroundRepeatedList(
        page.blocks,
        content,
        page.blocks.map(() => 0.1),
        page.title,
      ),
    ).toEqual([]);
  });
});
