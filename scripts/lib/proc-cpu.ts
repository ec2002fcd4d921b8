/**
 * CPU time of the processes below a pid, from /proc (Linux): how the Worker benchmark charges
 * workerd's CPU to the requests it served, since timers inside workerd stand still while code runs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime, in milliseconds. */
  cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm is parenthesized and may hold spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { pid, ppid: Number(fields[1]), comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // the process ended between listing and reading
  }
}

export function procAvailable(): boolean {
  return existsSync("/proc/self/stat");
}

/** Every process below `root`, itself included, as its /proc/<pid>/stat says (none if `root` is gone). */
export function processTreeStats(root: number): ProcStat[] {
  const stats = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readStat(Number(d)))
    .filter((s): s is ProcStat => s !== null);
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const out: ProcStat[] = [];
  const self = stats.find((s) => s.pid === root);
  const queue = self ? [self] : [];
  while (queue.length) {
    const s = queue.pop()!;
    out.push(s);
    queue.push(...(children.get(s.pid) ?? []));
  }
  return out;
}

/** CPU milliseconds used so far by each process below `root` (itself included), by command name. */
export function treeCpuMs(root: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of processTreeStats(root)) out.set(s.comm, (out.get(s.comm) ?? 0) + s.cpuMs);
  return out;
}
