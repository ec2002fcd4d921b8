/**
 * One domain at the document cap inside workerd (wrangler dev): workerd's memory for the object's
 * state and the first request after a restart, which rebuilds the counts from SQLite.
 *
 * The domains are filled through the admin import (POST /admin/domains/:d/import), which is the
 * quick way to 10,000 documents (posting 10,000 pages through /extract takes many minutes of CPU on
 * a shared machine); the object then holds exactly what ingesting would have given it, and after a
 * restart it rebuilds from its SQLite rows the same way in both cases. Synthetic documents: ~150
 * blocks each, a site-wide and a per-section template, and content of their own.
 *
 * Then wrangler dev is stopped and started again on the same storage folder. On the fresh workerd:
 * its resident memory once the Worker is loaded; the first POST /extract of a page of the 1,000-doc
 * domain (its object rebuilds), the memory after it; the same for the 10,000-doc domain. Each
 * object's cost is the growth its first request caused (its state plus the rebuild's garbage, which
 * V8 keeps); what a domain growing from 1,000 to 10,000 documents adds is their difference.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devProcesses } from "./dev-processes";
import { startWorker, type LocalWorker } from "./local-worker";
import { connectInspector, procMemory, type HeapUsage, type Inspector, type ProcMemory } from "./memory-probe";

export interface WorkerScaleReport {
  documents: { small: number; large: number };
  importMs: { small: number; large: number };
  importBodyMb: number;
  /** workerd resident memory, MB: fresh (Worker loaded), after the small domain's first request, after the large one's. */
  rssMb: { fresh: number; afterSmall: number; afterLarge: number };
  /** RSS each object added when it loaded; the issue's "growth 1k -> 10k" is their difference. */
  objectMb: { small: number; large: number };
  growthSmallToLargeMb: number;
  /** Wall time of the first request after the restart (the object rebuilds), and of a second one. */
  firstRequestMs: { small: number; large: number; largeSecond: number };
  /**
   * What each RSS reading above holds (./memory-probe.ts), taken right after it: the Worker's
   * workerd and wrangler's proxy workerd apart, the isolate's heap, then the same after a forced
   * full GC and a pause (settled). The settled figures leave out V8's uncollected garbage; what
   * tcmalloc kept of freed temporaries it may still hold. Null when the inspector was not reachable.
   * The GC runs after each raw reading, so the later raw readings start from a collected heap.
   */
  settled: SettledReport | null;
}

export interface MemoryPoint {
  /** smaps_rollup of the Worker's workerd and of wrangler's proxy workerd (the raw figure sums both). */
  worker: ProcMemory | null;
  proxy: ProcMemory | null;
  heap: HeapUsage;
  /** After HeapProfiler.collectGarbage and a pause: the heap, the Worker's workerd, and the raw figure's sum. */
  heapAfterGc: HeapUsage;
  workerAfterGc: ProcMemory | null;
  rssAfterGcMb: number;
}

export interface SettledReport {
  fresh: MemoryPoint;
  afterSmall: MemoryPoint;
  afterLarge: MemoryPoint;
  /** As objectMb and growthSmallToLargeMb, from the readings after the forced GC. */
  objectMb: { small: number; large: number };
  growthSmallToLargeMb: number;
  /** The same growth in the V8 heap used after the GC, and in ArrayBuffer backing stores (null if not reported). */
  heapGrowthMb: number;
  backingGrowthMb: number | null;
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0");
const mix = (a: number, b: number) => Math.imul(a ^ Math.imul(b, 0x85ebca6b), 0x9e3779b1) >>> 0;

/** The NDJSON of an export with `n` synthetic documents of `domain`. */
function syntheticExport(domain: string, n: number, now: number): string {
  const lines = [JSON.stringify({ format: "urltree-domain", version: 1, domain, documents: n })];
  for (let i = 0; i < n; i++) {
    const section = i % 10;
    const topic = Math.floor(i / 10) % 10;
    const hashes = new Set<number>();
    for (let b = 0; b < 20; b++) hashes.add(mix(1, b)); // site-wide template
    for (let b = 0; b < 50; b++) hashes.add(mix(2 + section, b)); // the section's template
    for (let b = 0; b < 80; b++) hashes.add(mix(1000 + i, b)); // the document's own content
    lines.push(
      JSON.stringify({
        key: `https://www.${domain}/s${section}/t${topic}/p${i}.html`,
        branch: ["www", `s${section}`, `t${topic}`],
        time: now - (n - i),
        hashes: [...hashes].map(hex).join(""),
      }),
    );
  }
  return lines.join("\n") + "\n";
}

/** Resident memory (VmRSS) of the workerd processes below `root`, MB. */
function workerdRssMb(root: number): number {
  const procs = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        const status = readFileSync(`/proc/${d}/status`, "utf8");
        return {
          pid: Number(d),
          ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? -1),
          name: /^Name:\s+(.+)$/m.exec(status)?.[1] ?? "",
          rssKb: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0),
        };
      } catch {
        return null;
      }
    })
    .filter((p) => p !== null);
  let kb = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    for (const p of procs) {
      if (p.ppid !== pid) continue;
      if (p.name.startsWith("workerd")) kb += p.rssKb;
      queue.push(p.pid);
    }
  }
  return kb / 1024;
}

const settle = () => new Promise((r) => setTimeout(r, 1500));

