/** An extraction as the HTTP answer in the requested format, with the evidence headers. */
import { renderHtml } from "../core/render-html";
import { renderMarkdown } from "../core/render-markdown";
import { renderText } from "../core/render";
import type { Extraction } from "../service/extract";
import { classifierLabel, type ExtractOptions } from "../service/options";

export function extractionResponse(extraction: Extraction, options: ExtractOptions): Response {
  const { source, prepared, classification, learned, ingest, treeMs } = extraction;
  const { page, key } = prepared;
  const { verdicts } = classification;
  const title = options.title ?? page.title;
  const label = classifierLabel(options.classifier);
  const headers = new Headers({
    "x-extract-method": classification.method,
    "x-tree-support": String(classification.support),
    "x-heuristic": label,
    "x-url-key": key.key,
    "x-domain": key.domain,
    "x-ingest": learned ? (ingest?.kind ?? "none") : "not-learned",
    "x-rows-written": String(extraction.rowsWritten),
  });
  if (treeMs !== undefined) headers.set("server-timing", `tree;dur=${treeMs.toFixed(1)}`);
  switch (options.format) {
    case "text":
      headers.set("content-type", "text/plain; charset=utf-8");
      return new Response(renderText(page.blocks, verdicts) + "\n", { headers });
    case "markdown":
      headers.set("content-type", "text/markdown; charset=utf-8");
      return new Response(renderMarkdown(page.blocks, verdicts, { title }), { headers });
    case "html":
      headers.set("content-type", "text/html; charset=utf-8");
      return new Response(renderHtml(page.blocks, verdicts, { title, url: source.url }), { headers });
    case "json": {
      headers.set("content-type", "application/json; charset=utf-8");
      const body: Record<string, unknown> = {
        title,
        url: source.url,
        urlKey: key.key,
        domain: key.domain,
        charset: prepared.charset,
        method: classification.method,
        support: classification.support,
        heuristic: label,
        learned: learned ? (ingest?.kind ?? null) : false,
        text: renderText(page.blocks, verdicts),
      };
      if (options.debug) {
        body.blocks = page.blocks.map((b, i) => ({
          text: b.text,
          path: b.path,
          tag: b.tag,
          linkShare: Number(b.linkShare.toFixed(3)),
          hash: prepared.hashes[i],
          ...verdicts[i],
        }));
      }
      return new Response(JSON.stringify(body, null, options.debug ? 2 : 0), { headers });
    }
  }
}
