/**
 * The scripts' calls into the service's classification (src/core/cascade.ts, through
 * src/core/pipeline.ts): eval, train and the gate go through these few functions, so what they
 * measure is what the Worker serves. (bench.ts times the stages one by one and calls them itself.)
 */
import { classifyPage, HYBRID, MIN_EVIDENCE_SUPPORT, modelEvidence, SINGLE_PAGE } from "../../src/core/cascade";
import type { HardRules } from "../../src/core/classify";
import type { DomainState } from "../../src/core/domain-state";
import type { TreeEvidence } from "../../src/core/features";
import type { Heuristic } from "../../src/core/heuristics";
import type { ModelWeights } from "../../src/core/model";
import { ingestPage, pageEvidence, processPage, type PreparedPage } from "../../src/core/pipeline";
import { renderText } from "../../src/core/render-text";
import type { BranchEvidence } from "../../src/core/tree-evidence";
import type { SegmentedPage } from "../../src/core/types";

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

/**
 * The service's decision (the cascade) with a model of our choosing (a cross-validation fold's):
 * hybrid with the page's tree evidence, single-page without. `features` may carry the features
 * already computed for this page and evidence.
 */
export function modelText(
  page: SegmentedPage,
  evidence: BranchEvidence | null,
  model: ModelWeights,
  features?: readonly Float64Array[],
  url?: string,
): string {
  const classifier = evidence ? HYBRID : SINGLE_PAGE;
  return renderText(page.blocks, classifyPage(page, evidence, { classifier, model, features, url }).verdicts);
}
