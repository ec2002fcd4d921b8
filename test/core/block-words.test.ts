import { describe, expect, it } from "vitest";
import { lowerWords, titleWords, wordFigures } from "../../src/core/block-words";

/** The plain definition: split, then look every word up in the title's set. */
function plain(text: string, title: string): { count: number; inTitle: number } {
  const words = lowerWords(text);
  const inTitle = new Set(lowerWords(title));
  return { count: words.length, inTitle: words.filter((w) => inTitle.has(w)).length };
}

describe("block words", () => {
  const titles = ["", "The Quick Brown Fox", "İstanbul\u00a0Guide — Part 2", "日本語 タイトル", "a a a"];
  const texts = [
    "",
    "   ",
    "the quick brown fox jumps over THE lazy dog",
    "  leading and trailing\tspaces\n\nand\u00a0no-break\u2003em\u3000ideographic  ",
    "İSTANBUL istanbul İstanbul guide GUIDE — part 2 2",
    "日本語 タイトル 日本語タイトル",
    "a a a b a",
    "word\ufeffjoined by BOM, \u2028line\u2029paragraph",
  ];
  it("counts and meets the title as splitting the text would", () => {
    for (const title of titles) {
      for (const text of texts)
        expect(wordFigures(text, titleWords(title)), `${title} / ${text}`).toEqual(plain(text, title));
    }
  });
});
