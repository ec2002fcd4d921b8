import { describe, expect, it } from "vitest";
import type { PageKind } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";
import { signatureBlocks } from "../../src/core/signatures";

const THREAD = `<html><head><title>Sourdough starter smells of nail polish</title></head><body>
<h1>Sourdough starter smells of nail polish</h1>
<div class="post"><div class="content">
<p>My starter is three weeks old and smells of acetone each morning. Is it dead?</p></div>
<div class="signature"><p>Baking since 2019. Rye is life.</p></div></div>
<div class="post"><div class="content">
<p>It is hungry, not dead: feed it twice a day at a higher ratio for a week.</p></div>
<aside class="message-signature"><p>My oven: a 1998 gas range with a pizza stone.</p></aside></div>
</body></html>`;

const page = segmentHtml(THREAD);
const allContent = verdictsWhere(page, () => true);
const keptAs = (kind: PageKind) => keptTextAs(page, allContent, kind);

describe("forum signatures", () => {
  it("are found by their containers' class words", () => {
    const texts = signatureBlocks(page).map((i) => page.blocks[i]!.text);
    expect(texts).toEqual(["Baking since 2019. Rye is life.", "My oven: a 1998 gas range with a pizza stone."]);
  });

  it("leave a thread, whose posts stay", () => {
    const text = keptAs("thread");
    expect(text).toContain("smells of acetone");
    expect(text).toContain("feed it twice a day");
    expect(text).not.toContain("Rye is life");
    expect(text).not.toContain("pizza stone");
  });

  it("stay on an article", () => {
    expect(keptAs("article")).toContain("Rye is life");
  });
});
