/**
 * Intercept mode (MODE=intercept, the `intercept` wrangler environment): the Worker runs on a site's
 * own route, in front of its origin, and every path belongs to the origin; the service's API
 * (/extract, /feed, /admin, the usage page) is not there.
 * - Browsers (no preference for text/markdown or text/plain) get the origin's response untouched:
 *   status, headers and body, streamed. A 200 HTML page view that is not personalised, and picked
 *   by the sampling rate, also teaches the domain's tree from a teed, size-capped copy of the body
 *   read in ctx.waitUntil, after the browser's response has started.
 * - Agents get the page's main content (intercept-agent.ts).
 */
import { agentFormat } from "../core/accept";
import { configOf } from "../config";
import { learnDecision } from "../service/intercept-policy";
import { learnFromBody } from "../service/intercept-learn";
import { answerAgent } from "./intercept-agent";

type FetchHandler = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

export async function interceptFetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const config = configOf(env);
  const format =
    request.method === "GET" || request.method === "HEAD" ? agentFormat(request.headers.get("accept")) : null;
  if (format) {
    try {
      return await answerAgent(request, env, ctx, format);
    } catch (err) {
      // The site stays the site: whatever failed in rendering, the agent still gets the origin's page.
      console.error(`intercept: agent answer for ${request.url} failed: ${String(err)}`);
      return fetch(request);
    }
  }

  const response = await fetch(request);
  if (!learnDecision(request, response, config.intercept.sampleRate).learn) return response;
  // tee: the browser's branch streams at the origin's pace; the learning branch is read in the
  // background and cancelled alone when it passes the cap.
  const [toBrowser, toLearn] = (response.body as ReadableStream<Uint8Array>).tee();
  const browser = signalWhenDelivered(toBrowser);
  const page = { url: request.url, contentType: response.headers.get("content-type"), body: toLearn };
  const limits = { maxBytes: config.fetch.maxBytes, timeoutMs: config.fetch.timeoutMs };
  ctx.waitUntil(learnFromBody(env, page, limits, browser.delivered));
  // Status and headers are the origin's; the body is a teed stream without a declared length, so
  // workerd sends a learned page view chunked (Content-Length is dropped; wrangler dev showed the same
  // for FixedLengthStream, so no attempt is made to restore it).
  return new Response(browser.stream, response);
}

/**
 * Learning is not urgent: after the browser's branch has been handed on, it waits this long more so
 * the last bytes leave the Worker (the runtime's pump, and under wrangler dev its proxy, share the
 * thread) before the parse occupies it. With 0 ms, bench:intercept measured the parse time added to
 * the browser's time to first and last byte; with 50 ms, about 1-2 ms (82 KB pages, wrangler dev).
 */
const LEARN_AFTER_DELIVERY_MS = 50;

/**
 * The browser's branch, and a promise settled LEARN_AFTER_DELIVERY_MS after its last chunk has been
 * handed on. Parsing the page is synchronous CPU work on the same thread that pumps the browser's
 * bytes, so learning waits for this before it parses: the browser's stream is not stalled behind it.
 */
function signalWhenDelivered(body: ReadableStream<Uint8Array>): {
  stream: ReadableStream<Uint8Array>;
  delivered: Promise<void>;
} {
  let settle!: () => void;
  const delivered = new Promise<void>((resolve) => (settle = resolve));
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush: () => void setTimeout(settle, LEARN_AFTER_DELIVERY_MS),
    }),
  );
  return { stream, delivered };
}

/**
 * The Worker's fetch handler: the intercept in intercept mode, else the API. A configuration that
 * cannot be parsed goes to the API, which answers `500 bad_config` naming the variable.
 */
export function interceptOrApi(api: FetchHandler): FetchHandler {
  return (request, env, ctx) => {
    let mode: "api" | "intercept";
    try {
      mode = configOf(env).intercept.mode;
    } catch {
      return api(request, env, ctx);
    }
    return mode === "intercept" ? interceptFetch(request, env, ctx) : api(request, env, ctx);
  };
}
