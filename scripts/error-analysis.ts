/**
 * Where the held-out answer goes wrong, in words: on cached out-of-fold probabilities
 * (scripts/page-stage-cv.ts --cache), every block the cascade keeps against its label (wrongly kept)
 * or drops against it (wrongly dropped) is counted with its words, by kind of text (headline, copy of
 * another block, caption, card, byline, list item, ...) and by where it sits relative to the page's
 * gold text (before its first gold block, among its gold blocks, after its last). Categories are
 * checked in the order listed; a block counts once. Counts follow the training labels: where the gold
 * aligned to a hidden copy, the visible copy counts as wrongly kept though the scorer credits it.
 * With a cache, each page's kind is decided by its fold's own kind model (trained from the cache).
 * `--show N` prints the N largest wrongly kept blocks per category (for reading; never written to the repo).
 */
import { existsSync, readFileSync } from "node:fs";
import { classifyPage, HYBRID, SINGLE_PAGE, type CascadeOptions } from "../src/core/cascade";
import { chooseRegion, matchesTitle, regionParamsFor } from "../src/core/region";
import type { TextBlock } from "../src/core/types";
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir } from "./lib/corpus";
import { CV_FOLDS, foldKindModels, siteFold } from "./lib/cv";
import { KIND_TRAINING_CORPUS } from "./lib/kind-training";
import { loadScorer } from "./lib/scorer";
import { prepareCorpora, trainingOptionsFromEnv, type TrainingPage } from "./lib/training";

const USAGE = `
usage: tsx scripts/error-analysis.ts [--cache FILE] [--single] [--show N] [--type TYPE] CORPUS ...
  --cache FILE  out-of-fold probabilities written by scripts/page-stage-cv.ts (else the shipped model, in-sample)
  --single      the single-page answer (default: hybrid, with the tree's evidence)
  --show N      print the N largest wrongly kept (and dropped) blocks of each category
  --type TYPES  only pages of these page types, each on its own (comma-separated; wcxb: product, listing, forum, ...)`;
const { values, positionals } = parseCli(
  USAGE,
  { cache: { type: "string" }, single: { type: "boolean" }, show: { type: "string" }, type: { type: "string" } },
  { positionals: true },
);
if ((values.cache && !existsSync(values.cache)) || positionals.length === 0) {
  console.error(USAGE.trim());
  process.exit(2);
}
const show = numberOption(USAGE, "show", values.show, 0);
const scorer = (await loadScorer())!;
// Without a cache, the shipped model (in-sample: it was trained on these pages; a first look only).
const cache = values.cache
  ? (JSON.parse(readFileSync(values.cache, "utf8")) as {
      threshold: number;
      pages: Record<string, { served: number[]; cold: number[] }>;
      kindInFold?: Record<string, number[]>[];
    })
  : null;
if (cache && !cache.kindInFold) throw new Error(`${values.cache} predates the folds' own kind models; delete it`);
// With a cache, each fold's own kind model decides its held-out pages' kinds (as in page-stage-cv.ts),
// so its pages of the kind corpus are loaded too.
const corpora =
  cache && !positionals.includes(KIND_TRAINING_CORPUS) ? [...positionals, KIND_TRAINING_CORPUS] : positionals;
const pages = prepareCorpora(
  corpora.map((c) => corpusDir(c)),
  scorer.tokens,
  trainingOptionsFromEnv(process.env, false).labels,
);
const kindModels = cache?.kindInFold
  ? foldKindModels(cache.kindInFold, pages, (p) => `${p.corpus}/${p.id}`)
  : undefined;

const CAPTION = /caption|figure|credit|photo|image|media|gallery/i;
const CARD =
  /related|recommend|teaser|card|promo|more|story-list|tease|trending|popular|readnext|read-next|outbrain|taboola/i;
const SHARE = /share|social|follow|newsletter|subscribe|signup/i;
const DATE = /\b(19|20)\d\d\b|\b\d{1,2}:\d\d\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The block's text is (mostly) found in another block: the same paragraph twice, or a summary of it. */
function isCopy(blocks: readonly TextBlock[], i: number): boolean {
  const t = norm(blocks[i]!.text);
  if (t.length < 20) return false;
  return blocks.some((b, j) => j !== i && norm(b.text).length >= t.length && norm(b.text).includes(t));
}

function category(page: TrainingPage, i: number): string {
  const b = page.blocks[i]!;
  const words = scorer.tokens(b.text).length;
  const leaf = b.path.split(">").slice(-3).join(">");
  if (/^h[1-2]$/.test(b.tag) && matchesTitle(b.text, page.title)) return "headline";
  if (matchesTitle(b.text, page.title)) return "headline";
  if (isCopy(page.blocks, i)) return "copy";
  if (b.tag === "figcaption" || CAPTION.test(leaf)) return "caption";
  if (SHARE.test(b.path)) return "share/newsletter";
  if (b.hardTag || b.landmark === "nav" || b.landmark === "footer" || b.landmark === "header")
    return "nav/header/footer";
  if (CARD.test(b.path) || b.linkShare >= 0.5) return "card/teaser/link";
  if (words <= 15 && (DATE.test(b.text) || /\bby\b/i.test(b.text))) return "byline/date";
  if (b.tag === "li") return "list item";
  if (/^h[1-6]$/.test(b.tag)) return "other heading";
  if (b.landmark === "aside") return "aside";
  return words <= 12 ? "other short" : "other prose";
}

