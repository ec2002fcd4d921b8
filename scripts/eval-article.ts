/**
 * The article as users judge it, on the gold corpora: every page streamed through the service's
 * own steps (one tree per domain, the cascade, the metadata, the answer renderer), then counted:
 * empty answers where the gold has text (the text answer as served; and, apart, the pages where the
 * cascade found no content and the page's description or headline stood in), the share of markdown answers whose first line is the
 * gold's first line (WCXB golds start with the headline), links and images kept per page (and images
 * per page of the pages decided to be articles, where figures and their captions are judged).
 */
import { DomainState } from "../src/core/domain-state";
import { isHeadline } from "../src/core/metadata";
import { renderAnswer } from "../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS } from "../src/service/options";
import { parseCli, numberOption } from "./lib/cli";
import { corpusDir, corpusName, listCorpora, streamCorpus } from "./lib/corpus";
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
  const links: number[] = [];
  const images: number[] = [];
  const articleImages: number[] = [];
  for (const { row, url, bytes, index } of streamCorpus(dir, limit)) {
    const { extraction, text } = streamedExtraction(states, { url, bytes, index });
    const markdown = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "markdown" }).body;
    const served = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "text" }).body;
    pages++;
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
    links.push((markdown.match(/(?<!!)\[[^\]]*\]\((?:https?|mailto):/g) ?? []).length);
    const imageCount = (markdown.match(/!\[[^\]]*\]\(https?:/g) ?? []).length;
    images.push(imageCount);
    if (extraction.classification.page?.kind === "article") articleImages.push(imageCount);
  }
  console.log(
    `${corpusName(dir)}: ${pages} pages; empty answers ${empty} of ${goldText} with gold text ` +
      `(no content found, description or headline answered: ${standIn}); ` +
      `first markdown line = gold's first line ${pct(headlineFirst, pages)}; ` +
      `links per page mean ${mean(links).toFixed(1)} median ${median(links)}; ` +
      `images per page mean ${mean(images).toFixed(2)} median ${median(images)}; ` +
      `on the ${articleImages.length} articles mean ${mean(articleImages).toFixed(2)} (${articleImages.reduce((a, b) => a + b, 0)} images)`,
  );
}
