/**
 * The golden pages (test/golden/<case>/): today's cold-domain answer must equal the recorded
 * expected.md / expected.json (regenerate with `npm run golden` and review the diff), and a few
 * properties must hold whatever the model decides. Runs in Node: it reads the cases from disk.
 */
import { describe, expect, it } from "vitest";
import { goldenFiles, goldenOutputs } from "../../scripts/lib/golden";
import { listGoldenCases, readExpected, readGoldenCase } from "../../scripts/lib/golden-cases";

interface GoldenJson {
  title: string;
  charset: string;
  text: string;
  blocks: { text: string; tag: string; label: string }[];
}

const REQUIRED_CASES = [
  "news-article",
  "blog-with-comments",
  "forum-thread",
  "product-page",
  "listing-page",
  "documentation-page",
  "no-body",
  "non-utf8",
  "table-article",
  "interstitial-consent",
  "captioned-figures",
];
/** A shell page with no article: an empty answer is right for it. */
const MAY_BE_EMPTY = new Set(["interstitial-consent"]);

const cases = listGoldenCases();
const outputsOf = (name: string) => {
  const goldenCase = readGoldenCase(name);
  return goldenOutputs(goldenCase.source, goldenCase.meta) as { markdown: string; json: GoldenJson };
};

describe("golden pages", () => {
  it("has every required case", () => {
    expect(cases).toEqual(expect.arrayContaining(REQUIRED_CASES));
  });

  describe.each(cases)("%s", (name) => {
    it("matches expected.md and expected.json (npm run golden to accept a change)", () => {
      const goldenCase = readGoldenCase(name);
      const files = goldenFiles(goldenOutputs(goldenCase.source, goldenCase.meta));
      expect(files["expected.md"]).toBe(readExpected(goldenCase, "expected.md"));
      expect(files["expected.json"]).toBe(readExpected(goldenCase, "expected.json"));
    });

    it.skipIf(MAY_BE_EMPTY.has(name))("keeps some content", () => {
      const { json } = outputsOf(name);
      expect(json.text.trim().length).toBeGreaterThan(200);
      expect(json.blocks.some((block) => block.label !== "boilerplate")).toBe(true);
    });
  });

  it("decodes the windows-1252 page from its meta charset", () => {
    const { markdown, json } = outputsOf("non-utf8");
    expect(json.charset).toBe("windows-1252");
    expect(json.title).toContain("sacrée meilleure baguette du département");
    const all = json.blocks.map((block) => block.text).join("\n");
    expect(all).not.toContain("\uFFFD");
    // Characters of the 0x80-0x9F range, where windows-1252 differs from ISO-8859-1, and Latin-1 ones.
    for (const word of ["1,20 €", "qu’Élodie", "Nœl", "lundi…", "Jürgen Weiß", "« Meilleure baguette"]) {
      expect(all).toContain(word);
    }
    expect(markdown).toContain("€");
  });

  it("keeps every picture of the article's figures and none of their captions' text", () => {
    const { markdown } = outputsOf("captioned-figures");
    for (const image of ["kellow-creek-aerial-1024.jpg", "kellow-samphire-close-800.jpg", "kellow-redshank-1024.jpg"]) {
      expect(markdown).toContain(image);
    }
    for (const caption of ["Tamsin Orrey", "Samphire on the lower marsh", "one of nine pairs", "Ned Quiller"]) {
      expect(markdown).not.toContain(caption);
    }
    // The sidebar's promo figure is the template's, caption and picture alike.
    expect(markdown).not.toContain("guidebook");
  });

  it("yields the text of the fragment without html, head or body tags", () => {
    const { json } = outputsOf("no-body");
    expect(json.title).toBe("Millbrook Parish Newsletter - Autumn 2019");
    expect(json.text).toContain("raised £2,340 for the village hall roof fund");
    expect(json.text).toContain("Community Speed Watch team");
  });
});
