/**
 * What a domain's tree holds, as a person inspecting one page wants to see it: documents, nodes,
 * the support along the page's branch, and a learning curve. Read-only; computed from the held
 * documents, so it needs no extra storage.
 *
 * The learning curve replays the held documents in arrival order and asks, for the k-th, which
 * share of its blocks the domain had already seen in at least half of the earlier documents: the
 * template the tree could recognize when that page arrived (the domain node's view; the cascade
 * also reads deeper nodes). It rises from 0 at the first page to the site's template share once a
 * few pages are in. Evicted documents are gone, so on a long-lived domain the curve starts at the
 * oldest held document, and revisions count with the hashes they added.
 */
import type { DomainState } from "./domain-state";

/** A block counts as recognized template when it occurred in at least this share of the earlier documents. */
export const CURVE_TEMPLATE_SHARE = 0.5;
/** The curve covers at most this many documents: learning shows in the first ones, and the replay is O(hashes). */
export const CURVE_MAX_DOCUMENTS = 500;

export interface BranchSupport {
  /** Path of the node, e.g. `example.com/news`. */
  node: string;
  /** n_s: documents held at or below it. */
  support: number;
}

export interface DomainFigures {
  documents: number;
  nodes: number;
  oldest: number | null;
  newest: number | null;
  /** The page's branch from the domain node down, as far as the tree has nodes for it. */
  branch: BranchSupport[];
  /** Per held document in arrival order (at most CURVE_MAX_DOCUMENTS): share of its blocks already template. */
  curve: number[];
}

export function domainFigures(state: DomainState, branch: readonly string[]): DomainFigures {
  const nodes = state.branchNodes(branch);
  let path = state.domain;
  const supports = nodes.map((node, j) => ({
    node: j === 0 ? path : (path = `${path}/${node.segment}`),
    support: node.docs,
  }));
  const range = state.timeRange();
  return {
    documents: state.size,
    nodes: state.tree.nodeCount(),
    oldest: range?.oldest ?? null,
    newest: range?.newest ?? null,
    branch: supports,
    curve: learningCurve(state.heldDocuments()),
  };
}

/** Share of each document's blocks (unique hashes) found in at least half of the documents before it. */
export function learningCurve(documents: Iterable<{ hashes: Iterable<string | number> }>): number[] {
  const seen = new Map<string | number, number>();
  const curve: number[] = [];
  let earlier = 0;
  for (const doc of documents) {
    if (curve.length >= CURVE_MAX_DOCUMENTS) break;
    const unique = new Set(doc.hashes);
    let known = 0;
    if (earlier > 0) {
      for (const hash of unique) if ((seen.get(hash) ?? 0) >= earlier * CURVE_TEMPLATE_SHARE) known++;
    }
    curve.push(unique.size ? Math.round((known / unique.size) * 1000) / 1000 : 0);
    for (const hash of unique) seen.set(hash, (seen.get(hash) ?? 0) + 1);
    earlier++;
  }
  return curve;
}
