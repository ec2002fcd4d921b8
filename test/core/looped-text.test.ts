import { describe, expect, it } from "vitest";
import { isLoopedText, loopedBlocks } from "../../src/core/looped-text";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";

describe("looped text (a marquee's phrase said over and over)", () => {
  it("is a short phrase repeated three times or more, a cut-off last copy allowed", () => {
    expect(isLoopedText("Call us today * Call us today * Call us today * Call us today *")).toBe(true);
    expect(isLoopedText("Fresh bread daily · Fresh bread daily · Fresh bread daily · Fresh br")).toBe(true);
    expect(isLoopedText("Open late Open late Open late")).toBe(true);
  });

  it("is not a phrase said twice, nor prose that repeats a word", () => {
    expect(isLoopedText("Save 10% on lessons Save 10% on lessons")).toBe(false);
    expect(isLoopedText("Very, very, very good bread, baked before dawn every day.")).toBe(false);
    expect(isLoopedText("We bake rye, spelt and wheat loaves in a wood-fired oven.")).toBe(false);
    expect(isLoopedText("Go")).toBe(false);
  });

  it("is not a long passage repeated: that is copies.ts's to judge", () => {
    const passage = "We repair bicycles of every make in our workshop by the river, usually within two days.";
    expect(isLoopedText(`${passage} ${passage} ${passage}`)).toBe(false);
  });

  it("names only content blocks", () => {
    const blocks = [{ text: "Hi Hi Hi Hi" }, { text: "Hi Hi Hi Hi" }, { text: "Hello there" }];
    expect(loopedBlocks(blocks, [true, false, true])).toEqual([0]);
  });
});

const LANDING = `<html><head><title>Harbour Bikes - repairs</title></head><body><main>
<h1>Bicycle repairs by the harbour</h1>
<p>We service, true and rebuild bicycles of every make, and most repairs are ready within two days.</p>
<div class="ticker"><div class="ticker-track">Book a repair * Book a repair * Book a repair * Book a repair * Book a repair *</div></div>
<p>Bring your bike in any weekday morning, or book a slot online and we will call you back.</p>
</main></body></html>`;

describe("the page decision on a service page with a marquee", () => {
  const page = segmentHtml(LANDING);
  const text = keptTextAs(
    page,
    verdictsWhere(page, () => true),
    "service",
  );

  it("drops the looped phrase and keeps the page's prose", () => {
    expect(text).not.toContain("Book a repair");
    expect(text).toContain("most repairs are ready within two days");
    expect(text).toContain("book a slot online");
  });
});