/** The breakdown of a reading just taken, then a forced full GC and the reading again (MemoryPoint). */
async function memoryPoint(
  inspector: Inspector,
  root: number,
  pids: { worker: number; proxy: number } | null,
  wake: () => Promise<void>,
): Promise<MemoryPoint> {
  const worker = pids ? procMemory(pids.worker) : null;
  const proxy = pids ? procMemory(pids.proxy) : null;
  const heap = await inspector.heapUsage();
  await inspector.collectGarbage(wake);
  await settle();
  return {
    worker,
    proxy,
    heap,
    heapAfterGc: await inspector.heapUsage(),
    workerAfterGc: pids ? procMemory(pids.worker) : null,
    rssAfterGcMb: workerdRssMb(root),
  };
}

export async function measureWorkerScale(
  vars: { API_KEY: string; ADMIN_KEY: string },
  sizes = { small: 1_000, large: 10_000 },
): Promise<WorkerScaleReport> {
  const persist = mkdtempSync(join(tmpdir(), "urltree-scale-"));
  const admin = { authorization: `Bearer ${vars.ADMIN_KEY}` };
  const domains = { small: "scale-small.example", large: "scale-large.example" };
  const importMs = { small: 0, large: 0 };
  let importBodyMb = 0;
  let worker: LocalWorker | null = null;
  try {
    worker = await startWorker({ ...vars, RESPONSE_CACHE_TTL: "0" }, undefined, [], persist);
    for (const which of ["small", "large"] as const) {
      const body = syntheticExport(domains[which], sizes[which], Date.now());
      importBodyMb = Math.max(importBodyMb, body.length / 1e6);
      const t0 = performance.now();
      const res = await fetch(`${worker.base}/admin/domains/${domains[which]}/import`, {
        method: "POST",
        headers: { ...admin, "content-type": "application/x-ndjson" },
        body,
      });
      importMs[which] = performance.now() - t0;
      if (!res.ok) throw new Error(`import ${which}: ${res.status} ${await res.text()}`);
    }
    await worker.stop();
    worker = null;

    // The restart: a new workerd on the same storage; every object starts empty and rebuilds on first use.
    worker = await startWorker({ ...vars, RESPONSE_CACHE_TTL: "0" }, undefined, [], persist);
    await (await fetch(`${worker.base}/`)).text();
    await settle();
    const fresh = workerdRssMb(worker.pid);
    const inspector = await connectInspector(worker.inspectorPort);
    const dev = inspector ? await devProcesses(worker).catch(() => null) : null;
    const pids = dev ? { worker: dev.worker.pid, proxy: dev.proxy.pid } : null;
    const wake = async () => void (await (await fetch(`${worker!.base}/`)).text());
    const point = (root: number) => (inspector ? memoryPoint(inspector, root, pids, wake) : Promise.resolve(null));
    const freshPoint = await point(worker.pid);
    const firstRequest = async (domain: string, n: number): Promise<number> => {
      const html = `<html><head><title>Page ${n}</title></head><body><article><h1>Page ${n}</h1>${"<p>Some words of the page, long enough to count as a paragraph of text.</p>".repeat(20)}</article></body></html>`;
      const t0 = performance.now();
      const res = await fetch(
        `${worker!.base}/extract?url=${encodeURIComponent(`https://www.${domain}/s1/t1/new-${n}.html`)}`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${vars.API_KEY}`, "content-type": "text/html" },
          body: html,
        },
      );
      if (res.ok) await res.arrayBuffer();
      if (!res.ok) throw new Error(`first request on ${domain}: ${res.status} ${await res.text()}\n${worker!.log()}`);
      return performance.now() - t0;
    };
    const small = await firstRequest(domains.small, 1);
    await settle();
    const afterSmall = workerdRssMb(worker.pid);
    const smallPoint = await point(worker.pid);
    const large = await firstRequest(domains.large, 1);
    const largeSecond = await firstRequest(domains.large, 2);
    await settle();
    const afterLarge = workerdRssMb(worker.pid);
    const largePoint = await point(worker.pid);
    inspector?.close();
    let settled: SettledReport | null = null;
    if (freshPoint && smallPoint && largePoint) {
      const small = smallPoint.rssAfterGcMb - freshPoint.rssAfterGcMb;
      const large = largePoint.rssAfterGcMb - smallPoint.rssAfterGcMb;
      const growth = (f: (p: MemoryPoint) => number) => f(largePoint) - 2 * f(smallPoint) + f(freshPoint);
      const backing = [freshPoint, smallPoint, largePoint].every((p) => p.heapAfterGc.backingMb !== null);
      settled = {
        fresh: freshPoint,
        afterSmall: smallPoint,
        afterLarge: largePoint,
        objectMb: { small, large },
        growthSmallToLargeMb: large - small,
        heapGrowthMb: growth((p) => p.heapAfterGc.usedMb),
        backingGrowthMb: backing ? growth((p) => p.heapAfterGc.backingMb!) : null,
      };
    }
    return {
      documents: sizes,
      importMs,
      importBodyMb,
      rssMb: { fresh, afterSmall, afterLarge },
      objectMb: { small: afterSmall - fresh, large: afterLarge - afterSmall },
      growthSmallToLargeMb: afterLarge - afterSmall - (afterSmall - fresh),
      firstRequestMs: { small, large, largeSecond },
      settled,
    };
  } finally {
    await worker?.stop();
    rmSync(persist, { recursive: true, force: true });
  }
}
