import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readBounded } from "../../src/net/bounded-body";
import { DecodedTooLarge, decodeBody, planDecoding } from "../../src/net/content-decoding";
import { Deadline } from "../../src/net/deadline";
import { safeFetch, type FetchResult } from "../../src/net/safe-fetch";

const HTML = "<!doctype html><html><body><p>hello decoded world</p></body></html>";
const enc = new TextEncoder();
/** HTML above, compressed by Node's zlib.brotliCompressSync (workerd has no Brotli encoder to make it here). */
const BROTLI_HTML = "G0IAgI3TJbLXmqtfyMrgJA+ID2zADczzdGgTzhhwOOgcbK9GLMS/XM1g7uD3Aw==";
/** 256 MiB of zero bytes as 405 bytes of Brotli (Node, quality 5): a decompression bomb. */
const BROTLI_BOMB =
  "y///PwAkAOKxQHLv//j//weABEAcFoDu/R////8AkACIwwLQvf/j//8fABIAcVgAuvd//P//A0ACIA4LQPf+j///fwBIAMRhAeje//H//w8ACYA4LADd+z/+//8BIAEQhwWge//H//8/ACQA4rAAdO//+P//B4AEQBwWgO79H////wCQAIjDAtC9/+P//x8AEgBxWAC693/8//8DQAIgDgtA9/6P//9/AEgAxGEB6N7/8f//DwAJgDgsAN37P/7//wEgARCHBaB7/8f//z8AJADisAB07//4//8HgARAHBaA7v0f////AJAAiMMC0L3/4///HwASAHFYALr3f/z//wNAAiAOC0D3/o///38ASADEYQHo3v/x//8PAAmAOCwA3fs//v//ASABEIcFoHv/x///PwAkAOKwAHTv//j//weABEAcFoDu/R////8AkACIwwLQvf/j//8fABIAcVgAuvd//P//A0ACIA4LQPf+j///fwBIAMRhAeje//H//w8ACYA4LADd+7/8//8DIAEQhwWge/8H";

type Format = "gzip" | "deflate" | "deflate-raw";

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

async function compress(bytes: Uint8Array, format: Format): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `count` zero chunks of `size` bytes through CompressionStream: a bomb whose input arrives in many chunks. */
function zeroBomb(format: Format, size: number, count: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const zeros = new ReadableStream<Uint8Array>({
    pull: (c) => (sent++ < count ? c.enqueue(new Uint8Array(size)) : c.close()),
  });
  return zeros.pipeThrough(new CompressionStream(format));
}

function fetchReturning(body: BodyInit, encoding: string): typeof fetch {
  return (async () =>
    new Response(body, { headers: { "content-type": "text/html", "content-encoding": encoding } })) as typeof fetch;
}

function text(result: FetchResult): string {
  if (!result.ok) throw new Error(`${result.failure.kind}: ${result.failure.message}`);
  return new TextDecoder().decode(result.page.body);
}

const get = (fetchImpl: typeof fetch, maxBytes = 1 << 20) =>
  safeFetch("https://example.com/page", { allowHosts: new Set(), fetchImpl, maxBytes });

describe("planDecoding", () => {
  it("decodes in the reverse of the order applied, drops identity, refuses what it cannot decode", () => {
    expect(planDecoding(null)).toEqual({ ok: true, codings: [] });
    expect(planDecoding("identity")).toEqual({ ok: true, codings: [] });
    expect(planDecoding("x-gzip")).toEqual({ ok: true, codings: ["gzip"] });
    expect(planDecoding("deflate, BR")).toEqual({ ok: true, codings: ["br", "deflate"] });
    expect(planDecoding("zstd")).toMatchObject({ ok: false, message: expect.stringMatching(/zstd.*not supported/) });
    expect(planDecoding("gzip, gzip, gzip")).toMatchObject({ ok: false });
  });
});

