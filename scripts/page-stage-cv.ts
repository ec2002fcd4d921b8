/**
 * Tuning loop for the page-level stages (region.ts, page-decision.ts, page-kind.ts, comments.ts):
 * the same site-grouped cross-validation as `npm run train`, but the folds' out-of-fold block
 * probabilities are computed once and cached (--cache FILE), so a change to the page-level stages
 * is measured in a minute or two instead of retraining the folds. Each fold's kind model is trained
 * here on the fold's training pages (from their cached in-fold probabilities), as cv.ts does, so a
 * change to the kind signals is measured from the same cache. The figures equal `npm run train`'s
 * as long as features.ts, the training and the model are unchanged (the cache says which model
 * threshold it was made with; delete it after a change there).
 * Prints hybrid and single-page F1 (with precision and recall) per corpus and per wcxb page type, of
 * the cascade's text and, per corpus, of the text answer as served (servedText, as the gate does);
 * --dump FILE writes every held-out page's scores, kind and answer path as JSON lines; --kind-table
 * FILE every page's F1 under each forced kind, for scripts/kind-cost-cv.ts.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { classifyPage, HYBRID, SINGLE_PAGE, type CascadeOptions, type PageClassification } from "../src/core/cascade";
import { isInterstitial } from "../src/core/interstitial";
import { pageSignals, type PageKind } from "../src/core/page-kind";
import { predictBlocks } from "../src/core/model";
import { renderText } from "../src/core/render-text";
import { parseCli } from "./lib/cli";
import { corpusDir } from "./lib/corpus";
import { costedRun, type CostedPage, type KindCostTable } from "./lib/kind-costs";
import { CV_FOLDS, foldKindModels, siteFold } from "./lib/cv";
import { coldProbabilities, kindOfType, kindTrainingPages } from "./lib/kind-training";
import { loadScorer, type Scores } from "./lib/scorer";
import {
  prepareCorpora,
  trainingOptionsFromEnv,
  trainModel,
  TRAINING_CORPORA,
  type TrainingPage,
} from "./lib/training";
import { servedText } from "./lib/service-calls";
import { mean } from "./lib/stats";

const USAGE = `
usage: tsx scripts/page-stage-cv.ts --cache FILE [--dump FILE] [--variants FILE] [--gold-kinds] [--kind-table FILE] [CORPUS ...]
  --cache FILE     out-of-fold probabilities: read when it exists, else computed (${CV_FOLDS} folds) and written
  --gold-kinds     pages with a type (wcxb) take it as their kind: the ceiling of a perfect kind model
  --dump FILE      every held-out page's P/R/F1 (hybrid and single-page), kind and path, as JSON lines
                   (variant i's in FILE.i)
  --variants FILE  JSON list of {"name", "regionByKind"} (cascade option): each is scored after the shipped stage
  --kind-table FILE  writes every page's F1 under each forced kind, with its kind signals, and each
                   fold's kind-training signals (scripts/lib/kind-costs.ts), then stops`;
const { values, positionals } = parseCli(
  USAGE,
  {
    cache: { type: "string" },
    dump: { type: "string" },
    variants: { type: "string" },
    "gold-kinds": { type: "boolean" },
    "kind-table": { type: "string" },
  },
  { positionals: true },
);
if (!values.cache) {
  console.error(USAGE.trim());
  process.exit(2);
}
const loaded = await loadScorer();
if (!loaded) throw new Error("the scorer ../shared/eval/score.mjs is missing");
const scorer = loaded;

interface Cached {
  threshold: number;
  /** Per page key (corpus/id): out-of-fold probabilities with the page's evidence, and cold. */
  pages: Record<string, { served: number[]; cold: number[] }>;
  /**
   * Per fold, the fold's own cold probabilities of its training pages the kind model learns from
   * (kind-training.ts): each fold's kind model is trained from them, here, so a change to the kind
   * signals is measured without retraining the block models.
   */
  kindInFold: Record<string, number[]>[];
}

const t0 = Date.now();
const seconds = () => ((Date.now() - t0) / 1000).toFixed(0);
const dirs = (positionals.length ? positionals : TRAINING_CORPORA).map((c) => corpusDir(c));
const pages = prepareCorpora(dirs, scorer.tokens, trainingOptionsFromEnv(process.env, false).labels);
console.log(`loaded ${pages.length} pages in ${seconds()} s`);
const key = (p: TrainingPage) => `${p.corpus}/${p.id}`;

