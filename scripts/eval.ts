/**
 * Streams gold-annotated corpora through exactly the Worker's pipeline and scores every page with
 * the team's scorer (../shared/eval/score.mjs: word-LCS P/R/F1); see scripts/lib/stream-eval.ts.
 */
import { resolve } from "node:path";
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir, DATA_DIR, isCorpusDir, listCorpora } from "./lib/corpus";
import { checkFloors, readFloors } from "./lib/floors";
import { loadScorer, SCORER_PATH } from "./lib/scorer";
import { CONFIGS, configByName, printReport, runCorpus, type CorpusReport } from "./lib/stream-eval";

const USAGE = `
usage: npm run eval [-- [options] [CORPUS ...]]
  CORPUS            a corpus name under ${DATA_DIR} ($EVAL_DATA_DIR) or a folder with
                    index.jsonl + pages/; default: every corpus in the data folder
  --configs a,b     configurations to run (default: ${Object.keys(CONFIGS).join(", ")});
                    any heuristic the service accepts works too (e.g. strict-support-50)
  --limit N         only the first N pages of each corpus
  --peers           also score two peers on linkedom on the same pages: Mozilla Readability
                    ("readability") and defuddle ("defuddle"), each read as its reader shows it: its
                    title, then its content's blocks as lines
  --json            print a machine-readable summary as the last line
  --gate FLOORS     exit 1 when an F1 falls below the file's "tree" floors (the full CI gate,
                    with the model's cross-validated floors, is npm run eval:gate)
  --help            this text
The hybrid and single-page figures use the shipped model: on its training corpora they are in-sample.`;

const { values, positionals } = parseCli(
  USAGE,
  {
    configs: { type: "string" },
    limit: { type: "string" },
    peers: { type: "boolean" },
    json: { type: "boolean" },
    gate: { type: "string" },
  },
  { positionals: true },
);

async function main(): Promise<number> {
  const configs = values.configs ? values.configs.split(",").map(configByName) : Object.values(CONFIGS);
  const limit = numberOption(USAGE, "limit", values.limit, Infinity);
  const scorer = await loadScorer();
  if (!scorer) {
    console.error(`eval: the scorer ${SCORER_PATH} is missing; it lives in ../shared/eval beside the repository`);
    return 2;
  }
  const dirs = positionals.length ? positionals.map((c) => corpusDir(c)) : listCorpora();
  if (dirs.length === 0) {
    console.log(`eval: no corpora in ${DATA_DIR}; nothing to evaluate (pass a corpus folder, or set EVAL_DATA_DIR)`);
    return 0;
  }
  const reports: CorpusReport[] = [];
  for (const dir of dirs) {
    if (!isCorpusDir(dir)) {
      console.error(`eval: ${dir} is not a corpus folder (no index.jsonl)`);
      return 2;
    }
    const report = runCorpus(dir, configs, scorer.prf, limit, values.peers ?? false);
    printReport(report);
    reports.push(report);
  }
  let failures: string[] = [];
  if (values.gate) {
    const figures = Object.fromEntries(
      reports.map((r) => [r.corpus, Object.fromEntries(Object.entries(r.configs).map(([c, s]) => [c, s.f1]))]),
    );
    const measured = readFloors(resolve(values.gate)).tree;
    const floors = Object.fromEntries(Object.entries(measured).filter(([corpus]) => corpus in figures));
    failures = checkFloors("tree", floors, figures);
    for (const f of failures) console.error(`eval gate: ${f}`);
    console.log(failures.length ? `eval gate: FAILED (${failures.length})` : "eval gate: passed");
  }
  if (values.json) console.log(JSON.stringify({ corpora: reports }));
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
