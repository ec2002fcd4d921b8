/**
 * The pipeline inside workerd, under `wrangler dev` (local workerd, local Durable Object storage):
 *
 * 1. Durable Object cost. stream-ctf goes page by page through POST /extract with the API key, so
 *    every page teaches its domain's object, as a crawler feeding the service would: rows written
 *    per ingested document, SQLite bytes per 1,000 documents (all objects, and net of each
 *    object's fixed pages), and the round trip of the object call per ingest (Server-Timing).
 * 2. Load. autocannon at 1, 8 and 32 connections: p50/p99 latency, throughput, and workerd's CPU
 *    time per request (from /proc: timers inside workerd stand still while code runs):
 *    - GET, one hot domain: the Worker fetches corpus pages from a local upstream on 127.0.0.1,
 *      one host, hence one registrable domain and one Durable Object;
 *    - POST, one hot domain: the caller supplies the pages, all claimed for one domain (no fetch);
 *    - POST, many domains: pages supplied under their own URLs (every site of the corpora).
 *    - POST, one hot domain, tree classifier alone (heuristic=vote): the same without the learned
 *      model the service runs by default, to separate the pipeline from the model;
 *    - GET, one hot domain, small pages: the synthetic test site's articles (about 3 KB each, the
 *      corpus pages average over 100 KB), to show how much of the cost is page size.
 *    A local upstream can only be one domain (one IP, no DNS), so the many-domains case posts the
 *    pages. Each request names a fresh file in the page's directory: a new document, an insert.
 *
 * wrangler dev runs all JavaScript of the Worker and its objects on one workerd thread, so
 * throughput is about 1,000 / (CPU ms per request) and latency at 32 connections is queueing.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { numberOption, parseCli } from "./lib/cli";
import { BENCH_CORPORA, corpusExists, DATA_DIR, loadCorpus, type CorpusPage } from "./lib/corpus";
import { startSite, startWorker, type LocalWorker } from "./lib/local-worker";
import { machineInfo, machineLine } from "./lib/machine";
import { procAvailable, treeCpuMs } from "./lib/proc-cpu";
import { measureWorkerScale, type MemoryPoint, type WorkerScaleReport } from "./lib/worker-scale";
import { fmt, markdownTable, summarize, table } from "./lib/stats";
import { articleHtml } from "../test/fixtures/synthetic-site";

const USAGE = `
usage: npm run bench:worker [-- --quick] [--duration S] [--only TEXT] [--scale-only]
  --quick       few pages, 3 s load runs: a smoke test (report goes to bench/out/)
  --duration S  seconds per load run (default 10)
  --only TEXT   only the load scenarios whose name contains TEXT (the storage pass always runs)
  --scale-only  only one domain at the cap: workerd memory 1k -> 10k documents, first request after a
                restart (~1-2 min), report bench/worker-scale-report.json
  --help        this text`;
const { values } = parseCli(USAGE, {
  quick: { type: "boolean" },
  duration: { type: "string" },
  only: { type: "string" },
  "scale-only": { type: "boolean" },
});
const quick = values.quick ?? false;
const duration = numberOption(USAGE, "duration", values.duration, quick ? 3 : 10);
const only = values.only;
const CONNECTIONS = [1, 8, 32];
const API = "bench-api-key";
const ADMIN = "bench-admin-key";
const outDir = resolve(import.meta.dirname, quick ? "../bench/out" : "../bench");

function scaleLines(r: WorkerScaleReport): string[] {
  const verdict = (ok: boolean) => (ok ? "MET    " : "NOT MET");
  return [
    `one domain at the cap in workerd (synthetic documents of ~150 blocks, filled by import: ` +
      `${r.documents.small} in ${fmt(r.importMs.small, 0)} ms, ${r.documents.large} in ${fmt(r.importMs.large, 0)} ms, ${fmt(r.importBodyMb, 1)} MB of NDJSON):`,
    `         workerd RSS after a restart: ${fmt(r.rssMb.fresh, 1)} MB fresh, ${fmt(r.rssMb.afterSmall, 1)} MB with the ${r.documents.small}-document object loaded, ${fmt(r.rssMb.afterLarge, 1)} MB with the ${r.documents.large}-document one too`,
    `         RSS each object added when it loaded: ${fmt(r.objectMb.small, 1)} MB (${r.documents.small} documents), ${fmt(r.objectMb.large, 1)} MB (${r.documents.large})`,
    `${verdict(r.growthSmallToLargeMb <= 40)}  workerd growth from ${r.documents.small} to ${r.documents.large} documents: ${fmt(r.growthSmallToLargeMb, 1)} MB (the difference; target <= 40 MB)`,
    `${verdict(r.firstRequestMs.large <= 1000)}  first request after a restart at the cap: ${fmt(r.firstRequestMs.large, 0)} ms (rebuild from SQLite + extraction; ` +
      `${r.documents.small} documents: ${fmt(r.firstRequestMs.small, 0)} ms; the next request: ${fmt(r.firstRequestMs.largeSecond, 0)} ms; target <= 1000 ms)`,
    ...settledLines(r),
  ];
}

/** What the RSS readings hold, and the figures after a forced GC (scripts/lib/memory-probe.ts). */
function settledLines(r: WorkerScaleReport): string[] {
  const s = r.settled;
  if (!s) return ["         (no settled figures: wrangler's inspector was not reachable, or no global WebSocket)"];
  const mb = (v: number | null | undefined) => (v === null || v === undefined ? "?" : fmt(v, 1));
  const at = (name: string, p: MemoryPoint) =>
    `${name}: Worker ${mb(p.worker?.rssMb)} (anon ${mb(p.worker?.anonMb)}) + proxy ${mb(p.proxy?.rssMb)}, ` +
    `V8 heap ${mb(p.heap.usedMb)} used of ${mb(p.heap.totalMb)}, ArrayBuffers ${mb(p.heap.backingMb)}`;
  const after = (p: MemoryPoint) =>
    `${mb(p.rssAfterGcMb)} (heap ${mb(p.heapAfterGc.usedMb)} of ${mb(p.heapAfterGc.totalMb)}, ArrayBuffers ${mb(p.heapAfterGc.backingMb)})`;
  return [
    `         what each reading held, MB: ${at("fresh", s.fresh)}; ${at(String(r.documents.small), s.afterSmall)}; ${at(String(r.documents.large), s.afterLarge)}`,
    `         after a forced full GC and a pause, workerd RSS MB: fresh ${after(s.fresh)}, ${r.documents.small} ${after(s.afterSmall)}, ${r.documents.large} ${after(s.afterLarge)}`,
    `${s.growthSmallToLargeMb <= 40 ? "MET    " : "NOT MET"}  settled workerd growth from ${r.documents.small} to ${r.documents.large} documents (after a forced GC): ${fmt(s.growthSmallToLargeMb, 1)} MB ` +
      `(objects ${fmt(s.objectMb.small, 1)} / ${fmt(s.objectMb.large, 1)} MB; of the growth, V8 heap used ${fmt(s.heapGrowthMb, 1)} MB, ArrayBuffers ${mb(s.backingGrowthMb)} MB; target <= 40 MB)`,
    // The first object to load also pages in workerd's code for objects and SQLite (file-backed,
    // 3-7 MB by run), which the raw difference subtracts: the Worker's anonymous memory leaves it out.
    `         the same growth in the Worker's workerd anonymous memory alone (no code pages, no proxy): raw ${mb(anonGrowth(s, (p) => p.worker?.anonMb))} MB, after the GC ${mb(anonGrowth(s, (p) => p.workerAfterGc?.anonMb))} MB`,
  ];
}