function outOfFold(): Cached {
  const options = trainingOptionsFromEnv(process.env, false);
  const cached: Cached = { threshold: 0, pages: {}, kindInFold: [] };
  for (let fold = 0; fold < CV_FOLDS; fold++) {
    const training = pages.filter((p) => siteFold(p.site, CV_FOLDS) !== fold);
    const model = trainModel(training, options);
    cached.threshold = model.threshold;
    cached.kindInFold[fold] = Object.fromEntries(
      kindTrainingPages(training).map((p) => [key(p), coldProbabilities(model, p)]),
    );
    for (const page of pages.filter((p) => siteFold(p.site, CV_FOLDS) === fold)) {
      const p = (features: Float64Array[]) => predictBlocks(model, page.blocks, features).map((x) => x.p);
      cached.pages[key(page)] = { served: p(page.served), cold: p(page.cold) };
    }
    console.log(`fold ${fold + 1}/${CV_FOLDS} trained (${seconds()} s)`);
  }
  return cached;
}

let cache: Cached;
if (existsSync(values.cache)) cache = JSON.parse(readFileSync(values.cache, "utf8")) as Cached;
else {
  cache = outOfFold();
  writeFileSync(values.cache, JSON.stringify(cache));
}
if (!cache.kindInFold) throw new Error(`${values.cache} predates the folds' own kind models; delete it`);
/** Each fold's kind model, trained as cv.ts trains it, on the fold's training pages only. */
const kindModels = foldKindModels(cache.kindInFold, pages, key);

interface Row {
  corpus: string;
  id: string;
  site: string;
  type?: string;
  kind: string;
  /** The kind decided without the tree's evidence (single-page); "" when the cascade reported none. */
  singleKind: string;
  path: string;
  hybrid: Scores;
  single: Scores;
  /** The text answer as served (servedText: headline once, stand-in on a page with no content). */
  hybridAnswer: Scores;
  singleAnswer: Scores;
}

/** One run of a page through the cascade on its cached probabilities, with the tuning `overrides`. */
function runPage(
  page: TrainingPage,
  evidence: TrainingPage["evidence"],
  p: number[],
  overrides: Pick<CascadeOptions, "kind" | "regionByKind">,
) {
  const options = {
    classifier: evidence ? HYBRID : SINGLE_PAGE,
    model: { threshold: cache.threshold } as CascadeOptions["model"],
    kindModel: kindModels[siteFold(page.site, CV_FOLDS)],
    probabilities: p,
    url: page.url,
    ...overrides,
  };
  const result = classifyPage(page, evidence, options);
  return { result, scores: scorer.prf(renderText(page.blocks, result.verdicts), page.gold) };
}

/** The kind cost table (--kind-table): every page's F1 under each forced kind, and the folds' kind signals. */
function kindCostTable(): KindCostTable {
  const costed = pages.map((page): CostedPage => {
    const probabilities = cache.pages[key(page)]!;
    const costedAs = (evidence: TrainingPage["evidence"], p: number[]) =>
      costedRun(
        pageSignals(page, p, page.url),
        isInterstitial(page, evidence).interstitial,
        (kind) => runPage(page, evidence, p, { kind: kind as PageKind }).scores,
      );
    return {
      key: key(page),
      corpus: page.corpus,
      site: page.site,
      type: page.type,
      fold: siteFold(page.site, CV_FOLDS),
      hybrid: costedAs(page.evidence, probabilities.served),
      single: costedAs(null, probabilities.cold),
    };
  });
  const trainingSignals = cache.kindInFold.map((probabilities, fold) =>
    Object.fromEntries(
      kindTrainingPages(pages.filter((p) => siteFold(p.site, CV_FOLDS) !== fold)).map((p) => [
        key(p),
        pageSignals(p, probabilities[key(p)], p.url),
      ]),
    ),
  );
  return { folds: CV_FOLDS, pages: costed, trainingSignals };
}

if (values["kind-table"]) {
  writeFileSync(values["kind-table"], JSON.stringify(kindCostTable()));
  console.log(`wrote the kind cost table of ${pages.length} pages to ${values["kind-table"]} (${seconds()} s)`);
  process.exit(0);
}

interface Variant {
  name: string;
  regionByKind?: CascadeOptions["regionByKind"];
}

