/**
 * The article as users judge it, on the gold corpora: every page streamed through the service's
 * own steps (one tree per domain, the cascade, the metadata, the answer renderer), then counted:
 * empty answers where the gold has text (the text answer as served; and, apart, the pages where the
 * cascade found no content and the page's description or headline stood in), the share of markdown answers whose first line is the
 * gold's first line (WCXB golds start with the headline), links and images kept per page (and images
 * per page of the pages decided to be articles, where figures and their captions are judged).
 *
 * WCXB's gold titles are sometimes the page's `<title>` (an SEO wording, a site's name) where the page
 * shows another heading: the first line is also counted on the pages whose gold starts with a heading
 * the page shows (an `<h1>`-`<h3>`'s text), where the reader and the gold agree on the headline. And
 * "headline once": the answers whose headline comes back as a line of the body (a heading, a paragraph
 * or a list item saying it again; image alt texts and fenced code are not lines).
 *
 * And the F1 (the team's scorer) of the text answer as served against the gold, beside the cascade's
 * own text (the content blocks alone): what the answer's rendering adds or costs, the headline
 * placed once above the body. Both use the shipped model, in-sample on its training corpora: only
 * their difference is a result, the figures themselves are not (the honest ones: npm run eval:gate).
 */
import { DomainState } from "../src/core/domain-state";
import { isHeadline } from "../src/core/metadata";
import { renderAnswer } from "../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS } from "../src/service/options";
import { parseCli, numberOption } from "./lib/cli";
import { corpusDir, corpusName, listCorpora, streamCorpus } from "./lib/corpus";
import { loadScorer } from "./lib/scorer";
import { streamedExtraction } from "./lib/service-calls";

const USAGE = `
usage: npm run eval:article [-- [--limit N] [--list] [CORPUS ...]]
  CORPUS      corpus names or folders (default: every corpus in the data folder)
  --limit N   only the first N pages of each corpus
  --list      also print the ids of the empty answers and of the pages whose first line is not the gold's
`;
const cli = parseCli(USAGE, { limit: { type: "string" }, list: { type: "boolean" } }, { positionals: true });
const limit = numberOption(USAGE, "limit", cli.values.limit, Infinity);
const dirs = cli.positionals.length ? cli.positionals.map((c) => corpusDir(c)) : listCorpora();
const scorer = await loadScorer();
if (!scorer) console.warn("eval:article: the scorer (../shared/eval/score.mjs) is missing: no F1 figures");

/** Headings a reader sees as a page's headline or its section's. */
const SHOWN_HEADING = /^h[1-3]$/;

/**
 * Whether a line of the markdown body (after the headline) says the headline again; image lines are
 * not text, nor are the lines of a fenced code block (a settings list "MIDDLEWARE = [" on a page
 * named "Middleware" is code, not the headline said again).
 */
function repeatsHeadline(markdown: string, headline: string): boolean {
  if (headline.trim() === "") return false;
  let inCode = false;
  return markdown
    .split("\n")
    .slice(1)
    .some((line) => {
      if (/^\s*(?:```|~~~)/.test(line)) inCode = !inCode;
      if (inCode || /^\s*(?:```|~~~)/.test(line)) return false;
      const text = line
        .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
        .replace(/^(?:#{1,6}|[-*+]|\d+\.|>)\s+/, "")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
      return isHeadline(text, headline);
    });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");

for (const dir of dirs) {
  const states = new Map<string, DomainState>();
  let pages = 0;
  let empty = 0;
  let standIn = 0;
  let goldText = 0;
  let headlineFirst = 0;
  let shownGold = 0;
  let shownFirst = 0;
  let repeated = 0;
  const links: number[] = [];
  const images: number[] = [];
  const articleImages: number[] = [];
  const servedF1: number[] = [];
  const cascadeF1: number[] = [];
  for (const { row, url, bytes, index } of streamCorpus(dir, limit)) {
    const { extraction, text } = streamedExtraction(states, { url, bytes, index });
    const markdown = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "markdown" }).body;
    const served = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "text" }).body;
    pages++;
    if (scorer) {
      servedF1.push(scorer.prf(served, row.gold).f1);
      cascadeF1.push(scorer.prf(text, row.gold).f1);
    }
    if (row.gold.trim()) {
      goldText++;
      if (served.trim() === "") {
        empty++;
        if (cli.values.list) console.log(`empty: ${corpusName(dir)} ${row.id} ${url}`);
      } else if (text.trim() === "") {
        standIn++;
        if (cli.values.list)
          console.log(`stand-in: ${corpusName(dir)} ${row.id} ${JSON.stringify(served.trim().slice(0, 80))}`);
      }
    }
    const first = markdown.split("\n", 1)[0]!.replace(/^#\s+/, "");
    const goldFirst = row.gold.trim().split("\n", 1)[0] ?? "";
    if (isHeadline(first, goldFirst)) headlineFirst++;
    else if (cli.values.list)
      console.log(`first line: ${corpusName(dir)} ${row.id} ours ${JSON.stringify(first.slice(0, 100))}`);
    if (extraction.prepared.page.blocks.some((b) => SHOWN_HEADING.test(b.tag) && isHeadline(b.text, goldFirst))) {
      shownGold++;
      if (isHeadline(first, goldFirst)) shownFirst++;
    }
    if (repeatsHeadline(markdown, first)) {
      repeated++;
      if (cli.values.list)
        console.log(`headline again: ${corpusName(dir)} ${row.id} ${JSON.stringify(first.slice(0, 100))}`);
    }
    links.push((markdown.match(/(?<!!)\[[^\]]*\]\((?:https?|mailto):/g) ?? []).length);
    const imageCount = (markdown.match(/!\[[^\]]*\]\(https?:/g) ?? []).length;
    images.push(imageCount);
    if (extraction.classification.page?.kind === "article") articleImages.push(imageCount);
  }
  console.log(
    `${corpusName(dir)}: ${pages} pages; empty answers ${empty} of ${goldText} with gold text ` +
      `(no content found, description or headline answered: ${standIn}); ` +
      `first markdown line = gold's first line ${pct(headlineFirst, pages)}, ` +
      `${pct(shownFirst, shownGold)} of the ${shownGold} whose gold starts with a heading the page shows; ` +
      `headline again in the body ${repeated}; ` +
      `links per page mean ${mean(links).toFixed(1)} median ${median(links)}; ` +
      `images per page mean ${mean(images).toFixed(2)} median ${median(images)}; ` +
      `on the ${articleImages.length} articles mean ${mean(articleImages).toFixed(2)} (${articleImages.reduce((a, b) => a + b, 0)} images)` +
      (scorer
        ? `; F1 of the text answer ${mean(servedF1).toFixed(4)}, of the cascade's text ${mean(cascadeF1).toFixed(4)} (shipped model, in-sample)`
        : ""),
  );
}
