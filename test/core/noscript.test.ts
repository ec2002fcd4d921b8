import { describe, expect, it } from "vitest";
import { isInterstitial } from "../../src/core/interstitial";
import { segmentHtml } from "../../src/core/segment";

const PARAGRAPHS = [
  "The harbour council approved the winter budget after a long debate that ran late into the evening session.",
  "Engineers said the railway bridge would be repaired before the festival, though the museum stays closed.",
  "Farmers in the valley welcomed the decision, which had been delayed twice since the spring meeting.",
];
const html = `<html><head><title>Council</title></head><body><div class="story">${PARAGRAPHS.map((p) => `<p>${p}</p>`).join("")}</div></body></html>`;

describe("app shells (never empty)", () => {
  it("reads an app shell's noscript view when the page has no other text", () => {
    const posts = [...PARAGRAPHS, ...PARAGRAPHS].map((t) => `<div class="post"><p>${t}</p></div>`).join("");
    const shell = segmentHtml(
      `<html><body><div id="app"></div><noscript><div id="main-outlet">${posts}</div></noscript></body></html>`,
    );
    expect(shell.blocks.map((b) => b.text)).toEqual([...PARAGRAPHS, ...PARAGRAPHS]);
    // A short note in noscript is not a crawler view, even on a page with little text.
    const tiny = segmentHtml("<html><body><p>Loading</p><noscript><p>Enable JavaScript</p></noscript></body></html>");
    expect(tiny.blocks.map((b) => b.text)).toEqual(["Loading"]);
    // Where the page has text of its own, noscript stays unread (enable-JavaScript notes, pixels).
    const note = "Please enable JavaScript to use every feature of this site and its comment section.";
    const normal = segmentHtml(html.replace("</body>", `<noscript><p>${note}</p></noscript></body>`));
    expect(normal.blocks.some((b) => b.text === note)).toBe(false);
  });

  it("keeps an unread noscript note, and an empty page whose note asks for JavaScript is a javascript shell", () => {
    const shell = segmentHtml(
      `<html><head><title>React App</title></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`,
    );
    expect(shell.blocks).toEqual([]);
    expect(shell.noscriptNote).toBe("You need to enable JavaScript to run this app.");
    // Before session 19: reason "empty".
    expect(isInterstitial(shell).reason).toBe("javascript");
    // A noscript tracking pixel says nothing: still "empty".
    const pixel = segmentHtml(`<html><body><noscript><img src="/p.gif"></noscript><div id="root"></div></body></html>`);
    expect(pixel.noscriptNote).toBeUndefined();
    expect(isInterstitial(pixel).reason).toBe("empty");
    // A page with text of its own is no shell whatever its noscript says (only the empty case reads the note).
    const note = "Please enable JavaScript to use every feature of this site and its comment section.";
    const normal = segmentHtml(html.replace("</body>", `<noscript><p>${note}</p></noscript></body>`));
    expect(isInterstitial(normal).interstitial).toBe(false);
  });

  it("reads a forum shell's crawler view beside its enable-JavaScript note: the thread, not a javascript wall", () => {
    // The shape of a script-rendered forum served to a browser: an empty mount point, and in
    // <noscript> a sentence asking for JavaScript next to the whole thread. The sentence is a hint
    // there, not a wall: the posts are what the page says without scripts.
    const posts = PARAGRAPHS.concat(PARAGRAPHS)
      .map((t, i) => `<div class="topic-post"><span class="creator">member${i}</span><p>${t}</p></div>`)
      .join("");
    const page = segmentHtml(
      `<html><head><title>Budget thread - Town forum</title></head><body><section id="main"></section>` +
        `<noscript><p>To use this forum, please enable JavaScript in your browser.</p>` +
        `<div id="main-outlet"><h1>Winter budget</h1>${posts}</div></noscript></body></html>`,
    );
    expect(page.blocks.map((b) => b.text)).toEqual(expect.arrayContaining(PARAGRAPHS));
    const verdict = isInterstitial(page);
    expect(verdict.interstitial).toBe(false);
    expect(verdict.ownProse).toBeGreaterThan(PARAGRAPHS.join("").length);
  });
});
