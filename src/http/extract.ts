/**
 * One extraction request end to end: the page (fetched by us, or supplied by the caller) goes
 * through the core's pure stages here, then through its domain's Durable Object (insert before
 * classify), and comes back rendered in the requested format.
 */
import { renderHtml } from "../core/render-html";
import { renderMarkdown } from "../core/render-markdown";
import { renderText } from "../core/render-text";
import { preparePage, type PreparedPage } from "../core/pipeline";
import { heuristicLabel } from "../core/heuristics";
import { hybridVerdicts } from "../core/hybrid";
import type { TreeRequest, TreeResponse } from "../store/domain-tree";
import { domainTreeStub } from "../store/stub";
import { AppException } from "./errors";
import type { RequestOptions } from "./options";

export interface PageSource {
  body: Uint8Array;
  contentType: string | null;
  /** The response URL (after redirects) or the URL the caller claims for its HTML. */
  url: string;
  /** True when the service fetched the page itself: only such pages teach by default. */
  fetched: boolean;
}

export interface ExtractContext {
  env: Env;
  /** Whether the request carried a configured key: lets caller-supplied HTML teach. */
  trusted: boolean;
}

/** The pure stages (decode, segment, URL key, hashes); a URL the key stage refuses is a 400. */
export function preparePageSource(source: PageSource, options: Pick<RequestOptions, "title">): PreparedPage {
  try {
    return preparePage({ body: source.body, contentType: source.contentType, url: source.url, title: options.title });
  } catch (err) {
    if (err instanceof TypeError) throw new AppException({ code: "bad_request", message: err.message });
    throw err;
  }
}

/** What the domain's Durable Object needs for one page: hashes and block features, no text. */
export function treeRequestFor(prepared: PreparedPage, options: Pick<RequestOptions, "heuristic" | "hard" | "classifier">, learn: boolean): TreeRequest {
  return {
    domain: prepared.key.domain,
    key: prepared.key.key,
    branch: prepared.key.branch,
    blocks: prepared.page.blocks.map((b, i) => ({ hash: prepared.hashes[i]!, chars: b.text.length, hardTag: b.hardTag, linkShare: b.linkShare })),
    learn,
    heuristic: options.heuristic,
    hard: options.hard,
    evidence: options.classifier === "hybrid",
  };
}

/**
 * The cascade, decided here for every request: the Durable Object answers with the tree's own
 * verdicts (heuristic + hard rules) and, for the hybrid, its per-block evidence; the hybrid model
 * then runs in the Worker over single-page features plus that evidence (zero while the domain's
 * tree has seen nothing but this page). "tree" keeps the tree's verdicts as they are.
 */
export function applyClassifier(prepared: PreparedPage, tree: TreeResponse, options: Pick<RequestOptions, "classifier"> & Partial<Pick<RequestOptions, "debug">>): TreeResponse {
  if (options.classifier === "tree") return tree;
  const ev = options.classifier === "hybrid" && tree.evidence && tree.evidence.support > 1 ? tree.evidence : null;
  const verdicts = hybridVerdicts({ page: prepared.page, evidence: ev?.evidence ?? null, nodes: ev?.nodes, explain: options.debug === true });
  return { ...tree, verdicts, evidence: undefined };
}

/** One page through its domain's tree, as data: what the renderers (and the feed code) work from. */
export interface Extraction {
  source: PageSource;
  prepared: PreparedPage;
  tree: TreeResponse;
  learned: boolean;
  /** Round trip of the Durable Object call (timers advance across I/O in workerd), for Server-Timing. */
  treeMs?: number;
}

export async function extractData(ctx: ExtractContext, source: PageSource, options: RequestOptions): Promise<Extraction> {
  const prepared = preparePageSource(source, options);
  const learned = options.learn && (source.fetched || ctx.trusted);
  const started = performance.now();
  const answer = await domainTreeStub(ctx.env, prepared.key.domain).extract(treeRequestFor(prepared, options, learned));
  const treeMs = performance.now() - started;
  return { source, prepared, tree: applyClassifier(prepared, answer, options), learned, treeMs };
}

export async function extractPage(ctx: ExtractContext, source: PageSource, options: RequestOptions): Promise<Response> {
  return renderExtraction(await extractData(ctx, source, options), options);
}

export function classifierLabel(options: Pick<RequestOptions, "classifier" | "heuristic">): string {
  return options.classifier === "tree" ? heuristicLabel(options.heuristic) : options.classifier;
}

/** The HTTP answer in the requested format, with the evidence headers. */
export function renderExtraction({ source, prepared, tree, learned, treeMs }: Extraction, options: RequestOptions): Response {
  const { page, key } = prepared;
  const title = options.title ?? page.title;
  const headers = new Headers({
    "x-extract-method": tree.method,
    "x-tree-support": String(tree.support),
    "x-heuristic": classifierLabel(options),
    "x-url-key": key.key,
    "x-domain": key.domain,
    "x-ingest": learned ? tree.ingest?.kind ?? "none" : "not-learned",
    "x-rows-written": String(tree.rowsWritten),
  });
  if (treeMs !== undefined) headers.set("server-timing", `tree;dur=${treeMs.toFixed(1)}`);
  switch (options.format) {
    case "text":
      headers.set("content-type", "text/plain; charset=utf-8");
      return new Response(renderText(page.blocks, tree.verdicts) + "\n", { headers });
    case "markdown":
      headers.set("content-type", "text/markdown; charset=utf-8");
      return new Response(renderMarkdown(page.blocks, tree.verdicts, { title }), { headers });
    case "html":
      headers.set("content-type", "text/html; charset=utf-8");
      return new Response(renderHtml(page.blocks, tree.verdicts, { title, url: source.url }), { headers });
    case "json": {
      headers.set("content-type", "application/json; charset=utf-8");
      const body: Record<string, unknown> = {
        title,
        url: source.url,
        urlKey: key.key,
        domain: key.domain,
        charset: prepared.charset,
        method: tree.method,
        support: tree.support,
        heuristic: classifierLabel(options),
        learned: learned ? tree.ingest?.kind ?? null : false,
        text: renderText(page.blocks, tree.verdicts),
      };
      if (options.debug) {
        body.blocks = page.blocks.map((b, i) => ({ text: b.text, path: b.path, tag: b.tag, linkShare: Number(b.linkShare.toFixed(3)), hash: prepared.hashes[i], ...tree.verdicts[i] }));
      }
      return new Response(JSON.stringify(body, null, options.debug ? 2 : 0), { headers });
    }
  }
}
