/**
 * Admin routes (ADMIN_KEY): a domain's stats, export, import and reset. Reads never create a
 * domain's object storage: an unknown domain is a 404 and stays unknown.
 */
import { Hono, type Context } from "hono";
import { DEFAULT_IMPORT_LIMITS, ImportError, ImportReader } from "../core/domain-export";
import type { HeldDocument } from "../core/domain-state";
import { registrableDomain } from "../core/url-key";
import { configOf } from "../config";
import { discard, drainOnCancel } from "../net/bounded-body";
import { decodeBody, DecodedTooLarge, planDecoding } from "../net/content-decoding";
import { Deadline } from "../net/deadline";
import { AppException } from "../service/errors";
import { domainTreeStub } from "../store/stub";
import { auth } from "./auth";
import { methodNotAllowed } from "./errors";
import { JSON_CONTENT_TYPE, jsonResponse } from "./json-response";
import type { AppEnv } from "./env";

/**
 * Largest import body. An export is ~1.1 KB per document on news sites (~11 MB at the 10,000 cap);
 * the decoded documents go to the object in one call, which must stay well under the RPC limit.
 */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

const NDJSON = "application/x-ndjson";

function domainOf(c: Context<AppEnv>): string {
  const raw = c.req.param("domain") ?? "";
  const domain = registrableDomain(raw.toLowerCase());
  if (!domain || (!/^[a-z0-9.-]+$/i.test(domain) && !/^\[?[0-9a-f:.]+\]?$/i.test(domain))) {
    throw new AppException({ code: "bad_request", message: `not a domain: "${raw}"` });
  }
  return domain;
}

const unknownDomain = (domain: string) =>
  new AppException({ code: "not_found", message: `${domain} has no documents (the service never learned it)` });

/** NDJSON when asked for by `format=ndjson` or `Accept`; JSON (the original export) otherwise. */
function wantsNdjson(c: Context<AppEnv>): boolean {
  const format = c.req.query("format");
  if (format !== undefined && format !== "json" && format !== "ndjson") {
    throw new AppException({ code: "bad_request", message: `format must be json or ndjson, got "${format}"` });
  }
  if (format) return format === "ndjson";
  return (c.req.header("accept") ?? "").toLowerCase().includes(NDJSON);
}

export function adminRoutes(): Hono<AppEnv> {
  const admin = new Hono<AppEnv>();
  admin.use("*", auth({ scope: "admin" }));

  admin.get("/domains/:domain/stats", async (c) => {
    const domain = domainOf(c);
    const stats = await domainTreeStub(c.env, domain).stats();
    if (!stats.domain) throw unknownDomain(domain);
    return jsonResponse(c, stats);
  });

  admin.get("/domains/:domain/export", async (c) => {
    const domain = domainOf(c);
    const stub = domainTreeStub(c.env, domain);
    if (wantsNdjson(c)) {
      const stream = await stub.exportStream();
      if (!stream) throw unknownDomain(domain);
      return new Response(stream, { headers: { "content-type": `${NDJSON}; charset=utf-8` } });
    }
    const state = await stub.exportTree();
    if (!state) throw unknownDomain(domain);
    return new Response(state, { headers: { "content-type": JSON_CONTENT_TYPE } });
  });

  admin.post("/domains/:domain/import", async (c) => {
    const domain = domainOf(c);
    const type = c.req.header("content-type");
    if (type && !/^(application\/x-ndjson|application\/jsonl|text\/plain)\b/i.test(type)) {
      throw new AppException({
        code: "unsupported_media_type",
        message: `import takes the NDJSON of GET .../export?format=ndjson (${NDJSON}), got ${type}`,
      });
    }
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxDocs: configOf(c.env).eviction.maxDocs };
    const docs = await readImport(c.req.raw, new ImportReader(domain, limits), configOf(c.env).fetch.timeoutMs);
    const result = await domainTreeStub(c.env, domain).importDocuments(domain, docs);
    if (!result.ok) throw new AppException({ code: result.code, message: result.message });
    return jsonResponse(c, { domain, imported: result.imported });
  });

  admin.post("/domains/:domain/reset", async (c) => jsonResponse(c, await domainTreeStub(c.env, domainOf(c)).reset()));
  // After the routes (and the key check): a method the route does not serve is a 405, not a 404.
  admin.all("/domains/:domain/stats", methodNotAllowed("GET", "HEAD"));
  admin.all("/domains/:domain/export", methodNotAllowed("GET", "HEAD"));
  admin.all("/domains/:domain/import", methodNotAllowed("POST"));
  admin.all("/domains/:domain/reset", methodNotAllowed("POST"));
  return admin;
}

