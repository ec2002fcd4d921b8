/**
 * Measures the Worker under `wrangler dev` (local workerd and Durable Object storage):
 *  1. streams a corpus (default ../shared/data/stream-ctf) through POST /extract with the API key,
 *     so every page teaches its domain's object: rows written per ingested page, storage bytes per
 *     1,000 documents (admin stats), time per request;
 *  2. latency of GET /extract against a local upstream site (fetch + extract + DO round trip).
 */
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir, isCorpusDir, streamCorpus } from "./lib/corpus";
import { percentile, startSite, startWorker } from "./lib/local-worker";
import { articleHtml } from "../test/fixtures/synthetic-site";

const USAGE = `
usage: npm run measure:worker [-- [CORPUS]] [--requests N]
  CORPUS        a corpus name or folder to stream through POST /extract (default stream-ctf)
  --requests N  sequential GET /extract requests against the local upstream (default 300)
  --help        this text`;
const { values, positionals } = parseCli(USAGE, { requests: { type: "string" } }, { positionals: true });
const requests = numberOption(USAGE, "requests", values.requests, 300);
const corpus = corpusDir(positionals[0] ?? "stream-ctf");
const API = "measure-api-key";
const ADMIN = "measure-admin-key";

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return `mean ${mean.toFixed(1)} ms, p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms (n=${s.length})`;
};

const site = await startSite((path) => {
  const m = /^\/news\/story-(\d+)\.html$/.exec(path);
  return m ? articleHtml(Number(m[1])) : null;
});
// The response cache off: these runs measure fetch + extraction + the tree, and repeat some URLs.
const worker = await startWorker({ ALLOW_HOSTS: "127.0.0.1", API_KEY: API, ADMIN_KEY: ADMIN, RESPONSE_CACHE_TTL: "0" });
try {
  if (!isCorpusDir(corpus)) {
    console.log(`corpus ${corpus} not found: skipping the storage measurement`);
  } else {
    const written: number[] = [];
    const times: number[] = [];
    const domains = new Set<string>();
    let inserted = 0;
    let pages = 0;
    for (const { url, bytes: body } of streamCorpus(corpus)) {
      pages++;
      const t0 = performance.now();
      const res = await fetch(`${worker.base}/extract?url=${encodeURIComponent(url)}`, {
        method: "POST",
        headers: { "content-type": "text/html", authorization: `Bearer ${API}` },
        body,
      });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      domains.add(res.headers.get("x-domain")!);
      if (res.headers.get("x-ingest") === "inserted") {
        inserted++;
        written.push(Number(res.headers.get("x-rows-written")));
      }
    }
    let bytes = 0;
    let docs = 0;
    for (const d of domains) {
      const s = (await (
        await fetch(`${worker.base}/admin/domains/${d}/stats`, { headers: { authorization: `Bearer ${ADMIN}` } })
      ).json()) as { bytes: number; documents: number };
      bytes += s.bytes;
      docs += s.documents;
    }
    const held = `${inserted} inserted, ${domains.size} domains, ${docs} documents held`;
    console.log(`corpus ${corpus}: ${pages} pages, ${held}`);
    console.log(
      `rows written per ingested page: mean ${(written.reduce((a, b) => a + b, 0) / Math.max(1, written.length)).toFixed(2)}, max ${Math.max(...written)}`,
    );
    console.log(
      `SQLite bytes: ${bytes} in all = ${(((bytes / docs) * 1000) / 1e6).toFixed(2)} MB per 1,000 documents (includes each object's fixed pages)`,
    );
    console.log(`POST /extract (client-supplied page, learning): ${stats(times)}`);
  }

  const latencies: number[] = [];
  for (let i = 0; i < requests; i++) {
    const url = `${site.origin}/news/story-${(i % 200) + 1}.html`;
    const t0 = performance.now();
    const res = await fetch(`${worker.base}/extract?url=${encodeURIComponent(url)}`, {
      headers: { authorization: `Bearer ${API}` },
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
  }
  console.log(`GET /extract against a local upstream, sequential: ${stats(latencies.slice(10))}`);
} finally {
  await worker.stop();
  await site.close();
}
