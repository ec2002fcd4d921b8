/**
 * Streams gold-annotated corpora through exactly the Worker's pipeline (URL key, segment, insert,
 * classify, text out), one DomainState per registrable domain as the Durable Objects hold them,
 * and scores every page with the team's scorer (../shared/eval/score.mjs: word-LCS P/R/F1).
 *
 * usage: npm run eval [-- [CORPUS_DIR ...] [--json] [--configs a,b] [--limit N]]
 *   With no folder, every corpus under ../shared/data (or $EVAL_DATA_DIR) is run.
 *   --json prints a machine-readable summary as the last line.
 *   --peers also scores Mozilla Readability on linkedom on the same pages (config "readability").
 *   --gate FLOORS.json fails (exit 1) when a corpus's F1 for a config falls below its pinned floor
 *   ({"stream-ctf": {"production": 0.89}}). Floors only go up; lowering one needs a stated reason.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { decodeHtml } from "../src/core/decode";
import { DEFAULT_HARD_RULES, NO_HARD_RULES, type HardRules } from "../src/core/classify";
import { renderText } from "../src/core/render";
import { DomainState } from "../src/core/domain-state";
import { HEURISTICS, parseHeuristic, type Heuristic } from "../src/core/heuristics";
import { classifyPage, HYBRID, SINGLE_PAGE, type Classifier } from "../src/core/cascade";
import { ingestPage, pageEvidence, preparePage, type PreparedPage } from "../src/core/pipeline";
import type { BranchEvidence } from "../src/core/tree-evidence";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const sharedDir = resolve(repoRoot, "../shared");
const defaultDataDir = process.env.EVAL_DATA_DIR ?? join(sharedDir, "data");
const scorerPath = join(sharedDir, "eval/score.mjs");

interface Config {
  name: string;
  /** "tree": the URL Tree heuristic alone; "hybrid": model + tree evidence; "single-page": model alone. */
  classifier?: "tree" | "hybrid" | "single-page";
  heuristic: Heuristic;
  hard: HardRules;
}

/** What the closing notes compare: the paper's heuristics as published, and the authors' production rules. */
const CONFIGS: Record<string, Config> = {
  strict: { name: "strict", heuristic: HEURISTICS.strict, hard: NO_HARD_RULES },
  "strict-support-100": { name: "strict-support-100", heuristic: HEURISTICS["strict-support"], hard: NO_HARD_RULES },
  "strict-at-domain": { name: "strict-at-domain", heuristic: HEURISTICS["strict-at-domain"], hard: NO_HARD_RULES },
  "relaxed-at-domain-500": { name: "relaxed-at-domain-500", heuristic: HEURISTICS["relaxed-at-domain"], hard: NO_HARD_RULES },
  "strict+hard": { name: "strict+hard", heuristic: HEURISTICS.strict, hard: DEFAULT_HARD_RULES },
  production: { name: "production", heuristic: HEURISTICS.vote, hard: DEFAULT_HARD_RULES },
  "single-page": { name: "single-page", classifier: "single-page", heuristic: HEURISTICS.vote, hard: NO_HARD_RULES },
  hybrid: { name: "hybrid", classifier: "hybrid", heuristic: HEURISTICS.vote, hard: NO_HARD_RULES },
};

interface CorpusRow {
  id: string;
  site: string;
  url: string;
  file: string;
  gold: string;
}

interface Scores {
  p: number;
  r: number;
  f1: number;
}

type Prf = (extracted: string, gold: string) => Scores;

const CURVE = [
  { name: "1-10", from: 1, to: 10 },
  { name: "11-30", from: 11, to: 30 },
  { name: "31+", from: 31, to: Infinity },
] as const;

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
}

