/**
 * The scripts' calls into the service's classification (src/core/cascade.ts, through
 * src/core/pipeline.ts): eval, train and the gate go through these few functions, so what they
 * measure is what the Worker serves. (bench.ts times the stages one by one and calls them itself.)
 */
import {
  classifyPage,
  HYBRID,
  MIN_EVIDENCE_SUPPORT,
  modelEvidence,
  SINGLE_PAGE,
  type PageClassification,
} from "../../src/core/cascade";
import type { HardRules } from "../../src/core/classify";
import { DomainState } from "../../src/core/domain-state";
import type { TreeEvidence } from "../../src/core/features";
import type { Heuristic } from "../../src/core/heuristics";
import type { ModelWeights } from "../../src/core/model";
import type { ArticleMetadata } from "../../src/core/metadata";
import type { KindModel } from "../../src/core/page-kind";
import { ingestPage, pageEvidence, preparePage, processPage, type PreparedPage } from "../../src/core/pipeline";
import { renderText } from "../../src/core/render-text";
import type { BranchEvidence } from "../../src/core/tree-evidence";
import type { SegmentedPage, UrlKey } from "../../src/core/types";
import { renderAnswer } from "../../src/service/answer";
import type { Extraction } from "../../src/service/extraction";
import { DEFAULT_EXTRACT_OPTIONS } from "../../src/service/options";

/** Insert before classify, as the domain's Durable Object does. */
export function ingestForEval(state: DomainState, prepared: PreparedPage, now: number): void {
  ingestPage(state, prepared, now);
}

/** A URL Tree rule alone (`heuristic=strict`, `vote`, ...): the text the service returns. */
export function treeRuleText(
  state: DomainState,
  prepared: PreparedPage,
  heuristic: Heuristic,
  hard: HardRules,
): string {
  return processPage(state, prepared, { classifier: { kind: "tree", heuristic, hard }, learn: false }).text;
}

/** The service default with the shipped model: hybrid (`useTree`) or single-page. */
export function shippedModelText(state: DomainState, prepared: PreparedPage, useTree: boolean): string {
  return processPage(state, prepared, { classifier: useTree ? HYBRID : SINGLE_PAGE, learn: false }).text;
}

/** What the domain's tree tells the model about a page, at this point of the stream. */
export interface TreeSnapshot {
  /** The branch evidence the cascade reads, or null while the domain knows no other document. */
  evidence: BranchEvidence | null;
  /** Per block, what the model's tree features are computed from (null: none). */
  blocks: TreeEvidence[] | null;
  support: number;
}

export function treeSnapshot(state: DomainState, prepared: PreparedPage): TreeSnapshot {
  const branch = pageEvidence(state, prepared);
  const support = branch.support[0]!;
  const evidence = support >= MIN_EVIDENCE_SUPPORT ? branch : null;
  return { evidence, blocks: evidence ? modelEvidence(evidence).blocks : null, support };
}

/** A cross-validation fold's models: the block model and the page-kind model, both trained without the held-out sites. */
export interface FoldModels {
  model: ModelWeights;
  kindModel: KindModel;
}

/**
 * The service's decision (the cascade) with models of our choosing (a cross-validation fold's):
 * hybrid with the page's tree evidence, single-page without. `features` may carry the features
 * already computed for this page and evidence.
 */
export function modelText(
  page: SegmentedPage,
  evidence: BranchEvidence | null,
  models: FoldModels,
  features?: readonly Float64Array[],
  url?: string,
): string {
  return renderText(page.blocks, modelClassification(page, evidence, models, features, url).verdicts);
}

/**
 * The two texts the held-out figures score, from one classification of a page with a fold's models:
 * the cascade's text (modelText) and the text answer as served (servedText).
 */
export function modelTexts(
  page: SegmentedPage & { answer: AnswerSource },
  evidence: BranchEvidence | null,
  models: FoldModels,
  features?: readonly Float64Array[],
  url?: string,
): { text: string; answer: string } {
  const classification = modelClassification(page, evidence, models, features, url);
  return {
    text: renderText(page.blocks, classification.verdicts),
    answer: servedText(page, page.answer, classification),
  };
}

/** The cascade's decision on a page with a fold's models (modelText's and modelTexts' verdicts). */
function modelClassification(
  page: SegmentedPage,
  evidence: BranchEvidence | null,
  { model, kindModel }: FoldModels,
  features?: readonly Float64Array[],
  url?: string,
): PageClassification {
  const classifier = evidence ? HYBRID : SINGLE_PAGE;
  return classifyPage(page, evidence, { classifier, model, kindModel, features, url });
}

/** What a page's served answer is rendered from besides its blocks and verdicts. */
export interface AnswerSource {
  /** The page's URL as requested (its host steers the headline's choice). */
  url: string;
  key: UrlKey;
  metadata: ArticleMetadata;
}

/**
 * The text answer the service serves for a page under a classification (`format=text` with the
 * default options: src/service/answer.ts itself): the headline once, the body, and the page's
 * description or headline standing in when no block is content. modelText is the cascade's text
 * alone, which the gate's history is measured on; this is what a client reads.
 */
export function servedText(page: SegmentedPage, source: AnswerSource, classification: PageClassification): string {
  const extraction: Extraction = {
    source: { body: new Uint8Array(0), contentType: null, url: source.url, fetched: true },
    // The text answer reads the page, its key and metadata; hashes and the decoded HTML are not kept for training pages.
    prepared: {
      page,
      key: source.key,
      hashes: [],
      charset: "utf-8",
      metadata: source.metadata,
      html: "",
      truncated: [],
    },
    classification,
    metadata: source.metadata,
    ingest: null,
    learned: false,
    rowsWritten: 0,
  };
  return renderAnswer(extraction, DEFAULT_EXTRACT_OPTIONS).body;
}

/**
 * One page of a corpus stream through the service as a fetched page that teaches its domain (one tree
 * per registrable domain in `states`), with the shipped hybrid: the Extraction the service's renderers
 * take (service/answer.ts), and the cascade's own text (empty when no block is content).
 */
export function streamedExtraction(
  states: Map<string, DomainState>,
  page: { url: string; bytes: Uint8Array; index: number },
): { extraction: Extraction; text: string } {
  const { url, bytes, index } = page;
  const prepared = preparePage({ body: bytes, url });
  let state = states.get(prepared.key.domain);
  if (!state) states.set(prepared.key.domain, (state = new DomainState(prepared.key.domain)));
  const { text, ingest, ...classification } = processPage(state, prepared, { classifier: HYBRID, now: index });
  const extraction: Extraction = {
    source: { body: bytes, contentType: null, url, fetched: true },
    prepared,
    classification,
    metadata: prepared.metadata,
    ingest,
    learned: true,
    rowsWritten: 0,
  };
  return { extraction, text };
}
