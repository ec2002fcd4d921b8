import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NON_TEXT, stripNonText } from "../../src/core/strip-non-text";

/** The definition: a global replace of NON_TEXT. */
const byRegex = (html: string) =>
  html.replace(NON_TEXT, (_m, tag: string | undefined) => (tag ? ` <${tag}></${tag}> ` : " "));

/** Pieces that meet every branch of the definition, its near misses, and its case rules. */
const PIECES = [
  "<",
  ">",
  "/",
  "-",
  "!",
  "[",
  "]",
  " ",
  "\t",
  "\n",
  "\u00a0",
  "\u2028",
  "x",
  "ſ",
  "ı",
  "K",
  "<!--",
  "-->",
  "<!-->",
  "--",
  "<![CDATA[",
  "<![cdata[",
  "]]>",
  "<script",
  "<SCRIPT",
  "<Script ",
  "<script>",
  "</script>",
  "</SCRIPT >",
  "</script\n>",
  "</scripts>",
  "<style",
  "<style-guide>",
  "</style>",
  "<noscript>",
  "</noscript>",
  "<template>",
  "</template >",
  "<svg",
  "<svg/>",
  "<svg-icon>",
  "</svg>",
  "</SVG>",
  "<p>",
  "</p>",
  "text",
  "a>b",
];

describe("stripNonText", () => {
  it("removes what a global replace of the definition removes", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const html = pieces.join("");
        expect(stripNonText(html)).toBe(byRegex(html));
      }),
      { numRuns: 3000, seed: 13 },
    );
  });

  it("keeps a page without any as it is", () => {
    const html = "<html><body><p>one</p><p>two</p></body></html>";
    expect(stripNonText(html)).toBe(html);
  });
});
