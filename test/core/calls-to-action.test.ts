import { describe, expect, it } from "vitest";
import { callsToAction } from "../../src/core/calls-to-action";
import { segmentHtml } from "../../src/core/segment";
import { keptOfAllAs } from "./decide-as";

describe("calls to action", () => {
  it("names the content blocks that are a short link of their own", () => {
    const blocks = [
      { text: "Book a free tasting", tag: "a", linkShare: 1, path: "body>div.hero>a" },
      { text: "We roast in small batches every Tuesday.", tag: "p", linkShare: 0, path: "body>p" },
      { text: "See all our single-origin beans and blends", tag: "a", linkShare: 1, path: "body>a" },
      { text: "Wholesale", tag: "li", linkShare: 1, path: "body>ul>li" },
      { text: "Our roastery", tag: "h3", linkShare: 1, path: "body>h3" },
      { text: "Read the roast notes here", tag: "p", linkShare: 0.5, path: "body>p" },
      { text: "Order beans", tag: "div", linkShare: 1, path: "body>div" },
      // A list item's one element: the item still.
      { text: "Retail", tag: "p", linkShare: 1, path: "body>ul.menu>li.item>p" },
    ];
    expect(callsToAction(blocks, [true, true, true, true, true, true, false, true])).toEqual([0]);
  });
});

const LANDING = `<html><head><title>Coffee catering for offices - Kettleby Roasters</title></head><body><main>
<h1>Fresh coffee for your office, every week</h1>
<p>We deliver freshly roasted beans to offices across the city, service the machine and train whoever makes the first pot of the morning.</p>
<div class="hero-actions"><a class="btn" href="/demo">Book a free tasting</a></div>
<h2>What a subscription includes</h2>
<ul><li><a href="/beans">Two kilos of beans a week</a></li><li><a href="/service">A monthly machine check</a></li></ul>
<p>Plans start at one delivery a fortnight, and you can pause whenever the office is closed.</p>
</main></body></html>`;

describe("the page decision on a service page with a call to action", () => {
  const page = segmentHtml(LANDING);

  it("leaves the button out on a service page and keeps its prose and its list of links", () => {
    const text = keptOfAllAs(page, "service");
    expect(text).not.toContain("Book a free tasting");
    expect(text).toContain("Two kilos of beans a week");
    expect(text).toContain("pause whenever the office is closed");
  });

  it("keeps it on other kinds", () => {
    expect(keptOfAllAs(page, "article")).toContain("Book a free tasting");
  });
});
