/**
 * The gate scores held-out text answers rendered from training pages (service-calls.ts servedText),
 * which keep only what training needs of a page. This check streams the first pages of each corpus
 * through the service's own steps (streamedExtraction, renderAnswer) and compares their answers with
 * servedText's under the shipped model: should the two renderings drift apart, the gate would be
 * measuring an answer nobody serves.
 */
import { classifyPage, HYBRID } from "../../src/core/cascade";
import { DomainState } from "../../src/core/domain-state";
import { renderAnswer } from "../../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS } from "../../src/service/options";
import { corpusDir, streamCorpus } from "./corpus";
import { servedText, streamedExtraction } from "./service-calls";
import type { TrainingPage } from "./training";

/** One line per page whose two answers differ, over the first `perCorpus` pages of each corpus. */
export function servedParity(pages: readonly TrainingPage[], perCorpus: number): string[] {
  const differing: string[] = [];
  for (const corpus of [...new Set(pages.map((p) => p.corpus))]) {
    // prepareCorpus keeps a corpus's pages in stream order, as streamCorpus yields them.
    const own = pages.filter((p) => p.corpus === corpus).slice(0, perCorpus);
    const states = new Map<string, DomainState>();
    for (const streamed of streamCorpus(corpusDir(corpus), own.length)) {
      const page = own[streamed.index]!;
      if (page.id !== streamed.row.id) throw new Error(`served parity: ${corpus} is not in stream order`);
      const { extraction } = streamedExtraction(states, streamed);
      const served = renderAnswer(extraction, DEFAULT_EXTRACT_OPTIONS).body;
      const classification = classifyPage(page, page.evidence, {
        classifier: HYBRID,
        features: page.served,
        url: page.url,
      });
      if (servedText(page, page.answer, classification) !== served) differing.push(`${corpus} ${page.id}`);
    }
  }
  return differing;
}
