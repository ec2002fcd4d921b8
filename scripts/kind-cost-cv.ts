/**
 * Page-kind rules measured downstream on the kind cost table (scripts/page-stage-cv.ts --kind-table
 * FILE): per fold of the table, each rule (scripts/lib/kind-cost-rules.ts) learns from the fold's
 * training pages (their signals, gold kinds and, for the cost-sensitive rules, their F1 under each
 * kind) and decides the held-out pages' kinds, whose F1 under those kinds the table holds. A rule is
 * measured in seconds; "shipped" reproduces page-stage-cv.ts's figures exactly.
 *
 * Measured 2026-11-26 on the kinds2 cache (/work/notes/s7/oof-kinds2.cache), hybrid F1 single-wcxb-dev
 * / train-wcxb-dev / stream-ctf / single-zyte, and stream-ctf pages not decided article:
 *   shipped 0.8498 / 0.8545 / 0.9592 / 0.9565 (68); gold kinds 0.8562 / 0.8575; each page's best kind
 *   (oracle) 0.8757 / 0.8786 / 0.9641 / 0.9600; every page an article 0.8233 / 0.8230 / 0.9595 / 0.9559.
 *   Expected F1 (argmax_k sum_j p(j) F1(k|j), F1(k|j) averaged per class pair on the fold's training
 *   pages): 0.8526 / 0.8530 / 0.9542 / 0.9354 (695): a wcxb article loses at most 0.009 on average
 *   under any kind, so the matrix sends ctf/zyte articles to listing/service, where they lose more;
 *   with ctf/zyte training pages in the article row (and in the model's article class), p^1 / p^2 /
 *   p^4: single-wcxb-dev 0.8540 / 0.8514 / 0.8513, single-zyte 0.9451 / 0.9490 / 0.9514. With the
 *   softmax's probabilities (cross-entropy) in place of the one-vs-rest scores: 0.8523 / 0.8528 /
 *   0.9550 / 0.9403; with ctf/zyte as articles, p^1 / p^2: 0.8546 / 0.8519 on single-wcxb-dev
 *   (+0.0048, 95% -0.0014 .. +0.0132) with single-zyte 0.9483 / 0.9487 (-0.0082, 95% -0.0191 .. -0.0011).
 *   Sample weights 1 + alpha * (best F1 - worst kind's F1), alpha 2 / 5 / 10: 0.8493 / 0.8484 / 0.8482,
 *   train 0.8540 / 0.8544 / 0.8541, ctf and zyte within 0.0003.
 *   Labels = each page's best-scoring kind (gold on a tie within 0.01 / 0.05): 0.8482 / 0.8466, ctf
 *   0.9573 / 0.9590 (412 / 177 not article).
 *   Softmax minimising the expected F1 lost (+0.3 cross-entropy): 0.8526 / 0.8546 / 0.9578 / 0.9562
 *   (124); the same softmax on cross-entropy alone scores the same (0.8527 / 0.8537 / 0.9581 / 0.9560):
 *   the cost term adds nothing, and most of the softmax's single-wcxb-dev gain is one listing page
 *   (+0.815); --diff: +0.0029, 95% -0.0021 .. +0.0092 (sites resampled), stream-ctf -0.0014,
 *   95% -0.0029 .. -0.0002.
 *   Kind biases tuned on inner folds of the training pages: 0.8474 / 0.8535 (biases differ fold to fold).
 * The F1 at stake sits on a few pages (a zyte article taken for a thread loses 0.82): one page moves
 * a corpus's mean by up to 0.0045, more than any rule's gain. Nothing was shipped.
 *
 * usage: npx tsx scripts/kind-cost-cv.ts TABLE [--types] [--diff] [--only 0,3,...]
 */
import { readFileSync } from "node:fs";
import { parseCli } from "./lib/cli";
import {
  bestKindLabels,
  costSoftmax,
  expectedF1,
  shipped,
  tunedBias,
  weightedRule,
  withPages,
  type Costed,
  type Rule,
} from "./lib/kind-cost-rules";
import { COSTED_KINDS, type CostedPage, type CostedRun, type KindCostTable } from "./lib/kind-costs";
import { KIND_CLASSES, kindOfType } from "./lib/kind-training";
import { mean } from "./lib/stats";
import { siteInterval } from "./lib/site-interval";

