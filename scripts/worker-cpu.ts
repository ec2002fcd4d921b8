/**
 * CPU per POST /extract inside workerd (wrangler dev), request by request: stream-ctf pages are
 * posted one at a time (with the API key, so each teaches its domain's object, as in production),
 * and each request is charged the run time workerd's threads gained meanwhile, read from
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds; /proc/stat's ticks are too coarse for one request).
 * Timers inside workerd stand still while code runs, so the Worker cannot time itself. Prints the
 * median, mean and p90 CPU per request. Linux only. `--pages N` (default 300), `--warmup N` (30),
 * `--format F` (the answer's format, default json as in the figures before session 14; `text` is the
 * service's default, which lays the article out: render-article-text.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { numberOption, parseCli } from "./lib/cli";
import { loadCorpus } from "./lib/corpus";
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

/** Every process below `root`, itself included. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    out.push(pid);
    queue.push(...(parents.get(pid) ?? []));
  }
  return out;
}

/** Run time in ms of every thread of `pids` so far. */
function runMs(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // thread ended
      }
    }
  }
  return ns / 1e6;
}

const worker = await startWorker({ API_KEY: API, RESPONSE_CACHE_TTL: "0" });
try {
  const pids = processTree(worker.pid);
  const cpu: number[] = [];
  for (const [i, page] of pages.entries()) {
    const before = runMs(pids);
    const res = await fetch(`${worker.base}/extract?format=${format}&url=${encodeURIComponent(page.url)}`, {
      method: "POST",
      headers: { "content-type": "text/html", authorization: `Bearer ${API}` },
      body: page.bytes,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`POST ${page.url}: ${res.status}`);
    if (i >= warmup) cpu.push(runMs(pids) - before);
  }
  cpu.sort((a, b) => a - b);
  const mean = cpu.reduce((s, x) => s + x, 0) / cpu.length;
  console.log(
    `worker-cpu: ${cpu.length} POST /extract?format=${format} (stream-ctf, after ${warmup} warm-up): workerd CPU per request ` +
      `median ${percentile(cpu, 50).toFixed(1)} ms, mean ${mean.toFixed(1)} ms, p90 ${percentile(cpu, 90).toFixed(1)} ms`,
  );
} finally {
  await worker.stop();
}
