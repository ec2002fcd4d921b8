/** A path token names its element's tag first; `pre` is not `preview`, `li` is not `link-list`. */
import { describe, expect, it } from "vitest";
import { isHeadingTag, pathHasTag, tokenIsTag } from "../../src/core/path-words";

describe("tokenIsTag", () => {
  it("matches the tag alone or followed by an id or class", () => {
    expect(tokenIsTag("pre", "pre")).toBe(true);
    expect(tokenIsTag("pre.highlight", "pre")).toBe(true);
    expect(tokenIsTag("article#post-1", "article")).toBe(true);
  });
  it("does not match a longer tag or a class that starts like the tag", () => {
    expect(tokenIsTag("preview", "pre")).toBe(false);
    expect(tokenIsTag("prefix-nav", "pre")).toBe(false);
    expect(tokenIsTag("div.article", "article")).toBe(false);
  });
});

describe("pathHasTag", () => {
  it("finds the tag at any depth of the path", () => {
    expect(pathHasTag("main>blockquote.twitter-tweet>p", "blockquote")).toBe(true);
    expect(pathHasTag("ul>li.item>a", "li")).toBe(true);
  });
  it("ignores classes and longer tags that start like it", () => {
    expect(pathHasTag("div.blockquote>p", "blockquote")).toBe(false);
    expect(pathHasTag("div>link-list>p", "li")).toBe(false);
    expect(pathHasTag("", "li")).toBe(false);
  });
});

describe("isHeadingTag", () => {
  it("is h1 to h6 only", () => {
    for (const tag of ["h1", "h2", "h3", "h4", "h5", "h6"]) expect(isHeadingTag(tag)).toBe(true);
    for (const tag of ["h0", "h7", "h", "hr", "header", "th", "h12"]) expect(isHeadingTag(tag)).toBe(false);
  });
});
