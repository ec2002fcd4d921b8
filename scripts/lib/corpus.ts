/**
 * The one reader of the gold corpora (../shared/data/<name>/index.jsonl + pages/<id>.html.gz), for
 * every script: where they live, which exist, their rows in stream order, page bytes, the URL a
 * page is served under and the site it belongs to. The corpora are never copied into the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

/** `$EVAL_DATA_DIR`, else ../shared/data beside the repository. */
export const DATA_DIR = resolve(process.env.EVAL_DATA_DIR ?? join(import.meta.dirname, "../../../shared/data"));
/** The corpora the benchmarks time (the model's training set, measured for speed rather than quality). */
export const BENCH_CORPORA = ["stream-ctf", "single-zyte", "single-wcxb-dev"] as const;

/** One line of index.jsonl. `type` (article, listing, ...) exists in some corpora only. */
export interface CorpusRow {
  id: string;
  site: string;
  url: string;
  file: string;
  gold: string;
  type?: string;
}

export interface CorpusPage {
  corpus: string;
  id: string;
  site: string;
  url: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** One page of a stream: its row, bytes, served URL, and its 1-based position within its site. */
export interface StreamedPage {
  row: CorpusRow;
  /** 0-based position in the corpus stream (stream order is time order). */
  index: number;
  positionInSite: number;
  site: string;
  url: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A corpus row without a usable URL gets a synthetic one of its own, so it is still scored. */
export function pageUrl(row: Pick<CorpusRow, "id" | "site" | "url">): string {
  if (URL.canParse(row.url) && /^https?:/i.test(row.url)) return row.url;
  return `http://${row.site || "unknown"}.invalid/${encodeURIComponent(row.id)}`;
}

/** The group a page belongs to for per-site figures and site-grouped folds; a row without a site is its own. */
export function siteOf(row: Pick<CorpusRow, "id" | "site">): string {
  return row.site || row.id;
}

/**
 * A corpus folder: a bare name is looked up under the data folder (or, failing that, the current
 * folder); anything with a slash is a path to a folder in the same format.
 */
export function corpusDir(nameOrPath: string, dataDir = DATA_DIR): string {
  if (nameOrPath.includes("/")) return resolve(nameOrPath);
  const named = join(dataDir, nameOrPath);
  return isCorpusDir(named) || !isCorpusDir(resolve(nameOrPath)) ? named : resolve(nameOrPath);
}

export function corpusName(dir: string): string {
  return basename(dir);
}

export function isCorpusDir(dir: string): boolean {
  return existsSync(join(dir, "index.jsonl"));
}

export function corpusExists(name: string, dataDir = DATA_DIR): boolean {
  return isCorpusDir(join(dataDir, name));
}

/** Every corpus folder under the data folder, sorted by name; empty when the folder is missing. */
export function listCorpora(dataDir = DATA_DIR): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir)
    .map((d) => join(dataDir, d))
    .filter((d) => statSync(d).isDirectory() && isCorpusDir(d))
    .sort();
}

/** The first `limit` rows of a corpus folder, in stream order. */
export function readRows(dir: string, limit = Infinity): CorpusRow[] {
  return readFileSync(join(dir, "index.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .slice(0, limit)
    .map((line) => JSON.parse(line) as CorpusRow);
}

/** The page as it was served (gunzipped), as the bytes a fetch would have returned. */
export function readPageBytes(dir: string, row: Pick<CorpusRow, "file">): Uint8Array<ArrayBuffer> {
  const buf = gunzipSync(readFileSync(join(dir, row.file)));
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** The pages of a corpus folder one at a time, in stream order: only one page's bytes in memory. */
export function* streamCorpus(dir: string, limit = Infinity): Generator<StreamedPage> {
  const positions = new Map<string, number>();
  let index = 0;
  for (const row of readRows(dir, limit)) {
    const site = siteOf(row);
    const positionInSite = (positions.get(site) ?? 0) + 1;
    positions.set(site, positionInSite);
    yield { row, index: index++, positionInSite, site, url: pageUrl(row), bytes: readPageBytes(dir, row) };
  }
}

/** The first `limit` pages of a named corpus, in stream order, all decompressed into memory. */
export function loadCorpus(name: string, limit = Infinity, dataDir = DATA_DIR): CorpusPage[] {
  const dir = join(dataDir, name);
  return readRows(dir, limit).map((row) => ({
    corpus: name,
    id: row.id,
    site: row.site,
    url: pageUrl(row),
    bytes: readPageBytes(dir, row),
  }));
}
