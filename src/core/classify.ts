/**
 * Block verdicts: hard rules first (production notes), then the URL Tree heuristic. Every verdict
 * carries the evidence that decided it, so `debug` output can explain each block.
 */
import type { DomainState } from "./domain-state";
import type { TreeEvidence } from "./features";
import { decide, HEURISTICS, type Heuristic } from "./heuristics";
import type { TextBlock } from "./types";
import { TreeNode } from "./url-tree";

export type Label = "content" | "content-unseen" | "boilerplate";

export interface HardRules {
  /** Blocks inside nav, aside, header, footer, form, label, button, ... are boilerplate. */
  tags: boolean;
  /** Blocks whose text is all link text are boilerplate. */
  allLinks: boolean;
}

export const DEFAULT_HARD_RULES: HardRules = { tags: true, allLinks: true };
export const NO_HARD_RULES: HardRules = { tags: false, allLinks: false };

export interface BlockVerdict {
  label: Label;
  /** Which rule decided: `hard:<tag>`, `hard:links`, or the heuristic's own description. */
  rule: string;
  /** Path of the tree node that decided, e.g. `bbc.co.uk/news/world`; "" for hard rules. */
  node: string;
  /** n_s of that node. */
  support: number;
  /** c(b) of the block at that node, this document included. */
  count: number;
}

export interface ClassifyInput {
  blocks: readonly Pick<TextBlock, "hardTag" | "linkShare">[];
  hashes: readonly string[];
  branch: readonly string[];
  /**
   * The hashes the tree already counts for this document (its held record), or null when the
   * document is not held. What is not counted is added virtually, so that a classify-only request
   * decides as an ingest would (insert before classify).
   */
  counted: ReadonlySet<string> | null;
}

export interface Classification {
  verdicts: BlockVerdict[];
  /** n_s of the domain node: how many documents of the site the tree knew. */
  support: number;
}

function nodePath(domain: string, branch: readonly TreeNode[], index: number): string {
  const parts = [domain];
  for (let i = 1; i <= index; i++) parts.push(branch[i]!.segment);
  return parts.join("/");
}

/** The branch as a classification sees it: this document counted once, whether or not it was ingested. */
export interface TreeView {
  nodes: TreeNode[];
  countOf: (node: TreeNode, hash: string) => number;
  supportOf: (node: TreeNode) => number;
}

export function treeView(state: DomainState, branch: readonly string[], counted: ReadonlySet<string> | null): TreeView {
  const nodes = state.branchNodes(branch);
  // Nodes the document would create are missing from the tree; they would hold only this document.
  // Empty stand-ins (docs 0, plus the virtual +1 below) let heuristics pick them as an ingest would.
  for (let i = nodes.length - 1; i < branch.length; i++) nodes.push(new TreeNode(branch[i]!));
  return {
    nodes,
    countOf: (node, hash) => node.count(hash) + (counted?.has(hash) ? 0 : 1),
    supportOf: (node) => node.docs + (counted ? 0 : 1),
  };
}

export function classifyBlocks(state: DomainState, input: ClassifyInput, heuristic: Heuristic, hard: HardRules): Classification {
  const { nodes, countOf, supportOf } = treeView(state, input.branch, input.counted);
  const verdicts = input.blocks.map((block, i): BlockVerdict => {
    if (hard.tags && block.hardTag) return { label: "boilerplate", rule: `hard:${block.hardTag}`, node: "", support: 0, count: 0 };
    if (hard.allLinks && block.linkShare >= 1) return { label: "boilerplate", rule: "hard:links", node: "", support: 0, count: 0 };
    const d = decide(heuristic, nodes, input.hashes[i]!, countOf, supportOf);
    const label: Label = d.boilerplate ? "boilerplate" : d.count <= 1 ? "content-unseen" : "content";
    return { label, rule: d.rule, node: nodePath(state.domain, nodes, d.nodeIndex), support: d.support, count: d.count };
  });
  return { verdicts, support: supportOf(nodes[0]!) };
}

/**
 * The tree's evidence per block for the hybrid classifier: support and count at the node the
 * strict rule would consult (the deepest with n_s >= 5, else the domain node), and the production
 * vote. Hard rules are not applied: the model weighs tags and links itself.
 */
export interface TreeEvidenceResult {
  evidence: TreeEvidence[];
  /** n_s of the domain node. */
  support: number;
  /** Per block, the path of the node consulted. */
  nodes: string[];
}

export function treeEvidence(state: DomainState, input: Omit<ClassifyInput, "blocks">): TreeEvidenceResult {
  const { nodes, countOf, supportOf } = treeView(state, input.branch, input.counted);
  const domainSupport = supportOf(nodes[0]!);
  const nodeNames: string[] = [];
  const evidence = input.hashes.map((hash): TreeEvidence => {
    const strict = decide(HEURISTICS.strict, nodes, hash, countOf, supportOf);
    const vote = decide(HEURISTICS.vote, nodes, hash, countOf, supportOf);
    nodeNames.push(nodePath(state.domain, nodes, strict.nodeIndex));
    return { support: strict.support, count: strict.count, domainSupport, voteBoilerplate: vote.boilerplate };
  });
  return { evidence, support: domainSupport, nodes: nodeNames };
}
