/** Request bodies are read under the same cap as fetched pages, while streaming, and in bounded time. */
import { readBounded } from "../net/bounded-body";
import { Deadline } from "../net/deadline";
import { AppException } from "../service/errors";

export async function readCappedBody(request: Request, maxBytes: number, timeoutMs: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new AppException({ code: "payload_too_large", message: `request body over ${maxBytes} bytes` });
  if (Number(request.headers.get("content-length") ?? NaN) > maxBytes) throw tooLarge();
  const deadline = new Deadline(timeoutMs);
  try {
    const body = await readBounded(request.body, maxBytes, deadline);
    if (!body.ok) throw tooLarge();
    return body.bytes;
  } catch (err) {
    if (deadline.expired)
      throw new AppException({ code: "bad_request", message: `request body not received within ${timeoutMs} ms` });
    throw err;
  } finally {
    deadline.dispose();
  }
}
