/**
 * Classification heuristics over a document's URL Tree branch: the paper's four (§4, §5.4) and the
 * authors' later production voting rule (production notes). All take the nodes of the branch from
 * the domain node down to the leaf, after the document was inserted (insert before classify).
 */
import type { BranchEvidence } from "./tree-evidence";

export type Heuristic =
  /** Deepest node with n_s >= nMin (else the root); boilerplate when c(b) > cMax. */
  | { kind: "strict"; nMin: number; cMax: number }
  /** As strict, but only nodes with n_s > support qualify (paper: strict-support-100). */
  | { kind: "strict-support"; support: number; cMax: number }
  /** Always the domain node. */
  | { kind: "strict-at-domain"; cMax: number }
  /** Strict, with the threshold raised to relaxedCMax once the domain node has n_s > domainSupport (paper: 500). */
  | { kind: "relaxed-at-domain"; nMin: number; cMax: number; domainSupport: number; relaxedCMax: number }
  /** Production rule: every node with n_s >= nMin votes boilerplate when c(b) > n_s/divisor + 1; a tie is boilerplate. */
  | { kind: "vote"; nMin: number; divisor: number };

export type HeuristicName =
  "strict" | "strict-support" | "strict-at-domain" | "relaxed-at-domain" | "vote" | "vote-fast";

/** The defaults the paper and the production notes give. */
export const HEURISTICS = {
  strict: { kind: "strict", nMin: 5, cMax: 1 },
  "strict-support": { kind: "strict-support", support: 100, cMax: 1 },
  "strict-at-domain": { kind: "strict-at-domain", cMax: 1 },
  "relaxed-at-domain": { kind: "relaxed-at-domain", nMin: 5, cMax: 1, domainSupport: 500, relaxedCMax: 2 },
  vote: { kind: "vote", nMin: 5, divisor: 100 },
  "vote-fast": { kind: "vote", nMin: 5, divisor: 50 },
} satisfies Record<HeuristicName, Heuristic>;

/**
 * Reads `strict`, `strict-support-100`, `strict-at-domain`, `relaxed-at-domain-500`, `vote`,
 * `vote-fast`, with optional numeric overrides (nMin, cMax, support, domainSupport, relaxedCMax, divisor).
 */
export function parseHeuristic(
  spec: string,
  overrides: Partial<Record<"nMin" | "cMax" | "support" | "domainSupport" | "relaxedCMax" | "divisor", number>> = {},
): { ok: true; heuristic: Heuristic } | { ok: false; error: string } {
  const m = /^(strict-support|relaxed-at-domain)-(\d+)$/.exec(spec);
  const name = (m ? m[1] : spec) as HeuristicName;
  // Own keys only: "constructor" or "__proto__" must not resolve through the prototype.
  const base = Object.hasOwn(HEURISTICS, name) ? HEURISTICS[name] : undefined;
  if (!base)
    return {
      ok: false,
      error: `unknown heuristic "${spec}"; expected one of ${Object.keys(HEURISTICS).join(", ")} (strict-support-N, relaxed-at-domain-N)`,
    };
  const h: Record<string, unknown> = { ...base };
  if (m) h[name === "strict-support" ? "support" : "domainSupport"] = Number(m[2]);
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) continue;
    if (!Object.hasOwn(h, k)) return { ok: false, error: `parameter "${k}" does not apply to heuristic "${spec}"` };
    // The divisor divides: zero is refused too, and the message says so for any value out of range.
    if (k === "divisor" && !(v > 0 && Number.isFinite(v)))
      return { ok: false, error: `parameter "divisor" must be a positive number` };
    if (!Number.isFinite(v) || v < 0) return { ok: false, error: `parameter "${k}" must be a non-negative number` };
    h[k] = v;
  }
  return { ok: true, heuristic: h as Heuristic };
}

export function heuristicLabel(h: Heuristic): string {
  switch (h.kind) {
    case "strict":
      return h.nMin === 5 && h.cMax === 1 ? "strict" : `strict(nMin=${h.nMin},cMax=${h.cMax})`;
    case "strict-support":
      return `strict-support-${h.support}`;
    case "strict-at-domain":
      return "strict-at-domain";
    case "relaxed-at-domain":
      return `relaxed-at-domain-${h.domainSupport}`;
    case "vote":
      return h.divisor === 100 ? "vote" : h.divisor === 50 ? "vote-fast" : `vote(divisor=${h.divisor})`;
  }
}

/** What the tree says about one block hash. */
export interface TreeDecision {
  boilerplate: boolean;
  /** Index into the branch (0 = domain node) of the node that decided (for votes: the deepest voter). */
  nodeIndex: number;
  support: number;
  count: number;
  rule: string;
}

