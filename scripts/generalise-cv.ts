/**
 * Training experiments judged on both honest figures at once, from one preparation of the pages:
 * leave one corpus out (as scripts/corpus-out-cv.ts: trained on the other training corpora, scored
 * on the one left out) and the gate's site-grouped cross-validation (scripts/lib/cv.ts). A change
 * that only helps a corpus whose conventions the model has seen shows in the second and not the
 * first; one that fits the training sites harder shows the other way. Every held-out page's figures
 * go to --dump as JSON lines, and --compare reads two dumps and prints, per corpus and per mode,
 * the mean F1 difference with a 95% interval from resampling sites (pages of one site move together).
 *
 *   npx tsx scripts/generalise-cv.ts [--loco] [--cv] --dump FILE     # options from the environment
 *   npx tsx scripts/generalise-cv.ts --compare [--answer] BASE.jsonl OTHER.jsonl
 *
 * Options come from the environment as in `npm run train` (GBDT_*, MODEL_THRESHOLD, LABELS).
 */
import { writeFileSync } from "node:fs";
import { parseCli } from "./lib/cli";
import { corpusDir } from "./lib/corpus";
import { crossValidate, CV_FOLDS } from "./lib/cv";
import { readHeldOut, type HeldOutRow } from "./lib/held-out-dump";
import { coldProbabilities, kindSamples, KIND_TRAINING_CORPUS, trainKindModel } from "./lib/kind-training";
import { loadScorer } from "./lib/scorer";
import { modelText } from "./lib/service-calls";
import { mean } from "./lib/stats";
import { prepareCorpora, trainingOptionsFromEnv, trainModel, TRAINING_CORPORA } from "./lib/training";
import { siteInterval } from "./lib/site-interval";

const USAGE = `
usage: npx tsx scripts/generalise-cv.ts [--loco] [--cv] --dump FILE
       npx tsx scripts/generalise-cv.ts --compare [--answer] BASE OTHER
  --loco          leave each training corpus out in turn (not ${KIND_TRAINING_CORPUS}: the kind model learns from it)
  --cv            the gate's ${CV_FOLDS}-fold site-grouped cross-validation
  --single        also score the single-page answer (slower; NaN without it)
  --dump FILE     every held-out page's F1, precision and recall (JSON lines; mode "loco" or "cv")
  --compare A B   two dumps: per corpus and mode, mean F1 of each and the difference, 95% site-resampled
  --answer        with --compare on page-stage-cv dumps: the text answer as served, not the cascade's text
  --gap A         one dump with both modes: per corpus, what leaving the corpus out costs against the
                  site-grouped folds (F1, precision, recall, by page type; the pages that lose most)`;

type Row = HeldOutRow;

const { values, positionals } = parseCli(
  USAGE,
  {
    loco: { type: "boolean" },
    cv: { type: "boolean" },
    single: { type: "boolean" },
    dump: { type: "string" },
    compare: { type: "boolean" },
    gap: { type: "string" },
    answer: { type: "boolean" },
  },
  { positionals: true },
);

if (values.gap) {
  gap(readHeldOut(values.gap));
  process.exit(0);
}
if (values.compare) {
  if (positionals.length !== 2) {
    console.error(USAGE.trim());
    process.exit(2);
  }
  const answer = values.answer === true;
  compare(readHeldOut(positionals[0]!, { answer }), readHeldOut(positionals[1]!, { answer }));
  process.exit(0);
}
if (!values.dump || (!values.loco && !values.cv) || positionals.length) {
  console.error(USAGE.trim());
  process.exit(2);
}

