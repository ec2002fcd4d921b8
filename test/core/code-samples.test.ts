import { describe, expect, it } from "vitest";
import { codeBlocks } from "../../src/core/code-samples";
import { segmentHtml } from "../../src/core/segment";
import { keptOfAllAs } from "./decide-as";

describe("code blocks", () => {
  it("names the content blocks with text that are, or sit in, a <pre>", () => {
    const blocks = [
      { text: "Deploy from your terminal in one line.", path: "main>section.hero>p" },
      { text: "relay deploy --region eu", path: "main>section.hero>pre.snippet" },
      { text: "const client = new Relay();", path: "main>div.tabs>pre>code.lang-js" },
      { text: "", path: "main>div.tabs>pre" },
      { text: "client.send(message);", path: "main>div.tabs>pre>code.lang-js" },
      { text: "A preview of the dashboard", path: "main>div.preview>p" },
    ];
    expect(codeBlocks(blocks, [true, true, true, true, false, true])).toEqual([1, 2]);
  });
});

const LANDING = `<html><head><title>Relaymail - transactional email for developers</title></head><body><main>
<h1>Email that arrives, from one API call</h1>
<p>Relaymail sends your receipts, password resets and alerts from servers in three regions, and tells you when each one lands.</p>
<div class="code-tabs"><pre><code>import { Relay } from "relaymail";
const relay = new Relay(process.env.RELAY_KEY);
await relay.send({ to: "ana@example.org", template: "receipt" });</code></pre></div>
<h2>Pricing that grows with you</h2>
<p>The first ten thousand messages each month are free; after that you pay per thousand, with no contract.</p>
</main></body></html>`;

describe("the page decision on a service page with a code sample", () => {
  const page = segmentHtml(LANDING);

  it("leaves the code out on a service page and keeps its prose", () => {
    const text = keptOfAllAs(page, "service");
    expect(text).not.toContain("relay.send");
    expect(text).toContain("from servers in three regions");
    expect(text).toContain("no contract");
  });

  it("keeps the code on a documentation page", () => {
    expect(keptOfAllAs(page, "documentation")).toContain("relay.send");
  });
});