function parseArgs(argv: string[]): { dirs: string[]; json: boolean; configs: Config[]; limit: number; gate: string | null; peers: boolean } {
  const dirs: string[] = [];
  const peers = argv.includes("--peers");
  let json = false;
  let gate: string | null = null;
  let configs = Object.values(CONFIGS);
  let limit = Infinity;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--json") json = true;
    else if (a === "--peers") continue;
    else if (a === "--limit") limit = Number(argv[++i]);
    else if (a === "--gate") gate = argv[++i] ?? null;
    else if (a === "--configs") {
      configs = argv[++i]!.split(",").map((name) => {
        if (CONFIGS[name]) return CONFIGS[name];
        const parsed = parseHeuristic(name);
        if (!parsed.ok) throw new Error(parsed.error);
        return { name, heuristic: parsed.heuristic, hard: DEFAULT_HARD_RULES };
      });
    } else dirs.push(a);
  }
  return { dirs, json, configs, limit, gate, peers };
}

interface CorpusReport {
  corpus: string;
  pages: number;
  msPerPage: number;
  configs: Record<string, Scores & { sites: Record<string, number>; curve: Record<string, number> }>;
}

/** A corpus row without a usable URL still gets scored, under a synthetic key of its own. */
function pageUrl(row: CorpusRow): string {
  if (URL.canParse(row.url) && /^https?:/i.test(row.url)) return row.url;
  return `http://${row.site || "unknown"}.invalid/${encodeURIComponent(row.id)}`;
}

/** The peer users would pick: Readability on linkedom, given the same decoded HTML. */
function readabilityText(body: Uint8Array): string {
  const { document } = parseHTML(decodeHtml(body).html);
  try {
    return new Readability(document as unknown as Document).parse()?.textContent ?? "";
  } catch {
    return "";
  }
}

/** The service's cascade (src/core/cascade.ts) on one page, for one configuration: the text that is scored. */
function classifyForEval(prepared: PreparedPage, evidence: BranchEvidence, c: Config): string {
  const classifier: Classifier =
    c.classifier === "hybrid" ? HYBRID : c.classifier === "single-page" ? SINGLE_PAGE : { kind: "tree", heuristic: c.heuristic, hard: c.hard };
  return renderText(prepared.page.blocks, classifyPage(prepared.page, evidence, { classifier }).verdicts);
}

