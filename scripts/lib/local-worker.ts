/**
 * Starts `wrangler dev` (local workerd, local Durable Object storage in a fresh folder) for the
 * scripts, and a small local upstream site. Both bind to 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createServer as createNetServer, type AddressInfo } from "node:net";

export interface LocalWorker {
  base: string;
  /** The process group leader (npx); workerd runs below it (see proc-cpu.ts). */
  pid: number;
  /** wrangler's devtools port (its inspector proxy, attached to the Worker's isolate; Origin http://127.0.0.1). */
  inspectorPort: number;
  /** What wrangler and workerd printed so far (warnings and errors: --log-level warn). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * `extraArgs` go to `wrangler dev` as they are, e.g. `--test-scheduled` (GET /__scheduled runs the cron handler).
 * `persistTo`: a storage folder to reuse (a restart); it is then kept on stop, and removing it is the caller's.
 */
/** A TCP port free on 127.0.0.1 right now (the system's pick). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((ok, fail) => server.once("error", fail).listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export async function startWorker(
  vars: Record<string, string>,
  port = 8787 + Math.floor(Math.random() * 500),
  extraArgs: string[] = [],
  persistTo?: string,
): Promise<LocalWorker> {
  const persist = persistTo ?? mkdtempSync(join(tmpdir(), "urltree-dev-"));
  // wrangler's devtools port defaults to 9229: a second wrangler (or anything else) there makes it exit.
  const inspectorPort = await freePort();
  const args = [
    "wrangler",
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--inspector-port",
    String(inspectorPort),
    "--inspector-ip",
    "127.0.0.1",
    "--persist-to",
    persist,
    "--log-level",
    "warn",
    ...extraArgs,
  ];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  const child: ChildProcess = spawn("npx", args, {
    cwd: resolve(import.meta.dirname, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${log}`);
    try {
      const res = await fetch(base + "/");
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 90_000) throw new Error(`wrangler dev did not start in 90 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    pid: child.pid!,
    inspectorPort,
    log: () => log,
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
      if (!persistTo) rmSync(persist, { recursive: true, force: true });
    },
  };
}

export interface LocalSite {
  origin: string;
  close(): Promise<void>;
}

/** A string is served as HTML; feeds, other documents and raw bytes (corpus pages) say their type. */
export type SiteResponse = string | { body: string | Uint8Array; type: string } | null;

/**
 * Serves `handler(path)` after an optional delay (a slow upstream), with an ETag, answering a
 * matching If-None-Match with 304 as a well-behaved feed server does.
 */
export async function startSite(handler: (path: string) => SiteResponse, delayMs = 0): Promise<LocalSite> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const answer = handler(req.url ?? "/");
    setTimeout(() => {
      if (answer === null) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      const { body, type } = typeof answer === "string" ? { body: answer, type: "text/html; charset=utf-8" } : answer;
      const etag = `"${createHash("md5").update(body).digest("hex")}"`;
      if (req.headers["if-none-match"] === etag) res.writeHead(304, { etag }).end();
      else res.writeHead(200, { "content-type": type, etag }).end(body);
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Stops both at once, or with `keep` leaves them up for curl until Ctrl-C. */
export async function stopUnlessKept(worker: LocalWorker, site: LocalSite, keep: boolean): Promise<void> {
  const stop = async () => {
    await worker.stop();
    await site.close();
  };
  if (!keep) return stop();
  console.log("\n--keep: both stay up; Ctrl-C to stop.");
  process.on("SIGINT", () => void stop().then(() => process.exit(0)));
}
