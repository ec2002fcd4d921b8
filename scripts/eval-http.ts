/**
 * The product as the corpora we never see judge it: every page of a gold corpus posted to the real
 * Worker (`wrangler dev`: workerd, one Durable Object per domain, the API key so each page teaches its
 * domain, in stream order) through `POST /extract`, the answer scored against the gold with the
 * team's scorer. Beside it, the same pages through the service's own steps in this process (the text
 * answer as eval:article renders it): the two must agree, or the HTTP path (decoding, the object's
 * evidence, the answer) differs from what the other scripts measure.
 *
 * The shipped model has been trained on these corpora: the F1 itself is in-sample (the honest figures
 * are eval:gate's cross-validation); what this script proves is that the served answer is the one
 * measured, and how the formats score.
 *
 *   npm run eval:http -- [--format text|markdown|json] [--limit N] [CORPUS ...]
 */
import { DomainState } from "../src/core/domain-state";
import { renderAnswer } from "../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS, type Format } from "../src/service/options";
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir, corpusName, streamCorpus } from "./lib/corpus";
import { startWorker } from "./lib/local-worker";
import { loadScorer, SCORER_PATH } from "./lib/scorer";
import { streamedExtraction } from "./lib/service-calls";

const USAGE = `
usage: npm run eval:http -- [--format text|markdown|json] [--limit N] [CORPUS ...]
  CORPUS      corpus names or folders (default: stream-ctf single-zyte single-wcxb-dev train-wcxb-dev)
  --format F  the answer's format (default text, the service's default); json scores its "text" field
  --limit N   only the first N pages of each corpus`;
const cli = parseCli(USAGE, { format: { type: "string" }, limit: { type: "string" } }, { positionals: true });
const format = (cli.values.format ?? "text") as Format;
if (!["text", "markdown", "json"].includes(format)) {
  console.error(USAGE);
  process.exit(2);
}
const limit = numberOption(USAGE, "limit", cli.values.limit, Infinity);
const corpora = cli.positionals.length
  ? cli.positionals
  : ["stream-ctf", "single-zyte", "single-wcxb-dev", "train-wcxb-dev"];
const scorer = await loadScorer();
if (!scorer) {
  console.error(`eval:http: the scorer ${SCORER_PATH} is missing; it lives in ../shared/eval beside the repository`);
  process.exit(2);
}
const API = "eval-http-api-key";
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The text a format's answer is scored by: JSON's `text` field, else the body as served. */
async function answerText(res: Response): Promise<string> {
  if (format !== "json") return res.text();
  return ((await res.json()) as { text?: string }).text ?? "";
}

let failed = false;
for (const corpus of corpora) {
  // A fresh Worker (fresh object storage) per corpus: corpora share domains (a news site in two of
  // them), and a tree taught by one corpus would answer the other's pages from evidence this
  // process's copy (one tree per domain, per corpus) does not have.
  const worker = await startWorker({ API_KEY: API, RESPONSE_CACHE_TTL: "0" });
  try {
    const dir = corpusDir(corpus);
    const states = new Map<string, DomainState>();
    const served: { p: number; r: number; f1: number }[] = [];
    const local: number[] = [];
    const differ: string[] = [];
    const errors: string[] = [];
    const t0 = Date.now();
    for (const { row, url, bytes, index } of streamCorpus(dir, limit)) {
      const res = await fetch(`${worker.base}/extract?format=${format}&url=${encodeURIComponent(url)}`, {
        method: "POST",
        headers: { "content-type": "text/html", authorization: `Bearer ${API}` },
        body: bytes,
      });
      // An error answer scores as an empty extraction, as a judge would score it.
      const text = res.ok ? await answerText(res) : "";
      if (!res.ok) errors.push(`${row.id} ${res.status} ${(await res.text()).slice(0, 120)}`);
      served.push(scorer.prf(text, row.gold));
      // The same page through this process's copy of the service's steps.
      const { extraction } = streamedExtraction(states, { url, bytes, index });
      const answer = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format });
      const expected = format === "json" ? ((JSON.parse(answer.body) as { text?: string }).text ?? "") : answer.body;
      local.push(scorer.prf(expected, row.gold).f1);
      if (res.ok && expected !== text) differ.push(row.id);
    }
    const f1 = mean(served.map((s) => s.f1));
    console.log(
      `${corpusName(dir)}: ${served.length} pages over HTTP (format=${format}) in ${((Date.now() - t0) / 1000).toFixed(0)} s: ` +
        `P ${mean(served.map((s) => s.p)).toFixed(4)} R ${mean(served.map((s) => s.r)).toFixed(4)} F1 ${f1.toFixed(4)}; ` +
        `in process F1 ${mean(local).toFixed(4)}; answers that differ ${differ.length}` +
        (differ.length ? ` (${differ.slice(0, 10).join(", ")})` : "") +
        `; error answers ${errors.length}` +
        (errors.length ? ` (${errors.slice(0, 5).join("; ")})` : ""),
    );
    if (differ.length > 0 || errors.length > 0) failed = true;
  } finally {
    await worker.stop();
  }
}
process.exit(failed ? 1 : 0);