function anonGrowth(
  s: NonNullable<WorkerScaleReport["settled"]>,
  f: (p: MemoryPoint) => number | undefined,
): number | null {
  const [a, b, c] = [f(s.fresh), f(s.afterSmall), f(s.afterLarge)];
  return a === undefined || b === undefined || c === undefined ? null : c - 2 * b + a;
}

if (values["scale-only"]) {
  const machineNow = machineInfo();
  console.log(`bench:worker: ${machineLine(machineNow)}`);
  const r = await measureWorkerScale(
    { API_KEY: API, ADMIN_KEY: ADMIN },
    quick ? { small: 100, large: 1_000 } : undefined,
  );
  console.log(scaleLines(r).join("\n"));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, "worker-scale-report.json"),
    JSON.stringify({ machine: { ...machineNow, loadAverageAtEnd: machineInfo().loadAverage }, scale: r }, null, 2) +
      "\n",
  );
  console.log(`bench:worker: wrote ${join(outDir, "worker-scale-report.json")}`);
  process.exit(0);
}

if (!corpusExists("stream-ctf")) {
  console.log(`bench:worker: no stream-ctf corpus under ${DATA_DIR}; nothing to measure (set EVAL_DATA_DIR).`);
  process.exit(0);
}

const machine = machineInfo();
console.log(`bench:worker: ${machineLine(machine)}`);
const stream = loadCorpus("stream-ctf", quick ? 40 : Infinity);
const pool: CorpusPage[] = BENCH_CORPORA.filter((c) => corpusExists(c)).flatMap((c) =>
  loadCorpus(c, quick ? 10 : Infinity),
);
console.log(
  `bench:worker: ${stream.length} stream-ctf pages for storage, ${pool.length} pages for load, ${duration} s per load run`,
);

