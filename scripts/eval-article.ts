/**
 * The article as users judge it, on the gold corpora: every page streamed through the service's
 * own steps (one tree per domain, the cascade, the metadata, the answer renderer), then counted:
 * empty answers where the gold has text, the share of markdown answers whose first line is the
 * gold's first line (WCXB golds start with the headline), links and images kept per page.
 */
import { DomainState } from "../src/core/domain-state";
import { isHeadline } from "../src/core/metadata";
import { renderAnswer } from "../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS } from "../src/service/options";
import { parseCli, numberOption } from "./lib/cli";
import { corpusDir, corpusName, listCorpora, streamCorpus } from "./lib/corpus";
import { streamedExtraction } from "./lib/service-calls";

const USAGE = `
usage: npm run eval:article [-- [--limit N] [CORPUS ...]]
  CORPUS      corpus names or folders (default: every corpus in the data folder)
  --limit N   only the first N pages of each corpus
`;
const cli = parseCli(USAGE, { limit: { type: "string" } }, { positionals: true });
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
  let goldText = 0;
  let headlineFirst = 0;
  const links: number[] = [];
  const images: number[] = [];
  for (const { row, url, bytes, index } of streamCorpus(dir, limit)) {
    const { extraction, text } = streamedExtraction(states, { url, bytes, index });
    const markdown = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "markdown" }).body;
    pages++;
    if (row.gold.trim()) {
      goldText++;
      if (text.trim() === "") empty++;
    }
    const first = markdown.split("\n", 1)[0]!.replace(/^#\s+/, "");
    const goldFirst = row.gold.trim().split("\n", 1)[0] ?? "";
    if (isHeadline(first, goldFirst)) headlineFirst++;
    links.push((markdown.match(/(?<!!)\[[^\]]*\]\((?:https?|mailto):/g) ?? []).length);
    images.push((markdown.match(/!\[[^\]]*\]\(https?:/g) ?? []).length);
  }
  console.log(
    `${corpusName(dir)}: ${pages} pages; empty answers ${empty} of ${goldText} with gold text; ` +
      `first markdown line = gold's first line ${pct(headlineFirst, pages)}; ` +
      `links per page mean ${mean(links).toFixed(1)} median ${median(links)}; ` +
      `images per page mean ${mean(images).toFixed(1)} median ${median(images)}`,
  );
}
