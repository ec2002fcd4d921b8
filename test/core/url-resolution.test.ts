import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linkTarget, plainResolution } from "../../src/core/segment-rich";

/** What linkTarget answered before plainResolution: new URL for every href. */
function linkTargetByNewUrl(href: string, base: string | null): string | null {
  const trimmed = href.trim();
  if (trimmed === "" || trimmed.startsWith("#")) return null;
  let url: string | null;
  try {
    url = base ? new URL(trimmed, base).href : new URL(trimmed).href;
  } catch {
    url = null;
  }
  return url && /^(https?:|mailto:)/i.test(url) ? url : null;
}

const PIECES = [
  "http://",
  "https://",
  "HTTP://",
  "hTtps://",
  "//",
  "/",
  "\\",
  "a",
  "b",
  "Z",
  "ex",
  "example",
  ".",
  "..",
  "...",
  "com",
  "-",
  "xn--",
  "xn--p1ai",
  "1",
  "0x7f",
  "127.0.0.1",
  "123",
  ":",
  ":8080",
  ":80",
  ":443",
  "@",
  "user:pw@",
  "[::1]",
  "[",
  "]",
  "?",
  "#",
  "&",
  "=",
  "%",
  "%20",
  "%2e",
  "%2E",
  "%5E",
  "%zz",
  "^",
  "|",
  "~",
  "'",
  '"',
  "<",
  ">",
  "`",
  "{",
  "}",
  " ",
  "\t",
  "\n",
  "\r",
  "\u00a0",
  "\u0000",
  "\u007f",
  "é",
  "ü",
  "javascript:",
  "mailto:",
  "data:",
  "tel:",
  "file:",
  "a:b",
  ";",
  ",",
  "!",
  "$",
  "(",
  ")",
  "*",
  "+",
  "_",
  "index.html",
  "page.php",
  "./",
  "../",
];

/** Bases as segmentation has them: the answers of new URL (resolveBase), so written as the standard writes them. */
const BASES = [
  null,
  "https://news.example/section/story.html",
  "https://news.example/",
  "http://news.example/a/b/?q=1#f",
  "https://user:pw@news.example:8080/a/b/c?x/y#z/w",
  "http://127.0.0.1/dir/",
  "https://[::1]/x",
  "https://news.example/a#f?g/h",
  "file:///home/user/page.html",
  "mailto:someone@example.com",
  "https://xn--p1ai.example/%2e/x",
].map((b) => (b === null ? null : new URL(b).href));

/** Pieces of the hrefs plainResolution answers, and a few of the ones it must not, so that many generated hrefs reach its answers. */
const NEAR_PLAIN = [
  "https://",
  "http://",
  "example",
  ".",
  "com",
  "/",
  "a",
  "..",
  "?",
  "#",
  "%2e",
  "%5E",
  "1",
  "-",
  "xn--",
  ":",
  "@",
  "b.html",
  "^",
];

const href = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((parts) => parts.join("")),
  fc.array(fc.constantFrom(...NEAR_PLAIN), { maxLength: 10 }).map((parts) => parts.join("")),
);
const base = fc.constantFrom(...BASES);

describe("plainResolution", () => {
  it("answers, when it answers, what new URL(href, base).href does", () => {
    fc.assert(
      fc.property(href, base, (h, b) => {
        const known = plainResolution(h, b);
        if (known === null) return;
        expect(known).toBe(b === null ? new URL(h).href : new URL(h, b).href);
      }),
      { numRuns: 20_000, seed: 16 },
    );
  });

  it("leaves linkTarget's answers as new URL gave them, odd cases included", () => {
    const odd = [
      "https://example.com",
      "https://example.com/a/./b",
      "https://example.com/a/../b",
      "https://example.com/%2e%2E/x",
      "https://example.com/a%5Eb?c=%5E#%5E",
      "https://Example.com/",
      "HTTPS://example.com/",
      "https://example.com:443/",
      "https://user@example.com/",
      "https://[::1]/",
      "https://example.123/",
      "https://1.2.3.4/x",
      "https://example.com/a b",
      "https://exa\tmple.com/a\nb",
      "https://example.com\\a\\b",
      "/a\\b",
      "//other.example/x",
      "a/b.html",
      "../a/b.html",
      "./a",
      "?q=1",
      "#top",
      "javascript:void(0)",
      "mailto:a@example.com",
      "a:b/c",
      "x/y:z",
      "",
      "é/ü",
      "https://example.com/{x}",
      "https://example.com/?'",
    ];
    for (const b of BASES) for (const h of odd) expect(linkTarget(h, b)).toBe(linkTargetByNewUrl(h, b));
    fc.assert(
      fc.property(href, base, (h, b) => {
        expect(linkTarget(h, b)).toBe(linkTargetByNewUrl(h, b));
      }),
      { numRuns: 20_000, seed: 61 },
    );
  });

  it("answers the common hrefs itself", () => {
    const b = "https://news.example/section/story.html?page=2#c";
    expect(plainResolution("https://other.example/a/b?x=1#y", b)).toBe("https://other.example/a/b?x=1#y");
    expect(plainResolution("https://other.example", b)).toBe("https://other.example/");
    expect(plainResolution("/a/b.html?x", b)).toBe("https://news.example/a/b.html?x");
    expect(plainResolution("other/a.html", b)).toBe(null);
  });
});
