/**
 * The Worker in intercept mode for the tests: its real fetch handler (src/index.ts) with MODE=intercept
 * bound, an origin played by a mocked global fetch that records what it was asked, and every
 * waitUntil (the background learning) settled before the test looks at the tree.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { vi } from "vitest";
import worker from "../../src/index";
import { domainTreeStub } from "../../src/store/stub";

export type Origin = (request: Request) => Response | Promise<Response>;

export interface OriginCall {
  url: string;
  method: string;
  headers: Headers;
}

/** Replaces the origin (global fetch) for this test; returns the list of calls it received. */
export function mockOrigin(origin: Origin): OriginCall[] {
  const calls: OriginCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, method: request.method, headers: new Headers(request.headers) });
    return origin(request);
  });
  return calls;
}

export const INTERCEPT_VARS = { MODE: "intercept", INTERCEPT_SAMPLE_RATE: "1", INTERCEPT_CACHE_TTL: "0" };

/**
 * One request through the Worker in intercept mode. `settle: false` returns before the background
 * work (the tee's learning branch) is awaited, so a test can read the browser's stream first.
 */
export async function intercept(
  url: string,
  init: RequestInit = {},
  vars: Record<string, string> = {},
): Promise<{ res: Response; settled: Promise<void> }> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(url, { redirect: "manual", ...init }),
    { ...env, ...INTERCEPT_VARS, ...vars } as Env,
    ctx,
  );
  return { res, settled: waitOnExecutionContext(ctx) };
}

/** The request, its body read whole, and the background learning finished. */
export async function interceptAndSettle(url: string, init: RequestInit = {}, vars: Record<string, string> = {}) {
  const { res, settled } = await intercept(url, init, vars);
  const bytes = new Uint8Array(await res.arrayBuffer());
  await settled;
  return { res, bytes, text: new TextDecoder().decode(bytes) };
}

export async function documentsOf(domain: string): Promise<number> {
  return (await domainTreeStub(env, domain).stats()).documents;
}

export const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "content-type": "text/html; charset=utf-8", ...headers } });
