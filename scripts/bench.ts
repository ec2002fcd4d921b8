/**
 * Node benchmark over the shared corpora: our pipeline stage by stage and whole, and, in the same
 * run and on the same pages, the peers: htmlparser2 tokenization alone (the floor), linkedom
 * parse alone, and Readability on linkedom (what users would pick instead).
 *
 * Every task sample is one page. Pages go in chunks of 50: each task runs over a chunk, then the
 * next task over the same chunk (in an order shuffled per chunk), so a change of machine load hits
 * every task alike; the ratios are what to compare between runs. Each task starts on a collected heap and is charged the collection
 * of the garbage it leaves (in its mean, MB/s and "GC ms"), since a server pays that too.
 * The full report is written to bench/report.json and bench/report.md.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";
import { join, resolve } from "node:path";
import { Readability } from "@mozilla/readability";
import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
import { Bench } from "tinybench";
import { blockHash } from "../src/core/block-hash";
import { DEFAULT_HARD_RULES, type BlockVerdict } from "../src/core/classify";
import { classifyPage, HYBRID, modelVerdicts, SINGLE_PAGE, type Classifier } from "../src/core/cascade";
import { blockFeatures } from "../src/core/features";
import { DEFAULT_MODEL, predictBlocks } from "../src/core/model";
import { decideKind, decidePage } from "../src/core/page-decision";
import { KIND_MODEL } from "../src/core/page-kind";
import { applyRegion, regionParamsFor } from "../src/core/region";
import type { SegmentedPage } from "../src/core/types";
import { branchEvidence } from "../src/core/tree-evidence";
import { decodeHtml } from "../src/core/decode";
import { DomainState } from "../src/core/domain-state";
import { HEURISTICS } from "../src/core/heuristics";
import { isInterstitial } from "../src/core/interstitial";
import { ingestPage, pageEvidence, preparePage, processPage, type PreparedPage } from "../src/core/pipeline";
import { renderText } from "../src/core/render-text";
import { segmentHtml } from "../src/core/segment";
import { buildUrlKey } from "../src/core/url-key";
import { numberOption, parseCli } from "./lib/cli";
import { BENCH_CORPORA, corpusExists, DATA_DIR, loadCorpus, type CorpusPage } from "./lib/corpus";
import { machineInfo, machineLine } from "./lib/machine";
import { measureTreeScale, type SourcePage, type TreeScaleReport } from "./lib/tree-scale";
import { fmt, markdownTable, summarize, table, type Summary } from "./lib/stats";

const USAGE = `
usage: npm run bench [-- --quick] [--rounds N] [--pages N] [--corpus NAME[,NAME]] [--forced-gc] [--tree-only] [--tree-docs N]
  --quick     a few pages per corpus, one round: a smoke test
  Reports go to bench/ (committed) only from a run over the default corpora and pages; --quick,
  --pages or --corpus write them to bench/out/ (ignored), so a partial run never replaces them.
  --tree-only only the tree at the cap (heap, rebuild, export; seconds), report bench/tree-report.json
  --tree-docs documents in that one domain (default 10000, the production cap)
  --tree-in-process  the tree at the cap measured in this process, beside every corpus page (the
              method before 2026-11-27; by default a process of its own holds only the rows)
  --rounds N  passes over all pages, each timing every task once per page (default 1)
  --pages N   at most N pages per corpus
  --corpus    corpora to read (default ${BENCH_CORPORA.join(",")}), from ${DATA_DIR}
  --forced-gc the method before 2026-11-26: a forced gc() before each task and two after it, each
              task charged the collection of its leftover garbage (V8 then deoptimizes much of the
              code after every call; see README "Benchmarks")
  --help      this text`;
const { values } = parseCli(USAGE, {
  quick: { type: "boolean" },
  rounds: { type: "string" },
  pages: { type: "string" },
  corpus: { type: "string" },
  "forced-gc": { type: "boolean" },
  "tree-only": { type: "boolean" },
  "tree-docs": { type: "string" },
  // Internal: the child process of treeAtCap, printing its report as JSON.
  "tree-child": { type: "boolean" },
  "tree-in-process": { type: "boolean" },
});
const treeDocs = numberOption(USAGE, "tree-docs", values["tree-docs"], 10_000);
const quick = values.quick ?? false;
const rounds = numberOption(USAGE, "rounds", values.rounds, 1);
const pagesPerCorpus = numberOption(USAGE, "pages", values.pages, quick ? 8 : Infinity);
const corpora = (values.corpus?.split(",") ?? [...BENCH_CORPORA]).filter((c) => corpusExists(c));
/** A run over fewer pages or other corpora is a probe, not the report the repository keeps. */
const partialRun = quick || values.pages !== undefined || values.corpus !== undefined;
const outDir = resolve(import.meta.dirname, partialRun ? "../bench/out" : "../bench");
const gc = (globalThis as { gc?: () => void }).gc;
/**
 * Forced collections around the timed tasks (`--forced-gc`): off by default. V8's forced `gc()` also
 * drops the object shapes only dead objects held and deoptimizes the code that embeds them (about 80
 * of the pipeline's functions per call, `--trace-deopt` "weak objects"), so three calls per task and
 * chunk had every task run its first pages unoptimized, which a warm server never does: there a
 * collection runs while requests are in flight and their shapes are alive. Without them each task's
 * samples carry the collections that ran during them, whoever left the garbage (the GC column).
 */
