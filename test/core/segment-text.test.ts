import { describe, expect, it } from "vitest";
import { collapseWhitespace, visibleLength, visibleLengthExceeds } from "../../src/core/segment-text";

describe("collapseWhitespace", () => {
  it("answers text.replace(/\\s+/g, ' ').trim() on generated texts", () => {
    // Whitespace of every kind `\s` knows, words, and single and double spaces, in random order (fixed seed).
    const pieces = [
      " ",
      "  ",
      "\n",
      "\t",
      "\r\n",
      "\u00a0",
      "\u2003",
      "\u3000",
      "\ufeff",
      "a",
      "bc",
      "é",
      "İ",
      "\u0085",
    ];
    let seed = 16;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let k = 0; k < 20_000; k++) {
      let text = "";
      for (let j = Math.floor(next() * 12); j > 0; j--) text += pieces[Math.floor(next() * pieces.length)];
      expect(collapseWhitespace(text)).toBe(text.replace(/\s+/g, " ").trim());
    }
  });
});

describe("visibleLengthExceeds", () => {
  it("answers visibleLength(text) > limit", () => {
    const texts = ["", " ", "a", " a b ", "Headline\u00a0of\tthe\nday", "\u2003 x \u3000y", "İstanbul"];
    for (const text of texts)
      for (let limit = 0; limit <= 20; limit++)
        expect(visibleLengthExceeds(text, limit)).toBe(visibleLength(text) > limit);
  });
});
