/**
 * Request bodies are read under the same cap as fetched pages, while streaming, and in bounded time.
 * A body sent with Content-Encoding (gzip, deflate, br) is decoded, the cap counting decoded bytes.
 */
import { readBounded } from "../net/bounded-body";
import { decodeBody, DecodedTooLarge, planDecoding } from "../net/content-decoding";
import { Deadline } from "../net/deadline";
import { AppException } from "../service/errors";

export async function readCappedBody(request: Request, maxBytes: number, timeoutMs: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new AppException({ code: "payload_too_large", message: `request body over ${maxBytes} bytes (decoded)` });
  if (Number(request.headers.get("content-length") ?? NaN) > maxBytes) throw tooLarge();
  const encoding = request.headers.get("content-encoding");
  const plan = planDecoding(encoding);
  if (!plan.ok) throw new AppException({ code: "unsupported_encoding", message: plan.message });
  const stream =
    request.body && plan.codings.length > 0
      ? decodeBody(request.body as ReadableStream<Uint8Array>, plan.codings, maxBytes)
      : request.body;
  const deadline = new Deadline(timeoutMs);
  try {
    const body = await readBounded(stream, maxBytes, deadline);
    if (!body.ok) throw tooLarge();
    return body.bytes;
  } catch (err) {
    if (deadline.expired)
      throw new AppException({ code: "bad_request", message: `request body not received within ${timeoutMs} ms` });
    if (err instanceof DecodedTooLarge) throw tooLarge();
    if (err instanceof AppException || plan.codings.length === 0) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new AppException({ code: "bad_request", message: `request body is not valid ${encoding}: ${reason}` });
  } finally {
    deadline.dispose();
  }
}
