/**
 * One extraction request end to end: the page (fetched by us, or supplied by the caller) goes
 * through the core's pure stages here, then through its domain's Durable Object (insert before
 * classify), and comes back rendered in the requested format.
 */
import { renderHtml } from "../core/render-html";
import { renderMarkdown } from "../core/render-markdown";
import { renderText } from "../core/render";
import { preparePage, type PreparedPage } from "../core/pipeline";
import { heuristicLabel } from "../core/heuristics";
import type { TreeResponse } from "../store/domain-tree";
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

function prepare(source: PageSource, options: RequestOptions): PreparedPage {
  try {
    return preparePage({ body: source.body, contentType: source.contentType, url: source.url, title: options.title });
  } catch (err) {
    if (err instanceof TypeError) throw new AppException({ code: "bad_request", message: err.message });
    throw err;
  }
}

export async function extractPage(ctx: ExtractContext, source: PageSource, options: RequestOptions): Promise<Response> {
  const prepared = prepare(source, options);
  const learn = options.learn && (source.fetched || ctx.trusted);
  const tree: TreeResponse = await domainTreeStub(ctx.env, prepared.key.domain).extract({
    domain: prepared.key.domain,
    key: prepared.key.key,
    branch: prepared.key.branch,
    blocks: prepared.page.blocks.map((b, i) => ({ hash: prepared.hashes[i]!, chars: b.text.length, hardTag: b.hardTag, linkShare: b.linkShare })),
    learn,
    heuristic: options.heuristic,
    hard: options.hard,
  });
  return render(source, prepared, tree, options, learn);
}

function render(source: PageSource, prepared: PreparedPage, tree: TreeResponse, options: RequestOptions, learned: boolean): Response {
  const { page, key } = prepared;
  const title = options.title ?? page.title;
  const headers = new Headers({
    "x-extract-method": tree.method,
    "x-tree-support": String(tree.support),
    "x-heuristic": heuristicLabel(options.heuristic),
    "x-url-key": key.key,
    "x-domain": key.domain,
    "x-ingest": learned ? tree.ingest?.kind ?? "none" : "not-learned",
    "x-rows-written": String(tree.rowsWritten),
  });
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
        heuristic: heuristicLabel(options.heuristic),
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
