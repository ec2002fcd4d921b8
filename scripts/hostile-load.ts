/**
 * Benign traffic while hostile traffic arrives: does the service keep answering its ordinary users?
 *
 * Starts `wrangler dev` (local workerd) and a local upstream site on 127.0.0.1 that serves benign
 * articles (the synthetic test site, ~3 KB each) and pathological pages under the 5 MiB cap: 100k
 * nested divs, 600k sibling paragraphs, 1M `<br>`s, a 4 MB attribute, gzip and Brotli bombs, an
 * undecodable coding. Then two autocannon runs of the same benign load:
 *
 * 1. benign only;
 * 2. benign plus hostile connections cycling through the pathological pages and hostile requests
 *    (a 9 KB URL, bad percent-encoding, HEAD /feed, JSON nested 50k deep, a 3 MB URL in a JSON body).
 *
 * It reports benign p50/p95 and errors (any non-2xx, socket error or timeout) for both runs and
 * checks the targets: 0 benign errors, benign p95 under hostile load at most 2x the benign-only p95.
 * Benign pages are fetched under `localhost`, hostile ones under `127.0.0.1`: two registrable
 * domains, so two DomainTree objects, as an attacker's site and a real one would be.
 *
 * wrangler dev runs all JavaScript of the Worker and its objects on one workerd thread: a page that
 * takes seconds of CPU stalls every request queued behind it. In production requests spread over
 * isolates; locally this is the worst case, which is what the processing budget must bound.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import autocannon from "autocannon";
import { numberOption, parseCli } from "./lib/cli";
import { startWorker } from "./lib/local-worker";
import { machineLine, machineInfo } from "./lib/machine";
import { articleHtml } from "../test/fixtures/synthetic-site";

type Result = Awaited<ReturnType<typeof autocannon>>;

/** One request of a load, with a label for the hostile probe. */
interface Req {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const USAGE = `
usage: npm run hostile-load [-- --duration S] [--benign N] [--hostile N] [--json]
  --duration S  seconds per run (default 20)
  --benign N    benign connections (default 4)
  --hostile N   hostile connections in the mixed run (default 2)
  --json        also print the summary as one JSON line at the end
  --help        this text`;
const { values } = parseCli(USAGE, {
  duration: { type: "string" },
  benign: { type: "string" },
  hostile: { type: "string" },
  json: { type: "boolean" },
});
const duration = numberOption(USAGE, "duration", values.duration, 20);
const benignConnections = numberOption(USAGE, "benign", values.benign, 4);
const hostileConnections = numberOption(USAGE, "hostile", values.hostile, 2);

interface Served {
  body: Uint8Array | string;
  type?: string;
  encoding?: string;
}

/** The pathological pages, built once (the bombs take a moment to compress). */
function hostilePages(): Record<string, Served> {
  const zeros = (n: number) => "<p>" + " ".repeat(n) + "</p>";
  return {
    "/hostile/deep.html": { body: `<html><body>${"<div>".repeat(100_000)}deep` },
    "/hostile/wide.html": { body: `<html><body>${"<p>x</p>".repeat(600_000)}` },
    "/hostile/br.html": { body: `<html><body>${"<br>".repeat(1_000_000)}` },
    "/hostile/attr.html": { body: `<html><body><p title="${"a".repeat(4_000_000)}">x</p>` },
    "/hostile/gzip-bomb.html": { body: gzipSync(zeros(64 * 1024 * 1024)), encoding: "gzip" },
    "/hostile/br-bomb.html": {
      body: brotliCompressSync(zeros(256 * 1024 * 1024), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: "br",
    },
    "/hostile/zstd.html": { body: "not really zstd", encoding: "zstd" },
  };
}

async function startUpstream(pages: Record<string, Served>): Promise<{ port: number; close: () => void }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const story = /^\/news\/story-(\d+)\.html$/.exec(path);
    const served: Served | undefined = story ? { body: articleHtml(Number(story[1])) } : pages[path];
    if (!served) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const headers: Record<string, string> = { "content-type": served.type ?? "text/html; charset=utf-8" };
    if (served.encoding) headers["content-encoding"] = served.encoding;
    res.writeHead(200, headers).end(served.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

interface RunStats {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * A closed loop of `connections` clients sending `requests` in turn until the time is up. Requests
 * still running at the end are waited for and counted: a request stalled behind a hostile page is
 * exactly what this measures, and dropping it would flatter the percentiles.
 */
async function benignLoad(base: string, connections: number, requests: Req[]): Promise<RunStats> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const end = Date.now() + duration * 1000;
  const client = async () => {
    while (Date.now() < end) {
      const req = requests[next++ % requests.length]!;
      const started = performance.now();
      try {
        const res = await fetch(base + req.path, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          signal: AbortSignal.timeout(120_000),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status < 200 || res.status > 299) errors++;
      } catch {
        statuses.failed = (statuses.failed ?? 0) + 1;
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    statuses,
  };
}

/** Hostile pressure: autocannon keeps `connections` hostile requests in flight for the run. */
async function hostileLoad(base: string, connections: number, requests: Req[]): Promise<RunStats> {
  const result: Result = await autocannon({ url: base, connections, duration, timeout: 120, requests });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count]));
  return {
    requests: Object.values(statuses).reduce((a, b) => a + b, 0),
    p50: result.latency.p50,
    p95: NaN, // autocannon's histogram has no p95; p90 and p99 below
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

/** Each hostile request once, alone: what the service answers to it and how long it takes. */
async function probeHostile(base: string, requests: Req[]): Promise<void> {
  for (const req of requests) {
    const started = performance.now();
    let outcome: string;
    try {
      const res = await fetch(base + req.path, { method: req.method, headers: req.headers, body: req.body });
      const text = await res.text();
      const code = /"code":"([a-z_]+)"/.exec(text)?.[1] ?? "";
      outcome = `${res.status} ${code}`;
    } catch (err) {
      outcome = `failed: ${err instanceof Error ? err.message : String(err)}`;
    }
    const ms = performance.now() - started;
    console.log(`  ${req.label.padEnd(34)} ${outcome.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms`);
  }
}

/** Benign readers: a rotating set of the synthetic site's articles, as JSON, learning as usual. */
function benignRequests(port: number): Req[] {
  return Array.from({ length: 40 }, (_, i) => ({
    label: `story ${i + 1}`,
    method: "GET",
    path: `/extract?url=${encodeURIComponent(`http://localhost:${port}/news/story-${i + 1}.html`)}&format=json`,
  }));
}

function hostileRequests(port: number, pages: Record<string, Served>): Req[] {
  const target = (path: string) => encodeURIComponent(`http://127.0.0.1:${port}${path}`);
  const json = { "content-type": "application/json" };
  return [
    ...Object.keys(pages).map((path) => ({
      label: `GET ${path}`,
      method: "GET",
      path: `/extract?url=${target(path)}`,
    })),
    {
      label: "9 KB request URL",
      method: "GET",
      path: `/extract?url=${target("/news/story-1.html")}&pad=${"a".repeat(9000)}`,
    },
    { label: "bad percent-encoding", method: "GET", path: "/https%3A%2F%2Fexample.com%2F%E0%A4%A" },
    { label: "HEAD /feed", method: "HEAD", path: `/feed?url=${target("/feed.xml")}` },
    { label: "POST JSON nested 50k deep", method: "POST", path: "/extract", headers: json, body: "[".repeat(50_000) },
    {
      label: "POST JSON with a 3 MB url",
      method: "POST",
      path: "/extract",
      headers: json,
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/${"a".repeat(3_000_000)}`, html: "<p>x</p>" }),
    },
  ];
}

function line(name: string, s: RunStats): string {
  const codes = Object.entries(s.statuses)
    .map(([k, v]) => `${k}:${v}`)
    .join(" ");
  return `${name.padEnd(22)} requests ${String(s.requests).padStart(6)}  p50 ${s.p50.toFixed(0).padStart(6)} ms  p95 ${(Number.isNaN(s.p95) ? "n/a" : s.p95.toFixed(0)).padStart(6)} ms  p99 ${s.p99.toFixed(0).padStart(6)} ms  errors ${s.errors}  [${codes}]`;
}

async function main(): Promise<void> {
  console.log(machineLine(machineInfo()));
  console.log("building pathological pages...");
  const pages = hostilePages();
  const upstream = await startUpstream(pages);
  const worker = await startWorker({
    ALLOW_HOSTS: "127.0.0.1,localhost",
    RESPONSE_CACHE_TTL: "0",
    API_KEY: "",
    ADMIN_KEY: "hostile-load-admin",
  });
  try {
    const benign = benignRequests(upstream.port);
    const hostile = hostileRequests(upstream.port, pages);
    // Warm the isolate and the benign domain's tree, so both runs start from the same state.
    for (const req of benign.slice(0, 6)) await fetch(worker.base + req.path).then((r) => r.arrayBuffer());

    console.log("\nhostile requests, each alone:");
    await probeHostile(worker.base, hostile);

    console.log(`\nrun 1: benign only, ${benignConnections} connections, ${duration} s`);
    const alone = await benignLoad(worker.base, benignConnections, benign);
    console.log(line("benign (alone)", alone));

    console.log(
      `\nrun 2: benign ${benignConnections} connections + hostile ${hostileConnections} connections, ${duration} s`,
    );
    const [mixed, hostileStats] = await Promise.all([
      benignLoad(worker.base, benignConnections, benign),
      hostileLoad(worker.base, hostileConnections, hostile),
    ]);
    console.log(line("benign (with hostile)", mixed));
    console.log(line("hostile", hostileStats));

    const ratio = mixed.p95 / alone.p95;
    const errorsOk = alone.errors === 0 && mixed.errors === 0;
    const latencyOk = ratio <= 2;
    console.log(
      `\ntarget: 0 benign errors ........ ${errorsOk ? "met" : "NOT met"} (${alone.errors} alone, ${mixed.errors} mixed)`,
    );
    console.log(`target: benign p95 <= 2x alone .. ${latencyOk ? "met" : "NOT met"} (${ratio.toFixed(2)}x)`);
    if (values.json) {
      console.log(
        JSON.stringify({
          duration,
          benignConnections,
          hostileConnections,
          alone,
          mixed,
          hostile: hostileStats,
          ratio,
        }),
      );
    }
    // Errors only: wrangler's offline noise (no Request.cf, npm config warnings) says nothing about the run.
    const errors = worker
      .log()
      .split("\n")
      .filter((l) => /error|exception|exceeded/i.test(l) && !/getaddrinfo|Request\.cf|nodedir/.test(l));
    if (errors.length > 0)
      console.log(`\nworkerd errors (${errors.length}, last 10):\n${errors.slice(-10).join("\n")}`);
  } finally {
    await worker.stop();
    upstream.close();
  }
}

await main();
