import { describe, expect, it } from "vitest";
import { agentFormat } from "../../src/core/accept";
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
  });

  it("answers text for text/plain only when it is strictly preferred, and markdown wins a tie with it", () => {
    expect(agentFormat("text/plain")).toBe("text");
    expect(agentFormat("text/plain, text/html;q=0.5")).toBe("text");
    expect(agentFormat("text/plain, text/markdown")).toBe("markdown");
    expect(agentFormat("text/plain, text/markdown;q=0.8")).toBe("text");
    expect(agentFormat("text/plain;q=0.5, text/markdown;q=0.8")).toBe("markdown");
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