const forcedGc = values["forced-gc"] && gc ? gc : undefined;

if (corpora.length === 0) {
  console.log(`bench: no corpora under ${DATA_DIR} (expected ${BENCH_CORPORA.join(", ")}); nothing to measure.`);
  console.log("bench: set EVAL_DATA_DIR to a folder of corpora (index.jsonl + pages/) to run it.");
  process.exit(0);
}

interface Page extends CorpusPage {
  html: string;
}

/** Stage inputs, made per chunk so the heap the benchmark keeps (and every GC walks) stays small. */
interface Inputs {
  prepared: PreparedPage;
  verdicts: BlockVerdict[];
  /** The shipped model's block probabilities on a cold start: the page-level decision's input. */
  probabilities: number[];
  /**
   * The verdicts the hybrid hands the page-level decision on a cold start: the model's after the region
   * stage (`verdicts` above are the tree classifier's, which the service never hands the decision).
   */
  decisionVerdicts: BlockVerdict[];
}

/**
 * One domain at the cap (scripts/lib/tree-scale.ts): stream-ctf's pages, each site a section of one
 * domain, repeated under distinct URLs with their own content until `treeDocs` documents.
 *
 * Measured in a process that holds the stored rows and little else, as the object's isolate does on
 * wake: in the bench process, which holds every corpus page decoded (~360 MB of heap), the rebuild's
 * scavenges cost 131-146 ms of a ~300 ms rebuild against 17-22 ms in a process holding only the rows
 * (session 19, `--trace-gc`; 339 MB of ballast slowed a lone rebuild from 268-309 to 330-365 ms).
 * Until 2026-11-27 the figure was taken in the bench process itself: `--tree-in-process` still does.
 */
function treeSources(): SourcePage[] | null {
  if (!gc || !corpora.includes("stream-ctf")) return null;
  const stream = loadCorpus("stream-ctf", pagesPerCorpus);
  if (stream.length < 100) return null;
  // One source per URL key: two corpus pages with one key are one document (a revision), not two.
  const sources = new Map<string, SourcePage>();
  for (const p of stream) {
    const prepared = preparePage({ body: p.bytes, url: p.url });
    const branch = [prepared.key.domain, ...prepared.key.branch];
    sources.set(prepared.key.key, { key: prepared.key.key, branch, hashes: prepared.hashes });
  }
  return [...sources.values()];
}

function treeAtCapHere(): TreeScaleReport | null {
  const sources = treeSources();
  return sources ? measureTreeScale(sources, treeDocs, gc!) : null;
}

