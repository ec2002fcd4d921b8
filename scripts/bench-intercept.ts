/**
 * What the origin intercept adds to a browser's request, under `wrangler dev --env intercept` on
 * this machine: the same pages fetched directly from a local origin and through the intercept,
 * interleaved so both see the same load. Reported: time to first byte (headers) and to the last
 * byte, median and p90, for three paths: the origin directly, the intercept passing a page through
 * without learning (the request carries a cookie, so policy skips it), and the intercept teeing the
 * page to learn from it (a new document every time). workerd's CPU cannot be read per request from
 * inside it (timers stand still while code runs), so CPU per request is workerd's /proc CPU time over
 * a run of one path, divided by its requests; it includes workerd's own HTTP handling.
 */
import { articleHtml } from "../test/fixtures/synthetic-site";
import { numberOption, parseCli } from "./lib/cli";
import { percentile, startSite, startWorker } from "./lib/local-worker";
import { procAvailable, treeCpuMs } from "./lib/proc-cpu";

const USAGE = `
usage: npm run bench:intercept [-- --requests N] [--pad KB] [--gap MS]
  --requests N  requests per path (default 200)
  --pad KB      grow every page by this many KB of extra paragraphs (default 0: ~2.5 KB pages)
  --gap MS      pause after each request, so background learning is over before the next one
                (default 0: back to back, where learning competes with the next request for the thread)
  --help        this text`;
const { values } = parseCli(USAGE, { requests: { type: "string" }, pad: { type: "string" }, gap: { type: "string" } });
const gapMs = numberOption(USAGE, "gap", values.gap, 0);
const requests = numberOption(USAGE, "requests", values.requests, 200);
const padKb = numberOption(USAGE, "pad", values.pad, 0);

const padding =
  padKb > 0
    ? `<div class="more">${"<p>Further reading, words and more words. </p>".repeat(Math.ceil((padKb * 1024) / 46))}</div>`
    : "";
const site = await startSite((path) => {
  if (path === "/") return "<!doctype html><title>bench</title><p>index</p>";
  const m = /^\/news\/story-(\d+)\.html$/.exec(path);
  return m ? articleHtml(Number(m[1])).replace("</body>", `${padding}</body>`) : null;
});
const upstream = new URL(site.origin).host;
const worker = await startWorker({}, undefined, ["--env", "intercept", "--local-upstream", upstream]);
const BROWSER = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

interface Timing {
  ttfb: number;
  total: number;
}
async function timed(url: string, headers: Record<string, string>): Promise<Timing> {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const ttfb = performance.now() - start;
  await res.arrayBuffer();
  return { ttfb, total: performance.now() - start };
}

type Path = "direct" | "intercept, no learning" | "intercept, learning";
const paths: Record<Path, (n: number) => Promise<Timing>> = {
  direct: (n) => timed(`${site.origin}/news/story-${n}.html`, BROWSER),
  // A cookie makes the page personalised: passed through, never teed.
  "intercept, no learning": (n) => timed(`${worker.base}/news/story-${n}.html`, { ...BROWSER, cookie: "bench=1" }),
  // Page numbers above the warm-up's: every request is a new document, an insert.
  "intercept, learning": (n) => timed(`${worker.base}/news/story-${100_000 + n}.html`, BROWSER),
};

// Warm-up: module load, the Durable Object, the connection pool.
for (let n = 1; n <= 20; n++) for (const run of Object.values(paths)) await run(n);

const results = new Map<Path, Timing[]>(Object.keys(paths).map((p) => [p as Path, []]));
for (let n = 21; n < 21 + requests; n++) {
  for (const [name, run] of Object.entries(paths) as [Path, (n: number) => Promise<Timing>][]) {
    results.get(name)!.push(await run(n));
    if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
  }
}

const ms = (x: number) => x.toFixed(2).padStart(7);
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: percentile(s, 50), p90: percentile(s, 90) };
};
console.log(
  `${requests} requests per path, interleaved, ${gapMs} ms pause after each; pages ~${Math.round(articleHtml(1).length / 1024 + padKb)} KB`,
);
console.log("path                       TTFB median   p90   total median   p90   added TTFB  added total (medians)");
const direct = results.get("direct")!;
for (const [name, timings] of results) {
  const ttfb = stats(timings.map((t) => t.ttfb));
  const total = stats(timings.map((t) => t.total));
  const addedTtfb = ttfb.median - stats(direct.map((t) => t.ttfb)).median;
  const addedTotal = total.median - stats(direct.map((t) => t.total)).median;
  console.log(
    `${name.padEnd(24)} ${ms(ttfb.median)} ${ms(ttfb.p90)}   ${ms(total.median)} ${ms(total.p90)}   ` +
      `${name === "direct" ? "      -" : ms(addedTtfb)}   ${name === "direct" ? "      -" : ms(addedTotal)}`,
  );
}

if (procAvailable()) {
  console.log("\nworkerd CPU per request (separate runs of one path; /proc, includes workerd's HTTP handling):");
  for (const name of ["intercept, no learning", "intercept, learning"] as const) {
    const before = treeCpuMs(worker.pid).get("workerd") ?? 0;
    for (let n = 0; n < requests; n++) await paths[name](50_000 + (name === "intercept, learning" ? 200_000 : 0) + n);
    // Learning finishes in waitUntil after the last response.
    await new Promise((r) => setTimeout(r, 1000));
    const after = treeCpuMs(worker.pid).get("workerd") ?? 0;
    console.log(`  ${name.padEnd(24)} ${((after - before) / requests).toFixed(2)} ms`);
  }
}
console.log(
  `\nload average ${(await import("node:os"))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")} (shared machine)`,
);
await worker.stop();
await site.close();
