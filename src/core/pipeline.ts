/**
 * The extraction pipeline, shared by the Worker and the scripts so that what is evaluated is what
 * is served: decode, segment, URL key, hash (`preparePage`, pure and tree-free), then insert before
 * classify (paper §4) and the cascade (cascade.ts), render.
 */
import { blockHash } from "./block-hash";
import { PageBudget, type TruncationLimit } from "./budget";
import { classifyPage, type Classifier, type PageClassification } from "./cascade";
import { decodeHtml } from "./decode";
import type { DomainState, IngestOutcome } from "./domain-state";
import { type ArticleMetadata, MetadataTee, noMetadata } from "./metadata";
import { renderText } from "./render-text";
import { segmentHtml } from "./segment";
import { branchEvidence, type BranchEvidence } from "./tree-evidence";
import type { SegmentedPage, UrlKey } from "./types";
import { buildUrlKey } from "./url-key";
import type { UrlKeyRule } from "./url-rules";

export interface PreparedPage {
  page: SegmentedPage;
  key: UrlKey;
  hashes: string[];
  charset: string;
  /**
   * The page's article metadata, read on the segmentation parse (metadata.ts: MetadataTee); none
   * (every field null) when the input said not to read it (`readMetadata: false`).
   */
  metadata: ArticleMetadata;
  /** The decoded page, whole (eval-tokens counts its tokens; no stage parses it again). */
  html: string;
  /** The caps of the page's budget that cut it, in the order met; empty when it was read whole. */
  truncated: TruncationLimit[];
}

export interface PrepareInput {
  /** The page as received. */
  body: Uint8Array | ArrayBuffer | string;
  /** The body is only the page's beginning: the reader stopped at the byte cap (recorded as `bytes`). */
  cutAtBytes?: boolean;
  contentType?: string | null;
  /** The response URL, after redirects. */
  url: string;
  /** A title from a feed item; the page's own `<title>` is used when absent. */
  title?: string | null;
  rules?: readonly UrlKeyRule[];
  /** The page's processing budget (caps and deadline); by default the caps alone, no deadline. */
  budget?: PageBudget;
  /**
   * Whether to read the page's metadata (default true). A caller that never uses it (the origin
   * intercept, which only teaches the tree) saves the collector fed every parser event, its
   * attribute reads and the JSON-LD scan. Segmentation is the same either way (the tee only listens).
   */
  readMetadata?: boolean;
}

/**
 * Everything that does not depend on the domain's tree: pure and cacheable. Throws PageTooComplex
 * when the budget's deadline passes.
 */
export function preparePage(input: PrepareInput): PreparedPage {
  const budget = input.budget ?? new PageBudget();
  if (input.cutAtBytes) budget.cut("bytes");
  const decoded =
    typeof input.body === "string" ? { html: input.body, charset: "utf-8" } : decodeHtml(input.body, input.contentType);
  budget.check();
  const tee = input.readMetadata === false ? undefined : new MetadataTee();
  const page = segmentHtml(decoded.html, input.url, budget, tee);
  const title = input.title?.trim() || page.title;
  const key = buildUrlKey(input.url, { title, rules: input.rules });
  const hashes = page.blocks.map((b) => blockHash(b.text));
  const metadata = tee ? tee.metadata(decoded.html, input.url) : noMetadata();
  budget.check();
  return {
    page,
    key,
    hashes,
    charset: decoded.charset,
    metadata,
    html: decoded.html,
    truncated: [...budget.truncated],
  };
}

export interface ProcessOptions {
  classifier: Classifier;
  /** Insert the page into the tree before classifying it (default). Off: classify only. */
  learn?: boolean;
  now?: number;
  explain?: boolean;
}

export interface ProcessResult extends PageClassification {
  text: string;
  ingest: IngestOutcome | null;
}

/** The blocks as the tree stores them: hash and length (a revision must bring enough new text). */
export function hashedBlocks(prepared: PreparedPage): { hash: string; chars: number }[] {
  return prepared.page.blocks.map((b, i) => ({ hash: prepared.hashes[i]!, chars: b.text.length }));
}

export function ingestPage(state: DomainState, prepared: PreparedPage, now: number): IngestOutcome {
  return state.ingest(prepared.key.key, prepared.key.branch, hashedBlocks(prepared), now);
}

/** What the domain's tree knows about this page (the Durable Object's answer, computed in process). */
export function pageEvidence(state: DomainState, prepared: PreparedPage): BranchEvidence {
  return branchEvidence(state, { key: prepared.key.key, branch: prepared.key.branch, hashes: prepared.hashes });
}

/**
 * One page through an in-process domain state, exactly as the Worker does it across its Durable
 * Object: insert (when learning), read the branch evidence, run the cascade, render the text.
 * `state` null: no tree at all (the single-page classifier on its own).
 */
export function processPage(state: DomainState | null, prepared: PreparedPage, options: ProcessOptions): ProcessResult {
  const learn = options.learn ?? true;
  const ingest = state && learn ? ingestPage(state, prepared, options.now ?? Date.now()) : null;
  const evidence = state ? pageEvidence(state, prepared) : null;
  const result = classifyPage(prepared.page, evidence, {
    classifier: options.classifier,
    explain: options.explain,
    url: prepared.key.key,
  });
  return { ...result, ingest, text: renderText(prepared.page.blocks, result.verdicts) };
}
