/**
 * Path words are found per path token and combined (features.ts caches them per token); the values
 * must be those of the patterns run over the whole lower-cased path, as the model was trained on.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blockFeatures, FEATURE_NAMES, pathWordsOf } from "../../src/core/features";
import type { TextBlock } from "../../src/core/types";

// Tokens that put patterns at token edges (\b, "-ad", "tabs"), split words across tokens, and lower-case
// to something else (a Greek final sigma, a dotted capital I, the Kelvin sign K).
const TOKENS = ["body", "div", "div.tabs", "ul.tab", "x-ad", "ad", "ads", "span.ads-x", "MAIN", "p", "ΣAD", "İD"];
const MORE = ["div#nav", "na", "v", "side-", "col-2", "top-bar", "\u212Aicker", "li.comment", "Side", "sign-up", ""];

function block(path: string): TextBlock {
  return { text: "Some text here.", path, tag: "p", linkShare: 0, landmark: null, hardTag: null, element: 1 };
}

describe("path words per token", () => {
  const pathAt = FEATURE_NAMES.indexOf("path:content");
  const leafAt = FEATURE_NAMES.indexOf("leaf:content");
  const width = leafAt - pathAt;

  it("equal the patterns run over the whole path, and the leaf's over the last token", () => {
    const token = fc.constantFrom(...TOKENS, ...MORE);
    fc.assert(
      fc.property(fc.array(fc.array(token, { maxLength: 7 }), { minLength: 1, maxLength: 8 }), (paths) => {
        const joined = paths.map((tokens) => tokens.join(">"));
        const features = blockFeatures(joined.map(block), "", null);
        joined.forEach((path, i) => {
          const lower = path.toLowerCase();
          const leaf = lower.slice(lower.lastIndexOf(">") + 1);
          expect([...features[i]!.slice(pathAt, pathAt + width)]).toEqual([...pathWordsOf(lower)]);
          expect([...features[i]!.slice(leafAt, leafAt + width)]).toEqual([...pathWordsOf(leaf)]);
          expect(features[i]![FEATURE_NAMES.indexOf("depth")]).toBe(
            Math.min(1, (path ? path.split(">").length : 0) / 30),
          );
        });
      }),
      { numRuns: 300 },
    );
  });

  it("find a word at a token's edge on the path as on the token", () => {
    const [f] = blockFeatures([block("body>div.tabs>x-ad")], "", null);
    expect(f![FEATURE_NAMES.indexOf("path:nav")]).toBe(1);
    expect(f![FEATURE_NAMES.indexOf("path:ad")]).toBe(1);
    expect(f![FEATURE_NAMES.indexOf("leaf:nav")]).toBe(0);
  });
});
