/**
 * textFigures (one scan of an ASCII text, features.ts) against the figures as first written
 * (textFiguresPlain: lower-case the text, count words and title words, marks, CJK, the closing
 * regex): the model's thresholds were learned on those, so every figure must be the same.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { titleWords } from "../../src/core/block-words";
import { FIG_SLOTS, textFigures, textFiguresPlain } from "../../src/core/features";

function figures(scan: typeof textFigures, text: string, title: string): number[] {
  const out = new Float64Array(FIG_SLOTS).fill(NaN);
  scan(text, titleWords(title), out);
  return [...out];
}

// ASCII white space (all six `\s` units below 128), marks, digits, capitals, and units from 128 on
// that lower-case to more units (İ), are spaces (NBSP, U+3000), digits (Arabic-Indic), marks or CJK.
const PIECES = [
  "The",
  "AZ",
  "Zap",
  "a",
  "at",
  "the",
  "QUICK",
  "quick",
  "Fox",
  "fox,",
  "42",
  "x1y",
  "a.b",
  "end.",
  "why?",
  "so!",
  "(see)",
  'said"',
  " ",
  "  ",
  "\t",
  "\n",
  "\r",
  "\v",
  "\f",
  ":",
  ";",
  ")",
  "...",
  "A",
  "Z",
  "@[`{",
  "İstanbul",
  "\u00a0",
  "\u3000",
  "\u0663",
  "。",
  "日本語",
  "”",
  "»",
  "…",
  "\u2028",
  "caf\u00e9",
];
const TITLES = [
  "",
  "The Quick Brown Fox",
  "a zap at Zaz",
  "fox 42 the",
  "İstanbul Guide",
  "日本語 タイトル",
  "end. why?",
];

describe("text figures in one scan", () => {
  it("equal the plain figures", () => {
    const text = fc.oneof(
      fc.array(fc.constantFrom(...PIECES), { maxLength: 16 }).map((parts) => parts.join("")),
      fc.string({ unit: "binary-ascii", maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 20 }),
    );
    fc.assert(
      fc.property(text, fc.constantFrom(...TITLES), (t, title) => {
        expect(figures(textFigures, t, title)).toEqual(figures(textFiguresPlain, t, title));
      }),
      { numRuns: 20000 },
    );
  });

  it("fail the check when a figure is off (the test tells a wrong scan apart)", () => {
    // words, in the title, wc, marks, digits, closing mark
    expect(figures(textFigures, "The fox ran 2.", "The Fox")).toEqual([4, 2, 4, 1, 1, 1]);
  });
});
