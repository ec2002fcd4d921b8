/**
 * The hybrid classifier: the learned block model (model.ts) over single-page features plus the
 * URL Tree's evidence where the domain has any. On a cold start the tree features are zero and
 * the model is a single-page extractor; as the domain's tree grows, template blocks (seen in many
 * of its documents) and never-seen blocks become strong evidence. Deterministic: the same blocks
 * and tree state give the same verdicts. Each verdict names its evidence.
 */
import type { BlockVerdict } from "./classify";
import { blockFeatures, type TreeEvidence } from "./features";
import { predictBlocks, topEvidence, type ModelWeights } from "./model";
import MODEL from "./model-weights.json";
import type { SegmentedPage } from "./types";

export const DEFAULT_MODEL = MODEL as unknown as ModelWeights;

/**
 * Template evidence the model may not overrule: a block that most other documents at a node
 * with support also contained is the site's template with near certainty, whatever it looks like
 * (a masthead repeating the site name from the title, a standing promo paragraph).
 */
export const TEMPLATE_SHARE = 0.5;
export const TEMPLATE_MIN_SUPPORT = 5;

function isTemplate(ev: TreeEvidence | undefined): boolean {
  return ev !== undefined && ev.support >= TEMPLATE_MIN_SUPPORT && (ev.count - 1) / (ev.support - 1) >= TEMPLATE_SHARE;
}

export interface HybridInput {
  page: SegmentedPage;
  /** Per-block tree evidence, or null for single-page classification. */
  evidence: readonly TreeEvidence[] | null;
  /** Per-block tree node path consulted, for explanations. */
  nodes?: readonly string[];
  /** Features already computed from the same page and evidence (training reuses them). */
  features?: readonly Float64Array[];
  /** Name the top features behind each verdict (debug output); costs about a third of the model's time. */
  explain?: boolean;
}

export function hybridVerdicts(input: HybridInput, model: ModelWeights = DEFAULT_MODEL): BlockVerdict[] {
  const { page, evidence } = input;
  const features = input.features ?? blockFeatures(page.blocks, page.title, evidence);
  const predictions = predictBlocks(model, page.blocks, features);
  return predictions.map((pred, i): BlockVerdict => {
    const ev = evidence?.[i];
    const template = isTemplate(ev);
    const content = !template && pred.p >= model.threshold;
    const unseen = ev !== undefined && ev.domainSupport >= 5 && ev.count <= 1;
    const why = input.explain ? ` (${topEvidence(model, pred.input).join(", ")})` : "";
    return {
      label: content ? (unseen ? "content-unseen" : "content") : "boilerplate",
      rule: template
        ? `tree template: in ${ev!.count - 1} of ${ev!.support - 1} other documents (model p=${pred.p.toFixed(3)})`
        : `model p=${pred.p.toFixed(3)}${why}`,
      node: input.nodes?.[i] ?? "",
      support: ev?.support ?? 0,
      count: ev?.count ?? 0,
    };
  });
}
