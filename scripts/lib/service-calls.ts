/**
 * MERGE POINT: the scripts' only calls into the classification API that src/core/cascade.ts is
 * replacing (pipeline.ts ingestPage / classifyPage / classifyPageHybrid, classify.ts treeEvidence,
 * hybrid.ts hybridVerdicts). eval, train and the gate go through these few functions, so the
 * switch to the cascade is one file. (bench.ts times those stages one by one and calls them itself.)
 */
import { treeEvidence, type HardRules } from "../../src/core/classify";
import type { DomainState } from "../../src/core/domain-state";
import type { TreeEvidence } from "../../src/core/features";
import type { Heuristic } from "../../src/core/heuristics";
import { hybridVerdicts } from "../../src/core/hybrid";
import type { ModelWeights } from "../../src/core/model";
import { classifyPage, classifyPageHybrid, ingestPage, type PreparedPage } from "../../src/core/pipeline";
import { renderText } from "../../src/core/render";
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
  return classifyPage(state, prepared, heuristic, hard).text;
}

/** The service default with the shipped model: hybrid (`useTree`) or single-page. */
export function shippedModelText(state: DomainState, prepared: PreparedPage, useTree: boolean): string {
  return classifyPageHybrid(state, prepared, useTree).text;
}

/** What the domain's tree tells the model about a page, at this point of the stream. */
export interface TreeSnapshot {
  evidence: TreeEvidence[];
  support: number;
}

export function treeSnapshot(state: DomainState, prepared: PreparedPage): TreeSnapshot {
  const held = state.document(prepared.key.key);
  const counted = held ? new Set(held.hashes) : null;
  const { evidence, support } = treeEvidence(state, { hashes: prepared.hashes, branch: prepared.key.branch, counted });
  return { evidence, support };
}

/**
 * classifyPageHybrid's decision with a model of our choosing (a cross-validation fold's): the
 * same evidence, verdicts and rendering. `features` may carry blockFeatures(page, evidence)
 * already computed. The gate checks that this equals shippedModelText with the shipped model.
 */
export function modelText(
  page: SegmentedPage,
  evidence: readonly TreeEvidence[] | null,
  model: ModelWeights,
  features?: readonly Float64Array[],
): string {
  return renderText(page.blocks, hybridVerdicts({ page, evidence, features }, model));
}