/** The tree at the cap from a child process of this script (see treeSources for why). */
function treeAtCap(): TreeScaleReport | null {
  if (!gc || !corpora.includes("stream-ctf")) return null;
  if (values["tree-in-process"]) return treeAtCapHere();
  const args = [...process.execArgv, process.argv[1]!, "--tree-child", "--corpus", "stream-ctf"];
  if (values.pages !== undefined) args.push("--pages", values.pages);
  args.push("--tree-docs", String(treeDocs));
  const child = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 16 << 20 });
  if (child.status !== 0) throw new Error(`bench: the tree's child process failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1)!) as TreeScaleReport | null;
}

function treeAtCapLines(r: TreeScaleReport | null): string[] {
  if (!r) return ["tree at the cap: not measured (needs 100+ pages of stream-ctf and node --expose-gc)"];
  const verdict = (ok: boolean) => (ok ? "MET    " : "NOT MET");
  return [
    `tree at the cap (${r.documents} documents of one domain from ${r.sourcePages} stream-ctf pages; ${r.nodes} nodes, ` +
      `${r.soleHashes} hashes of one document (implied counts), ${r.explicitCounts} explicit counts, ${r.explicitOnes} of them 1):`,
    `${verdict(r.heapMb <= 30)}  memory ${fmt(r.heapMb, 1)} MB, heap + ArrayBuffers (count tables ${fmt(r.tableMb, 1)} MB; target <= 30 MB)`,
    `${verdict(r.rebuildMs <= 300)}  rebuild from stored rows ${fmt(r.rebuildMs, 0)} ms wall, ${fmt(r.rebuildCpuMs, 0)} ms CPU (${fmt(r.rowsMb, 1)} MB of rows; target <= 300 ms; SQLite's read not included)`,
    `         export NDJSON (streamed): ${fmt(r.exportNdjson.ms, 0)} ms, ${fmt(r.exportNdjson.mb, 1)} MB, peak heap +${fmt(r.exportNdjson.peakHeapMb, 1)} MB`,
    `         export JSON (original, whole): ${fmt(r.exportJson.ms, 0)} ms, ${fmt(r.exportJson.mb, 1)} MB, peak heap +${fmt(r.exportJson.peakHeapMb, 1)} MB`,
  ];
}

const machine = machineInfo();
console.log(`bench: ${machineLine(machine)}`);
if (values["tree-child"]) {
  console.log(JSON.stringify(treeAtCapHere()));
  process.exit(0);
}
/** `--tree-only`: the tree at the cap alone, its report written to tree-report.json. */
function treeOnly(): never {
  // Measured here, with no child: by default this process has loaded no corpus page (called before
  // they load), and with --tree-in-process it has loaded them all, as the old method had.
  const r = treeAtCapHere();
  const lines = treeAtCapLines(r);
  console.log(lines.join("\n"));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, "tree-report.json"),
    JSON.stringify({ machine: { ...machine, loadAverageAtEnd: machineInfo().loadAverage }, treeAtCap: r }, null, 2) +
      "\n",
  );
  console.log(`bench: wrote ${join(outDir, "tree-report.json")}`);
  process.exit(0);
}
// With --tree-in-process the corpora are loaded first, as the old method had them in the heap.
if (values["tree-only"] && !values["tree-in-process"]) treeOnly();
const pages: Page[] = corpora
  .flatMap((c) => loadCorpus(c, pagesPerCorpus))
  .map((p) => ({ ...p, html: decodeHtml(p.bytes).html }));
const bytesPerPass = pages.reduce((s, p) => s + p.bytes.byteLength, 0);
if (values["tree-only"]) treeOnly();

const CHUNK = 50;
console.log(
  `bench: ${pages.length} pages (${corpora.map((c) => `${c} ${pages.filter((p) => p.corpus === c).length}`).join(", ")}), ${fmt(bytesPerPass / 1e6, 1)} MB of HTML; ${rounds} round(s); ${forcedGc ? "forced gc() around each task" : "no forced collections"}`,
);

/** Per-domain trees for the stateful tasks, emptied at the start of each round. */
function statesFor(): { get: (domain: string) => DomainState; clear: () => void } {
  const states = new Map<string, DomainState>();
  return {
    get(domain) {
      let s = states.get(domain);
      if (!s) states.set(domain, (s = new DomainState(domain)));
      return s;
    },
    clear: () => states.clear(),
  };
}