/**
 * Scores every page under the variant. The kind is decided before the region and does not depend on
 * the region's constants, so a page whose kinds (hybrid and single-page) the variant does not override
 * scores as in `base` and is copied from it: a one-kind variant costs that kind's pages only.
 */
function score(variant: Variant, base?: readonly Row[]): Row[] {
  const rows: Row[] = [];
  const overridden = new Set(Object.keys(variant.regionByKind ?? {}));
  const unaffected = (row: Row | undefined) =>
    row !== undefined &&
    row.kind !== "" &&
    row.singleKind !== "" &&
    !overridden.has(row.kind) &&
    !overridden.has(row.singleKind);
  for (const [i, page] of pages.entries()) {
    if (unaffected(base?.[i])) {
      rows.push(base![i]!);
      continue;
    }
    const probabilities = cache.pages[key(page)];
    if (!probabilities) throw new Error(`no cached probabilities for ${key(page)}; delete the cache`);
    const run = (evidence: TrainingPage["evidence"], p: number[]) => {
      const goldKind = values["gold-kinds"] ? (kindOfType(page.type) as PageKind | undefined) : undefined;
      return runPage(page, evidence, p, { kind: goldKind, regionByKind: variant.regionByKind });
    };
    const hybrid = run(page.evidence, probabilities.served);
    const single = run(null, probabilities.cold);
    const answer = (result: PageClassification) => scorer.prf(servedText(page, page.answer, result), page.gold);
    rows.push({
      corpus: page.corpus,
      id: page.id,
      site: page.site,
      type: page.type,
      kind: hybrid.result.page?.kind ?? "",
      singleKind: single.result.page?.kind ?? "",
      path: hybrid.result.path,
      hybrid: hybrid.scores,
      single: single.scores,
      hybridAnswer: answer(hybrid.result),
      singleAnswer: answer(single.result),
    });
  }
  return rows;
}

type Figure = "hybrid" | "single" | "hybridAnswer" | "singleAnswer";
const fmt = (of: readonly Row[], k: Figure) =>
  `F1 ${mean(of.map((r) => r[k].f1)).toFixed(4)} (P ${mean(of.map((r) => r[k].p)).toFixed(3)} ` +
  `R ${mean(of.map((r) => r[k].r)).toFixed(3)})`;
function report(rows: readonly Row[]): void {
  const corpora = [...new Set(rows.map((r) => r.corpus))];
  // The tuning criterion: the unweighted mean over corpora, so a big corpus does not drown a small one.
  const corpusMean = (k: Figure) =>
    mean(corpora.map((c) => mean(rows.filter((r) => r.corpus === c).map((r) => r[k].f1)))).toFixed(4);
  console.log(
    `mean over ${corpora.length} corpora: hybrid F1 ${corpusMean("hybrid")}; single-page F1 ${corpusMean("single")}` +
      ` (text answer as served: ${corpusMean("hybridAnswer")}; ${corpusMean("singleAnswer")})`,
  );
  for (const corpus of corpora) {
    const own = rows.filter((r) => r.corpus === corpus);
    console.log(`${corpus} (${own.length}): hybrid ${fmt(own, "hybrid")}; single-page ${fmt(own, "single")}`);
    console.log(`  text answer as served: hybrid ${fmt(own, "hybridAnswer")}; single-page ${fmt(own, "singleAnswer")}`);
    for (const type of [...new Set(own.filter((r) => r.type).map((r) => r.type!))].sort()) {
      const of = own.filter((r) => r.type === type);
      console.log(`  ${type} (${of.length}): hybrid ${fmt(of, "hybrid")}; single-page ${fmt(of, "single")}`);
    }
  }
}

const variants: Variant[] = [
  { name: "shipped" },
  ...(values.variants ? (JSON.parse(readFileSync(values.variants, "utf8")) as Variant[]) : []),
];
let rows: Row[] = [];
variants.forEach((variant, i) => {
  const scored = score(variant, i === 0 ? undefined : rows);
  if (i === 0) rows = scored;
  else if (values.dump) writeFileSync(`${values.dump}.${i}`, scored.map((r) => JSON.stringify(r)).join("\n") + "\n");
  console.log(`== ${variant.name} (${seconds()} s)`);
  report(scored);
});
if (values.dump) {
  writeFileSync(values.dump, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  console.log(`wrote ${rows.length} rows to ${values.dump}`);
}
console.log(`done in ${seconds()} s`);
