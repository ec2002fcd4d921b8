/**
 * What a workerd RSS reading holds (bench:worker --scale-only, ./worker-scale.ts): the Worker's
 * process against wrangler's proxy workerd, its anonymous and file-backed pages (smaps_rollup), and
 * the isolate's V8 heap (used against committed) and ArrayBuffer backing stores through wrangler's
 * inspector proxy (Chrome DevTools Protocol: Runtime.getHeapUsage, HeapProfiler.collectGarbage).
 *
 * Why it is needed: workerd allocates with tcmalloc, which keeps freed pages for reuse and returns
 * them to the system only in the background, by steps; a rebuild's temporaries (typed arrays of tens
 * of MB, outside the V8 heap) and V8's uncollected garbage therefore stay in RSS for a while, by an
 * amount that depends on timing. A reading after a forced full GC and a pause is the settled figure.
 * Needs a global WebSocket (Node 22, or Node 20 with --experimental-websocket, as bench:worker runs).
 */
import { readFileSync } from "node:fs";

export interface HeapUsage {
  /** V8 heap: bytes in live and not yet collected objects, and bytes committed for the heap. */
  usedMb: number;
  totalMb: number;
  /** ArrayBuffer backing stores (typed arrays' contents), when the V8 version reports it. */
  backingMb: number | null;
}

/** A process's /proc/PID/smaps_rollup, MB: resident, anonymous (heap, tcmalloc, V8), file-backed (binary). */
export interface ProcMemory {
  rssMb: number;
  anonMb: number;
  fileMb: number;
  anonHugeMb: number;
}

export function procMemory(pid: number): ProcMemory | null {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN);
    const rss = kb("Rss");
    const anon = kb("Anonymous");
    return {
      rssMb: rss / 1024,
      anonMb: anon / 1024,
      fileMb: (rss - anon) / 1024,
      anonHugeMb: kb("AnonHugePages") / 1024,
    };
  } catch {
    return null;
  }
}

export interface Inspector {
  heapUsage(): Promise<HeapUsage>;
  /**
   * A full collection of the isolate's heap (HeapProfiler.collectGarbage). V8 runs it as a task
   * that workerd's idle isolate only picks up on its next event: `wake` makes one (a request).
   */
  collectGarbage(wake: () => Promise<void>): Promise<void>;
  close(): void;
}

/**
 * A CDP session on the Worker's isolate through wrangler's inspector proxy (it wants an Origin it
 * knows; Node's WebSocket, undici's, takes headers as a non-standard option). Null without a global
 * WebSocket or when the proxy does not answer.
 */
export async function connectInspector(port: number): Promise<Inspector | null> {
  if (typeof WebSocket === "undefined") return null;
  const init = { headers: { origin: "http://127.0.0.1" } } as unknown as string[];
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, init);
  const opened = await new Promise<boolean>((ok) => {
    ws.addEventListener("open", () => ok(true));
    ws.addEventListener("error", () => ok(false));
    setTimeout(() => ok(false), 10_000);
  });
  if (!opened) return null;
  let next = 0;
  const pending = new Map<number, { ok: (r: unknown) => void; fail: (e: Error) => void }>();
  ws.addEventListener("message", (e: MessageEvent) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown; error?: unknown };
    const p = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id!);
    if (msg.error) p.fail(new Error(`CDP: ${JSON.stringify(msg.error)}`));
    else p.ok(msg.result);
  });
  const send = <T>(method: string, params: object = {}): Promise<T> => {
    const id = ++next;
    return new Promise<T>((ok, fail) => {
      pending.set(id, { ok: ok as (r: unknown) => void, fail });
      ws.send(JSON.stringify({ id, method, params }));
      setTimeout(() => fail(new Error(`CDP: ${method} got no answer in 30 s`)), 30_000).unref();
    });
  };
  return {
    async heapUsage() {
      const r = await send<{ usedSize: number; totalSize: number; backingStorageSize?: number }>(
        "Runtime.getHeapUsage",
      );
      return {
        usedMb: r.usedSize / 2 ** 20,
        totalMb: r.totalSize / 2 ** 20,
        backingMb: r.backingStorageSize === undefined ? null : r.backingStorageSize / 2 ** 20,
      };
    },
    async collectGarbage(wake) {
      const done = send("HeapProfiler.collectGarbage");
      await new Promise((r) => setTimeout(r, 200));
      await wake();
      await done;
    },
    close: () => ws.close(),
  };
}
