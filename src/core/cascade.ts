/**
 * The classification cascade: the only code that turns a prepared page plus the URL Tree's
 * evidence into block verdicts. The Worker, the feeds, eval, train, bench and the tests all call
 * `classifyPage`; every threshold it uses is a named constant here.
 *
 * Order of decisions for the default classifier ("hybrid"):
 * 1. Tree evidence counts only once the domain's tree knows another document
 *    (MIN_EVIDENCE_SUPPORT); before that the page is classified as a single page.
 * 2. The learned model (model.ts) scores every block from single-page features plus the tree's
 *    evidence at the node the strict rule consults and the production vote (zero on a cold start).
 * 3. Page-level stage (region.ts): the page's kind is decided from the model's probabilities
 *    (page-kind.ts), and with the constants for that kind the region holding the most content mass
 *    fills its gaps and drops short islands outside it; the headline just before it is content, once.
 * 4. Template override: a block that at least TEMPLATE_SHARE of the other documents at a node
 *    with support >= TEMPLATE_MIN_SUPPORT also contained is boilerplate whatever the model says.
 *    Templates are also invisible to stage 3 (probability zero, never changed by it).
 * 5. Never empty: when no block is content but the page has text, the fallback cascade of
 *    region.ts answers (`path` names which step did).
 * 6. Content the tree has never seen on a domain it knows is labelled `content-unseen`.
 * 7. The page as a whole (page-decision.ts): its comment section out of the article (by its kind).
 * "single-page" runs 2-5 without tree evidence; "tree" runs a URL Tree rule and the hard rules alone
 * (classify.ts), the paper's classifiers.
 */
import { treeVerdicts, type BlockVerdict, type HardRules } from "./classify";
import { blockFeatures, type TreeEvidence } from "./features";
import { deepestWith, HEURISTICS, type Heuristic, voteBoilerplate } from "./heuristics";
import { DEFAULT_MODEL, predictBlocks, topEvidence, type ModelWeights } from "./model";
import { rendersText } from "./permalink-marks";
import { applyRegion, fallbackContent, regionParamsFor, type FallbackPath, type RegionParams } from "./region";
import { decideKind, decidePage, type PageDecision } from "./page-decision";
import { KIND_MODEL, type KindModel, type PageKind } from "./page-kind";
import { domainSupport, type BranchEvidence } from "./tree-evidence";
import type { SegmentedPage } from "./types";

/** The paper's n_min: below it the domain's tree is too young to be trusted, a cold start. */
export const MIN_SUPPORT = 5;
/** The hybrid reads tree evidence once the domain node holds this document and at least one more. */
export const MIN_EVIDENCE_SUPPORT = 2;
/**
 * Template evidence the model may not overrule: a block that most other documents at a node
 * with support also contained is the site's template with near certainty, whatever it looks like
 * (a masthead repeating the site name from the title, a standing promo paragraph).
 */
export const TEMPLATE_SHARE = 0.5;
export const TEMPLATE_MIN_SUPPORT = 5;
/** A content block seen in no other document is `content-unseen` once the domain has this many documents. */
export const UNSEEN_MIN_DOMAIN_SUPPORT = 5;

export type Classifier =
  { kind: "hybrid" } | { kind: "single-page" } | { kind: "tree"; heuristic: Heuristic; hard: HardRules };

export const HYBRID: Classifier = { kind: "hybrid" };
export const SINGLE_PAGE: Classifier = { kind: "single-page" };

export interface CascadeOptions {
  classifier: Classifier;
  /** Name the top features behind each model verdict (debug output); costs about a third of the model's time. */
  explain?: boolean;
  model?: ModelWeights;
  /** The page-kind model (default the shipped KIND_MODEL): a cross-validation fold passes its own. */
  kindModel?: KindModel;
  /** Features already computed for this page and evidence (training reuses them). */
  features?: readonly Float64Array[];
  /** The model's probabilities already computed for this page (tuning reuses them); no explanations then. */
  probabilities?: readonly number[];
  /** The page-level stage's constants for every kind of page (tests and tuning; region.ts holds the chosen ones). */
  region?: RegionParams;
  /** Tuning: the page-level stage's constants per page kind, over region.ts's REGION_BY_KIND. */
  regionByKind?: Partial<Record<PageKind, RegionParams>>;
  /**
   * Tuning: the page's kind as given (a corpus page's gold type: what a perfect kind model would
   * gain) instead of the kind model's; an interstitial stays one.
   */
  kind?: PageKind;
  /** The page's URL: its words help tell the page's kind. */
  url?: string;
}

/** Which step of the cascade answered: the tree rules, the model (with the page-level stage), or a fallback. */
export type AnswerPath = "tree" | "model" | FallbackPath;

export interface PageClassification {
  verdicts: BlockVerdict[];
  /** n_s of the domain node, this page included; 0 without evidence. */
  support: number;
  /** "tree" once the domain has MIN_SUPPORT documents, else "cold-start". */
  method: "tree" | "cold-start";
  path: AnswerPath;
  /** What the page is and where its comments are (page-decision.ts); null for the tree rules alone. */
  page: PageDecision | null;
}