const USAGE = `
usage: tsx scripts/kind-cost-cv.ts TABLE [--types] [--diff] [--only I,J,...]
  TABLE          the kind cost table (scripts/page-stage-cv.ts --kind-table TABLE)
  --types        figures per wcxb page type too
  --diff         per corpus, the pages whose hybrid kind differs from the shipped rule's, and the F1 moved
  --only I,J     only these rules (indices into the list below the references)`;
const { values, positionals } = parseCli(
  USAGE,
  { types: { type: "boolean" }, diff: { type: "boolean" }, only: { type: "string" } },
  { positionals: true },
);
if (positionals.length !== 1) {
  console.error(USAGE.trim());
  process.exit(2);
}
const table = JSON.parse(readFileSync(positionals[0]!, "utf8")) as KindCostTable;
const byKey = new Map(table.pages.map((p) => [p.key, p]));

interface Decided {
  page: CostedPage;
  hybrid: string;
  single: string;
}

function evaluate(rule: Rule): Decided[] {
  const decided: Decided[] = [];
  for (let fold = 0; fold < table.folds; fold++) {
    const training: Costed[] = Object.entries(table.trainingSignals[fold]!).map(([key, signals]) => {
      const page = byKey.get(key)!;
      return { site: page.site, kind: kindOfType(page.type)!, signals, page };
    });
    const decide = rule.fit(
      training,
      table.pages.filter((p) => p.fold !== fold),
    );
    const kindOf = (run: CostedRun) => (run.interstitial ? "other" : decide(run.signals));
    for (const page of table.pages.filter((p) => p.fold === fold))
      decided.push({ page, hybrid: kindOf(page.hybrid), single: kindOf(page.single) });
  }
  return decided;
}

type RunName = "hybrid" | "single";
function report(name: string, decided: Decided[]): void {
  const at = (d: Decided, run: RunName, i: number) => d.page[run].scores[d[run]]![i]!;
  const fmt = (of: Decided[], run: RunName) =>
    `F1 ${mean(of.map((d) => at(d, run, 2))).toFixed(4)} (P ${mean(of.map((d) => at(d, run, 0))).toFixed(3)} ` +
    `R ${mean(of.map((d) => at(d, run, 1))).toFixed(3)})`;
  const corpora = [...new Set(decided.map((d) => d.page.corpus))];
  const corpusMean = (run: RunName) =>
    mean(corpora.map((c) => mean(decided.filter((d) => d.page.corpus === c).map((d) => at(d, run, 2))))).toFixed(4);
  console.log(`== ${name}`);
  console.log(
    `mean over ${corpora.length} corpora: hybrid F1 ${corpusMean("hybrid")}; single-page F1 ${corpusMean("single")}`,
  );
  for (const corpus of corpora) {
    const own = decided.filter((d) => d.page.corpus === corpus);
    const notArticle = (run: RunName) => own.filter((d) => d[run] !== "article").length;
    console.log(
      `${corpus} (${own.length}): hybrid ${fmt(own, "hybrid")}; single-page ${fmt(own, "single")}; ` +
        `not article ${notArticle("hybrid")} / ${notArticle("single")}`,
    );
    if (!values.types) continue;
    for (const type of [...new Set(own.filter((d) => d.page.type).map((d) => d.page.type!))].sort()) {
      const of = own.filter((d) => d.page.type === type);
      console.log(`  ${type} (${of.length}): hybrid ${fmt(of, "hybrid")}; single-page ${fmt(of, "single")}`);
    }
  }
}

/**
 * Against `base`, per corpus: the pages whose hybrid kind differs and the F1 they move (those moving
 * 0.1 or more listed), and the mean hybrid F1 difference with a 95% interval from resampling sites
 * (pages of one site move together), so a gain can be told from a page or two.
 */
