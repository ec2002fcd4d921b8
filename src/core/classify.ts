/**
 * Block verdicts by the URL Tree rules alone: hard rules first (production notes), then the
 * heuristic over the page's branch evidence. Every verdict carries the evidence that decided it,
 * so `debug` output can explain each block. The cascade (cascade.ts) chooses between these rules
 * and the learned model.
 */
import { decide, type Heuristic } from "./heuristics";
import type { BranchEvidence } from "./tree-evidence";
import type { TextBlock } from "./types";

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
  /** Which rule decided: `hard:<tag>`, `hard:links`, the heuristic's description, or the model's score. */
  rule: string;
  /** Path of the tree node that decided, e.g. `bbc.co.uk/news/world`; "" for hard rules. */
  node: string;
  /** n_s of that node. */
  support: number;
  /** c(b) of the block at that node, this document included. */
  count: number;
  /** The model's probability that the block is content (model classifiers only). */
  p?: number;
  /**
   * The block left the answer on purpose but its images stay where it stood: a figure caption the
   * page decision dropped inside the content region (captions.ts). Rendering reads it.
   */
  imagesStay?: true;
}

export function treeVerdicts(
  blocks: readonly Pick<TextBlock, "hardTag" | "linkShare">[],
  evidence: BranchEvidence,
  heuristic: Heuristic,
  hard: HardRules,
): BlockVerdict[] {
  return blocks.map((block, i): BlockVerdict => {
    if (hard.tags && block.hardTag)
      return { label: "boilerplate", rule: `hard:${block.hardTag}`, node: "", support: 0, count: 0 };
    if (hard.allLinks && block.linkShare >= 1)
      return { label: "boilerplate", rule: "hard:links", node: "", support: 0, count: 0 };
    const d = decide(heuristic, evidence, i);
    const label: Label = d.boilerplate ? "boilerplate" : d.count <= 1 ? "content-unseen" : "content";
    return { label, rule: d.rule, node: evidence.nodes[d.nodeIndex]!, support: d.support, count: d.count };
  });
}