export function classifyPage(
  page: SegmentedPage,
  evidence: BranchEvidence | null,
  options: CascadeOptions,
): PageClassification {
  const support = domainSupport(evidence);
  const method = support >= MIN_SUPPORT ? "tree" : "cold-start";
  const { classifier } = options;
  if (classifier.kind === "tree") {
    if (!evidence) throw new Error("the tree classifier needs the tree's evidence");
    const verdicts = treeVerdicts(page.blocks, evidence, classifier.heuristic, classifier.hard);
    return { verdicts, support, method, path: "tree", page: null };
  }
  const useTree = classifier.kind === "hybrid" && evidence !== null && support >= MIN_EVIDENCE_SUPPORT;
  const perBlock = useTree ? modelEvidence(evidence) : null;
  const scored = modelProbabilities(page, perBlock, options);
  // The page's kind first: the region stage follows it (a product's region is wider than an article's).
  const decided = decideKind(page, scored.p, evidence, options.url, options.kindModel ?? KIND_MODEL);
  const kind = options.kind && decided.kind !== "interstitial" ? { ...decided, kind: options.kind } : decided;
  const region = options.region ?? regionParamsFor(kind.kind, options.regionByKind);
  const { verdicts, path, inside } = modelVerdicts(page, perBlock, options.model ?? DEFAULT_MODEL, scored, region);
  // The page as a whole, last: its comment section out of the article.
  const whole = decidePage(page, verdicts, evidence, options.url, kind, inside);
  return { verdicts: whole.verdicts, path, support, method, page: whole.decision };
}

/** Per block, the tree evidence the model reads: the strict rule's node, and the production vote. */
export interface ModelEvidence {
  blocks: TreeEvidence[];
  /** Path of the node consulted, per block (explanations). */
  nodes: string[];
}

export function modelEvidence(evidence: BranchEvidence): ModelEvidence {
  const blocks: TreeEvidence[] = [];
  const nodes: string[] = [];
  const depth = evidence.nodes.length;
  const root = evidence.support[0]!;
  // The strict rule's node is the same for every block (the deepest with enough documents), and only
  // its support and count are read: decide() per block built a record and a rule text each time.
  const strictAt = deepestWith(evidence, HEURISTICS.strict.nMin);
  const support = evidence.support[strictAt]!;
  const node = evidence.nodes[strictAt]!;
  for (let i = 0; i * depth < evidence.counts.length; i++) {
    blocks.push({
      support,
      count: evidence.counts[i * depth + strictAt]!,
      domainSupport: root,
      voteBoilerplate: voteBoilerplate(HEURISTICS.vote, evidence, i),
    });
    nodes.push(node);
  }
  return { blocks, nodes };
}

function isTemplate(ev: TreeEvidence | undefined): boolean {
  return ev !== undefined && ev.support >= TEMPLATE_MIN_SUPPORT && (ev.count - 1) / (ev.support - 1) >= TEMPLATE_SHARE;
}

export interface ModelScores {
  p: readonly number[];
  /** The top features behind block i's score (explain), else "". */
  why: (i: number) => string;
}

function modelProbabilities(page: SegmentedPage, evidence: ModelEvidence | null, options: CascadeOptions): ModelScores {
  if (options.probabilities) return { p: options.probabilities, why: () => "" };
  const model = options.model ?? DEFAULT_MODEL;
  const features = options.features ?? blockFeatures(page.blocks, page.title, evidence?.blocks ?? null);
  const predictions = predictBlocks(model, page.blocks, features);
  const why = options.explain ? (i: number) => ` (${topEvidence(model, predictions[i]!.input).join(", ")})` : () => "";
  return { p: predictions.map((pred) => pred.p), why };
}

/**
 * The model's verdicts after the region stage, before the page-level decision: what classifyPage hands
 * decidePage (exported for the bench, which times the decision on the verdicts the service gives it).
 */
export function modelVerdicts(
  page: SegmentedPage,
  evidence: ModelEvidence | null,
  model: ModelWeights,
  { p, why }: ModelScores,
  params: RegionParams,
): { verdicts: BlockVerdict[]; path: AnswerPath; inside: readonly boolean[] | null } {
  const { blocks } = page;
  const template = blocks.map((_, i) => isTemplate(evidence?.blocks[i]));
  const eligible = template.map((t) => !t);
  const threshold = params.threshold ?? model.threshold;
  const byModel = p.map((x, i) => eligible[i]! && x >= threshold);
  const seen = p.map((x, i) => (eligible[i] ? x : 0));
  const region = applyRegion(blocks, seen, byModel, eligible, page.title, params);
  let content = region.content.map((c, i) => c && eligible[i]!);
  let path: AnswerPath = "model";
  // Content that renders nothing (a heading's lone permalink mark) does not make an answer.
  if (!content.some((c, i) => c && rendersText(blocks[i]!))) {
    const fallback = fallbackContent(blocks, seen, eligible, params);
    if (fallback) ({ content, path } = fallback);
  }
  const verdicts = p.map((x, i): BlockVerdict => {
    const ev = evidence?.blocks[i];
    const unseen = ev !== undefined && ev.domainSupport >= UNSEEN_MIN_DOMAIN_SUPPORT && ev.count <= 1;
    const score = `model p=${x.toFixed(3)}${why(i)}`;
    const change = path === "model" ? region.changes[i] : content[i] ? path : null;
    const say = change === "fill" ? "region gap" : change === "island" ? "island outside the region" : change;
    return {
      label: content[i] ? (unseen ? "content-unseen" : "content") : "boilerplate",
      rule:
        template[i] && !content[i]
          ? `tree template: in ${ev!.count - 1} of ${ev!.support - 1} other documents (${score})`
          : say
            ? `${say}: ${score}`
            : score,
      node: evidence?.nodes[i] ?? "",
      support: ev?.support ?? 0,
      count: ev?.count ?? 0,
      p: x,
    };
  });
  // A fallback answered from another region than the stage's: no block is known to be inside it.
  // The tree's templates are never part of the region's content, wherever they sit.
  const inside = path === "model" ? region.inside.map((x, i) => x && eligible[i]!) : null;
  return { verdicts, path, inside };
}