const PRODUCTION: Classifier = { kind: "tree", heuristic: HEURISTICS.vote, hard: DEFAULT_HARD_RULES };

function ingestAndClassify(state: DomainState, prepared: PreparedPage, now: number): BlockVerdict[] {
  ingestPage(state, prepared, now);
  return classifyPage(prepared.page, pageEvidence(state, prepared), { classifier: PRODUCTION }).verdicts;
}

const PAGE_LEVEL = { classifier: SINGLE_PAGE };

function pageLevelDecision(page: SegmentedPage, p: readonly number[], verdicts: BlockVerdict[], url: string): unknown {
  const kind = decideKind(page, p, null, url, KIND_MODEL);
  const params = regionParamsFor(kind.kind);
  const threshold = params.threshold ?? DEFAULT_MODEL.threshold;
  const all = p.map(() => true);
  const region = applyRegion(
    page.blocks,
    p,
    p.map((x) => x >= threshold),
    all,
    page.title,
    params,
  );
  return [region, decidePage(page, verdicts, null, url, kind, region.inside)];
}

const WHOLE_TREE = "whole pipeline, tree classifier (vote)";
const INTERSTITIAL = "interstitial check (before the tree)";
const WHOLE_HYBRID = "whole pipeline, hybrid (service default)";

/** What the Worker sends its domain's object for a page (src/service/extract.ts, treeRequestFor). */
function treeRequest(prepared: PreparedPage, key: string) {
  return {
    domain: "hot.example",
    key,
    branch: prepared.key.branch,
    blocks: prepared.page.blocks.map((b, i) => ({ hash: prepared.hashes[i]!, chars: b.text.length })),
  };
}

/** A task gets one page per call, with its stage inputs and its position in the stream. */
interface TaskSpec {
  name: string;
  group: "stage" | "pipeline" | "object" | "peer";
  run: (page: Page, inputs: Inputs, position: number) => unknown;
  /** Stream state to empty when a round starts. */
  states?: { clear: () => void };
}

const treeStates = statesFor();
const pipelineStates = statesFor();
const hybridStates = statesFor();
const inputStates = statesFor();
/** One domain's object taking every page: the hot-domain case, fed the stream as one site. */
const hotStates = { object: new DomainState("hot.example"), insertOnly: new DomainState("hot.example") };
const HOT_KEY = (position: number) => `https://hot.example/p/${position}.html`;
const tokenizerOptions = { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false };

