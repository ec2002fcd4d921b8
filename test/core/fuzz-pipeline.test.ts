import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HYBRID } from "../../src/core/cascade";
import { DomainState } from "../../src/core/domain-state";
import { preparePage, processPage } from "../../src/core/pipeline";
import { renderHtml } from "../../src/core/render-html";
import { renderMarkdown } from "../../src/core/render-markdown";
import { anyHtml, fuzzParams } from "../fixtures/fuzz";

/**
 * Random HTML through the pure pipeline, as the Worker runs it: decode, segment, URL key, insert,
 * classify, metadata, every output format. Nothing may throw, except the processing budget's own
 * refusal (an error carrying code "too_complex", added by the budget work), which is an answer.
 */
const params = fuzzParams(process.env, 15);
/** A hang guard, not a speed target: without the processing budget, big random pages take seconds. */
const TIMEOUT = 60_000;

function isBudgetRefusal(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "too_complex";
}

function runPage(html: string, state: DomainState, n: number): void {
  try {
    const bytes = new TextEncoder().encode(html);
    const url = `https://www.fuzz.example/news/${n}.html?id=${n}`;
    const prepared = preparePage({ body: bytes, contentType: "text/html", url });
    const result = processPage(state, prepared, { classifier: HYBRID, now: 1_700_000_000_000 + n });
    expect(typeof result.text).toBe("string");
    renderMarkdown(prepared.page.blocks, result.verdicts, {});
    renderHtml(prepared.page.blocks, result.verdicts, { url });
    expect(typeof prepared.metadata.titleDeclared).toBe("boolean");
  } catch (err) {
    if (!isBudgetRefusal(err)) throw err;
  }
}

describe("fuzz: random HTML through the pure pipeline", () => {
  it(
    "never throws (tag soup, deep, wide, huge attributes, deep JSON-LD)",
    () => {
      const state = new DomainState("fuzz.example");
      let n = 0;
      fc.assert(
        fc.property(anyHtml, (html) => {
          runPage(html, state, n++);
        }),
        params,
      );
    },
    TIMEOUT,
  );

  // The extremes take ~15 s without the processing budget: long runs only (npm run fuzz).
  it.runIf(process.env.FUZZ_RUNS)(
    "survives the attack's extremes: 100k nested divs, 100k sibling paragraphs",
    () => {
      const state = new DomainState("fuzz.example");
      runPage(`<html><body>${"<div>".repeat(100_000)}deep text`, state, 1);
      runPage(`<html><body>${"<p>wide text</p>".repeat(100_000)}`, state, 2);
    },
    10 * TIMEOUT,
  );
});
