/**
 * Leave one corpus out: the model (and its page-kind model) trained as `npm run train` trains it, on
 * every training corpus but one, then that corpus scored through the service's decision with the
 * team's scorer. Site-grouped cross-validation keeps a site out of its own training, but not its
 * corpus's annotation conventions (whether the gold keeps the headline, the byline, captions, lists):
 * a corpus nobody has seen has its own, and this figure is the nearer guess of how it will score.
 *
 * train-wcxb-dev cannot be left out: the page-kind model learns from its typed pages only.
 *
 *   npx tsx scripts/corpus-out-cv.ts [CORPUS ...]    # default: every training corpus but train-wcxb-dev
 */
import { parseCli } from "./lib/cli";
import { corpusDir } from "./lib/corpus";
import { coldProbabilities, kindSamples, KIND_TRAINING_CORPUS, trainKindModel } from "./lib/kind-training";
import { loadScorer, SCORER_PATH } from "./lib/scorer";
import { modelTexts } from "./lib/service-calls";
import { prepareCorpora, trainingOptionsFromEnv, trainModel, TRAINING_CORPORA } from "./lib/training";

const USAGE = "usage: npx tsx scripts/corpus-out-cv.ts [CORPUS ...]";
const { positionals } = parseCli(USAGE, {}, { positionals: true });
const heldOut = positionals.length ? positionals : TRAINING_CORPORA.filter((c) => c !== KIND_TRAINING_CORPUS);
if (heldOut.includes(KIND_TRAINING_CORPUS)) {
  console.error(`corpus-out-cv: ${KIND_TRAINING_CORPUS} cannot be left out (the page-kind model learns from it alone)`);
  process.exit(2);
}
const scorer = await loadScorer();
if (!scorer) {
  console.error(
    `corpus-out-cv: the scorer ${SCORER_PATH} is missing; it lives in ../shared/eval beside the repository`,
  );
  process.exit(2);
}
const options = trainingOptionsFromEnv(process.env, false);
const pages = prepareCorpora(
  TRAINING_CORPORA.map((c) => corpusDir(c)),
  scorer.tokens,
  options.labels,
);
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

for (const corpus of heldOut) {
  const training = pages.filter((p) => p.corpus !== corpus);
  const model = trainModel(training, options);
  const models = { model, kindModel: trainKindModel(kindSamples(training, (p) => coldProbabilities(model, p))) };
  const hybrid: number[] = [];
  const singlePage: number[] = [];
  // The text answer as served (servedText), as the gate's answer- figures score it.
  const answer: number[] = [];
  const singlePageAnswer: number[] = [];
  const byType = new Map<string, number[]>();
  for (const page of pages.filter((p) => p.corpus === corpus)) {
    const served = modelTexts(page, page.evidence, models, page.served, page.url);
    const cold = modelTexts(page, null, models, page.cold, page.url);
    const f1 = scorer.prf(served.text, page.gold).f1;
    hybrid.push(f1);
    singlePage.push(scorer.prf(cold.text, page.gold).f1);
    answer.push(scorer.prf(served.answer, page.gold).f1);
    singlePageAnswer.push(scorer.prf(cold.answer, page.gold).f1);
    if (page.type) byType.set(page.type, [...(byType.get(page.type) ?? []), f1]);
  }
  const types = [...byType].map(([type, f1s]) => `${type} ${mean(f1s).toFixed(3)} (${f1s.length})`).join(", ");
  console.log(
    `${corpus} left out (${hybrid.length} pages): hybrid F1 ${mean(hybrid).toFixed(4)}, ` +
      `single-page F1 ${mean(singlePage).toFixed(4)}${types ? `; by type ${types}` : ""}; text answer as served: ` +
      `hybrid F1 ${mean(answer).toFixed(4)}, single-page F1 ${mean(singlePageAnswer).toFixed(4)}`,
  );
}