const auth = { authorization: `Bearer ${API}` };

/** A fresh file name in the page's own directory: same tree branch, new document. */
function freshUrl(url: string, n: number): string {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/[^/]*$/, (file) => `${file.replace(/\.[a-z0-9]+$/i, "") || "index"}-b${n}.html`);
  return u.href;
}

function serverTimingMs(header: string | null): number | null {
  const m = header ? /tree;dur=([\d.]+)/.exec(header) : null;
  return m ? Number(m[1]) : null;
}

interface StorageReport {
  pages: number;
  inserted: number;
  domains: number;
  documents: number;
  rowsWrittenPerIngest: { mean: number; max: number };
  sqliteBytes: number;
  mbPer1000Docs: number;
  fixedBytesPerObject: number;
  netMbPer1000Docs: number;
  rpcMs: { mean: number; median: number; p95: number };
  requestMs: { mean: number; median: number; p95: number };
}

async function adminStats(worker: LocalWorker, domain: string): Promise<{ bytes: number; documents: number }> {
  const res = await fetch(`${worker.base}/admin/domains/${domain}/stats`, {
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  return (await res.json()) as { bytes: number; documents: number };
}

async function measureStorage(worker: LocalWorker): Promise<StorageReport> {
  const rows: number[] = [];
  const rpc: number[] = [];
  const latency: number[] = [];
  const domains = new Set<string>();
  for (const page of stream) {
    const t0 = performance.now();
    const res = await fetch(`${worker.base}/extract?url=${encodeURIComponent(page.url)}`, {
      method: "POST",
      headers: { "content-type": "text/html", ...auth },
      body: page.bytes,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`POST ${page.url}: ${res.status}`);
    latency.push(performance.now() - t0);
    domains.add(res.headers.get("x-domain")!);
    if (res.headers.get("x-ingest") === "inserted") {
      rows.push(Number(res.headers.get("x-rows-written")));
      const ms = serverTimingMs(res.headers.get("server-timing"));
      if (ms !== null) rpc.push(ms);
    }
  }
  let bytes = 0;
  let documents = 0;
  for (const d of domains) {
    const s = await adminStats(worker, d);
    bytes += s.bytes;
    documents += s.documents;
  }
  // An object holding one small document: what every object costs before its documents.
  const probe = "storage-probe.example";
  await fetch(`${worker.base}/extract?url=${encodeURIComponent(`https://${probe}/a.html`)}`, {
    method: "POST",
    headers: { "content-type": "text/html", ...auth },
    body: "<p>probe</p>",
  }).then((r) => r.arrayBuffer());
  const fixed = (await adminStats(worker, probe)).bytes;
  const r = summarize(rpc);
  const l = summarize(latency);
  return {
    pages: stream.length,
    inserted: rows.length,
    domains: domains.size,
    documents,
    rowsWrittenPerIngest: { mean: summarize(rows).mean, max: Math.max(...rows) },
    sqliteBytes: bytes,
    mbPer1000Docs: (bytes / 1e6 / documents) * 1000,
    fixedBytesPerObject: fixed,
    netMbPer1000Docs: ((bytes - fixed * domains.size) / 1e6 / documents) * 1000,
    rpcMs: { mean: r.mean, median: r.median, p95: r.p95 },
    requestMs: { mean: l.mean, median: l.median, p95: l.p95 },
  };
}

interface LoadRow {
  scenario: string;
  connections: number;
  requests: number;
  non2xx: number;
  /** Responses by status code other than 2xx, e.g. {"500": 3}, and the start of the first one. */
  failures: Record<string, number>;
  failureSample?: string;
  errors: number;
  p50: number;
  p99: number;
  rps: number;
  workerdCpuMsPerRequest: number | null;
  allCpuMsPerRequest: number | null;
}

type Scenario = {
  name: string;
  request: (n: number) => { method: string; path: string; headers: Record<string, string>; body?: Buffer };
};

function scenarios(siteOrigin: string): Scenario[] {
  const bodies = pool.map((p) => Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength));
  const post = (url: string, i: number, query = "") => ({
    method: "POST",
    path: `/extract?url=${encodeURIComponent(url)}${query}`,
    headers: { "content-type": "text/html", ...auth },
    body: bodies[i]!,
  });
  const list: Scenario[] = [
    {
      name: "GET, hot domain (local upstream)",
      request: (n) => ({
        method: "GET",
        path: `/extract?url=${encodeURIComponent(`${siteOrigin}/p/${n % pool.length}/doc-${n}.html`)}`,
        headers: auth,
      }),
    },
    {
      name: "POST, hot domain",
      request: (n) => post(`https://hot.bench.example/p/${n % pool.length}/doc-${n}.html`, n % pool.length),
    },
    { name: "POST, many domains", request: (n) => post(freshUrl(pool[n % pool.length]!.url, n), n % pool.length) },
    {
      name: "POST, hot domain, tree classifier",
      request: (n) =>
        post(`https://tree.bench.example/p/${n % pool.length}/doc-${n}.html`, n % pool.length, "&heuristic=vote"),
    },
    {
      name: "GET, hot domain, small pages (3 KB)",
      request: (n) => ({
        method: "GET",
        path: `/extract?url=${encodeURIComponent(`${siteOrigin}/news/story-${n}.html`)}`,
        headers: auth,
      }),
    },
  ];
  return list;
}

let counter = 0;

async function load(
  worker: LocalWorker,
  scenario: Scenario,
  connections: number,
  seconds: number,
): Promise<Omit<LoadRow, "scenario" | "connections" | "workerdCpuMsPerRequest" | "allCpuMsPerRequest">> {
  let failureSample: string | undefined;
  const result = await autocannon({
    url: worker.base,
    connections,
    duration: seconds,
    timeout: 60,
    // Mutate autocannon's request (it carries host and port) rather than replace it.
    requests: [
      {
        setupRequest: (req) => Object.assign(req, scenario.request(counter++)),
        onResponse: (status, body) => {
          if (status >= 300 && failureSample === undefined) failureSample = `${status}: ${body.slice(0, 300)}`;
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    failures: Object.fromEntries(
      Object.entries(result.statusCodeStats)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, v]) => [code, Number(v.count)]),
    ),
    failureSample,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
  };
}

async function measureLoad(worker: LocalWorker, siteOrigin: string): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  for (const scenario of scenarios(siteOrigin).filter((s) => !only || s.name.includes(only))) {
    await load(worker, scenario, 4, quick ? 1 : 2); // warm-up, not recorded
    for (const connections of CONNECTIONS) {
      const before = procAvailable() ? treeCpuMs(worker.pid) : null;
      const r = await load(worker, scenario, connections, duration);
      const after = procAvailable() ? treeCpuMs(worker.pid) : null;
      const cpu = (name?: string) => {
        if (!before || !after || r.requests === 0) return null;
        let ms = 0;
        for (const [comm, v] of after) if (!name || comm === name) ms += v - (before.get(comm) ?? 0);
        return ms / r.requests;
      };
      rows.push({
        scenario: scenario.name,
        connections,
        ...r,
        workerdCpuMsPerRequest: cpu("workerd"),
        allCpuMsPerRequest: cpu(),
      });
      const last = rows[rows.length - 1]!;
      console.log(
        `bench:worker: ${scenario.name}, ${connections} conn: p50 ${last.p50} ms, p99 ${last.p99} ms, ${fmt(last.rps, 1)} req/s, workerd ${fmt(last.workerdCpuMsPerRequest ?? NaN, 1)} ms CPU/request${last.failureSample ? `; first failure ${last.failureSample}` : ""}`,
      );
    }
  }
  return rows;
}

const site = await startSite((path) => {
  const story = /^\/news\/story-(\d+)\.html$/.exec(path);
  if (story) return articleHtml(Number(story[1]));
  const m = /^\/p\/(\d+)\//.exec(path);
  const page = m ? pool[Number(m[1]) % pool.length] : undefined;
  return page ? { body: page.bytes, type: "text/html" } : null;
});
// The response cache off: these runs measure fetch + extraction + the tree, and repeat some URLs.
const worker = await startWorker({ ALLOW_HOSTS: "127.0.0.1", API_KEY: API, ADMIN_KEY: ADMIN, RESPONSE_CACHE_TTL: "0" });
let storage: StorageReport;
let loadRows: LoadRow[];
try {
  storage = await measureStorage(worker);
  console.log(`bench:worker: storage measured over ${storage.inserted} ingested documents`);
  loadRows = await measureLoad(worker, site.origin);
  // (wrangler's own network lookups, e.g. for updates, fail offline and are not the Worker's.)
  const trouble = worker
    .log()
    .split("\n")
    .filter((l) => /error|exceed|restart|memory|limit/i.test(l) && !/ENOTFOUND/.test(l));
  if (trouble.length)
    console.log(`bench:worker: wrangler/workerd reported:\n${[...new Set(trouble)].slice(0, 20).join("\n")}`);
} finally {
  await worker.stop();
  await site.close();
}

// One domain at the cap, on its own wrangler dev (a restart is part of it).
const scale = await measureWorkerScale(
  { API_KEY: API, ADMIN_KEY: ADMIN },
  quick ? { small: 100, large: 1_000 } : undefined,
);

const targets = [
  { target: "DO storage <= 1 MB per 1,000 documents (all bytes)", value: storage.mbPer1000Docs, limit: 1 },
  { target: "rows written per ingested document <= 30", value: storage.rowsWrittenPerIngest.mean, limit: 30 },
  ...[
    ["GET, hot domain (local upstream)", "corpus pages"],
    ["GET, hot domain, small pages (3 KB)", "small pages"],
  ].flatMap(([scenario, label]) =>
    (["p50", "p99"] as const).map((k) => {
      const row = loadRows.find((r) => r.scenario === scenario && r.connections === 32);
      const limit = k === "p50" ? 30 : 150;
      return {
        target: `GET /extract ${k} at 32 connections <= ${limit} ms (${label})`,
        value: row ? row[k] : NaN,
        limit,
      };
    }),
  ),
]
  .filter((t) => !Number.isNaN(t.value))
  .map((t) => ({ ...t, met: t.value <= t.limit }));

const storageRows = [
  ["documents held / domains", `${storage.documents} / ${storage.domains}`],
  [
    "rows written per ingested document (mean, max)",
    `${fmt(storage.rowsWrittenPerIngest.mean)}, ${storage.rowsWrittenPerIngest.max}`,
  ],
  ["SQLite bytes, all objects", String(storage.sqliteBytes)],
  ["MB per 1,000 documents (all bytes)", fmt(storage.mbPer1000Docs, 3)],
  ["fixed bytes per object (one small document)", String(storage.fixedBytesPerObject)],
  ["MB per 1,000 documents (net of fixed bytes)", fmt(storage.netMbPer1000Docs, 3)],
  [
    "object call per ingest, ms (mean, median, p95)",
    `${fmt(storage.rpcMs.mean)}, ${fmt(storage.rpcMs.median)}, ${fmt(storage.rpcMs.p95)}`,
  ],
  [
    "POST /extract sequential, ms (mean, median, p95)",
    `${fmt(storage.requestMs.mean)}, ${fmt(storage.requestMs.median)}, ${fmt(storage.requestMs.p95)}`,
  ],
];
function failureText(r: LoadRow): string {
  const parts = Object.entries(r.failures).map(([code, n]) => `${n}x${code}`);
  if (r.errors) parts.push(`${r.errors} errors`);
  return parts.length ? parts.join(" ") : "0";
}
const loadHeader = [
  "scenario",
  "conn",
  "requests",
  "failed",
  "p50 ms",
  "p99 ms",
  "req/s",
  "workerd CPU ms/req",
  "all CPU ms/req",
];
const loadTable = loadRows.map((r) => [
  r.scenario,
  String(r.connections),
  String(r.requests),
  failureText(r),
  fmt(r.p50, 0),
  fmt(r.p99, 0),
  fmt(r.rps, 1),
  fmt(r.workerdCpuMsPerRequest ?? NaN, 1),
  fmt(r.allCpuMsPerRequest ?? NaN, 1),
]);
const targetLines = targets.map((t) => `${t.met ? "MET    " : "NOT MET"}  ${t.target}: ${fmt(t.value, 2)}`);

console.log("\n" + table(["Durable Object cost (stream-ctf)", "value"], storageRows));
console.log("\n" + table(loadHeader, loadTable));
console.log("\n" + targetLines.join("\n"));
console.log("\n" + scaleLines(scale).join("\n"));

const report = {
  machine: { ...machine, loadAverageAtEnd: machineInfo().loadAverage },
  quick,
  durationSeconds: duration,
  storage,
  load: loadRows,
  targets,
  scale,
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "worker-report.json"), JSON.stringify(report, null, 2) + "\n");
writeFileSync(
  join(outDir, "worker-report.md"),
  [
    "# Benchmark: the Worker under wrangler dev",
    "",
    `\`npm run bench:worker${quick ? " -- --quick" : ""}\` on ${machineLine(machine)}.`,
    `All JavaScript of the Worker and its Durable Objects runs on one workerd thread under wrangler dev; CPU per request is workerd's /proc CPU time over the requests served. ${duration} s per load run; every request is a new document (an insert).`,
    "",
    markdownTable(["Durable Object cost (stream-ctf)", "value"], storageRows),
    "",
    markdownTable(loadHeader, loadTable),
    "",
    ...targets.map((t) => `- ${t.met ? "**met**" : "**not met**"}: ${t.target}: ${fmt(t.value, 2)}`),
    ...scaleLines(scale).map((l) => `- ${l.trim()}`),
    "",
  ].join("\n"),
);
console.log(`\nbench:worker: wrote ${join(outDir, "worker-report.json")} and worker-report.md`);
