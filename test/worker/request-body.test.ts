import { describe, expect, it } from "vitest";
import { readCappedBody, readRequestBody } from "../../src/http/request-body";

/** A request whose body arrives as `chunks`, counting how many were pulled and whether it was cancelled. */
function countedRequest(chunks: readonly Uint8Array[], headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks.length) return controller.close();
      controller.enqueue(chunks[seen.pulled++]!);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request("http://svc/extract?url=https://a.example/", {
    method: "POST",
    body,
    headers: { "content-type": "text/html", ...headers },
    // @ts-expect-error: a streamed request body needs half duplex outside browsers.
    duplex: "half",
  });
  return { request, seen };
}

/** A request whose body arrives in `chunks` chunks of `size` bytes. */
function streamedRequest(chunks: number, size: number) {
  return countedRequest(Array.from({ length: chunks }, () => new Uint8Array(size).fill(0x61)));
}

describe("request bodies over the cap", () => {
  // workerd restarts the Worker after a request whose body was cancelled half read (wrangler dev answered
  // the next request 503 "Your worker restarted mid-request"): the rest is read and dropped instead.
  it("keep their first maxBytes and read the rest to its end without keeping it", async () => {
    const { request, seen } = streamedRequest(20, 1000);
    const head = await readRequestBody(request, 5000, 10_000, "cut");
    expect(head.cut).toBe(true);
    expect(head.bytes.byteLength).toBe(5000);
    expect(seen.pulled).toBe(20);
    expect(seen.cancelled).toBe(false);
  });

  it("are refused (413) once read to their end", async () => {
    const { request, seen } = streamedRequest(20, 1000);
    await expect(readCappedBody(request, 5000, 10_000)).rejects.toMatchObject({
      error: { code: "payload_too_large" },
    });
    expect(seen.pulled).toBe(20);
    expect(seen.cancelled).toBe(false);
  });
});

/** gzip of `text`, as one array. */
async function gzipOf(text: string): Promise<Uint8Array> {
  const compressed = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

/** A gzip request whose body as sent is `chunks`. */
function gzipRequest(chunks: readonly Uint8Array[]) {
  return countedRequest(chunks, { "content-encoding": "gzip" });
}

describe("encoded request bodies over the cap", () => {
  // The rest is dropped as sent, never decoded: inflating a gzip bomb's rest would cost CPU up to the deadline.
  // A decoder that fails on the rest (junk after the gzip data here) must not cancel the raw body either.
  it("read the raw rest to its end, not cancelled, when its decoding fails", async () => {
    const junk = Array.from({ length: 10 }, () => new Uint8Array(1000).fill(0x61));
    const { request, seen } = gzipRequest([await gzipOf("a".repeat(20_000)), ...junk]);
    const head = await readRequestBody(request, 5000, 10_000, "cut");
    expect(head.cut).toBe(true);
    expect(head.bytes.byteLength).toBe(5000);
    expect(seen.pulled).toBe(11);
    expect(seen.cancelled).toBe(false);
  });

  it("read the raw rest of a refused body to its end, not cancelled", async () => {
    const junk = Array.from({ length: 10 }, () => new Uint8Array(1000).fill(0x61));
    const { request, seen } = gzipRequest([await gzipOf("a".repeat(20_000)), ...junk]);
    await expect(readCappedBody(request, 5000, 10_000)).rejects.toMatchObject({ error: { code: "payload_too_large" } });
    expect(seen.pulled).toBe(11);
    expect(seen.cancelled).toBe(false);
  });
});

describe("draining a body that takes one read at a time", () => {
  // workerd's request body refuses a second pending read ("This ReadableStream only supports a single
  // pending read request at a time"); the drain must wait for the read a pull has in flight, or its
  // first read fails, the body is cancelled half read, and workerd restarts the Worker.
  it("waits for the read in flight before draining, and reads the body to its end", async () => {
    const seen = { reads: 0, concurrent: false, cancelled: false };
    let pending = false;
    const reader = {
      read: async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
        if (pending) seen.concurrent = true;
        pending = true;
        await new Promise((r) => setTimeout(r, 1));
        pending = false;
        if (seen.reads === 40) return { done: true, value: undefined };
        seen.reads++;
        return { done: false, value: new Uint8Array(1000).fill(0x61) };
      },
      cancel: async () => void (seen.cancelled = true),
      releaseLock: () => {},
      closed: Promise.resolve(undefined),
    };
    const oneReadAtATime = { getReader: () => reader } as unknown as ReadableStream<Uint8Array>;
    const request = { headers: new Headers({ "content-type": "text/html" }), body: oneReadAtATime } as Request;
    const head = await readRequestBody(request, 5000, 10_000, "cut");
    expect(head.cut).toBe(true);
    expect(seen.concurrent).toBe(false);
    expect(seen.reads).toBe(40);
    expect(seen.cancelled).toBe(false);
  });
});