const TASKS: TaskSpec[] = [
  { name: "decode + segment", group: "stage", run: (p) => segmentHtml(decodeHtml(p.bytes).html) },
  { name: "URL key", group: "stage", run: (p, x) => buildUrlKey(p.url, { title: x.prepared.page.title }) },
  { name: "block hashes", group: "stage", run: (_p, x) => x.prepared.page.blocks.map((b) => blockHash(b.text)) },
  {
    name: "tree insert + classify",
    group: "stage",
    states: treeStates,
    run: (_p, x, position) => ingestAndClassify(treeStates.get(x.prepared.key.domain), x.prepared, position),
  },
  {
    // The page-level decision after the model's block scores, as the cascade runs it: the page's kind,
    // the region with that kind's constants, the comment section (the verdicts' own strings not included),
    // on the verdicts the hybrid hands it and with the wall figures asked before the tree.
    name: "page-level decision",
    group: "stage",
    run: (p, x) => pageLevelDecision(x.prepared.page, x.probabilities, x.decisionVerdicts, p.url),
  },
  {
    // What the service asks before the tree (may this page teach?), on a copy of the page object, whose
    // wall figures are not known yet (they are kept per page object).
    name: INTERSTITIAL,
    group: "stage",
    run: (_p, x) => isInterstitial({ ...x.prepared.page }),
  },
  {
    name: "cascade after the model (decision + verdicts)",
    group: "stage",
    run: (p, x) => classifyPage(x.prepared.page, null, { ...PAGE_LEVEL, probabilities: x.probabilities, url: p.url }),
  },
  { name: "render (text)", group: "stage", run: (_p, x) => renderText(x.prepared.page.blocks, x.verdicts) },
  {
    name: WHOLE_TREE,
    group: "pipeline",
    states: pipelineStates,
    run: (p, _x, position) => {
      const prepared = preparePage({ body: p.bytes, url: p.url });
      return processPage(pipelineStates.get(prepared.key.domain), prepared, { classifier: PRODUCTION, now: position })
        .text;
    },
  },
  {
    name: WHOLE_HYBRID,
    group: "pipeline",
    states: hybridStates,
    run: (p, _x, position) => {
      const prepared = preparePage({ body: p.bytes, url: p.url });
      return processPage(hybridStates.get(prepared.key.domain), prepared, { classifier: HYBRID, now: position }).text;
    },
  },
  {
    // What DomainTree.ingest does per request (insert, then the branch evidence), RPC copies included.
    name: "hot object: insert + evidence",
    group: "object",
    states: { clear: () => (hotStates.object = new DomainState("hot.example")) },
    run: (_p, x, position) => {
      const req = structuredClone(treeRequest(x.prepared, HOT_KEY(position)));
      const state = hotStates.object;
      const ingest = state.ingest(req.key, req.branch, req.blocks, position);
      const evidence = branchEvidence(state, {
        key: req.key,
        branch: req.branch,
        hashes: req.blocks.map((b) => b.hash),
      });
      return structuredClone({ evidence, ingest, rowsWritten: 1 });
    },
  },
  {
    // The floor of the object's share: the insert alone (a design that read evidence from a cached snapshot).
    name: "hot object: insert only (snapshot design)",
    group: "object",
    states: { clear: () => (hotStates.insertOnly = new DomainState("hot.example")) },
    run: (_p, x, position) => {
      const { key, branch, blocks } = structuredClone(treeRequest(x.prepared, HOT_KEY(position)));
      return structuredClone(hotStates.insertOnly.ingest(key, branch, blocks, position));
    },
  },
  { name: "htmlparser2 tokenize (floor)", group: "peer", run: (p) => new Parser(null, tokenizerOptions).end(p.html) },
  { name: "linkedom parse", group: "peer", run: (p) => parseHTML(p.html) },
  {
    name: "Readability on linkedom",
    group: "peer",
    run: (p) => {
      const { document } = parseHTML(p.html);
      try {
        return new Readability(document).parse();
      } catch {
        return null; // a page Readability cannot handle still cost what it cost
      }
    },
  },
];

const samples = new Map<string, number[]>(TASKS.map((t) => [t.name, []]));
/** Milliseconds of collection each task's garbage needed after its pages were timed. */
const leftoverGc = new Map<string, number>(TASKS.map((t) => [t.name, 0]));

/**
 * A full collection right after a task, minus a second one (which finds no garbage: the cost of
 * walking what the benchmark itself keeps): what collecting the task's leftover garbage cost. In a
 * server that cost lands on some later request, so each task's mean includes its own.
 */
function chargeLeftoverGarbage(task: string): void {
  if (!forcedGc) return;
  const t0 = performance.now();
  forcedGc();
  const t1 = performance.now();
  forcedGc();
  const t2 = performance.now();
  leftoverGc.set(task, leftoverGc.get(task)! + Math.max(0, t1 - t0 - (t2 - t1)));
}
/** When each task was measuring, to charge it the garbage collections that ran meanwhile. */
const windows: { task: string; start: number; end: number }[] = [];
const gcEntries: { start: number; duration: number }[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcEntries.push({ start: e.startTime, duration: e.duration });
});
gcObserver.observe({ entryTypes: ["gc"] });

