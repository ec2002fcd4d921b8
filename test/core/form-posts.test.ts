import { describe, expect, it } from "vitest";
import { postsInForms } from "../../src/core/form-posts";
import type { PageKind } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";

const THREAD = `<html><head><title>Best glue for cedar strips? - Boatbuilding</title></head><body>
<h1>Best glue for cedar strips?</h1>
<form id="mod" action="/moderate"><article class="post"><p>Titebond III or epoxy for gluing the strips of a cedar canoe, before glassing it?</p>
<p><a href="#q">Quote</a></p></article>
<article class="post"><p>Titebond II is plenty: the glass and epoxy hold the hull together, the glue only holds the strips while you build.</p></article>
</form>
<article class="reply"><form action="/reply"><p>Sign in to reply to this topic and follow it by email.</p><textarea></textarea></form></article>
</body></html>`;

const page = segmentHtml(THREAD);
// The model as the hard rules taught it: everything under a form is boilerplate.
const verdicts = verdictsWhere(page, (b) => !b.hardTag);
const keptAs = (kind: PageKind) => keptTextAs(page, verdicts, kind);

describe("a thread's posts inside a moderation form", () => {
  it("are content on a thread, without the posts' links or a reply form's text", () => {
    const text = keptAs("thread");
    expect(text).toContain("Titebond III or epoxy");
    expect(text).toContain("the glue only holds the strips");
    expect(text).not.toContain("Quote");
    expect(text).not.toContain("Sign in to reply");
  });

  it("are left to the model on other kinds of page", () => {
    expect(keptAs("article")).not.toContain("Titebond III or epoxy");
  });

  it("skip blocks already content or leaving the page", () => {
    const first = page.blocks.findIndex((b) => b.text.startsWith("Titebond III"));
    const second = page.blocks.findIndex((b) => b.text.startsWith("Titebond II is"));
    const content = page.blocks.map((_, i) => i === first);
    expect(postsInForms(page, content, new Set([second]))).toEqual([]);
  });
});
