import { describe, expect, it } from "vitest";
import { acceptQuality, agentFormat, preferredNamedType } from "../../src/core/accept";
import { estimateTokens } from "../../src/core/tokens";

describe("agentFormat: does Accept prefer our rendering over the page's HTML", () => {
  it("leaves browsers and clients that ask for nothing in particular on the HTML", () => {
    const browsers = [
      "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
      "*/*",
      "text/*",
      "",
      "application/json, text/plain, */*",
      "text/html, text/plain",
    ];
    for (const accept of browsers) expect(agentFormat(accept), accept).toBeNull();
    expect(agentFormat(null)).toBeNull();
    expect(agentFormat(undefined)).toBeNull();
  });

  it("answers markdown when it is named and at least as good as HTML", () => {
    expect(agentFormat("text/markdown")).toBe("markdown");
    expect(agentFormat("text/markdown, text/html")).toBe("markdown");
    expect(agentFormat("text/html, text/markdown")).toBe("markdown");
    expect(agentFormat("text/markdown;q=0.9, text/html;q=0.8, */*;q=0.1")).toBe("markdown");
    expect(agentFormat("Text/Markdown; charset=utf-8")).toBe("markdown");
  });

  it("respects q-values: a lower or zero quality for markdown keeps the HTML", () => {
    expect(agentFormat("text/html, text/markdown;q=0.5")).toBeNull();
    expect(agentFormat("text/markdown;q=0")).toBeNull();
    expect(agentFormat("text/markdown;q=0.5, */*")).toBeNull();
    // The most specific range decides text/html's quality, not the first one written.
    expect(agentFormat("*/*, text/html;q=0.1, text/markdown;q=0.5")).toBe("markdown");
    expect(agentFormat("text/*;q=0.9, text/markdown;q=0.5")).toBeNull();
    // A malformed q is no preference.
    expect(agentFormat("text/markdown;q=high")).toBeNull();
    expect(agentFormat("text/markdown;q=1.5")).toBeNull();
    // It drops its range rather than making the type unacceptable: text/html keeps the wildcard's quality.
    expect(agentFormat("text/html;q=x, */*, text/markdown;q=0.5")).toBeNull();
    expect(agentFormat("text/html;q=x, */*;q=0.5, text/markdown")).toBe("markdown");
  });

  it("answers text for text/plain only when it is strictly preferred, and markdown wins a tie with it", () => {
    expect(agentFormat("text/plain")).toBe("text");
    expect(agentFormat("text/plain, text/html;q=0.5")).toBe("text");
    expect(agentFormat("text/plain, text/markdown")).toBe("markdown");
    expect(agentFormat("text/plain, text/markdown;q=0.8")).toBe("text");
    expect(agentFormat("text/plain;q=0.5, text/markdown;q=0.8")).toBe("markdown");
  });
});

describe("preferredNamedType: the offered type Accept names with the highest q", () => {
  const OFFERED = ["text/plain", "text/markdown", "text/html", "application/json"];
  const pick = (accept: string | undefined) => preferredNamedType(accept, OFFERED);

  it("without q-values, is the first offered type the header names", () => {
    expect(pick("text/markdown")).toBe("text/markdown");
    expect(pick("application/json, text/plain, */*")).toBe("application/json");
    expect(pick("image/png, text/html, text/markdown")).toBe("text/html");
    expect(pick("Text/Markdown; charset=utf-8")).toBe("text/markdown");
  });

  it("is null when no offered type is named: absent, wildcards only, or not served", () => {
    for (const accept of [undefined, "", "*/*", "text/*", "image/png", "application/*;q=1"])
      expect(pick(accept), String(accept)).toBeNull();
  });

  it("lets the highest q win, the first named break a tie, and q=0 refuse a type", () => {
    expect(pick("text/html;q=0.5, text/markdown")).toBe("text/markdown");
    expect(pick("text/plain;q=0.2, application/json;q=0.9, text/markdown;q=0.5")).toBe("application/json");
    expect(pick("text/markdown;q=0.8, text/html;q=0.8")).toBe("text/markdown");
    expect(pick("text/html;q=0, text/markdown;q=0.1")).toBe("text/markdown");
    expect(pick("text/markdown;q=0")).toBeNull();
    expect(pick("text/markdown;q=0, */*")).toBeNull();
    // The most specific range decides a type's quality, whatever comes first.
    expect(pick("text/*;q=0.1, text/markdown;q=0.9, text/html")).toBe("text/html");
    expect(pick("text/html;q=0.3, */*, text/plain;q=0.4")).toBe("text/plain");
  });

  it("drops a range whose q is malformed, as if it were not written", () => {
    expect(pick("text/html;q=high, text/markdown;q=0.5")).toBe("text/markdown");
    expect(pick("text/html;q=1.5, text/markdown;q=0.5")).toBe("text/markdown");
    expect(pick("text/html;q=, text/markdown;q=0.5")).toBe("text/markdown");
    expect(pick("text/html;q=0.0001")).toBeNull();
    expect(pick("text/html;q=1.000, text/plain;q=0.999")).toBe("text/html");
    expect(pick("text/html;q=1., text/plain")).toBe("text/html");
  });
});

describe("acceptQuality", () => {
  it("is the most specific matching range's q, whether it names the type, and where it stands", () => {
    expect(acceptQuality("text/html;q=0.5, */*", "text/html")).toEqual({ q: 0.5, named: true, at: 0 });
    expect(acceptQuality("image/png, text/*;q=0.3", "text/plain")).toEqual({ q: 0.3, named: false, at: 1 });
    expect(acceptQuality("image/png", "text/plain")).toEqual({ q: 0, named: false, at: Infinity });
    expect(acceptQuality(undefined, "text/plain")).toEqual({ q: 0, named: false, at: Infinity });
    expect(acceptQuality("text/plain;q=2, */*;q=0.1", "text/plain")).toEqual({ q: 0.1, named: false, at: 1 });
  });
});

describe("estimateTokens", () => {
  it("counts about four characters per token, and a token per character for scripts without spaces", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens("x".repeat(400))).toBe(100);
    expect(estimateTokens("東京都")).toBe(3);
    expect(estimateTokens("🚀🚀🚀🚀")).toBe(1);
    expect(estimateTokens("a".repeat(8) + "日本")).toBe(4);
  });
});
