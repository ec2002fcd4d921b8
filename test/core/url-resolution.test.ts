import { describe, expect, it } from "vitest";
import { linkTarget, plainResolution } from "../../src/core/segment-rich";
import { assertLinkTargetAgrees, assertPlainResolutionAgrees } from "../fixtures/url-hrefs";

describe("plainResolution", () => {
  it("answers, when it answers, what new URL(href, base).href does", () => {
    assertPlainResolutionAgrees(20_000, 16);
  });

  it("leaves linkTarget's answers as new URL gave them, odd cases included", () => {
    assertLinkTargetAgrees(20_000, 61);
  });

  it("answers the common hrefs itself", () => {
    const b = "https://news.example/section/story.html?page=2#c";
    expect(plainResolution("https://other.example/a/b?x=1#y", b)).toBe("https://other.example/a/b?x=1#y");
    expect(plainResolution("https://other.example", b)).toBe("https://other.example/");
    expect(plainResolution("/a/b.html?x", b)).toBe("https://news.example/a/b.html?x");
    expect(plainResolution("other/a.html", b)).toBe(null);
  });

  it("leaves a path with `^` to the runtime's parser (the URL standard encodes it since 2025, Node 20 does not)", () => {
    // Node 20's new URL keeps `/a^b` as it is, so the properties above cannot see this; workerd writes
    // `/a%5Eb` (test/worker/url-resolution.test.ts), and production's answer is workerd's.
    const b = "https://news.example/section/story.html";
    expect(plainResolution("https://other.example/a^b", b)).toBe(null);
    expect(plainResolution("/a^b", b)).toBe(null);
    expect(plainResolution("/a?b^c#d^e", b)).toBe(null);
    expect(linkTarget("/a^b", b)).toBe(new URL("/a^b", b).href);
  });
});
