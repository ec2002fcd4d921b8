/**
 * Trains and measures the page-kind model (src/core/page-kind.ts) on the WCXB dev corpora, whose
 * rows carry a page `type` (forum is our "thread", collection our "listing").
 *
 * usage: npx tsx scripts/eval-kind.ts [--write] [--errors] [--interstitial]
 *   Prints site-grouped 5-fold cross-validation on train-wcxb-dev (a site's pages never sit in
 *   both the training and the held-out fold) and the model trained on all of train-wcxb-dev
 *   scored on single-wcxb-dev, each with a confusion matrix; and how many pages isInterstitial
 *   flags (the corpora hold real pages, so every flag there is a false alarm to look at).
 *   --write stores the model trained on all of train-wcxb-dev in src/core/page-kind-weights.json.
 *   --errors lists the pages the cross-validation got wrong (id, gold -> predicted, URL key).
 * Signals are cached per corpus under $TMPDIR, per version of src/core (segmentation, features, the
 * block model and the kind signals all live there).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { blockFeatures } from "../src/core/features";
import { isInterstitial } from "../src/core/interstitial";
import { DEFAULT_MODEL, predictBlocks } from "../src/core/model";
import { kindScores, pageSignals, type KindModel } from "../src/core/page-kind";
import { preparePage } from "../src/core/pipeline";
import { DATA_DIR, pageUrl } from "./lib/corpus";
import {
  DEFAULT_KIND_TRAINING,
  KIND_CLASSES as KINDS,
  KIND_TRAINING_CORPUS,
  kindOfType,
  trainKindModel,
  type KindSample,
} from "./lib/kind-training";

interface Row {
  id: string;
  site: string;
  url: string;
  file: string;
  type: string;
}
interface Sample extends KindSample {
  id: string;
  url: string;
}

function rowsOf(dir: string): Row[] {
  return readFileSync(join(dir, "index.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
}

/** The page and the URL the service reads for its kind: the page's URL key. */
function segment(dir: string, row: Row) {
  const prepared = preparePage({
    body: new Uint8Array(gunzipSync(readFileSync(join(dir, row.file)))),
    url: pageUrl(row),
  });
  return { url: prepared.key.key, page: prepared.page };
}

/** isInterstitial on every page, never cached: it is cheap next to the block model the signals need. */
function interstitials(corpus: string): { id: string; reason: string }[] {
  const dir = join(DATA_DIR, corpus);
  return rowsOf(dir).flatMap((row) => {
    const v = isInterstitial(segment(dir, row).page);
    return v.reason ? [{ id: `${row.id} (${row.type})`, reason: `${v.reason}, own prose ${v.ownProse}` }] : [];
  });
}

/**
 * The sources the cached signals follow: every file of src/core, so that a change to any of them makes a
 * new cache file. Naming the few that seemed to matter (page-kind.ts, the weights) missed segmentation,
 * which moves the signals too (a block's text, its path).
 */
const CORE = join(import.meta.dirname, "../src/core");
const SIGNAL_SOURCES = readdirSync(CORE, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.(ts|json)$/.test(f))
  .sort()
  .map((f) => Buffer.concat([Buffer.from(f), readFileSync(join(CORE, f))]));
const signalVersion = createHash("sha256").update(Buffer.concat(SIGNAL_SOURCES)).digest("hex").slice(0, 12);

function load(corpus: string): Sample[] {
  const cache = join(tmpdir(), `kind-signals-${corpus}-${signalVersion}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, "utf8")) as Sample[];
  const dir = join(DATA_DIR, corpus);
  const rows = rowsOf(dir);
  const samples = rows.flatMap((row): Sample[] => {
    const kind = kindOfType(row.type);
    if (!kind) return [];
    const { page, url } = segment(dir, row);
    const p = predictBlocks(DEFAULT_MODEL, page.blocks, blockFeatures(page.blocks, page.title, null)).map((x) => x.p);
    return [{ id: row.id, site: row.site, url, kind, signals: pageSignals(page, p, url) }];
  });
  writeFileSync(cache, JSON.stringify(samples));
  return samples;
}

function train(samples: Sample[], features: string[], l2: number): KindModel {
  return trainKindModel(samples, { features, l2, epochs: Number(process.env.EPOCHS ?? DEFAULT_KIND_TRAINING.epochs) });
}

function predict(model: KindModel, s: Sample): string {
  const scores = kindScores(s.signals, model);
  return Object.entries(scores).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

function report(title: string, pairs: [string, string][]): number {
  const correct = pairs.filter(([g, p]) => g === p).length;
  const acc = correct / pairs.length;
  console.log(`\n${title}: accuracy ${(acc * 100).toFixed(1)}% (${correct}/${pairs.length})`);
  console.log(`${"gold \\ predicted".padEnd(16)}${KINDS.map((k) => k.slice(0, 7).padStart(8)).join("")}  recall`);
  for (const g of KINDS) {
    const row = KINDS.map((p) => pairs.filter(([a, b]) => a === g && b === p).length);
    const n = row.reduce((a, b) => a + b, 0);
    const recall = n ? row[KINDS.indexOf(g)]! / n : 0;
    console.log(`${g.padEnd(16)}${row.map((c) => String(c).padStart(8)).join("")}  ${(recall * 100).toFixed(0)}%`);
  }
  return acc;
}

function fold(site: string): number {
  let h = 0;
  for (const c of site) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % 5;
}

const trainSet = load(KIND_TRAINING_CORPUS);
const testSet = load("single-wcxb-dev");
const features = Object.keys(trainSet[0]!.signals).filter((f) => !(process.env.DROP ?? "").split(",").includes(f));
const l2 = Number(process.env.L2 ?? DEFAULT_KIND_TRAINING.l2);

const cv: [string, string][] = [];
const errors: string[] = [];
for (let k = 0; k < 5; k++) {
  const model = train(
    trainSet.filter((s) => fold(s.site) !== k),
    features,
    l2,
  );
  for (const s of trainSet.filter((s) => fold(s.site) === k)) {
    const predicted = predict(model, s);
    cv.push([s.kind, predicted]);
    if (predicted !== s.kind) errors.push(`  ${s.kind} -> ${predicted}: ${s.id} ${s.url}`);
  }
}
report("train-wcxb-dev, site-grouped 5-fold cross-validation", cv);
if (process.argv.includes("--errors")) console.log(errors.sort().join("\n"));

const model = train(trainSet, features, l2);
report(
  "single-wcxb-dev, model trained on all of train-wcxb-dev",
  testSet.map((s) => [s.kind, predict(model, s)]),
);

if (process.argv.includes("--interstitial")) {
  const flagged = [...interstitials("train-wcxb-dev"), ...interstitials("single-wcxb-dev")];
  console.log(`\ninterstitial flags on ${trainSet.length + testSet.length} real pages: ${flagged.length}`);
  for (const f of flagged) console.log(`  ${f.id}: ${f.reason}`);
}

if (process.argv.includes("--write")) {
  const rounded = { ...model, weights: model.weights.map((w) => w.map((x) => Number(x.toFixed(3)))) };
  const out = join(import.meta.dirname, "../src/core/page-kind-weights.json");
  writeFileSync(out, JSON.stringify(rounded, null, 1) + "\n");
  console.log("wrote src/core/page-kind-weights.json");
}
