/**
 * How commentRegion (src/core/comments.ts) behaves on the WCXB dev corpora, whose gold text is the
 * main content without readers' comments: per page type, how many pages get a region, how much
 * text it holds, and how much of that text is in the gold after all (content the region would
 * wrongly take from the article). A block counts as gold when the gold contains its text.
 *
 * usage: npx tsx scripts/eval-comments.ts [--gold-kind] [CORPUS ...]   (default: train-wcxb-dev single-wcxb-dev)
 *   --gold-kind tells commentRegion the forum pages are threads, as the lead's pageKind would.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { commentRegion } from "../src/core/comments";
import { preparePage } from "../src/core/pipeline";
import { DATA_DIR, pageUrl } from "./lib/corpus";

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
const named = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const corpora = named.length ? named : ["train-wcxb-dev", "single-wcxb-dev"];
interface TypeStats {
  pages: number;
  withRegion: number;
  threads: number;
  chars: number;
  goldChars: number;
}
const stats = new Map<string, TypeStats>();
const worst: { id: string; goldChars: number; chars: number }[] = [];
for (const corpus of corpora) {
  const dir = join(DATA_DIR, corpus);
  for (const line of readFileSync(join(dir, "index.jsonl"), "utf8").split("\n").filter(Boolean)) {
    const row = JSON.parse(line) as { id: string; site: string; url: string; file: string; gold: string; type: string };
    const body = new Uint8Array(gunzipSync(readFileSync(join(dir, row.file))));
    const { page } = preparePage({ body, url: pageUrl(row) });
    // --gold-kind: the lead's setting, the page kind known (here the corpus's own type).
    const kind = process.argv.includes("--gold-kind") && row.type === "forum" ? "thread" : undefined;
    const region = commentRegion(page, { kind });
    const s = stats.get(row.type) ?? { pages: 0, withRegion: 0, threads: 0, chars: 0, goldChars: 0 };
    stats.set(row.type, s);
    s.pages++;
    if (region.reason === "thread") s.threads++;
    if (!region.blocks.length) continue;
    s.withRegion++;
    const gold = norm(row.gold);
    let chars = 0;
    let goldChars = 0;
    for (const i of region.blocks) {
      const text = page.blocks[i]!.text;
      chars += text.length;
      if (text.length >= 30 && gold.includes(norm(text))) goldChars += text.length;
    }
    s.chars += chars;
    s.goldChars += goldChars;
    worst.push({ id: `${row.id} (${row.type}) ${region.containers.slice(0, 2).join(" ")}`, goldChars, chars });
  }
}
console.log("type            pages  region  thread  region chars  of them in gold");
for (const [type, s] of stats) {
  const share = s.chars ? ((100 * s.goldChars) / s.chars).toFixed(1) : "-";
  const cols = [
    [s.pages, 7],
    [s.withRegion, 8],
    [s.threads, 8],
    [s.chars, 14],
  ] as const;
  console.log(`${type.padEnd(14)}${cols.map(([v, w]) => String(v).padStart(w)).join("")}  ${share}%`);
}
console.log("\npages whose region holds the most gold text:");
for (const w of worst.sort((a, b) => b.goldChars - a.goldChars).slice(0, 12)) {
  console.log(`  ${w.goldChars}/${w.chars} ${w.id}`);
}