/** A copy of `items` in an order fixed by `seed` (Fisher-Yates over xorshift32). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let x = (seed * 2654435761) >>> 0 || 1;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = (x >>> 0) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function runChunk(round: number, from: number): Promise<void> {
  const chunk = pages.slice(from, from + CHUNK);
  const inputs: Inputs[] = chunk.map((p, j) => {
    const prepared = preparePage({ body: p.bytes, url: p.url });
    const { blocks, title } = prepared.page;
    const probabilities = predictBlocks(DEFAULT_MODEL, blocks, blockFeatures(blocks, title, null)).map((x) => x.p);
    const verdicts = ingestAndClassify(inputStates.get(prepared.key.domain), prepared, from + j);
    // As the service does before the tree (src/service/extract.ts: may this page teach?), so the
    // decision, here as there, reads the page's wall figures rather than working them out; the check
    // itself is timed as a stage of its own. Without this the decision paid it only in the chunks
    // where it ran before "cascade after the model", which asks it on the same page object.
    isInterstitial(prepared.page);
    const kind = decideKind(prepared.page, probabilities, null, p.url, KIND_MODEL);
    const scores = { p: probabilities, why: () => "" };
    const decisionVerdicts = modelVerdicts(
      prepared.page,
      null,
      DEFAULT_MODEL,
      scores,
      regionParamsFor(kind.kind),
    ).verdicts;
    return { prepared, verdicts, probabilities, decisionVerdicts };
  });
  const warmup = round === 0 && from === 0;
  const bench = new Bench({
    iterations: chunk.length,
    time: 0,
    warmup,
    warmupIterations: Math.min(chunk.length, quick ? 4 : CHUNK),
    warmupTime: 0,
    retainSamples: true,
    throws: true,
    // With --forced-gc every task starts on a clean heap; what it leaves behind is charged to it in afterAll.
    setup: () => forcedGc?.(),
  });
  // A fresh task order per chunk: tasks share linkedom's and V8's state (inline caches, heap), and
  // a fixed order would hand the same neighbour's leftovers to the same task every time.
  for (const spec of shuffled(TASKS, from + round * pages.length)) {
    let next = 0;
    let start = 0;
    bench.add(
      spec.name,
      () => {
        const i = next++ % chunk.length;
        return spec.run(chunk[i]!, inputs[i]!, from + i);
      },
      {
        beforeAll(mode) {
          next = 0;
          // Warm-up pages went into the trees too: a round's stream starts from empty trees.
          if (mode === "run" && from === 0) spec.states?.clear();
          start = performance.now();
        },
        afterAll(mode) {
          if (mode !== "run") return;
          windows.push({ task: spec.name, start, end: performance.now() });
          chargeLeftoverGarbage(spec.name);
        },
      },
    );
  }
  await bench.run();
  for (const task of bench.tasks) {
    const result = task.result;
    if (result.state !== "completed") throw new Error(`bench: task ${task.name} ended ${result.state}`);
    samples.get(task.name)!.push(...(result.latency.samples ?? []));
  }
}

async function runRound(round: number): Promise<void> {
  inputStates.clear();
  for (let from = 0; from < pages.length; from += CHUNK) await runChunk(round, from);
  process.stdout.write(`bench: round ${round + 1}/${rounds} done\n`);
}

/** Milliseconds of garbage collection per page that ran while each task was measured. */
function gcPerPage(): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of gcEntries) {
    const w = windows.find((x) => e.start >= x.start && e.start < x.end);
    if (w) out.set(w.task, (out.get(w.task) ?? 0) + e.duration);
  }
  for (const [task, ms] of out) out.set(task, ms / samples.get(task)!.length);
  return out;
}

/**
 * RAM the in-memory URL Trees of stream-ctf hold, per 1,000 documents (the paper: 6.5 MB): the
 * heap growth from streaming the corpus into its domains' states, after full collections.
 */
function treeMemory(): { documents: number; mbPer1000: number } | null {
  const stream = pages.filter((p) => p.corpus === "stream-ctf");
  if (!gc || stream.length < 100) return null;
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const states = new Map<string, DomainState>();
  stream.forEach((p, i) => {
    const prepared = preparePage({ body: p.bytes, url: p.url });
    let state = states.get(prepared.key.domain);
    if (!state) states.set(prepared.key.domain, (state = new DomainState(prepared.key.domain)));
    ingestPage(state, prepared, i);
  });
  gc();
  gc();
  const bytes = process.memoryUsage().heapUsed - before;
  let documents = 0;
  for (const state of states.values()) documents += state.size;
  return { documents, mbPer1000: (bytes / 1e6 / documents) * 1000 };
}

