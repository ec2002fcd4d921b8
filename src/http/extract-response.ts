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
    "x-ingest": learned ? (ingest?.kind ?? "none") : "not-learned",
    "x-rows-written": String(extraction.rowsWritten),
  });
  for (const [name, value] of [
    ["x-url-key", prepared.key.key],
    ["x-domain", prepared.key.domain],
  ] as const) {
    const echoed = echoedHeader(value);
    if (echoed !== null) headers.set(name, echoed);
  }
  if (treeMs !== undefined) headers.set("server-timing", `tree;dur=${treeMs.toFixed(1)}`);
  headers.set("x-extract-path", answerPath(extraction));
  const page = classification.page;
  if (page) headers.set("x-page-kind", page.kind);
  if (page?.interstitial) headers.set("x-interstitial", page.interstitial);
  // The caps the page went over (bytes, elements, depth, blocks): the answer covers the page up to them.
  if (prepared.truncated.length) headers.set("x-truncated", prepared.truncated.join(","));
  const { metadata } = extraction;
  // The headline the body was rendered with: choosing it is a scan of the page's blocks, paid once.
  const { title } = answer;
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

/** Most an echoed identifier header (X-Url-Key, X-Domain) carries; the JSON body always has the whole value. */
export const MAX_ECHOED_HEADER = 1024;

/**
 * A value that came from the request (the URL key, the domain) as a header, or null to leave the
 * header out: one longer than MAX_ECHOED_HEADER, or with anything but visible ASCII, is omitted
 * rather than cut, since a cut key would name another document. Clients refuse huge headers.
 */
export function echoedHeader(value: string): string | null {
  return value.length <= MAX_ECHOED_HEADER && /^[\x21-\x7e]*$/.test(value) ? value : null;
}

/** Most a metadata header carries, so a page cannot make the response's headers huge. */
const MAX_HEADER_VALUE = 512;
/** Visible ASCII and space but `%`: what headerValue writes as it is. */
const PLAIN_HEADER_VALUE = /^[\x20-\x24\x26-\x7e]*$/;

/**
 * Header values must be visible ASCII: everything else (non-ASCII letters, controls, `%`) is
 * percent-encoded as UTF-8, so clients decode it with decodeURIComponent; capped in length.
 */
export function headerValue(text: string): string {
  // Most values (ASCII titles, dates, URLs) need no encoding: no replace pass with a callback per
  // value then. Such a value holds no surrogate and no `%`, so the passes below would keep it as it
  // is and the cut would leave no escape to trim.
  if (PLAIN_HEADER_VALUE.test(text)) return text.length > MAX_HEADER_VALUE ? text.slice(0, MAX_HEADER_VALUE) : text;
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
