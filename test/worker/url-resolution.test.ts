/**
 * plainResolution (src/core/segment-rich.ts) against workerd's own URL parser, the one production
 * runs: test/core/url-resolution.test.ts holds it to Node's, and the two parsers differ (workerd
 * follows the URL standard's path percent-encode set of 2025, `^` included; Node 20 does not).
 */
import { describe, expect, it } from "vitest";
import { plainResolution } from "../../src/core/segment-rich";
import { assertLinkTargetAgrees, assertPlainResolutionAgrees, BASES, ODD_HREFS } from "../fixtures/url-hrefs";

describe("plainResolution in workerd", () => {
  it("answers, when it answers, what workerd's new URL(href, base).href does", () => {
    // The parser this test runs against: Node's would pass whatever plainResolution did with `^`.
    expect(new URL("https://news.example/a^b").href).toBe("https://news.example/a%5Eb");
    for (const b of BASES)
      for (const h of ["/a^b", "https://other.example/x/^", ...ODD_HREFS]) {
        const known = plainResolution(h, b);
        if (known !== null) expect(known).toBe(b === null ? new URL(h).href : new URL(h, b).href);
      }
    assertPlainResolutionAgrees(10_000, 17);
  });

  it("leaves linkTarget's answers as workerd's new URL gives them", () => {
    assertLinkTargetAgrees(10_000, 71);
  });
});
