/**
 * Reads a response body into one Uint8Array while enforcing a byte cap: the stream is read chunk
 * by chunk and cancelled as soon as the total passes the cap, so an endless or huge body costs at
 * most `maxBytes` (plus one chunk) of memory.
 */
import type { Deadline } from "./deadline";

export type BoundedBody = { ok: true; bytes: Uint8Array } | { ok: false; readBytes: number };

/** Cancels a stream or reader without waiting for (or failing on) the cancellation. */
export function discard(target: { cancel(reason?: unknown): Promise<void> } | null | undefined): void {
  if (!target) return;
  try {
    target.cancel().catch(() => {});
  } catch {
    // A locked or already-consumed stream: nothing left to release.
  }
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  throw new TypeError("response body chunk is not bytes");
}

/**
 * The whole body, or `{ ok: false }` once more than `maxBytes` arrived (the stream is then
 * cancelled). Rejects when the deadline passes (the stream is cancelled too) or the stream errors.
 */
export async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  deadline: Deadline,
): Promise<BoundedBody> {
  if (body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      const chunk = toBytes(value);
      total += chunk.byteLength;
      if (total > maxBytes) {
        discard(reader);
        return { ok: false, readBytes: total };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    discard(reader);
    throw error;
  }
  return { ok: true, bytes: joinChunks(chunks) };
}

/** The chunks of a body, in order, as one array. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