function runCorpus(dir: string, configs: Config[], prf: Prf, limit: number, peers: boolean): CorpusReport {
  const rows: CorpusRow[] = readFileSync(join(dir, "index.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CorpusRow)
    .slice(0, limit);
  const states = new Map<string, DomainState>();
  const positionInSite = new Map<string, number>();
  const perPage: { site: string; position: number; scores: Scores[] }[] = [];
  const start = Date.now();
  let pipelineMs = 0;
  rows.forEach((row, i) => {
    const body = gunzipSync(readFileSync(join(dir, row.file)));
    const t0 = performance.now();
    const prepared = preparePage({ body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), url: pageUrl(row) });
    let state = states.get(prepared.key.domain);
    if (!state) states.set(prepared.key.domain, (state = new DomainState(prepared.key.domain)));
    // Stream order is time order: one millisecond per page keeps age-based eviction out of the way.
    ingestPage(state, prepared, start + i);
    const evidence = pageEvidence(state, prepared);
    const texts = configs.map((c) => classifyForEval(prepared, evidence, c));
    pipelineMs += performance.now() - t0;
    if (peers) texts.push(readabilityText(new Uint8Array(body.buffer, body.byteOffset, body.byteLength)));
    const position = (positionInSite.get(row.site) ?? 0) + 1;
    positionInSite.set(row.site, position);
    perPage.push({ site: row.site, position, scores: texts.map((t) => prf(t, row.gold)) });
  });
  const report: CorpusReport = { corpus: basename(dir), pages: rows.length, msPerPage: pipelineMs / Math.max(1, rows.length), configs: {} };
  const scored = peers ? [...configs, { name: "readability" } as Config] : configs;
  scored.forEach((config, ci) => {
    const pick = (pages: typeof perPage, k: keyof Scores) => mean(pages.map((p) => p.scores[ci]![k]));
    const sites: Record<string, number> = {};
    for (const site of new Set(perPage.map((p) => p.site))) sites[site] = pick(perPage.filter((p) => p.site === site), "f1");
    const curve: Record<string, number> = {};
    for (const b of CURVE) curve[b.name] = pick(perPage.filter((p) => p.position >= b.from && p.position <= b.to), "f1");
    report.configs[config.name] = { p: pick(perPage, "p"), r: pick(perPage, "r"), f1: pick(perPage, "f1"), sites, curve };
  });
  return report;
}

function printReport(report: CorpusReport): void {
  const names = Object.keys(report.configs);
  console.log(`\n== ${report.corpus}: ${report.pages} pages, pipeline ${report.msPerPage.toFixed(1)} ms/page (all configs classified)`);
  console.log(`${"config".padEnd(24)} ${"P".padStart(6)} ${"R".padStart(6)} ${"F1".padStart(6)}   ${CURVE.map((b) => `F1[${b.name}]`.padStart(10)).join(" ")}`);
  for (const name of names) {
    const c = report.configs[name]!;
    console.log(`${name.padEnd(24)} ${c.p.toFixed(3).padStart(6)} ${c.r.toFixed(3).padStart(6)} ${c.f1.toFixed(3).padStart(6)}   ${CURVE.map((b) => c.curve[b.name]!.toFixed(3).padStart(10)).join(" ")}`);
  }
  const sites = Object.keys(report.configs[names[0]!]!.sites);
  if (sites.length > 1 && sites.length <= 40) {
    console.log(`per-site F1: ${"site".padEnd(20)} ${names.map((n) => n.slice(0, 12).padStart(12)).join(" ")}`);
    for (const site of sites) console.log(`             ${site.padEnd(20)} ${names.map((n) => report.configs[n]!.sites[site]!.toFixed(3).padStart(12)).join(" ")}`);
  }
}

function checkFloors(file: string, reports: CorpusReport[]): string[] {
  const floors = JSON.parse(readFileSync(resolve(repoRoot, file), "utf8")) as Record<string, Record<string, number>>;
  const failures: string[] = [];
  for (const report of reports) {
    for (const [config, floor] of Object.entries(floors[report.corpus] ?? {})) {
      const got = report.configs[config]?.f1;
      if (got === undefined) failures.push(`${report.corpus}: config "${config}" was not run`);
      else if (got < floor) failures.push(`${report.corpus}: ${config} F1 ${got.toFixed(4)} < floor ${floor}`);
      else console.log(`eval gate: ${report.corpus} ${config} F1 ${got.toFixed(4)} >= floor ${floor}`);
    }
  }
  return failures;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(scorerPath)) {
    console.error(`eval: the scorer ${scorerPath} is missing; it lives in ../shared/eval beside the repository`);
    return 2;
  }
  const { prf } = (await import(pathToFileURL(scorerPath).href)) as { prf: Prf };
  let dirs = args.dirs.map((d) => resolve(d));
  if (dirs.length === 0) {
    if (!existsSync(defaultDataDir)) {
      console.log(`eval: no data folder at ${defaultDataDir}; nothing to evaluate (pass a corpus folder, or set EVAL_DATA_DIR)`);
      return 0;
    }
    dirs = readdirSync(defaultDataDir)
      .map((d) => join(defaultDataDir, d))
      .filter((d) => statSync(d).isDirectory() && existsSync(join(d, "index.jsonl")))
      .sort();
  }
  const reports: CorpusReport[] = [];
  for (const dir of dirs) {
    if (!existsSync(join(dir, "index.jsonl"))) {
      console.error(`eval: ${dir} is not a corpus folder (no index.jsonl)`);
      return 2;
    }
    const report = runCorpus(dir, args.configs, prf, args.limit, args.peers);
    printReport(report);
    reports.push(report);
  }
  const failures = args.gate ? checkFloors(args.gate, reports) : [];
  for (const f of failures) console.error(`eval gate: ${f}`);
  if (args.gate) console.log(failures.length ? `eval gate: FAILED (${failures.length})` : "eval gate: passed");
  if (args.json) console.log(JSON.stringify({ corpora: reports }));
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
