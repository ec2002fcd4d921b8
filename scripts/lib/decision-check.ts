/**
 * The CV gate scores fold models with service-calls.ts modelText, a copy of the service's hybrid
 * decision that takes a model. This checks the copy against the service itself (shipped model,
 * same stream), so the gate cannot drift from what the Worker runs.
 */
import { DomainState } from "../../src/core/domain-state";
import { DEFAULT_MODEL } from "../../src/core/hybrid";
import { preparePage } from "../../src/core/pipeline";
import { streamCorpus } from "./corpus";
import { ingestForEval, modelText, shippedModelText, treeSnapshot } from "./service-calls";

/** Page ids (with the mode) where the copy and the service disagree, over the first `limit` pages. */
export function decisionMismatches(dir: string, limit: number): string[] {
  const states = new Map<string, DomainState>();
  const mismatches: string[] = [];
  for (const { row, index, url, bytes } of streamCorpus(dir, limit)) {
    const prepared = preparePage({ body: bytes, url });
    let state = states.get(prepared.key.domain);
    if (!state) states.set(prepared.key.domain, (state = new DomainState(prepared.key.domain)));
    ingestForEval(state, prepared, index);
    const { evidence } = treeSnapshot(state, prepared);
    if (modelText(prepared.page, evidence, DEFAULT_MODEL) !== shippedModelText(state, prepared, true)) {
      mismatches.push(`${row.id} (hybrid)`);
    }
    if (modelText(prepared.page, null, DEFAULT_MODEL) !== shippedModelText(state, prepared, false)) {
      mismatches.push(`${row.id} (single-page)`);
    }
  }
  return mismatches;
}