const scorer = (await loadScorer())!;
const options = trainingOptionsFromEnv(process.env, false);
const t0 = Date.now();
const seconds = () => ((Date.now() - t0) / 1000).toFixed(0);
const pages = prepareCorpora(
  TRAINING_CORPORA.map((c) => corpusDir(c)),
  scorer.tokens,
  options.labels,
);
console.log(`prepared ${pages.length} pages (${seconds()} s); options ${JSON.stringify(options)}`);
const rows: Row[] = [];
if (values.loco) {
  for (const corpus of TRAINING_CORPORA.filter((c) => c !== KIND_TRAINING_CORPUS)) {
    const training = pages.filter((p) => p.corpus !== corpus);
    const model = trainModel(training, options);
    const models = { model, kindModel: trainKindModel(kindSamples(training, (p) => coldProbabilities(model, p))) };
    for (const page of pages.filter((p) => p.corpus === corpus)) {
      const served = scorer.prf(modelText(page, page.evidence, models, page.served, page.url), page.gold);
      const cold = values.single
        ? scorer.prf(modelText(page, null, models, page.cold, page.url), page.gold)
        : { f1: NaN };
      const { site, id, type } = page;
      rows.push({
        mode: "loco",
        corpus,
        site,
        id,
        type,
        hybrid: served.f1,
        hybridP: served.p,
        hybridR: served.r,
        singlePage: cold.f1,
      });
    }
    console.log(`left out ${corpus} (${seconds()} s)`);
  }
}
if (values.cv) {
  for (const s of crossValidate(pages, scorer.prf, {
    folds: CV_FOLDS,
    training: options,
    hybridOnly: !values.single,
  })) {
    const { corpus, site, id, type, hybrid, hybridP, hybridR, singlePage } = s;
    rows.push({ mode: "cv", corpus, site, id, type, hybrid, hybridP, hybridR, singlePage });
  }
  console.log(`cross-validated (${seconds()} s)`);
}
writeFileSync(values.dump, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
for (const mode of ["loco", "cv"] as const) {
  for (const corpus of TRAINING_CORPORA) {
    const own = rows.filter((r) => r.mode === mode && r.corpus === corpus);
    if (!own.length) continue;
    const m = (k: keyof Row) => mean(own.map((r) => r[k] as number)).toFixed(4);
    console.log(
      `${mode} ${corpus} (${own.length}): hybrid ${m("hybrid")} (P ${m("hybridP")} R ${m("hybridR")}), single-page ${m("singlePage")}`,
    );
  }
}

function compare(base: Row[], other: Row[]): void {
  const key = (r: Row) => `${r.mode}/${r.corpus}/${r.id}`;
  const before = new Map(base.map((r) => [key(r), r]));
  for (const mode of ["loco", "cv"] as const) {
    for (const corpus of TRAINING_CORPORA) {
      const pairs = other
        .filter((r) => r.mode === mode && r.corpus === corpus && before.has(key(r)))
        .map((r) => ({ r, b: before.get(key(r))! }));
      if (!pairs.length) continue;
      for (const k of ["hybrid", "singlePage"] as const) {
        const deltas = pairs.map(({ r, b }) => ({ site: r.site, delta: r[k] - b[k] }));
        const [low, high] = siteInterval(deltas);
        const up = deltas.filter((d) => d.delta > 1e-9).length;
        const down = deltas.filter((d) => d.delta < -1e-9).length;
        console.log(
          `${mode} ${corpus} ${k}: ${mean(pairs.map((p) => p.b[k])).toFixed(4)} -> ${mean(pairs.map((p) => p.r[k])).toFixed(4)} ` +
            `(${(mean(deltas.map((d) => d.delta)) * 1e4).toFixed(1)}e-4, 95% ${(low * 1e4).toFixed(1)}e-4 .. ` +
            `${(high * 1e4).toFixed(1)}e-4; ${up} pages up, ${down} down)`,
        );
      }
    }
  }
}

/** Per corpus left out: LOCO against site-grouped CV on the same pages. */
function gap(rows: Row[]): void {
  const cv = new Map(rows.filter((r) => r.mode === "cv").map((r) => [`${r.corpus}/${r.id}`, r]));
  for (const corpus of TRAINING_CORPORA) {
    const pairs = rows
      .filter((r) => r.mode === "loco" && r.corpus === corpus)
      .map((l) => ({ l, c: cv.get(`${corpus}/${l.id}`)! }))
      .filter((p) => p.c);
    if (!pairs.length) continue;
    const m = (k: "hybrid" | "hybridP" | "hybridR", which: "l" | "c") => mean(pairs.map((p) => p[which][k])).toFixed(4);
    const [low, high] = siteInterval(pairs.map(({ l, c }) => ({ site: l.site, delta: l.hybrid - c.hybrid })));
    console.log(
      `${corpus} (${pairs.length}): left out ${m("hybrid", "l")} (P ${m("hybridP", "l")} R ${m("hybridR", "l")}), ` +
        `site-grouped ${m("hybrid", "c")} (P ${m("hybridP", "c")} R ${m("hybridR", "c")}); ` +
        `95% of the gap ${(low * 1e4).toFixed(1)}e-4 .. ${(high * 1e4).toFixed(1)}e-4`,
    );
    const types = [...new Set(pairs.map((p) => p.l.type ?? "-"))].sort();
    if (types.length > 1) {
      const parts = types.map((t) => {
        const of = pairs.filter((p) => (p.l.type ?? "-") === t);
        const d = mean(of.map((p) => p.l.hybrid - p.c.hybrid));
        return `${t} ${(d * 1e4).toFixed(0)}e-4 (${of.length})`;
      });
      console.log(`  by type (left out - site-grouped): ${parts.join(", ")}`);
    }
    const worst = [...pairs].sort((a, b) => a.l.hybrid - a.c.hybrid - (b.l.hybrid - b.c.hybrid)).slice(0, 8);
    const f = (r: Row) => `${r.hybrid.toFixed(2)} (P ${r.hybridP.toFixed(2)} R ${r.hybridR.toFixed(2)})`;
    for (const { l, c } of worst) console.log(`  ${l.id} ${l.type ?? ""}: ${f(c)} -> ${f(l)}`);
    const losses = pairs.map((p) => p.l.hybrid - p.c.hybrid).sort((a, b) => a - b);
    const total = losses.reduce((a, b) => a + b, 0);
    const worst10 = losses.slice(0, Math.ceil(losses.length / 10)).reduce((a, b) => a + b, 0);
    console.log(`  the worst tenth of pages carry ${((worst10 / total) * 100).toFixed(0)}% of the net gap`);
  }
}