/** The deepest node of the branch with at least `minDocs` documents; the domain node failing that. */
export function deepestWith(evidence: BranchEvidence, minDocs: number): number {
  for (let i = evidence.nodes.length - 1; i >= 0; i--) if (evidence.support[i]! >= minDocs) return i;
  return 0;
}

function thresholdAt(evidence: BranchEvidence, block: number, index: number, cMax: number, rule: string): TreeDecision {
  const count = evidence.counts[block * evidence.nodes.length + index]!;
  const support = evidence.support[index]!;
  return {
    boilerplate: count > cMax,
    nodeIndex: index,
    support,
    count,
    rule: `${rule}: c=${count} ${count > cMax ? ">" : "<="} ${cMax}`,
  };
}

/**
 * The tree's verdict on block `block` of a page, from the page's branch evidence (counts and
 * supports with the page itself counted once: insert before classify).
 */
export function decide(h: Heuristic, evidence: BranchEvidence, block: number): TreeDecision {
  // Module functions rather than closures made per call: this runs twice per block of every page
  // the hybrid classifies.
  const depth = evidence.nodes.length;
  const { support: supports, counts } = evidence;
  switch (h.kind) {
    case "strict":
      return thresholdAt(evidence, block, deepestWith(evidence, h.nMin), h.cMax, "strict");
    case "strict-support":
      return thresholdAt(evidence, block, deepestWith(evidence, h.support + 1), h.cMax, `strict-support-${h.support}`);
    case "strict-at-domain":
      return thresholdAt(evidence, block, 0, h.cMax, "strict-at-domain");
    case "relaxed-at-domain": {
      const relaxed = supports[0]! > h.domainSupport;
      return thresholdAt(
        evidence,
        block,
        deepestWith(evidence, h.nMin),
        relaxed ? h.relaxedCMax : h.cMax,
        `relaxed-at-domain-${h.domainSupport}`,
      );
    }
    case "vote": {
      const voters = votersOf(h, evidence);
      if (voters === 0) {
        // No node has enough support: the root alone votes, as in production.
        const boilerplate = rootSays(h, evidence, block);
        return {
          boilerplate,
          nodeIndex: 0,
          support: supports[0]!,
          count: counts[block * depth]!,
          rule: `vote: root alone (n=${supports[0]!} < ${h.nMin}), ${boilerplate ? "boilerplate" : "content"}`,
        };
      }
      const yes = yesVotes(h, evidence, block);
      // The deepest voter: the deepest node with enough documents.
      const deepestVoter = deepestWith(evidence, h.nMin);
      return {
        boilerplate: yes * 2 >= voters,
        nodeIndex: deepestVoter,
        support: supports[deepestVoter]!,
        count: counts[block * depth + deepestVoter]!,
        rule: `vote: ${yes}/${voters} nodes say boilerplate`,
      };
    }
  }
}

type Vote = Extract<Heuristic, { kind: "vote" }>;

/** How many nodes of the branch vote: those with at least `nMin` documents. */
function votersOf(h: Vote, evidence: BranchEvidence): number {
  let voters = 0;
  for (const support of evidence.support) if (support >= h.nMin) voters++;
  return voters;
}

/** How many voting nodes say block `block` is boilerplate: it occurs in more than 1/divisor of their documents, plus one. */
function yesVotes(h: Vote, evidence: BranchEvidence, block: number): number {
  const depth = evidence.nodes.length;
  const { support: supports, counts } = evidence;
  let yes = 0;
  for (let i = 0; i < depth; i++) {
    const support = supports[i]!;
    if (support >= h.nMin && counts[block * depth + i]! > support / h.divisor + 1) yes++;
  }
  return yes;
}

/** The root's vote, when no node has enough documents to vote. */
function rootSays(h: Vote, evidence: BranchEvidence, block: number): boolean {
  return evidence.counts[block * evidence.nodes.length]! > evidence.support[0]! / h.divisor + 1;
}

/**
 * decide(h, evidence, block).boilerplate for a vote, without the decision's record and its rule
 * text: the model's evidence (cascade.ts: modelEvidence) reads only this, for every block of every
 * page, and the two strings a block (~55 KB a page) were garbage. decide's vote asks the same functions.
 */
export function voteBoilerplate(h: Vote, evidence: BranchEvidence, block: number): boolean {
  const voters = votersOf(h, evidence);
  return voters === 0 ? rootSays(h, evidence, block) : yesVotes(h, evidence, block) * 2 >= voters;
}