function diff(decided: Decided[], base: Decided[]): void {
  const f1 = (d: Decided, kind: string) => d.page.hybrid.scores[kind]![2];
  const moves = decided.map((d, i) => ({ d, was: base[i]!.hybrid, delta: f1(d, d.hybrid) - f1(d, base[i]!.hybrid) }));
  for (const corpus of new Set(moves.map((m) => m.d.page.corpus))) {
    const own = moves.filter((m) => m.d.page.corpus === corpus);
    const changed = own.filter((m) => m.d.hybrid !== m.was);
    const sum = (xs: typeof own) => xs.reduce((a, m) => a + m.delta, 0).toFixed(2);
    const [low, high] = siteInterval(own.map((m) => ({ site: m.d.page.site, delta: m.delta })));
    console.log(
      `  ${corpus}: ${changed.length} pages change kind: +${sum(changed.filter((m) => m.delta > 0))} ` +
        `${sum(changed.filter((m) => m.delta < 0))}; mean ${(mean(own.map((m) => m.delta)) * 1e4).toFixed(1)}e-4, ` +
        `95% ${(low * 1e4).toFixed(1)}e-4 .. ${(high * 1e4).toFixed(1)}e-4`,
    );
    for (const m of changed.filter((m) => Math.abs(m.delta) >= 0.1))
      console.log(`    ${m.d.page.key} (${m.d.page.type ?? "-"}) ${m.was} -> ${m.d.hybrid}: ${m.delta.toFixed(3)}`);
  }
}

const base = evaluate(shipped);
report(shipped.name, base);
/** The shipped decisions with `kindOf` in their place (an interstitial stays one). */
const asKinds = (kindOf: (d: Decided, run: RunName) => string) =>
  base.map((d) => ({
    page: d.page,
    hybrid: d.page.hybrid.interstitial ? "other" : kindOf(d, "hybrid"),
    single: d.page.single.interstitial ? "other" : kindOf(d, "single"),
  }));
report(
  "gold kinds where typed",
  asKinds((d, run) => kindOfType(d.page.type) ?? d[run]),
);
report(
  "every page an article",
  asKinds(() => "article"),
);
const bestOf = (run: CostedRun) =>
  COSTED_KINDS.reduce((a, k) => (run.scores[k]![2] > run.scores[a]![2] ? k : a), "article");
report(
  "oracle (each page's best kind)",
  table.pages.map((page) => ({ page, hybrid: bestOf(page.hybrid), single: bestOf(page.single) })),
);

const CTF_ZYTE = ["stream-ctf", "single-zyte"];
const asArticle = () => "article";
const softmax = { l2: 1e-4, epochs: 400, lr: 0.05 };
const rules: Rule[] = [
  expectedF1({ power: 1, kinds: KIND_CLASSES }),
  expectedF1({ power: 1, kinds: COSTED_KINDS }),
  withPages(expectedF1({ power: 1, kinds: KIND_CLASSES }), CTF_ZYTE, asArticle),
  withPages(expectedF1({ power: 2, kinds: KIND_CLASSES }), CTF_ZYTE, asArticle),
  withPages(expectedF1({ power: 4, kinds: KIND_CLASSES }), CTF_ZYTE, asArticle),
  weightedRule(2),
  weightedRule(5),
  weightedRule(10),
  bestKindLabels(0.01),
  bestKindLabels(0.05),
  costSoftmax({ ...softmax, ce: 0.3 }),
  costSoftmax({ ...softmax, ce: 1, cost: 0 }),
  withPages(costSoftmax({ ...softmax, ce: 0.3 }), CTF_ZYTE, asArticle),
  withPages(shipped, CTF_ZYTE, asArticle),
  withPages(shipped, ["single-wcxb-dev"], (p) => kindOfType(p.type)),
  tunedBias({ inner: 3, judged: [], rounds: 2 }),
  tunedBias({ inner: 3, judged: CTF_ZYTE, rounds: 2 }),
  expectedF1({ power: 1, kinds: KIND_CLASSES, softmax: { ...softmax, ce: 1, cost: 0 } }),
  withPages(
    expectedF1({ power: 1, kinds: KIND_CLASSES, softmax: { ...softmax, ce: 1, cost: 0 } }),
    CTF_ZYTE,
    asArticle,
  ),
  withPages(
    expectedF1({ power: 2, kinds: KIND_CLASSES, softmax: { ...softmax, ce: 1, cost: 0 } }),
    CTF_ZYTE,
    asArticle,
  ),
];
const only = values.only?.split(",").map(Number);
rules.forEach((rule, i) => {
  if (only && !only.includes(i)) return;
  const decided = evaluate(rule);
  report(`${i}: ${rule.name}`, decided);
  if (values.diff) diff(decided, base);
});
