/** The standfirst between the headline and the body is the top of the article, with the headline. */
import { describe, expect, it } from "vitest";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { DEFAULT_REGION } from "../../src/core/region";
import { renderText } from "../../src/core/render-text";
import { segmentHtml } from "../../src/core/segment";

const HEADLINE = "Ferry timetable changes for the winter season";
const LEDE = "Crossings to the islands drop to two a day from November, the operator said on Friday.";
const BYLINE = "By A. Writer";
const BODY = [
  "The operator blamed rising fuel costs and a shortage of crew for the cut, which takes effect on the first.",
  "Island councillors said they would ask the ministry to restore the morning sailing before the spring.",
];
const page = segmentHtml(`<html><head><title>${HEADLINE} | The Courier</title></head><body>
<header class="story-header"><h1>${HEADLINE}</h1><p class="standfirst">${LEDE}</p><p>${BYLINE}</p></header>
<div class="story-body"><p>${BODY[0]}</p><p>${BODY[1]}</p></div></body></html>`);
const at = (text: string) => page.blocks.findIndex((b) => b.text === text);

const classify = (ledeP: number) => {
  const p = page.blocks.map((b, i) => (BODY.includes(b.text) ? 0.95 : i === at(LEDE) ? ledeP : 0.05));
  // The default constants, not those of the kind this tiny page is taken for (a listing's wider region
  // would gap-fill the lede before the lede rule is reached): the rule is under test, not the tuning.
  return classifyPage(page, null, { classifier: SINGLE_PAGE, probabilities: p, region: DEFAULT_REGION });
};

describe("the lede", () => {
  it("is content when the model doubted it, right after the headline", () => {
    const { verdicts } = classify(0.3);
    expect(verdicts[at(LEDE)]!.label).toBe("content");
    expect(verdicts[at(LEDE)]!.rule).toBe("lede: model p=0.300");
    expect(verdicts[at(BYLINE)]!.label).toBe("boilerplate");
    expect(renderText(page.blocks, verdicts)).toBe([HEADLINE, LEDE, ...BODY].join("\n\n"));
  });

  it("stays out when the model all but ruled it out", () => {
    expect(classify(0.1).verdicts[at(LEDE)]!.label).toBe("boilerplate");
  });
});
