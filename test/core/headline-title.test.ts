import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headingInTitle, headlineWithTail, normalizeHeadline, saidOnce, sameHeadline } from "../../src/core/headline";

describe("headingInTitle", () => {
  it("takes the page's h1 when it is one part of a multi-part title", () => {
    expect(headingInTitle("Pruning | Orchard Handbook | Greenfield", ["Pruning"])).toBe("Pruning");
    expect(headingInTitle("useTimer – Widgets", ["Site menu", "useTimer"])).toBe("useTimer");
    // An older site's separator: two hyphens.
    expect(headingInTitle("Pruning -- Orchard Handbook", ["Pruning"])).toBe("Pruning");
  });

  it("matches up to case, punctuation and spacing, and answers with the heading as shown", () => {
    expect(headingInTitle("pruning, step by step - Orchard", ["Pruning:  Step by Step"])).toBe("Pruning: Step by Step");
  });

  it("answers null for a title of one part, or when no heading is a part", () => {
    expect(headingInTitle("Pruning", ["Pruning"])).toBeNull();
    expect(headingInTitle("Pruning | Orchard Handbook", ["Grafting"])).toBeNull();
    expect(headingInTitle("Pruning | Orchard Handbook", [])).toBeNull();
    // A part of the title, not a hyphenated word inside it.
    expect(headingInTitle("Step-by-step pruning | Orchard", ["Step"])).toBeNull();
  });
});

describe("sameHeadline", () => {
  it("reads past an icon font's glyph, a private-use character that is no letter", () => {
    expect(sameHeadline("Pruning\uf0c1", "Pruning")).toBe(true);
    expect(sameHeadline("\uf0c1", "")).toBe(false);
  });
});

describe("saidOnce", () => {
  it("keeps the last copy of a heading whose letters are one phrase said over", () => {
    const animated = "The stallrental guidefor tradersThe stall rental guide for traders";
    expect(saidOnce(animated)).toBe("The stall rental guide for traders");
    expect(saidOnce("Stall rental guide for traders ".repeat(3))).toBe("Stall rental guide for traders");
  });

  it("cuts the last copy where it starts when a letter is two code units or lower-cases to two", () => {
    expect(saidOnce("İstanbul stall guide İstanbul stall guide")).toBe("İstanbul stall guide");
    expect(saidOnce("𝐌𝐚𝐫𝐤𝐞𝐭 stall guide 𝐌𝐚𝐫𝐤𝐞𝐭 stall guide")).toBe("𝐌𝐚𝐫𝐤𝐞𝐭 stall guide");
  });

  it("leaves other headings as they are: a short phrase twice, or words that only recur", () => {
    expect(saidOnce("Go go")).toBe("Go go");
    expect(saidOnce("New York, New York")).toBe("New York, New York");
    expect(saidOnce("Stall rental guide: stall rental")).toBe("Stall rental guide: stall rental");
  });
});

describe("headlineWithTail", () => {
  it("is the headline and a tail, the headline's parts read together", () => {
    expect(headlineWithTail("Stall rental | Opinion", "Stall rental")).toBe(true);
    expect(headlineWithTail("Stalls: a guide - for traders | Riverside", "Stalls: a guide - for traders")).toBe(true);
    expect(headlineWithTail("Stall rental | Opinion", "Stall rental | Opinion")).toBe(false);
    expect(headlineWithTail("Stall rental", "Stall")).toBe(false);
  });

  it("reads a heading of thousands of parts once, not its leading parts joined again for each count", () => {
    const parts = Array.from({ length: 6000 }, (_, i) => `Stall ${i}`);
    const start = performance.now();
    expect(headlineWithTail(parts.join(" | "), "Covered market")).toBe(false);
    expect(headlineWithTail(parts.join(" | "), parts.slice(0, 5999).join(" "))).toBe(true);
    // Generous: joining the leading parts again for each count took seconds here.
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe("normalizeHeadline", () => {
  /** normalizeHeadline as it was, in two replaces. */
  const twoPass = (text: string): string =>
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\p{P}\p{S}\p{Co}]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim();

  it("gives what the two-replace form gave, on generated text", () => {
    const piece = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 4 }),
      fc.string({ unit: "binary", maxLength: 4 }),
      fc.string({ unit: "binary-ascii", maxLength: 8 }),
      fc.constantFrom(
        " ",
        "\u00a0",
        "\t\n",
        "\ufeff",
        "\u3000",
        " - ",
        "—",
        "|",
        "😀",
        "\ue000",
        "\udb80\udc00",
        "ﬁ",
        "Ⅻ",
        "İ",
        "\ud800",
        "a",
        "A",
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        expect(normalizeHeadline(text)).toBe(twoPass(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
