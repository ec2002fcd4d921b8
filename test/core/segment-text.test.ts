import { describe, expect, it } from "vitest";
import { visibleLength, visibleLengthExceeds } from "../../src/core/segment-text";

describe("visibleLengthExceeds", () => {
  it("answers visibleLength(text) > limit", () => {
    const texts = ["", " ", "a", " a b ", "Headline\u00a0of\tthe\nday", "\u2003 x \u3000y", "İstanbul"];
    for (const text of texts)
      for (let limit = 0; limit <= 20; limit++)
        expect(visibleLengthExceeds(text, limit)).toBe(visibleLength(text) > limit);
  });
});