for (let r = 0; r < rounds; r++) await runRound(r);
await new Promise((r) => setTimeout(r, 50));
gcObserver.disconnect();
const gcMs = gcPerPage();

const results = TASKS.map((t) => {
  const s = summarize(samples.get(t.name)!);
  const leftover = leftoverGc.get(t.name)!;
  // Median and p95 are per-page samples; with --forced-gc mean and MB/s also carry the task's leftover garbage.
  const total = s.total + leftover;
  return {
    name: t.name,
    group: t.group,
    ...s,
    total,
    mean: total / s.n,
    gcMsPerPage: (gcMs.get(t.name) ?? 0) + leftover / s.n,
    mbPerSecond: (bytesPerPass * rounds) / 1e6 / (total / 1000),
  };
});
const by = (name: string): Summary => results.find((r) => r.name === name)!;
const readability = by("Readability on linkedom");
const linkedom = by("linkedom parse");
const floor = by("htmlparser2 tokenize (floor)");
const ratio = (a: Summary, b: Summary) => ({ mean: a.mean / b.mean, median: a.median / b.median });
const pipelines = [WHOLE_TREE, WHOLE_HYBRID].map((name) => {
  const whole = by(name);
  return {
    name,
    overReadability: ratio(whole, readability),
    overLinkedomParse: ratio(whole, linkedom),
    overTokenizer: ratio(whole, floor),
  };
});
const ratios = Object.fromEntries(
  pipelines.map((p) => [
    p.name,
    { overReadability: p.overReadability, overLinkedomParse: p.overLinkedomParse, overTokenizer: p.overTokenizer },
  ]),
);
const targets = pipelines
  .flatMap((p) => [
    {
      target: `${p.name} <= 1/3 of Readability on linkedom`,
      value: Math.max(p.overReadability.mean, p.overReadability.median),
      limit: 1 / 3,
    },
    {
      target: `${p.name} <= 1.5x linkedom parse`,
      value: Math.max(p.overLinkedomParse.mean, p.overLinkedomParse.median),
      limit: 1.5,
    },
  ])
  .concat(decisionShare())
  .map((t) => ({ ...t, met: t.value <= t.limit }));
/**
 * Issue 12's bound on the page-level decision: its stage's time over the hybrid pipeline's, the worse
 * of the mean and median ratios (the stage is timed on its own, so it pays its first sight of each
 * page's paths as the pipeline does).
 */
function decisionShare(): { target: string; value: number; limit: number } {
  const share = ratio(by("page-level decision"), by(WHOLE_HYBRID));
  const decision = by("page-level decision");
  const check = by(INTERSTITIAL);
  const hybrid = by(WHOLE_HYBRID);
  // The share were the interstitial check counted in the decision (the whole pipelines run it inside it).
  console.log(
    `bench: page-level decision + interstitial check: ${fmt((100 * (decision.mean + check.mean)) / hybrid.mean, 1)}% of ${WHOLE_HYBRID} mean, ${fmt((100 * (decision.median + check.median)) / hybrid.median, 1)}% median`,
  );
  return {
    target: `page-level decision <= 10% of ${WHOLE_HYBRID}`,
    value: Math.max(share.mean, share.median),
    limit: 0.1,
  };
}
const hotObject = {
  insertEvidenceMs: by("hot object: insert + evidence").mean,
  insertOnlyMs: by("hot object: insert only (snapshot design)").mean,
};
const hotLine =
  `hot domain, object work per request (mean): insert + evidence ${fmt(hotObject.insertEvidenceMs, 3)} ms ` +
  `(~${fmt(1000 / hotObject.insertEvidenceMs, 0)} req/s per object); insert only ${fmt(hotObject.insertOnlyMs, 3)} ms ` +
  `(~${fmt(1000 / hotObject.insertOnlyMs, 0)} req/s): the evidence read costs ${fmt(hotObject.insertEvidenceMs / hotObject.insertOnlyMs, 1)}x the insert alone, before SQLite and RPC overhead`;
const memory = treeMemory();
const atCap = treeAtCap();
const atCapLines = treeAtCapLines(atCap);

