/**
 * Tokens an agent saves on an intercepted site: `x-markdown-tokens` of our answer (the main content,
 * the intercept's markdown rendering) against a whole-page HTML-to-markdown conversion of the same
 * page (scripts/lib/whole-page-markdown.ts) and against the raw HTML. The corpus is streamed in
 * order with one tree per domain, as the intercept learns from a site's traffic, so early pages of a
 * site are cold-start answers and later ones tree answers; both are reported.
 */
import { DomainState } from "../src/core/domain-state";
import { estimateTokens } from "../src/core/tokens";
import { renderAnswer } from "../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS } from "../src/service/options";
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir, corpusExists, corpusName, streamCorpus } from "./lib/corpus";
import { streamedExtraction } from "./lib/service-calls";
import { wholePageMarkdown } from "./lib/whole-page-markdown";

const USAGE = `
usage: npm run eval:tokens [-- [--limit N] [CORPUS ...]]
  CORPUS      corpus names or folders (default: stream-ctf, the stream of whole sites)
  --limit N   only the first N pages of each corpus
`;
const cli = parseCli(USAGE, { limit: { type: "string" } }, { positionals: true });
const limit = numberOption(USAGE, "limit", cli.values.limit, Infinity);
const names = cli.positionals.length ? cli.positionals : ["stream-ctf"];
if (!cli.positionals.length && !corpusExists("stream-ctf")) {
  console.log("stream-ctf not found in the data folder ($EVAL_DATA_DIR or ../shared/data): nothing to measure.");
  process.exit(0);
}

interface Tally {
  pages: number;
  ours: number;
  whole: number;
  html: number;
  ratios: number[];
}
const tally = (): Tally => ({ pages: 0, ours: 0, whole: 0, html: 0, ratios: [] });
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

function report(label: string, t: Tally): void {
  if (!t.pages) return;
  console.log(
    `  ${label.padEnd(11)} ${String(t.pages).padStart(5)} pages | tokens per page: ours ${Math.round(t.ours / t.pages)}, ` +
      `whole-page markdown ${Math.round(t.whole / t.pages)}, raw HTML ${Math.round(t.html / t.pages)} | ` +
      `whole/ours ${(t.whole / t.ours).toFixed(2)}x (median per page ${median(t.ratios).toFixed(2)}x), ` +
      `html/ours ${(t.html / t.ours).toFixed(1)}x, saved vs whole-page ${(100 * (1 - t.ours / t.whole)).toFixed(1)}%`,
  );
}

for (const name of names) {
  const dir = corpusDir(name);
  const states = new Map<string, DomainState>();
  const byMethod = { all: tally(), tree: tally(), "cold-start": tally() };
  for (const { url, bytes, index } of streamCorpus(dir, limit)) {
    const { extraction } = streamedExtraction(states, { url, bytes, index });
    const { prepared, classification } = extraction;
    // Exactly the intercept's body for an agent asking for text/markdown.
    const ours = estimateTokens(renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "markdown" }).body);
    const whole = estimateTokens(wholePageMarkdown(prepared));
    const html = estimateTokens(prepared.html);
    for (const t of [byMethod.all, byMethod[classification.method]]) {
      t.pages++;
      t.ours += ours;
      t.whole += whole;
      t.html += html;
      t.ratios.push(whole / Math.max(1, ours));
    }
  }
  console.log(`${corpusName(dir)}: ${byMethod.all.pages} pages, ${states.size} domains (tokens: ~4 characters each)`);
  report("all", byMethod.all);
  report("tree", byMethod.tree);
  report("cold-start", byMethod["cold-start"]);
}