type Tally = Map<string, { words: number; blocks: number; pages: Set<string> }>;
const add = (t: Tally, k: string, words: number, page: string) => {
  const e = t.get(k) ?? { words: 0, blocks: 0, pages: new Set<string>() };
  e.words += words;
  e.blocks++;
  e.pages.add(page);
  t.set(k, e);
};

const types = values.type ? values.type.split(",") : [undefined];
for (const corpus of positionals.flatMap((c) => types.map((type) => ({ name: c, type })))) {
  const kept: Tally = new Map();
  const dropped: Tally = new Map();
  const where: Tally = new Map();
  const inRegion: Tally = new Map();
  const byRule: Tally = new Map();
  const examples = new Map<string, { words: number; text: string; page: string; path: string }[]>();
  for (const page of pages.filter((p) => p.corpus === corpus.name && (!corpus.type || p.type === corpus.type))) {
    const key = `${page.corpus}/${page.id}`;
    const probabilities = cache?.pages[key];
    if (cache && !probabilities) throw new Error(`no cached probabilities for ${key}`);
    const evidence = values.single ? null : page.evidence;
    const options: CascadeOptions = { classifier: values.single ? SINGLE_PAGE : HYBRID, url: page.url };
    if (cache && probabilities) {
      options.model = { threshold: cache.threshold } as CascadeOptions["model"];
      options.probabilities = values.single ? probabilities.cold : probabilities.served;
      options.kindModel = kindModels?.[siteFold(page.site, CV_FOLDS)];
    } else options.features = values.single ? page.cold : page.served;
    const { verdicts, page: decision } = classifyPage(page, evidence, options);
    const p = options.probabilities ?? verdicts.map((v) => v.p ?? 0);
    // The region as the stage chose it (templates not zeroed: close enough to say inside or outside).
    const region = chooseRegion(page.blocks, p, regionParamsFor(decision?.kind ?? "article").boilerWeight);
    const first = page.labels.indexOf(1);
    const last = page.labels.lastIndexOf(1);
    page.blocks.forEach((b, i) => {
      const content = verdicts[i]!.label !== "boilerplate";
      const label = page.labels[i] === 1;
      if (content === label) return;
      const words = scorer.tokens(b.text).length;
      const cat = category(page, i);
      if (content) {
        add(kept, cat, words, key);
        const pos = first < 0 ? "no gold" : i < first ? "before gold" : i > last ? "after gold" : "among gold";
        add(where, pos, words, key);
        add(inRegion, region.inside[i] ? "inside region" : "outside region", words, key);
        const rule = verdicts[i]!.rule;
        add(
          byRule,
          rule.startsWith("region gap") ? "by gap fill" : rule.startsWith("model") ? "by the model" : "by another rule",
          words,
          key,
        );
        const list = examples.get(cat) ?? [];
        list.push({
          words,
          text: `${pos}: ${b.text.slice(0, 140)}`,
          page: page.id,
          path: b.path.split(">").slice(-4).join(">"),
        });
        examples.set(cat, list);
      } else {
        add(dropped, cat, words, key);
        const list = examples.get(`dropped ${cat}`) ?? [];
        list.push({ words, text: b.text.slice(0, 140), page: page.id, path: b.path.split(">").slice(-4).join(">") });
        examples.set(`dropped ${cat}`, list);
      }
    });
  }
  const print = (name: string, t: Tally) => {
    const total = [...t.values()].reduce((a, e) => a + e.words, 0);
    console.log(`${corpus.name}${corpus.type ? ` ${corpus.type}` : ""} ${name}: ${total} words`);
    for (const [k, e] of [...t].sort((a, b) => b[1].words - a[1].words))
      console.log(`  ${k.padEnd(20)} ${String(e.words).padStart(6)} words ${e.blocks} blocks ${e.pages.size} pages`);
  };
  print("wrongly kept", kept);
  print("wrongly kept, by position", where);
  print("wrongly kept, by the page's region", inRegion);
  print("wrongly kept, by what kept it", byRule);
  print("wrongly dropped", dropped);
  if (show > 0)
    for (const [cat, list] of examples) {
      console.log(`-- ${cat}`);
      for (const e of list.sort((a, b) => b.words - a.words).slice(0, show))
        console.log(`  ${e.words}w ${e.page} ${e.path} | ${e.text}`);
    }
}
