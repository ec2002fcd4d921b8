/**
 * A CPU profile of the Worker's isolate inside workerd (wrangler dev), over POST /extract of
 * stream-ctf pages as worker-cpu.ts sends them: the Chrome DevTools Protocol through wrangler's
 * inspector proxy (Profiler.start / stop), then self time summed by source module of the bundle
 * (the `// src/...` markers esbuild writes) and by function. The Durable Object runs in the same
 * isolate, so its work is in the profile too; wrangler's proxy workerd and miniflare's entry worker
 * (another isolate) are not (worker-cpu-breakdown.ts measures those). Sampling slows the isolate, so
 * read shares, not absolute times. Writes the .cpuprofile to bench/out/ (open it in Chrome DevTools).
 * Needs a global WebSocket: Node 22, or Node 20 with NODE_OPTIONS=--experimental-websocket.
 * `--pages N` (300), `--warmup N` (30), `--format F` (text), `--query q` (more of /extract's query,
 * e.g. `learn=false`), `--interval us` (sampling interval, 200), `--top N` (functions listed, 40).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { numberOption, parseCli } from "./lib/cli";
import { loadCorpus } from "./lib/corpus";
import { devProcesses } from "./lib/dev-processes";
import { startWorker } from "./lib/local-worker";

const USAGE =
  "usage: tsx scripts/worker-profile.ts [--pages N] [--warmup N] [--format F] [--query q] [--interval us] [--top N]";
const { values } = parseCli(USAGE, {
  pages: { type: "string" },
  warmup: { type: "string" },
  format: { type: "string" },
  query: { type: "string" },
  interval: { type: "string" },
  top: { type: "string" },
});
if (typeof WebSocket === "undefined") {
  console.error("worker-profile: no global WebSocket; on Node 20 run with NODE_OPTIONS=--experimental-websocket");
  process.exit(2);
}
const pages = loadCorpus("stream-ctf", numberOption(USAGE, "pages", values.pages, 300));
const warmup = numberOption(USAGE, "warmup", values.warmup, 30);
const interval = numberOption(USAGE, "interval", values.interval, 200);
const top = numberOption(USAGE, "top", values.top, 40);
const query = `format=${values.format ?? "text"}${values.query ? "&" + values.query : ""}`;
const API = "cpu-api-key";
const ROOT = resolve(import.meta.dirname, "..");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; scriptId: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * Minimal CDP client. workerd's inspector takes one session per isolate and wrangler's inspector
 * proxy holds it, so we go through that proxy, which wants an Origin it knows; Node's WebSocket
 * (undici) takes headers as a non-standard option.
 */
async function connect(url: string) {
  const init = { headers: { origin: "http://127.0.0.1" } } as unknown as string[];
  const ws = new WebSocket(url, init);
  await new Promise((ok, fail) => {
    ws.addEventListener("open", ok);
    ws.addEventListener("error", fail);
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.addEventListener("message", (e: MessageEvent) => {
    // workerd answers some commands (Profiler.enable, .start) with their params echoed, not a result.
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown; error?: unknown };
    if (msg.id === undefined || !pending.has(msg.id)) return;
    if (msg.error) throw new Error(`CDP: ${JSON.stringify(msg.error)}`);
    pending.get(msg.id)!(msg.result);
    pending.delete(msg.id);
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = ++next;
      return new Promise<T>((ok) => {
        pending.set(id, ok as (r: unknown) => void);
        ws.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => ws.close(),
  };
}

/** The bundle wrangler dev serves: the newest .wrangler/tmp/dev-* / *.js. */
function newestBundle(): string | null {
  const tmp = join(ROOT, ".wrangler/tmp");
  let best: { path: string; time: number } | null = null;
  for (const dir of readdirSync(tmp)) {
    if (!dir.startsWith("dev-")) continue;
    for (const f of readdirSync(join(tmp, dir))) {
      if (!f.endsWith(".js")) continue;
      const path = join(tmp, dir, f);
      const time = statSync(path).mtimeMs;
      if (!best || time > best.time) best = { path, time };
    }
  }
  return best?.path ?? null;
}

/** Line (0-based) -> the module esbuild placed there, from its `// path` markers. */
function moduleByLine(bundle: string): string[] {
  const out: string[] = [];
  let current = "(bundle)";
  for (const line of readFileSync(bundle, "utf8").split("\n")) {
    const m = /^\/\/ ((?:src|node_modules|\.\.\/|[^ ]*\/)[^ ]+\.[cm]?[jt]s)$/.exec(line);
    if (m) current = m[1]!.replace(/^.*node_modules\//, "node_modules/");
    out.push(current);
  }
  return out;
}

const worker = await startWorker({ API_KEY: API, RESPONSE_CACHE_TTL: "0" });
try {
  const dev = await devProcesses(worker);
  const cdp = await connect(`ws://127.0.0.1:${worker.inspectorPort}/ws`);
  const post = async (url: string, body: (typeof pages)[number]["bytes"]) => {
    const res = await fetch(`${dev.direct}/extract?${query}&url=${encodeURIComponent(url)}`, {
      method: "POST",
      headers: { "content-type": "text/html", authorization: `Bearer ${API}` },
      body,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`POST ${url}: ${res.status}`);
  };
  for (const page of pages.slice(0, warmup)) await post(page.url, page.bytes);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval });
  await cdp.send("Profiler.start");
  for (const page of pages.slice(warmup)) await post(page.url, page.bytes);
  const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
  cdp.close();

  mkdirSync(join(ROOT, "bench/out"), { recursive: true });
  const out = join(ROOT, "bench/out/worker.cpuprofile");
  writeFileSync(out, JSON.stringify(profile));

  const bundle = newestBundle();
  const lines = bundle ? moduleByLine(bundle) : [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") {
      idle += us;
      continue;
    }
    total += us;
    const module = url ? (lines[lineNumber] ?? url) : functionName || "(native)";
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    const fn = `${functionName || "(anonymous)"} ${module}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const requests = pages.length - warmup;
  const row = ([name, us]: [string, number]) =>
    `| ${name} | ${(us / 1000 / requests).toFixed(3)} | ${((100 * us) / total).toFixed(1)}% |`;
  console.log(
    `worker-profile: ${requests} POST /extract?${query} (stream-ctf, after ${warmup} warm-up), sampled every ${interval} us; ` +
      `busy ${(total / 1000 / requests).toFixed(2)} ms a request in the profiled isolate, idle ${(idle / 1000 / requests).toFixed(2)}; ${out}`,
  );
  console.log("\n| module (self time) | ms / request | share |\n| --- | --- | --- |");
  for (const r of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(row(r));
  console.log("\n| function (self time) | ms / request | share |\n| --- | --- | --- |");
  for (const r of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(row(r));
} finally {
  await worker.stop();
}
