/**
 * CPU per POST /extract inside workerd (wrangler dev), request by request: stream-ctf pages are
 * posted one at a time (with the API key, so each teaches its domain's object, as in production),
 * and each request is charged the run time workerd's threads gained meanwhile, read from
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds; /proc/stat's ticks are too coarse for one request).
 * Timers inside workerd stand still while code runs, so the Worker cannot time itself. Prints the
 * median, mean and p90 CPU per request: of every process below wrangler dev (the figure before
 * session 17), and of the Worker's own workerd alone, without wrangler's proxy workerd, which holds
 * the dev port and forwards each request over HTTP, about 2 ms a request that production does not
 * run (scripts/worker-cpu-breakdown.ts). The Worker's workerd is also split by thread (dev-processes.ts:
 * threadKind): its JavaScript thread, V8's helper threads (parallel scavenge, concurrent marking and
 * sweeping, concurrent compilation: garbage and JIT tiering the requests cause), and the rest (I/O).
 * Linux only. `--pages N` (default 300), `--warmup N` (30),
 * `--format F` (the answer's format, default json as in the figures before session 14; `text` is the
 * service's default, which lays the article out: render-article-text.ts).
 */
import { numberOption, parseCli } from "./lib/cli";
import { loadCorpus } from "./lib/corpus";
import { devProcesses, runMs, runMsByThread, type ThreadKind } from "./lib/dev-processes";
import { percentile, startWorker } from "./lib/local-worker";

const USAGE = "usage: tsx scripts/worker-cpu.ts [--pages N] [--warmup N] [--format json|text|markdown|html]";
const { values } = parseCli(USAGE, {
  pages: { type: "string" },
  warmup: { type: "string" },
  format: { type: "string" },
});
const format = values.format ?? "json";
if (!["json", "text", "markdown", "html"].includes(format)) {
  console.error(USAGE);
  process.exit(2);
}
const pages = loadCorpus("stream-ctf", numberOption(USAGE, "pages", values.pages, 300));
const warmup = numberOption(USAGE, "warmup", values.warmup, 30);
const API = "cpu-api-key";

const worker = await startWorker({ API_KEY: API, RESPONSE_CACHE_TTL: "0" });
try {
  const dev = await devProcesses(worker);
  const pids = dev.all.map((p) => p.pid);
  const all = () => pids.reduce((s, pid) => s + runMs(pid), 0);
  const cpu: number[] = [];
  const own: number[] = [];
  const threads: Record<ThreadKind, number[]> = { js: [], v8: [], other: [] };
  for (const [i, page] of pages.entries()) {
    const before = all();
    const ownBefore = runMs(dev.worker.pid);
    const threadsBefore = runMsByThread(dev.worker.pid);
    const res = await fetch(`${worker.base}/extract?format=${format}&url=${encodeURIComponent(page.url)}`, {
      method: "POST",
      headers: { "content-type": "text/html", authorization: `Bearer ${API}` },
      body: page.bytes,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`POST ${page.url}: ${res.status}`);
    if (i >= warmup) {
      cpu.push(all() - before);
      own.push(runMs(dev.worker.pid) - ownBefore);
      const threadsAfter = runMsByThread(dev.worker.pid);
      for (const kind of ["js", "v8", "other"] as const) threads[kind].push(threadsAfter[kind] - threadsBefore[kind]);
    }
  }
  const figures = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
    return `median ${percentile(sorted, 50).toFixed(1)} ms, mean ${mean.toFixed(1)} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms`;
  };
  console.log(
    `worker-cpu: ${cpu.length} POST /extract?format=${format} (stream-ctf, after ${warmup} warm-up): workerd CPU per request ` +
      `${figures(cpu)}; the Worker's workerd alone (no wrangler proxy) ${figures(own)}`,
  );
  console.log(
    `worker-cpu: the Worker's workerd by thread: JS thread (the Worker and, in dev, its Durable Object) ${figures(threads.js)}; ` +
      `V8's helper threads (GC, concurrent compilation) ${figures(threads.v8)}; other threads ${figures(threads.other)}`,
  );
} finally {
  await worker.stop();
}
