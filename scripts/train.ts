/**
 * Trains the hybrid block classifier (src/core/model.ts) and reports how it generalises: k-fold
 * cross-validation grouped by site (scripts/lib/cv.ts), every held-out page scored through the
 * service's decision with the team's scorer. Writes src/core/model-weights.json only with --write.
 * How the model is trained (corpora, labels, weights, hyper-parameters) is scripts/lib/training.ts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir, DATA_DIR, isCorpusDir } from "./lib/corpus";
import { crossValidate, CV_FOLDS, cvLine, summarizeCv, typeLines } from "./lib/cv";
import { loadScorer, SCORER_PATH } from "./lib/scorer";
import { prepareCorpora, trainingOptionsFromEnv, trainModel, TRAINING_CORPORA } from "./lib/training";

const USAGE = `
usage: npm run train [-- [options] [CORPUS ...]]
  Cross-validates the hybrid model (folds grouped by site) and prints F1 per corpus.
  CORPUS       a corpus name under ${DATA_DIR} ($EVAL_DATA_DIR) or a corpus folder;
               default: the training set ${TRAINING_CORPORA.join(", ")}
  --folds N    site-grouped cross-validation folds (default ${CV_FOLDS}; 0 skips cross-validation)
  --write      then train on all pages and overwrite src/core/model-weights.json (never without it)
  --no-write   the default; accepted for old command lines
  --linear     logistic regressions instead of boosted trees
  --sweep      also print cross-validated F1 per decision threshold
  --dump FILE  write every held-out page's F1 (corpus, site, id, type, position, hybrid, single-page) and
               precision and recall (hybridP/R, singlePageP/R) as JSON lines, to find where the points go
  --help       this text
Experiments (environment): GBDT_TREES, GBDT_TREES2, GBDT_DEPTH, GBDT_DEPTH2, GBDT_MIN_HESSIAN, GBDT_LR,
  MODEL_THRESHOLD, LABELS=trigram, GBDT_SEED (another row-sampling seed: how much of a CV figure is the draw).`;

const SWEEP = [0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65];

const { values, positionals } = parseCli(
  USAGE,
  {
    folds: { type: "string" },
    write: { type: "boolean" },
    "no-write": { type: "boolean" },
    linear: { type: "boolean" },
    sweep: { type: "boolean" },
    dump: { type: "string" },
  },
  { positionals: true },
);
const folds = numberOption(USAGE, "folds", values.folds, CV_FOLDS);
if (values.write && values["no-write"]) {
  console.error("train: --write and --no-write contradict each other");
  process.exit(2);
}
const dirs = (positionals.length ? positionals : TRAINING_CORPORA).map((c) => corpusDir(c));
const missing = dirs.filter((d) => !isCorpusDir(d));
if (missing.length) {
  console.error(`train: no corpus at ${missing.join(", ")} (index.jsonl + pages/; set EVAL_DATA_DIR)`);
  process.exit(2);
}
const scorer = await loadScorer();
if (!scorer) {
  console.error(`train: the scorer ${SCORER_PATH} is missing; it lives in ../shared/eval beside the repository`);
  process.exit(2);
}

const options = trainingOptionsFromEnv(process.env, values.linear ?? false);
const t0 = Date.now();
const seconds = () => ((Date.now() - t0) / 1000).toFixed(0);
const pages = prepareCorpora(dirs, scorer.tokens, options.labels);
const blocks = pages.reduce((s, p) => s + p.blocks.length, 0);
const corpora = [...new Set(pages.map((p) => p.corpus))].join(", ");
console.log(`loaded ${pages.length} pages, ${blocks} blocks of ${corpora} in ${seconds()} s`);

const summary: string[] = [];
if (folds >= 2) {
  const scores = crossValidate(pages, scorer.prf, {
    folds,
    training: options,
    thresholds: values.sweep ? SWEEP : undefined,
    onFold: (fold) => console.log(`fold ${fold + 1}/${folds} done (${seconds()} s)`),
  });
  for (const [corpus, s] of Object.entries(summarizeCv(scores))) {
    summary.push(cvLine(corpus, s));
    console.log(`CV (grouped by site) ${cvLine(corpus, s)}`);
    if (values.sweep) {
      console.log(`threshold sweep ${corpus}: ${SWEEP.map((t, i) => `${t}: ${s.sweep[i]!.toFixed(3)}`).join("  ")}`);
    }
  }
  for (const line of typeLines(scores)) console.log(`CV (grouped by site) ${line}`);
  if (values.dump) {
    writeFileSync(values.dump, scores.map(({ sweep: _sweep, ...s }) => JSON.stringify(s)).join("\n") + "\n");
    console.log(`wrote ${scores.length} held-out scores to ${values.dump}`);
  }
}

if (values.write) {
  const model = trainModel(pages, options);
  const cv = folds >= 2 ? `${folds}-fold site-grouped CV: ${summary.join("; ")}` : "no cross-validation";
  model.trainedOn = `${corpora}; ${cv}`;
  writeFileSync(join(import.meta.dirname, "../src/core/model-weights.json"), JSON.stringify(model, null, 1) + "\n");
  console.log(`wrote src/core/model-weights.json (${seconds()} s)`);
} else {
  console.log("model-weights.json left as it is (pass --write to train on all pages and overwrite it)");
}