/**
 * Streams the body line by line through the reader, under IMPORT_MAX_BYTES (decoded); only decoded documents are
 * kept. A body sent with Content-Encoding gzip, deflate or br is decoded (a backup compresses well), any other
 * coding is a 415, as on POST /extract. A body refused part way (a bad line, past the cap, corrupt compressed
 * data) is read to its end as sent and dropped, for at most `drainMs`, not cancelled: workerd restarts the
 * Worker after a request whose body was cancelled half read, and the caller then got `503 "Your worker
 * restarted mid-request"` instead of the 400 naming the line (drainOnCancel in src/net/bounded-body.ts).
 */
export async function readImport(request: Request, reader: ImportReader, drainMs: number): Promise<HeldDocument[]> {
  const tooLarge = () =>
    new AppException({ code: "payload_too_large", message: `import body over ${IMPORT_MAX_BYTES} bytes` });
  if (Number(request.headers.get("content-length") ?? NaN) > IMPORT_MAX_BYTES) throw tooLarge();
  const encoding = request.headers.get("content-encoding");
  const plan = planDecoding(encoding);
  if (!plan.ok) throw new AppException({ code: "unsupported_encoding", message: plan.message });
  // The body as sent is drained, not cancelled, whoever stops reading it (drainOnCancel says why), under a
  // deadline that starts at the refusal: the upload itself has none here.
  let drainDeadline: Deadline | undefined;
  const drainUnder = () => (drainDeadline ??= new Deadline(drainMs));
  const sent = request.body ? drainOnCancel(request.body as ReadableStream<Uint8Array>, drainUnder) : null;
  const body = sent ? decodeBody(sent.stream, plan.codings, IMPORT_MAX_BYTES).getReader() : null;
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let pending = "";
  let bytes = 0;
  try {
    while (body) {
      const next = await body.read();
      if (next.done) break;
      const chunk = next.value;
      bytes += chunk.byteLength;
      if (bytes > IMPORT_MAX_BYTES) throw tooLarge();
      pending += utf8(() => decoder.decode(chunk, { stream: true }));
      pending = feedLines(pending, reader);
    }
    pending += utf8(() => decoder.decode());
    if (pending.endsWith("\r")) pending = pending.slice(0, -1);
    if (pending.length > 0) reader.line(pending);
    return reader.finish();
  } catch (err) {
    if (sent) {
      const deadline = drainUnder();
      discard(body);
      // Answered once the body is all in: the cancel reaches it through the decoders a few turns later.
      await deadline.race(sent.finished).catch(() => {});
      deadline.dispose();
    }
    if (err instanceof ImportError) throw new AppException({ code: "bad_request", message: `import: ${err.message}` });
    if (err instanceof DecodedTooLarge) throw tooLarge();
    if (err instanceof AppException || plan.codings.length === 0) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new AppException({ code: "bad_request", message: `import: the body is not valid ${encoding}: ${reason}` });
  }
}

function utf8(decode: () => string): string {
  try {
    return decode();
  } catch {
    throw new AppException({ code: "bad_request", message: "import: the body is not UTF-8" });
  }
}

/** Hands every complete line to the reader; returns the unfinished rest. */
function feedLines(text: string, reader: ImportReader): string {
  let start = 0;
  for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
    const line = text.slice(start, text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl);
    reader.line(line);
    start = nl + 1;
  }
  const rest = text.slice(start);
  // A line that never ends is refused by length as it grows, not after the whole body arrived.
  if (rest.length > DEFAULT_IMPORT_LIMITS.maxLineChars) reader.line(rest);
  return rest;
}
