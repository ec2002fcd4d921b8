/**
 * Where the CPU of one request goes under `wrangler dev`, process by process (worker-cpu.ts gives the
 * total only). wrangler dev runs two workerd processes: wrangler's proxy (its ProxyWorker, a Durable
 * Object, holds the dev port and forwards every request over HTTP) and the Worker's own, where
 * miniflare's entry worker hands the request to ours; wrangler's Node process serves the loopback
 * (request logs, pretty errors). Production runs none of the proxy and the entry worker.
 * Each variant sends the same stream-ctf pages, either through the dev port (as worker-cpu.ts) or
 * straight to the Worker's workerd (its entry socket), and charges every request the run time each
 * process's threads gained meanwhile (/proc/<pid>/task/<tid>/schedstat). Linux only.
 * `--pages N` (default 150), `--warmup N` (30), `--only a,b` (variant names), `--rounds N` (1: each
 * variant once, in order; more rounds repeat the list, the figures being the minimum of the rounds'
 * medians).
 */
import { numberOption, parseCli } from "./lib/cli";
import { loadCorpus } from "./lib/corpus";
import { devProcesses, runMs } from "./lib/dev-processes";
import { percentile, startWorker } from "./lib/local-worker";

const USAGE = "usage: tsx scripts/worker-cpu-breakdown.ts [--pages N] [--warmup N] [--rounds N] [--only name,name]";
const { values } = parseCli(USAGE, {
  pages: { type: "string" },
  warmup: { type: "string" },
  rounds: { type: "string" },
  only: { type: "string" },
});
const pages = loadCorpus("stream-ctf", numberOption(USAGE, "pages", values.pages, 150));
const warmup = numberOption(USAGE, "warmup", values.warmup, 30);
const rounds = numberOption(USAGE, "rounds", values.rounds, 1);
const API = "cpu-api-key";
const TINY = new TextEncoder().encode(
  "<!doctype html><html><head><title>Tiny</title></head><body><article><h1>Tiny</h1>" +
    "<p>One short paragraph of text, so the answer is not empty.</p></article></body></html>",
);

interface Variant {
  name: string;
  what: string;
  /** Through wrangler's proxy (the dev port) or straight to the Worker's workerd. */
  via: "proxy" | "direct";
  method: "GET" | "POST";
  /** The query after /extract?; GET variants ask for `/`. */
  query?: string;
  key?: boolean;
  tiny?: boolean;
  /** Accept-Encoding: Node's fetch sends "gzip, deflate", and miniflare's entry worker then gzips text answers. */
  identity?: boolean;
}

const VARIANTS: Variant[] = [
  { name: "get-proxy", what: "GET / (usage text), dev port", via: "proxy", method: "GET" },
  { name: "get-direct", what: "GET / (usage text), Worker's workerd", via: "direct", method: "GET" },
  {
    name: "tiny-proxy",
    what: "POST tiny page, text, key, dev port",
    via: "proxy",
    method: "POST",
    key: true,
    tiny: true,
  },
  {
    name: "tiny-direct",
    what: "POST tiny page, text, key, Worker's workerd",
    via: "direct",
    method: "POST",
    key: true,
    tiny: true,
  },
  { name: "text-proxy", what: "POST page, text, key (worker-cpu.ts)", via: "proxy", method: "POST", key: true },
  { name: "text-direct", what: "POST page, text, key, Worker's workerd", via: "direct", method: "POST", key: true },
  {
    name: "text-direct-identity",
    what: "the same, Accept-Encoding: identity",
    via: "direct",
    method: "POST",
    key: true,
    identity: true,
  },
  {
    name: "nolearn-direct",
    what: "POST page, text, learn=false (nothing taught)",
    via: "direct",
    method: "POST",
    key: true,
    query: "learn=false",
  },
  {
    name: "json-direct",
    what: "POST page, json, learn=false",
    via: "direct",
    method: "POST",
    key: true,
    query: "format=json&learn=false",
  },
  {
    name: "tree-direct",
    what: "POST page, text, learn=false, tree classifier alone",
    via: "direct",
    method: "POST",
    key: true,
    query: "heuristic=strict&learn=false",
  },
];