describe("safeFetch decodes what the upstream compressed", () => {
  it.each([
    ["gzip", "gzip" as const],
    ["deflate", "deflate" as const],
    ["deflate", "deflate-raw" as const],
  ])("Content-Encoding %s (%s bytes)", async (header, format) => {
    const body = await compress(enc.encode(HTML), format);
    expect(text(await get(fetchReturning(body, header)))).toBe(HTML);
  });

  it("br, and two layers (gzip of br)", async () => {
    expect(text(await get(fetchReturning(fromBase64(BROTLI_HTML), "br")))).toBe(HTML);
    const layered = await compress(fromBase64(BROTLI_HTML), "gzip");
    expect(text(await get(fetchReturning(layered, "br, gzip")))).toBe(HTML);
  });

  it("asks for the raw bytes and says which codings it accepts", async () => {
    let init: RequestInit | undefined;
    const spy = (async (_: unknown, i?: RequestInit) => {
      init = i;
      return new Response(HTML, { headers: { "content-type": "text/html" } });
    }) as typeof fetch;
    await get(spy);
    expect(init?.encodeResponseBody).toBe("manual");
    expect(new Headers(init?.headers).get("accept-encoding")).toBe("gzip, deflate, br");
  });

  it("refuses an unknown coding instead of passing its bytes on as text", async () => {
    const result = await get(fetchReturning("xx", "zstd"));
    expect(result).toMatchObject({ ok: false, failure: { kind: "unsupported_encoding" } });
  });

  it("reports a body that is not what its header says as an upstream error", async () => {
    const result = await get(fetchReturning(HTML, "gzip"));
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: "upstream_error", message: expect.stringMatching(/gzip/) },
    });
  });

  it.each([
    ["gzip", "gzip" as const],
    ["deflate", "deflate" as const],
  ])("a %s bomb stops at the cap on decoded bytes", async (header, format) => {
    const result = await get(fetchReturning(zeroBomb(format, 1 << 20, 16), header), 1 << 20);
    expect(result).toMatchObject({ ok: false, failure: { kind: "too_large" } });
  });

  it("a Brotli bomb (256 MiB) stops at the cap", async () => {
    const result = await get(fetchReturning(fromBase64(BROTLI_BOMB), "br"), 1 << 20);
    expect(result).toMatchObject({ ok: false, failure: { kind: "too_large" } });
  });

  it.each([
    ["gzip", "gzip" as const],
    ["deflate", "deflate" as const],
  ])("with overCap cut, a %s bomb is answered with its first maxBytes decoded bytes", async (header, format) => {
    const fetchImpl = fetchReturning(zeroBomb(format, 1 << 20, 64), header);
    const result = await safeFetch("https://example.com/page", {
      allowHosts: new Set(),
      fetchImpl,
      maxBytes: 1 << 20,
      overCap: "cut",
    });
    expect(result).toMatchObject({ ok: true, page: { truncated: true } });
    if (result.ok) expect(result.page.body.byteLength).toBe(1 << 20);
  });

  it("with overCap cut, a Brotli bomb is still refused (its decoder bounds the output by failing)", async () => {
    const fetchImpl = fetchReturning(fromBase64(BROTLI_BOMB), "br");
    const result = await safeFetch("https://example.com/page", {
      allowHosts: new Set(),
      fetchImpl,
      maxBytes: 1 << 20,
      overCap: "cut",
    });
    expect(result).toMatchObject({ ok: false, failure: { kind: "too_large" } });
  });

  it.each([
    ["gzip", zeroBomb("gzip", 1 << 20, 16), ["gzip"] as const],
    ["br", new Blob([fromBase64(BROTLI_BOMB)]).stream(), ["br"] as const],
  ])("decoding a %s bomb produces at most the cap plus one chunk", async (_name, stream, codings) => {
    const deadline = new Deadline(10_000);
    try {
      const read = await readBounded(decodeBody(stream, codings, 1 << 20), 1 << 20, deadline);
      expect(read).toMatchObject({ ok: false });
      if (!read.ok) expect(read.readBytes).toBeLessThan(2 << 20);
    } catch (err) {
      expect(err).toBeInstanceOf(DecodedTooLarge);
    } finally {
      deadline.dispose();
    }
  });
});

describe("POST /extract with Content-Encoding", () => {
  afterEach(() => vi.restoreAllMocks());
  const post = (body: BodyInit, encoding: string) =>
    SELF.fetch("http://svc/extract?url=https://post.decode.example/a.html&learn=0&format=json", {
      method: "POST",
      headers: { "content-type": "text/html", "content-encoding": encoding },
      body,
    });

  it("decodes gzip and br bodies", async () => {
    for (const [body, encoding] of [
      [await compress(enc.encode(HTML), "gzip"), "gzip"],
      [fromBase64(BROTLI_HTML), "br"],
    ] as const) {
      const res = await post(body, encoding);
      expect(res.status, encoding).toBe(200);
      expect(((await res.json()) as { text: string }).text).toContain("hello decoded world");
    }
  });

  it("refuses an unknown coding with 415 and a JSON error", async () => {
    const res = await post("xx", "zstd");
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: { code: "unsupported_encoding" } });
  });

  it("refuses a Brotli bomb with 413 (its decoder bounds the output by failing, with no prefix)", async () => {
    const res = await post(fromBase64(BROTLI_BOMB), "br");
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("answers a gzip bomb from its first MAX_BYTES decoded bytes, truncated by bytes", async () => {
    // A story, then 64 MiB of spaces, gzipped: the reader stops at MAX_BYTES (5 MiB) of decoded HTML.
    const story = enc.encode("<p>A gzipped story that goes on and on about the river rising overnight.</p>");
    const spaces = new Uint8Array(1 << 20).fill(0x20);
    let sent = 0;
    const bomb = new ReadableStream<Uint8Array>({
      pull: (c) => (sent++ === 0 ? c.enqueue(story) : sent <= 65 ? c.enqueue(spaces) : c.close()),
    });
    const res = await post(bomb.pipeThrough(new CompressionStream("gzip")), "gzip");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-truncated")).toBe("bytes");
    const body = (await res.json()) as { text: string };
    expect(body).toMatchObject({ truncated: true, truncatedBy: ["bytes"] });
    expect(body.text).toContain("river rising overnight");
  });
});