const header = ["task (per page)", "mean ms", "median ms", "p95 ms", "MB/s", "GC ms"];
const GROUP_LABEL = { stage: "stage: ", pipeline: "", object: "", peer: "peer: " } as const;
const rows = results.map((r) => [
  `${GROUP_LABEL[r.group]}${r.name}`,
  fmt(r.mean),
  fmt(r.median),
  fmt(r.p95),
  fmt(r.mbPerSecond, 1),
  fmt(r.gcMsPerPage),
]);
const ratioRows = pipelines.flatMap((p) => [
  [`${p.name} / Readability on linkedom`, fmt(p.overReadability.mean, 3), fmt(p.overReadability.median, 3)],
  [`${p.name} / linkedom parse`, fmt(p.overLinkedomParse.mean, 3), fmt(p.overLinkedomParse.median, 3)],
  [`${p.name} / htmlparser2 tokenize`, fmt(p.overTokenizer.mean, 3), fmt(p.overTokenizer.median, 3)],
]);
// A --quick run is one cold round over a few pages (CI's smoke test): its ratios are not the
// targets' measure, so it prints them without a verdict rather than a NOT MET nobody should act on.
const targetVerdict = (met: boolean) => (quick ? "not judged (--quick)" : met ? "MET    " : "NOT MET");
const targetLines = targets.map(
  (t) =>
    `${targetVerdict(t.met)}  ${t.target}: ${fmt(t.value, 3)} (worse of mean and median ratio; limit ${fmt(t.limit, 3)})`,
);
const memoryLine = memory
  ? `URL Tree RAM (stream-ctf, ${memory.documents} documents): ${fmt(memory.mbPer1000)} MB per 1,000 documents (paper: 6.5 MB)`
  : "URL Tree RAM: not measured (needs 100+ pages of stream-ctf and node --expose-gc)";

console.log("\n" + table(header, rows));
console.log("\n" + table(["ratio", "mean", "median"], ratioRows));
console.log("\n" + targetLines.join("\n"));
console.log(memoryLine);
console.log(hotLine);
console.log(atCapLines.join("\n"));

const report = {
  machine: { ...machine, loadAverageAtEnd: machineInfo().loadAverage },
  quick,
  rounds,
  corpora: corpora.map((c) => ({ name: c, pages: pages.filter((p) => p.corpus === c).length })),
  pages: pages.length,
  megabytesPerPass: bytesPerPass / 1e6,
  tasks: results,
  ratios,
  targets,
  treeMemory: memory,
  hotObject,
  treeAtCap: atCap,
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "report.json"), JSON.stringify(report, null, 2) + "\n");
writeFileSync(
  join(outDir, "report.md"),
  [
    "# Benchmark: pipeline vs peers (Node)",
    "",
    `\`npm run bench${process.argv.length > 2 ? " -- " + process.argv.slice(2).join(" ") : ""}\` on ${machineLine(machine)}.`,
    `${pages.length} pages (${report.corpora.map((c) => `${c.name} ${c.pages}`).join(", ")}), ${fmt(bytesPerPass / 1e6, 1)} MB of HTML, ${rounds} round(s); every sample is one page.`,
    forcedGc
      ? 'Forced gc() around each task. Median and p95 are per-page samples; the mean and MB/s also include the collection of each task\'s leftover garbage ("GC ms": all collection charged to the task, per page).'
      : 'No forced collections: every sample carries the collections that ran during it, whoever left the garbage ("GC ms": collection during the task, per page).',
    "",
    markdownTable(header, rows),
    "",
    markdownTable(["ratio", "mean", "median"], ratioRows),
    "",
    ...targets.map(
      (t) =>
        `- ${quick ? "not judged (--quick)" : t.met ? "**met**" : "**not met**"}: ${t.target}: ${fmt(t.value, 3)} (limit ${fmt(t.limit, 3)})`,
    ),
    `- ${memoryLine}`,
    `- ${hotLine}`,
    ...atCapLines.map((l) => `- ${l.trim()}`),
    "",
  ].join("\n"),
);
console.log(`\nbench: wrote ${join(outDir, "report.json")} and report.md`);
