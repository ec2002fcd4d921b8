/** Text the answer already holds is said once: a hidden or print copy of the article leaves it. */
import { describe, expect, it } from "vitest";
import { classifyPage, SINGLE_PAGE } from "../../src/core/cascade";
import { laterCopies } from "../../src/core/copies";
import { DEFAULT_REGION } from "../../src/core/region";
import { renderText } from "../../src/core/render-text";
import { segmentHtml } from "../../src/core/segment";

const BODY = [
  "The operator blamed rising fuel costs and a shortage of crew for the cut, which takes effect on the first.",
  "Island councillors said they would ask the ministry to restore the morning sailing before the spring.",
];
/** Blocks each under a parent of its own (element i + 1 in parent 100 + i), as a copy in another container is. */
const blocks = (...texts: string[]) =>
  texts.map((text, i) => ({ text, path: `body>div.${"abcdef"[i]}>p`, ancestors: [0, 100 + i, i + 1] }));

describe("laterCopies", () => {
  it("finds a block that repeats earlier content, whole or as one block for several paragraphs", () => {
    expect(laterCopies(blocks(BODY[0]!, BODY[1]!, BODY[0]!), [true, true, true])).toEqual([2]);
    expect(laterCopies(blocks(BODY[0]!, BODY[1]!, BODY.join(" ")), [true, true, true])).toEqual([2]);
  });

  it("reads words in any script, astral letters and digits too, split at anything else", () => {
    const greek = "Το πλοίο της γραμμής 𝐀𝐁 αναχωρεί στις 7:30 από το λιμάνι, 𠀀𠀁 και φτάνει το μεσημέρι στο νησί.";
    expect(laterCopies(blocks(greek, greek.toUpperCase()), [true, true])).toEqual([1]);
    // The same letters with the spaces gone are other words: no copy.
    expect(laterCopies(blocks(greek, greek.replace(/ /g, "")), [true, true])).toEqual([]);
  });

  it("remembers every 4-gram of a long page (the gram table grows past its first size)", () => {
    // 3,000 distinct words: thousands of 4-grams, past the table's first 1,024 slots several times.
    const long = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}x`).join(" ");
    const tail = long.split(" ").slice(-40).join(" ");
    expect(laterCopies(blocks(long, BODY[0]!, tail), [true, true, true])).toEqual([2]);
    expect(laterCopies(blocks(long, BODY[0]!, `${tail} ${BODY[1]!}`), [true, true, true])).toEqual([]);
  });

  it("keeps the first copy, whichever it is, and compares with content only", () => {
    expect(laterCopies(blocks(BODY.join(" "), BODY[0]!, BODY[1]!), [true, true, true])).toEqual([1, 2]);
    expect(laterCopies(blocks(BODY[0]!, BODY[0]!), [false, true])).toEqual([]);
  });

  it("keeps a block that only shares some words, and a one-word line said again", () => {
    const partly = `${BODY[0]!.slice(0, 50)} and then something else entirely happened on the pier that night.`;
    expect(laterCopies(blocks(BODY[0]!, partly), [true, true])).toEqual([]);
    expect(laterCopies(blocks("Timetables", "Timetables"), [true, true])).toEqual([]);
  });

  it("finds a short line said again elsewhere, word for word (a slider's cloned slide, a mobile copy)", () => {
    expect(laterCopies(blocks("Book a crossing", "Ferry times", "book a crossing!"), [true, true, true])).toEqual([2]);
    // Only the same words, all of them: a short line inside a longer one, or a longer line, is no copy.
    expect(laterCopies(blocks("Book a crossing today", "Book a crossing"), [true, true])).toEqual([]);
    expect(laterCopies(blocks("Book a crossing", "Book a crossing today"), [true, true])).toEqual([]);
  });

  it("keeps short lines repeated among siblings or in a repeated structure (each plan's card lists it)", () => {
    const siblings = blocks("Priority boarding", "Priority boarding").map((b, i) => ({
      ...b,
      ancestors: [0, 100, i + 1],
    }));
    expect(laterCopies(siblings, [true, true])).toEqual([]);
    const cards = blocks("Priority boarding", "Priority boarding").map((b) => ({ ...b, path: "body>div.plan>p" }));
    expect(laterCopies(cards, [true, true])).toEqual([]);
  });

  it("answers a short line repeated in every card, with the places it remembers capped", () => {
    // One line under 40,000 parents at one path: no copy. Comparing each card with all before it took
    // over a second; the places remembered per text are capped as a 4-gram's are (tens of ms; timed in
    // no test: speed lives in the benchmarks).
    const cards = Array.from({ length: 40_000 }, (_, i) => ({
      text: "Priority boarding",
      path: "body>div.plan>p",
      ancestors: [0, 100 + i, 100_000 + i],
    }));
    expect(laterCopies(cards, new Array<boolean>(cards.length).fill(true))).toEqual([]);
    // The cap answers as the whole list would: a copy elsewhere is still found after them.
    const after = [...cards, { text: "priority boarding", path: "body>footer>p", ancestors: [0, 7, 8] }];
    expect(laterCopies(after, new Array<boolean>(after.length).fill(true))).toEqual([cards.length]);
  });

  it("keeps repeats among siblings: a list that says the same line each day is the text's own", () => {
    const siblings = blocks(BODY[0]!, BODY[1]!, BODY[0]!).map((b, i) => ({ ...b, ancestors: [0, 100, i + 1] }));
    expect(laterCopies(siblings, [true, true, true])).toEqual([]);
  });

  it("keeps repeats in a repeated structure: cards (one path under many parents) that share a line", () => {
    const cards = blocks(BODY[0]!, BODY[0]!, BODY[0]!).map((b) => ({ ...b, path: "body>div.card>p" }));
    expect(laterCopies(cards, [true, true, true])).toEqual([]);
  });
});

describe("a hidden copy of the article", () => {
  const page = segmentHtml(`<html><head><title>Ferry news</title></head><body>
<div class="story-body"><p>${BODY[0]}</p><p>${BODY[1]}</p></div>
<div style="display:none" itemscope><div itemprop="articleBody">${BODY.join(" ")}</div></div></body></html>`);

  it("leaves the answer when the model took both", () => {
    const p = page.blocks.map(() => 0.9);
    const { verdicts } = classifyPage(page, null, {
      classifier: SINGLE_PAGE,
      probabilities: p,
      region: DEFAULT_REGION,
    });
    expect(renderText(page.blocks, verdicts)).toBe(BODY.join("\n\n"));
    expect(verdicts.at(-1)!.rule).toMatch(/^copy of earlier content/);
  });
});
