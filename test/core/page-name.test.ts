import { describe, expect, it } from "vitest";
import { missingPageName } from "../../src/core/page-name";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";

// A thread whose title links to the thread's own address, in a header apart from the posts, under a
// forum logo that is an <h1> too.
const THREAD = `<html><head><title>Wiring a second fuse box - Electrics - Shed Builders</title></head><body>
<header><h1 class="logo">Shed Builders</h1></header>
<div id="topic-title"><h1><a href="/t/wiring-a-second-fuse-box/812">Wiring a second fuse box</a></h1></div>
<div class="posts">
<div class="post"><p>My shed needs its own consumer unit for the saw and the lights; can I feed it from a spare breaker?</p></div>
<div class="post"><p>Yes, through an armoured cable sized for the run, and with its own residual current device at the shed.</p></div>
</div></body></html>`;

const page = segmentHtml(THREAD);
// The model kept the posts and dropped the header, title included.
const verdicts = verdictsWhere(page, (b) => b.tag === "p");

describe("a thread's name", () => {
  it("is its <h1> that reads as the <title>, a link to the thread itself", () => {
    const text = keptTextAs(page, verdicts, "thread");
    expect(text.split("\n")[0]).toBe("Wiring a second fuse box");
    expect(text).not.toContain("Shed Builders");
  });

  it("is left to the model on articles", () => {
    expect(keptTextAs(page, verdicts, "article")).not.toContain("Wiring a second fuse box");
  });

  it("is not added when no <h1> reads as the <title>", () => {
    const logoOnly = segmentHtml(THREAD.replace(/<div id="topic-title">.*<\/div>/, ""));
    const content = logoOnly.blocks.map((b) => b.tag === "p");
    expect(missingPageName(logoOnly, content, new Set(), "h1 read as the title")).toBe(-1);
  });

  it("is not the site's logo linking to the front page, though the site's name is the <title>'s longest part", () => {
    const html = `<html><head><title>Kiln help - Troubleshooting - Lanternworks Community</title></head><body>
<header><h1><a href="/">Lanternworks Community</a></h1></header><h2>Kiln help</h2>
<div class="post"><p>My kiln stops at the second ramp every time, with an error code on the controller.</p></div>
<div class="post"><p>Check the thermocouple first: a worn one reads low and the controller gives up.</p></div></body></html>`;
    const thread = segmentHtml(html, "https://forum.lanternworks.example/t/kiln-help/9");
    const content = thread.blocks.map((b) => b.tag === "p");
    expect(missingPageName(thread, content, new Set(), "h1 read as the title")).toBe(-1);
  });
});

describe("a product's name", () => {
  it("is its first <h1> not all link, though it does not read as the <title>", () => {
    const shop = segmentHtml(`<html><head><title>Shop</title></head><body>
<div class="buy-box"><h1>Oak garden bench, 150 cm</h1><p>In stock</p></div>
<div class="description"><p>A two-seat bench of oiled oak, delivered assembled, with a five-year guarantee.</p></div>
</body></html>`);
    const content = shop.blocks.map((b) => b.text.startsWith("A two-seat"));
    const name = missingPageName(shop, content, new Set(), "first h1");
    expect(shop.blocks[name]?.text).toBe("Oak garden bench, 150 cm");
  });
});
