/**
 * What the URL Tree knows about one page: for every node of the page's branch, its support n_s,
 * and for every block, its count c(b) at each of those nodes. This is all any classification rule
 * reads from the tree, so the domain's Durable Object answers with it (plain arrays, cheap to send
 * over RPC) and every rule runs in the Worker (src/core/cascade.ts).
 *
 * Insert before classify (paper §4): the figures count this document once, whether or not it was
 * ingested. A page that was not (classify-only requests, or a domain that never saw it) is added
 * virtually, so both paths decide alike.
 */
import type { DomainState } from "./domain-state";
import { hashToU32 } from "./hash-u32";
import { TreeNode } from "./url-tree";

export interface BranchEvidence {
  /** Paths of the branch's nodes from the domain node down, e.g. `bbc.co.uk`, `bbc.co.uk/news`. */
  nodes: string[];
  /** n_s of each node, this document counted once. */
  support: number[];
  /** c(b) of block i at node j is `counts[i * nodes.length + j]`, this document counted once. */
  counts: number[];
}

export interface PageHashes {
  /** The page's URL key: a held document with this key is the page itself (not counted twice). */
  key: string;
  branch: readonly string[];
  /** One hash per block, in page order. */
  hashes: readonly string[];
}

export function branchEvidence(state: DomainState, page: PageHashes): BranchEvidence {
  const held = state.document(page.key);
  const counted = held ? new Set(held.hashes) : null;
  const nodes = state.branchNodes(page.branch);
  // Nodes the document would create are missing from the tree; they would hold only this document.
  for (let i = nodes.length - 1; i < page.branch.length; i++) nodes.push(new TreeNode(page.branch[i]!));
  const paths: string[] = [];
  let path = state.domain;
  nodes.forEach((node, j) => paths.push(j === 0 ? path : (path = `${path}/${node.segment}`)));
  const depth = nodes.length;
  const support = nodes.map((node) => node.docs + (counted ? 0 : 1));
  const counts = new Array<number>(page.hashes.length * depth);
  page.hashes.forEach((hex, i) => {
    const hash = hashToU32(hex);
    const virtual = counted?.has(hash) ? 0 : 1;
    for (let j = 0; j < depth; j++) counts[i * depth + j] = nodes[j]!.countOf(hash) + virtual;
  });
  return { nodes: paths, support, counts };
}

/** n_s of the domain node: how many documents of the site the tree knows, this one included. */
export function domainSupport(evidence: BranchEvidence | null): number {
  return evidence?.support[0] ?? 0;
}