const only = values.only?.split(",");
const chosen = only ? VARIANTS.filter((v) => only.includes(v.name)) : VARIANTS;
if (only && chosen.length !== only.length) {
  console.error(`unknown variant in --only; known: ${VARIANTS.map((v) => v.name).join(", ")}`);
  process.exit(2);
}

const worker = await startWorker({ API_KEY: API, RESPONSE_CACHE_TTL: "0" });
try {
  const dev = await devProcesses(worker);
  const { direct } = dev;
  const roles = new Map<number, string>(dev.all.map((p) => [p.pid, p.role]));
  const roleNames = [...new Set(roles.values())];
  console.log(`worker-cpu-breakdown: dev port ${worker.base}, the Worker's workerd at ${direct}`);

  const results = new Map<string, { medians: Map<string, number>[]; means: Map<string, number>[] }>();
  for (let round = 0; round < rounds; round++) {
    for (const [vi, v] of chosen.entries()) {
      const base = v.via === "proxy" ? worker.base : direct;
      const perRole = new Map<string, number[]>(roleNames.map((r) => [r, []]));
      const totals: number[] = [];
      for (const [i, page] of pages.entries()) {
        const before = new Map([...roles.keys()].map((pid) => [pid, runMs(pid)]));
        const headers: Record<string, string> = { "user-agent": "curl/8" };
        if (v.identity) headers["accept-encoding"] = "identity";
        let res: Response;
        if (v.method === "GET") {
          res = await fetch(`${base}/`, { headers });
        } else {
          if (v.key) headers.authorization = `Bearer ${API}`;
          headers["content-type"] = "text/html";
          // Each variant and round teaches its own documents (same page, its own URL), so none is a repeat.
          const url = new URL(page.url);
          url.pathname += `${url.pathname.endsWith("/") ? "" : "/"}r${round}v${vi}`;
          const query = `${v.query ? v.query + "&" : ""}url=${encodeURIComponent(url.href)}`;
          res = await fetch(`${base}/extract?${query}`, {
            method: "POST",
            headers,
            body: v.tiny ? TINY : page.bytes,
          });
        }
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${v.name} ${page.url}: ${res.status}`);
        if (i < warmup) continue;
        const spent = new Map<string, number>(roleNames.map((r) => [r, 0]));
        for (const [pid, ms] of before) spent.set(roles.get(pid)!, spent.get(roles.get(pid)!)! + runMs(pid) - ms);
        let total = 0;
        for (const [role, ms] of spent) {
          perRole.get(role)!.push(ms);
          total += ms;
        }
        totals.push(total);
      }
      const medians = new Map<string, number>();
      const means = new Map<string, number>();
      for (const [role, list] of [...perRole, ["total", totals] as const]) {
        const sorted = [...list].sort((a, b) => a - b);
        medians.set(role, percentile(sorted, 50));
        means.set(role, sorted.reduce((s, x) => s + x, 0) / sorted.length);
      }
      const entry = results.get(v.name) ?? { medians: [], means: [] };
      entry.medians.push(medians);
      entry.means.push(means);
      results.set(v.name, entry);
      const fmt = (m: Map<string, number>) => [...m].map(([r, ms]) => `${r} ${ms.toFixed(2)}`).join(", ");
      console.log(`round ${round + 1} ${v.name} (${v.what}): median ${fmt(medians)}; mean ${fmt(means)}`);
    }
  }
  console.log(`\nms per request (${pages.length - warmup} requests a variant, minimum over ${rounds} round(s))`);
  const cols = [...roleNames, "total"];
  console.log(`| variant | ${cols.map((c) => `${c} median / mean`).join(" | ")} |`);
  console.log(`| --- | ${cols.map(() => "---").join(" | ")} |`);
  for (const v of chosen) {
    const r = results.get(v.name)!;
    const cell = (c: string) =>
      `${Math.min(...r.medians.map((m) => m.get(c)!)).toFixed(2)} / ${Math.min(...r.means.map((m) => m.get(c)!)).toFixed(2)}`;
    console.log(`| ${v.name}: ${v.what} | ${cols.map(cell).join(" | ")} |`);
  }
} finally {
  await worker.stop();
}
