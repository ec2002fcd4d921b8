/** An extraction as the HTTP answer: the rendered body (src/service/answer.ts) with the evidence headers. */
import { answerPath, renderAnswer } from "../service/answer";
import type { Extraction } from "../service/extraction";
import { classifierLabel, type ExtractOptions } from "../service/options";

export function extractionResponse(extraction: Extraction, options: ExtractOptions): Response {
  const { prepared, classification, learned, ingest, treeMs } = extraction;
  const answer = renderAnswer(extraction, options);
  const headers = new Headers({
    "content-type": answer.contentType,
    "x-extract-method": classification.method,
    "x-tree-support": String(classification.support),
    "x-heuristic": classifierLabel(options.classifier),
    "x-url-key": prepared.key.key,
    "x-domain": prepared.key.domain,
    "x-ingest": learned ? (ingest?.kind ?? "none") : "not-learned",
    "x-rows-written": String(extraction.rowsWritten),
  });
  if (treeMs !== undefined) headers.set("server-timing", `tree;dur=${treeMs.toFixed(1)}`);
  headers.set("x-extract-path", answerPath(extraction));
  const page = classification.page;
  if (page) headers.set("x-page-kind", page.kind);
  if (page?.interstitial) headers.set("x-interstitial", page.interstitial);
  // The caps the page went over (elements, depth, blocks): the answer covers the page up to them.
  if (prepared.truncated.length) headers.set("x-truncated", prepared.truncated.join(","));
  const { metadata } = extraction;
  const title = options.title ?? metadata.title ?? prepared.page.title;
  const article: [string, string | null][] = [
    ["x-article-title", title || null],
    ["x-article-byline", metadata.byline],
    ["x-article-published", metadata.published],
    ["x-article-modified", metadata.modified],
    ["x-article-image", metadata.image],
    ["x-article-lang", metadata.lang],
    ["x-article-site-name", metadata.siteName],
  ];
  for (const [name, value] of article) if (value) headers.set(name, headerValue(value));
  return new Response(answer.body, { headers });
}

/** Most a metadata header carries, so a page cannot make the response's headers huge. */
const MAX_HEADER_VALUE = 512;

/**
 * Header values must be visible ASCII: everything else (non-ASCII letters, controls, `%`) is
 * percent-encoded as UTF-8, so clients decode it with decodeURIComponent; capped in length.
 */
export function headerValue(text: string): string {
  // A lone surrogate has no UTF-8 form (encodeURIComponent would throw): U+FFFD stands in.
  const wellFormed = text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  let out = wellFormed.replace(/[^\x20-\x24\x26-\x7e]/gu, (ch) => encodeURIComponent(ch));
  if (out.length > MAX_HEADER_VALUE) {
    out = out.slice(0, MAX_HEADER_VALUE);
    // Never cut inside a %XX escape.
    out = out.replace(/%[0-9A-F]?$/, "");
  }
  return out;
}
