/**
 * The extraction pipeline, shared by the Worker and the scripts so that what is evaluated is what
 * is served: decode, segment, URL key, hash, then insert before classify (paper §4), render.
 */
import { blockHash } from "./block-hash";
import { classifyBlocks, DEFAULT_HARD_RULES, treeEvidence, type BlockVerdict, type HardRules } from "./classify";
import { hybridVerdicts } from "./hybrid";
import { decodeHtml } from "./decode";
import type { DomainState, IngestOutcome } from "./domain-state";
import { HEURISTICS, type Heuristic } from "./heuristics";
import { renderText } from "./render-text";
import { segmentHtml } from "./segment";
import type { SegmentedPage, UrlKey } from "./types";
import { buildUrlKey } from "./url-key";
import type { UrlKeyRule } from "./url-rules";

export interface PreparedPage {
  page: SegmentedPage;
  key: UrlKey;
  hashes: string[];
  charset: string;
}

export interface PrepareInput {
  /** The page as received. */
  body: Uint8Array | ArrayBuffer | string;
  contentType?: string | null;
  /** The response URL, after redirects. */
  url: string;
  /** A title from a feed item; the page's own `<title>` is used when absent. */
  title?: string | null;
  rules?: readonly UrlKeyRule[];
}

/** Everything that does not depend on the domain's tree: pure and cacheable. */
export function preparePage(input: PrepareInput): PreparedPage {
  const decoded = typeof input.body === "string" ? { html: input.body, charset: "utf-8" } : decodeHtml(input.body, input.contentType);
  const page = segmentHtml(decoded.html, input.url);
  const title = input.title?.trim() || page.title;
  const key = buildUrlKey(input.url, { title, rules: input.rules });
  const hashes = page.blocks.map((b) => blockHash(b.text));
  return { page, key, hashes, charset: decoded.charset };
}

export interface ProcessOptions {
  heuristic?: Heuristic;
  hardRules?: HardRules;
  /** Insert the page into the tree before classifying it (default). Off: classify only. */
  learn?: boolean;
  now?: number;
}

export interface ProcessResult {
  verdicts: BlockVerdict[];
  text: string;
  /** "tree" once the domain has enough documents for the heuristic's node choice; else "cold-start". */
  method: "tree" | "cold-start";
  support: number;
  ingest: IngestOutcome | null;
}

/** The paper's n_min: below it the domain's tree is too young to be trusted, a cold start. */
export const MIN_SUPPORT = 5;

export function ingestPage(state: DomainState, prepared: PreparedPage, now: number): IngestOutcome {
  const blocks = prepared.page.blocks.map((b, i) => ({ hash: prepared.hashes[i]!, chars: b.text.length }));
  return state.ingest(prepared.key.key, prepared.key.branch, blocks, now);
}

export function classifyPage(state: DomainState, prepared: PreparedPage, heuristic: Heuristic, hard: HardRules): Omit<ProcessResult, "ingest"> {
  const held = state.document(prepared.key.key);
  const { verdicts, support } = classifyBlocks(
    state,
    { blocks: prepared.page.blocks, hashes: prepared.hashes, branch: prepared.key.branch, counted: held ? new Set(held.hashes) : null },
    heuristic,
    hard,
  );
  return { verdicts, support, method: support >= MIN_SUPPORT ? "tree" : "cold-start", text: renderText(prepared.page.blocks, verdicts) };
}

/**
 * The hybrid classifier on this page: the learned model with the tree's evidence (`useTree`), or
 * alone as a single-page extractor. The cascade, as the Worker runs it by default: tree evidence
 * (template counts, never-seen blocks) and single-page evidence are weighed together by one model;
 * with no tree knowledge the tree features are zero and the single-page evidence decides.
 */
export function classifyPageHybrid(state: DomainState | null, prepared: PreparedPage, useTree = true, explain = false): Omit<ProcessResult, "ingest"> {
  let evidence: ReturnType<typeof treeEvidence> | null = null;
  if (state && useTree) {
    const held = state.document(prepared.key.key);
    evidence = treeEvidence(state, { hashes: prepared.hashes, branch: prepared.key.branch, counted: held ? new Set(held.hashes) : null });
  }
  const verdicts = hybridVerdicts({ page: prepared.page, evidence: evidence?.evidence ?? null, nodes: evidence?.nodes, explain });
  const support = evidence?.support ?? 0;
  return { verdicts, support, method: support >= MIN_SUPPORT ? "tree" : "cold-start", text: renderText(prepared.page.blocks, verdicts) };
}

export function processPage(state: DomainState, prepared: PreparedPage, options: ProcessOptions = {}): ProcessResult {
  const learn = options.learn ?? true;
  const ingest = learn ? ingestPage(state, prepared, options.now ?? Date.now()) : null;
  const result = classifyPage(state, prepared, options.heuristic ?? HEURISTICS.vote, options.hardRules ?? DEFAULT_HARD_RULES);
  return { ...result, ingest };
}
