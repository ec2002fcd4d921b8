import { describe, expect, it } from "vitest";
import { readCappedBody, readRequestBody } from "../../src/http/request-body";

/** A request whose body arrives in `chunks` chunks of `size` bytes, counting how many were pulled and whether it was cancelled. */
function streamedRequest(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request("http://svc/extract?url=https://a.example/", {
    method: "POST",
    body,
    headers: { "content-type": "text/html" },
    // @ts-expect-error: a streamed request body needs half duplex outside browsers.
    duplex: "half",
  });
  return { request, seen };
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
