/**
 * Request bodies are read under the same cap as fetched pages, while streaming, and in bounded time.
 * A body sent with Content-Encoding (gzip, deflate, br) is decoded, the cap counting decoded bytes.
 */
import { drainOnCancel, readHead, type BodyHead, type OverCap } from "../net/bounded-body";
import { decodeBody, DecodedTooLarge, planDecoding } from "../net/content-decoding";
import { Deadline } from "../net/deadline";
import { AppException } from "../service/errors";

/** The body, whole; over `maxBytes` (decoded) a 413. */
export async function readCappedBody(request: Request, maxBytes: number, timeoutMs: number): Promise<Uint8Array> {
  return (await readRequestBody(request, maxBytes, timeoutMs, "refuse")).bytes;
}

/**
 * The body, whole or (`overCap: "cut"`) its first `maxBytes` decoded bytes with `cut` set: an HTML
 * page is still readable from its beginning, a JSON document or a feed is not. Past the cap a
 * Brotli body is refused either way (its decoder bounds the output by failing, with no prefix).
 */
export async function readRequestBody(
  request: Request,
  maxBytes: number,
  timeoutMs: number,
  overCap: OverCap,
): Promise<BodyHead> {
  const tooLarge = () =>
    new AppException({ code: "payload_too_large", message: `request body over ${maxBytes} bytes (decoded)` });
  if (overCap === "refuse" && Number(request.headers.get("content-length") ?? NaN) > maxBytes) throw tooLarge();
  const encoding = request.headers.get("content-encoding");
  const plan = planDecoding(encoding);
  if (!plan.ok) throw new AppException({ code: "unsupported_encoding", message: plan.message });
  const deadline = new Deadline(timeoutMs);
  // The body as sent is drained, not cancelled, whoever stops reading it (drainOnCancel says why).
  const sent = request.body ? drainOnCancel(request.body as ReadableStream<Uint8Array>, () => deadline) : null;
  const stream =
    sent && plan.codings.length > 0 ? decodeBody(sent.stream, plan.codings, maxBytes) : (sent?.stream ?? null);
  try {
    const body = await readHead(stream, maxBytes, deadline);
    if (body.cut && overCap === "refuse") throw tooLarge();
    return body;
  } catch (err) {
    if (deadline.expired)
      throw new AppException({ code: "bad_request", message: `request body not received within ${timeoutMs} ms` });
    if (err instanceof DecodedTooLarge) throw tooLarge();
    if (err instanceof AppException || plan.codings.length === 0) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new AppException({ code: "bad_request", message: `request body is not valid ${encoding}: ${reason}` });
  } finally {
    // Answered once the body is all in: a cancel reaches it through the decoders a few turns later.
    await deadline.race(sent?.finished ?? Promise.resolve()).catch(() => {});
    deadline.dispose();
  }
}
