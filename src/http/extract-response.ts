/** An extraction as the HTTP answer: the rendered body (src/service/answer.ts) with the evidence headers. */
import { renderAnswer } from "../service/answer";
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
  return new Response(answer.body, { headers });
}
