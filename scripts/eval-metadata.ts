/**
 * How well src/core/metadata.ts does on the corpora in ../shared/data (or $EVAL_DATA_DIR), and what
 * it costs next to segmentation: per corpus, the share of pages with each field found; on corpora
 * whose gold text starts with the title (the WCXB ones), how often our title equals that first line
 * (case, whitespace and punctuation ignored) against the raw <title> segmentation reports; and the
 * ms per page of segmentHtml with the metadata read on its parse (extractMetadata) and of segmentHtml
 * alone, on the same pages, alternated page by page (in both orders): the metadata's share is what
 * the first adds.
 *
 *   npm run eval:metadata                  # every corpus present
 *   npm run eval:metadata -- --misses 20   # also print titles that differ from the gold (stdout only)
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/core/decode";
import { type ArticleMetadata, extractMetadata, isHeadline } from "../src/core/metadata";
import { segmentHtml } from "../src/core/segment";
import { DATA_DIR, pageUrl } from "./lib/corpus";
import { fmt, summarize, table } from "./lib/stats";

const CORPORA = ["single-wcxb-dev", "train-wcxb-dev", "single-zyte", "stream-ctf"];
const GOLD_STARTS_WITH_TITLE = new Set(["single-wcxb-dev", "train-wcxb-dev"]);
const FIELDS: (keyof ArticleMetadata)[] = [
  "title",
  "byline",
  "published",
  "modified",
  "image",
  "lang",
  "siteName",
  "excerpt",
];

interface Row {
  id: string;
  site: string;
  url: string;
  file: string;
  gold: string;
}

const missesArg = process.argv.indexOf("--misses");
const showMisses = missesArg >= 0 ? Number(process.argv[missesArg + 1] ?? 20) : 0;

function timed<T>(into: number[], run: () => T): T {
  const t = performance.now();
  const result = run();
  into.push(performance.now() - t);
  return result;
}

const found: string[][] = [];
const titles: string[][] = [];
const timing: string[][] = [];
for (const corpus of CORPORA) {
  const dir = join(DATA_DIR, corpus);
  if (!existsSync(join(dir, "index.jsonl"))) continue;
  const lines = readFileSync(join(dir, "index.jsonl"), "utf8").split("\n").filter(Boolean);
  const rows = lines.map((line) => JSON.parse(line) as Row);
  const counts = new Map<string, number>();
  const metaMs: number[] = [];
  const segmentMs: number[] = [];
  let oursMatch = 0;
  let rawMatch = 0;
  let misses = 0;
  for (const row of rows) {
    const html = decodeHtml(gunzipSync(readFileSync(join(dir, row.file)))).html;
    const url = pageUrl(row);
    // In both orders, page by page: the second run of a page finds it warm in the caches.
    const segmentFirst = metaMs.length % 2 === 1;
    let segmented = segmentFirst ? timed(segmentMs, () => segmentHtml(html, url)) : null;
    const metadata = timed(metaMs, () => extractMetadata(html, url));
    segmented ??= timed(segmentMs, () => segmentHtml(html, url));
    for (const field of FIELDS) if (metadata[field] !== null) counts.set(field, (counts.get(field) ?? 0) + 1);
    if (!GOLD_STARTS_WITH_TITLE.has(corpus)) continue;
    const goldTitle = row.gold.split("\n")[0] ?? "";
    if (isHeadline(goldTitle, metadata.title)) oursMatch++;
    else if (misses++ < showMisses) console.log(`${row.id}\n  gold: ${goldTitle}\n  ours: ${metadata.title}`);
    if (isHeadline(goldTitle, segmented.title)) rawMatch++;
  }
  const share = (n: number) => `${fmt((100 * n) / rows.length, 1)}%`;
  found.push([corpus, String(rows.length), ...FIELDS.map((field) => share(counts.get(field) ?? 0))]);
  if (GOLD_STARTS_WITH_TITLE.has(corpus)) titles.push([corpus, String(rows.length), share(oursMatch), share(rawMatch)]);
  const meta = summarize(metaMs);
  const segment = summarize(segmentMs);
  timing.push([
    corpus,
    fmt(meta.mean),
    fmt(meta.median),
    fmt(segment.mean),
    fmt(segment.median),
    fmt((meta.total - segment.total) / segment.total, 3),
  ]);
}

if (found.length === 0) {
  console.log(`no corpora under ${DATA_DIR}; nothing to evaluate`);
  process.exit(0);
}
console.log("\nShare of pages with the field found\n");
console.log(table(["corpus", "pages", ...FIELDS], found));
console.log("\nTitle equals the gold's first line (case, whitespace, punctuation ignored)\n");
console.log(table(["corpus", "pages", "metadata title", "raw <title>"], titles));
console.log("\nms per page (Node, one process, alternated page by page)\n");
console.log(
  table(["corpus", "segment+metadata mean", "median", "segmentHtml mean", "median", "metadata's added share"], timing),
);
