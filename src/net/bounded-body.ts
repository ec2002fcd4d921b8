/**
 * Reads a response body into one Uint8Array while enforcing a byte cap: the stream is read chunk
 * by chunk and cancelled as soon as the total passes the cap, so an endless or huge body costs at
 * most `maxBytes` (plus one chunk) of memory. Over the cap, `readBounded` refuses the body and
 * `readHead` keeps its first `maxBytes`.
 */
import type { Deadline } from "./deadline";

/** What a reader does with a body over its cap: refuse it, or keep its first `maxBytes` (`cut`). */
export type OverCap = "refuse" | "cut";

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
  const head = await readHead(body, maxBytes, deadline);
  return head.cut ? { ok: false, readBytes: head.readBytes } : { ok: true, bytes: head.bytes };
}

/** The first bytes of a body: all of it when `cut` is false. */
export interface BodyHead {
  bytes: Uint8Array;
  /** More than `maxBytes` arrived: `bytes` is the first `maxBytes` of them; the reader was cancelled there. */
  cut: boolean;
  /** Bytes taken from the stream, the chunk that passed the cap included. */
  readBytes: number;
}

/**
 * The body up to `maxBytes`: a page over the cap is answered from its beginning, so reading stops
 * at the cap and the stream is cancelled, whatever the body's declared or eventual size. Rejects
 * when the deadline passes (the stream is cancelled too) or the stream errors.
 */
export async function readHead(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  deadline: Deadline,
): Promise<BodyHead> {
  if (body === null) return { bytes: new Uint8Array(0), cut: false, readBytes: 0 };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      const chunk = toBytes(value);
      const room = maxBytes - total;
      total += chunk.byteLength;
      if (total > maxBytes) {
        discard(reader);
        chunks.push(chunk.subarray(0, room));
        return { bytes: joinChunks(chunks), cut: true, readBytes: total };
      }
      chunks.push(chunk);
    }
  } catch (error) {
    discard(reader);
    throw error;
  }
  return { bytes: joinChunks(chunks), cut: false, readBytes: total };
}

/**
 * A request body that, when its reader stops early (cancels: the cap was met, a decoder failed, the
 * deadline passed), is read to its end and dropped instead of cancelled: workerd restarts the Worker
 * after a request whose body was cancelled half read (`wrangler dev`: the next request, on any
 * connection, was answered 503 "Your worker restarted mid-request"). What is dropped is the body as
 * sent, under any decoder: draining the decoded stream would inflate the rest of a gzip bomb, CPU up
 * to the deadline. The client's upload runs to its end, costing time but no memory; `finished`
 * settles once the body has ended, been drained, or been cancelled at the deadline. `drainDeadline`
 * is asked when the reader cancels: a read under one deadline drains under the same one, the admin
 * import (no deadline while it reads) under one that starts at its refusal.
 */
export function drainOnCancel(
  body: ReadableStream<Uint8Array>,
  drainDeadline: () => Deadline,
): { stream: ReadableStream<Uint8Array>; finished: Promise<void> } {
  const source = body.getReader();
  let settle = () => {};
  const finished = new Promise<void>((resolve) => (settle = resolve));
  // The read a pull has in flight: workerd's request body takes one pending read at a time ("This
  // ReadableStream only supports a single pending read request at a time"), so the drain waits for it.
  let inFlight: Promise<unknown> = Promise.resolve();
  const stream = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      // Settled by the body's end or failure only: a read in flight when the reader cancels still
      // resolves, and enqueueing it then throws while the drain reads on.
      const read = source.read();
      inFlight = read.catch(() => {});
      const next = await read.catch((error: unknown) => {
        settle();
        throw error;
      });
      if (!next.done) return controller.enqueue(next.value);
      settle();
      controller.close();
    },
    cancel: async () => {
      await inFlight;
      await drain(source, drainDeadline());
      settle();
    },
  });
  return { stream, finished };
}

/**
 * Reads the rest of a body and drops it, until its end; one that fails or outlasts the deadline is cancelled then.
 * For a request body its reader stopped reading early (see drainOnCancel for why it is not cancelled).
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: Deadline): Promise<void> {
  try {
    for (;;) if ((await deadline.race(reader.read())).done) return;
  } catch {
    discard(reader);
  }
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
