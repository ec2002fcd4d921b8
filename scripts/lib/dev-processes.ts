/**
 * The processes `wrangler dev` runs (Linux, /proc): wrangler's Node process, wrangler's proxy workerd
 * (its ProxyWorker holds the dev port and forwards each request over HTTP) and the Worker's own
 * workerd (miniflare's entry worker in front of ours), and the Worker's entry socket, which takes
 * requests without the proxy.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { LocalWorker } from "./local-worker";
import { processTreeStats } from "./proc-cpu";

export interface DevProcess {
  pid: number;
  cmd: string;
  role: "workerd (wrangler's proxy)" | "workerd (the Worker)" | "node (wrangler)" | "other (npx, sh, esbuild)";
}

export interface DevProcesses {
  all: DevProcess[];
  proxy: DevProcess;
  worker: DevProcess;
  /** http://127.0.0.1:port of the Worker's workerd entry socket (no wrangler proxy in between). */
  direct: string;
}

/** Every process below `root`, itself included, with its command line (proc-cpu.ts walks the tree). */
export function processTree(root: number): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  for (const { pid } of processTreeStats(root)) {
    try {
      out.push({ pid, cmd: readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ") });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Run time in ms of every thread of `pid` so far (schedstat: nanoseconds, finer than /proc/stat's ticks). */
export function runMs(pid: number): number {
  let ns = 0;
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // thread ended
    }
  }
  return ns / 1e6;
}

/**
 * What a thread of a workerd process is, by its name (/proc/<pid>/task/<tid>/comm, 15 characters):
 * - "js": the thread named "workerd" (the main thread), which runs the isolates' JavaScript, so the
 *   Worker and, in wrangler dev, its Durable Object too (production may place the object elsewhere);
 * - "v8": "V8 DefaultWorke(r)", V8's platform worker threads, which run what V8 hands off the JS thread:
 *   the scavenger's parallel tasks, concurrent marking and sweeping of the old generation, and
 *   concurrent (TurboFan/Maglev) compilation. Their time grows with the garbage and the tiering a
 *   request causes, not with its own JavaScript;
 * - "other": the rest (tokio/kj I/O threads, workerd's own helpers).
 * Whether Cloudflare counts the helper threads' time in a request's CPU time is not documented: its
 * limits page and changelog define CPU time as the time the CPU spends doing the Worker's work, not
 * waiting, and say nothing of threads, garbage collection or compilation. So the target keeps its
 * figure (the whole Worker process) and the split is shown beside it.
 */
export type ThreadKind = "js" | "v8" | "other";

export function threadKind(comm: string): ThreadKind {
  const name = comm.trim();
  if (name === "workerd") return "js";
  if (name.startsWith("V8 DefaultWorke")) return "v8";
  return "other";
}

/** Run time in ms of `pid`'s threads so far, summed by kind (threadKind). */
export function runMsByThread(pid: number): Record<ThreadKind, number> {
  const ns: Record<ThreadKind, number> = { js: 0, v8: 0, other: 0 };
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return ns;
  }
  for (const tid of tids) {
    try {
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8");
      ns[threadKind(comm)] += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // thread ended
    }
  }
  return { js: ns.js / 1e6, v8: ns.v8 / 1e6, other: ns.other / 1e6 };
}

/** TCP ports `pid` listens on, from its socket inodes and /proc/net/tcp. */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length > 9 && f[3] === "0A" && inodes.has(f[9]!)) ports.push(parseInt(f[1]!.split(":")[1]!, 16));
  }
  return ports;
}

async function probe(url: string, headers: Record<string, string> = {}): Promise<string | null> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    return await res.text();
  } catch {
    return null;
  }
}

export async function devProcesses(worker: LocalWorker): Promise<DevProcesses> {
  const port = new URL(worker.base).port;
  const tree = processTree(worker.pid);
  const workerds = tree.filter((p) => p.cmd.includes("/bin/workerd "));
  const proxyPid = workerds.find((p) => p.cmd.includes(`--socket-addr=entry=127.0.0.1:${port} `))?.pid;
  const workerPid = workerds.find((p) => p.pid !== proxyPid)?.pid;
  if (proxyPid === undefined || workerPid === undefined || workerds.length !== 2) {
    throw new Error(`expected two workerd processes below wrangler dev, found ${workerds.length}`);
  }
  const all: DevProcess[] = tree.map((p) => ({
    ...p,
    role:
      p.pid === proxyPid
        ? "workerd (wrangler's proxy)"
        : p.pid === workerPid
          ? "workerd (the Worker)"
          : p.cmd.includes("wrangler-dist/cli.js")
            ? "node (wrangler)"
            : "other (npx, sh, esbuild)",
  }));
  let direct: string | null = null;
  for (const p of listeningPorts(workerPid)) {
    const usage = await probe(`http://127.0.0.1:${p}/`, { "user-agent": "curl/8" });
    if (usage?.includes("/extract")) direct = `http://127.0.0.1:${p}`;
  }
  if (!direct) throw new Error("the Worker's workerd answered GET / on none of its ports");
  return {
    all,
    proxy: all.find((p) => p.pid === proxyPid)!,
    worker: all.find((p) => p.pid === workerPid)!,
    direct,
  };
}
