/**
 * Reads a body up to a byte cap without losing it when it is bigger: the bytes read so far and the
 * rest of the stream can be stitched back into one stream, so a page too large to render can still
 * be handed on whole (the intercept then serves an agent the origin's HTML instead).
 */
import { joinChunks } from "./bounded-body";
import type { Deadline } from "./deadline";

export type BodyPrefix =
  { complete: true; bytes: Uint8Array } | { complete: false; stream: ReadableStream<Uint8Array> };

export async function readPrefix(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  deadline: Deadline,
): Promise<BodyPrefix> {
  if (body === null) return { complete: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await deadline.race(reader.read());
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
    if (total > maxBytes) return { complete: false, stream: stitched(chunks, reader) };
  }
  return { complete: true, bytes: joinChunks(chunks) };
}

/** The chunks already read, then whatever the reader still has, as one stream (pulled on demand). */
function stitched(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  const queue = [...chunks];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = queue.shift();
      if (next) return controller.enqueue(next);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
