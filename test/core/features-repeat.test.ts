/** Repetition features: card lists versus an article's paragraphs, and copied text. */
import { describe, expect, it } from "vitest";
import { blockFeatures, FEATURE_NAMES } from "../../src/core/features";
import type { TextBlock } from "../../src/core/types";

let element = 0;
function block(text: string, path: string, ancestors: number[], linkShare = 0): TextBlock {
  return {
    text,
    path,
    tag: path.slice(path.lastIndexOf(">") + 1).split(".")[0]!,
    linkShare,
    landmark: null,
    hardTag: null,
    element: ancestors[ancestors.length - 1] ?? element++,
    ancestors,
  };
}

const sentence = (k: number) => `Paragraph ${k} tells one part of the story with words of its own number ${k * 7}.`;

// An article: three paragraphs under one div; a sidebar: three cards, each its own div holding an excerpt.
const article = [1, 2, 3].map((k) => block(sentence(k), "body>main>div.body>p", [1, 2, 3, 10 + k]));
const cards = [1, 2, 3].map((k) =>
  block(
    `Teaser ${k}: ${["rain", "markets", "elections"][k - 1]} in ${["the north", "late trading", "three towns"][k - 1]}`,
    "body>aside>div.card>p",
    [1, 20, 20 + 2 * k, 21 + 2 * k],
  ),
);
const copy = block(article.map((b) => b.text).join(" "), "body>div.hidden", [1, 30]);

describe("repeat features", () => {
  const blocks = [...article, ...cards, copy];
  const f = blockFeatures(blocks, "A story", null);
  const at = (name: string) => FEATURE_NAMES.indexOf(name);

  it("tells a card list (one path under many parents) from paragraphs under one parent", () => {
    expect(f[0]![at("repeat:samePathParents")]).toBe(0);
    expect(f[3]![at("repeat:samePathParents")]).toBeCloseTo(Math.log(3) / 4);
    expect(f[3]![at("repeat:samePathGrandparents")]).toBe(0); // the cards share the aside
  });

  it("gives each path its share of the page's text", () => {
    const total = blocks.reduce((s, b) => s + b.text.length, 0);
    const articleChars = article.reduce((s, b) => s + b.text.length, 0);
    expect(f[0]![at("repeat:samePathShare")]).toBeCloseTo(articleChars / total);
  });

  it("finds text copied in another block, and none in text of its own", () => {
    // All of its 4-grams but those that span two paragraphs.
    expect(f[6]![at("repeat:textElsewhere")]).toBeGreaterThan(0.8);
    expect(f[0]![at("repeat:textElsewhere")]).toBe(1);
    expect(f[3]![at("repeat:textElsewhere")]).toBe(0);
  });
});
