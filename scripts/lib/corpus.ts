/**
 * The shared corpora (../shared/data/<name>/index.jsonl + pages/<id>.html.gz) as the benchmarks
 * read them: in stream order, pages decompressed once into memory. They are never copied into the
 * repository.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";

export const DATA_DIR = resolve(process.env.EVAL_DATA_DIR ?? join(import.meta.dirname, "../../../shared/data"));
export const CORPORA = ["stream-ctf", "single-zyte", "single-wcxb-dev"] as const;

export interface CorpusPage {
  corpus: string;
  id: string;
  site: string;
  url: string;
  bytes: Uint8Array<ArrayBuffer>;
}

interface Row {
  id: string;
  site: string;
  url: string;
  file: string;
}

/** A corpus row without a usable URL gets a synthetic one of its own, as the eval does. */
export function pageUrl(row: { id: string; site: string; url: string }): string {
  if (URL.canParse(row.url) && /^https?:/i.test(row.url)) return row.url;
  return `http://${row.site || "unknown"}.invalid/${encodeURIComponent(row.id)}`;
}

export function corpusExists(name: string, dataDir = DATA_DIR): boolean {
  return existsSync(join(dataDir, name, "index.jsonl"));
}

/** The first `limit` pages of a corpus, in stream order. */
export function loadCorpus(name: string, limit = Infinity, dataDir = DATA_DIR): CorpusPage[] {
  const dir = join(dataDir, name);
  const rows = readFileSync(join(dir, "index.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .slice(0, limit)
    .map((line) => JSON.parse(line) as Row);
  return rows.map((row) => {
    const buf = gunzipSync(readFileSync(join(dir, row.file)));
    return { corpus: name, id: row.id, site: row.site, url: pageUrl(row), bytes: new Uint8Array(buf.buffer as ArrayBuffer, buf.byteOffset, buf.byteLength) };
  });
}
