/**
 * Content-Encoding of fetched pages and posted bodies, decoded as a stream so the byte cap applies
 * to the decompressed bytes as they are produced: a bomb stops at the cap instead of being inflated
 * to the end. gzip, deflate (zlib-wrapped, or raw as some servers send it) and br; `identity` is a
 * no-op; anything else is refused, never passed on as if it were text.
 *
 * What workerd does on its own (measured with wrangler 4.84 against a local upstream): fetch
 * decodes gzip and br transparently but keeps the Content-Encoding header, and passes deflate
 * through encoded. Since the header then no longer says what the bytes are, safe-fetch asks for
 * the raw bytes (`encodeResponseBody: "manual"`) and every coding is decoded here, one way.
 *
 * gzip and deflate use the Web Standard DecompressionStream (it yields small chunks as the reader
 * pulls, so reading stops the inflation between the chunks written to it; but workerd inflates each
 * chunk written whole, ahead of the reader: the first MiB of a 512 MiB gzip bomb sent as one 510 KiB
 * chunk took 495 ms, of a 16 MiB one 17 ms, vitest's workerd, 2026-11-26; writing 1 KiB slices did
 * not help, the writes settle before any output is read); br uses node:zlib (nodejs_compat), the
 * only Brotli decoder workerd has, one-shot with an output limit (see brotli below).
 */
import { brotliDecompressSync } from "node:zlib";
import { joinChunks } from "./bounded-body";

export type ContentCoding = "gzip" | "deflate" | "br";

export type DecodingPlan = { ok: true; codings: ContentCoding[] } | { ok: false; message: string };

/** What the service offers upstream (`Accept-Encoding`): exactly what it can decode. */
export const ACCEPT_ENCODING = "gzip, deflate, br";

const ALIASES: Record<string, ContentCoding> = { gzip: "gzip", "x-gzip": "gzip", deflate: "deflate", br: "br" };

/** Layers of coding a body may carry; real servers use one, two covers a proxy re-compressing. */
const MAX_LAYERS = 2;

/**
 * The decoding steps for a Content-Encoding header, in the order to apply them (the reverse of
 * the order the codings were applied), or why the body cannot be decoded.
 */
export function planDecoding(header: string | null): DecodingPlan {
  const listed = (header ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== "" && part !== "identity");
  if (listed.length > MAX_LAYERS)
    return { ok: false, message: `Content-Encoding "${clip(header ?? "")}" has more than ${MAX_LAYERS} codings` };
  const codings: ContentCoding[] = [];
  for (const name of listed) {
    const coding = ALIASES[name];
    if (!coding)
      return { ok: false, message: `Content-Encoding "${clip(name)}" is not supported (gzip, deflate and br are)` };
    codings.push(coding);
  }
  return { ok: true, codings: codings.reverse() };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/**
 * The decoded body. The caller still caps what it reads at `maxBytes`; Brotli needs the cap itself
 * (see brotli below) and rejects with DecodedTooLarge past it. Corrupt data rejects a read.
 */
export function decodeBody(
  body: ReadableStream<Uint8Array>,
  codings: readonly ContentCoding[],
  maxBytes: number,
): ReadableStream<Uint8Array> {
  let stream = body;
  for (const coding of codings) stream = decodeOne(stream, coding, maxBytes);
  return stream;
}

function decodeOne(
  body: ReadableStream<Uint8Array>,
  coding: ContentCoding,
  maxBytes: number,
): ReadableStream<Uint8Array> {
  switch (coding) {
    case "gzip":
      return body.pipeThrough(new DecompressionStream("gzip"));
    case "deflate":
      return inflate(body);
    case "br":
      return brotli(body, maxBytes);
    default: {
      const unreachable: never = coding;
      return unreachable;
    }
  }
}

/** RFC 1950: CM = 8 (deflate) in the low nibble, and the first two bytes as a number divisible by 31. */
function isZlibHeader(bytes: Uint8Array): boolean {
  const [cmf = 0, flg = 0] = bytes;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

/**
 * `deflate` means zlib-wrapped deflate (RFC 9110), but servers also send raw deflate under that
 * name; browsers accept both, so the first two bytes decide.
 */
function inflate(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const source = body.getReader();
  let decoded: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const open = async () => {
    let head: Uint8Array = new Uint8Array(0);
    let ended = false;
    while (head.byteLength < 2 && !ended) {
      const { done, value } = await source.read();
      if (done) ended = true;
      else head = joinChunks([head, value]);
    }
    const replay = new ReadableStream<Uint8Array>({
      start: (c) => {
        if (head.byteLength > 0) c.enqueue(head);
        if (ended) c.close();
      },
      pull: async (c) => {
        const { done, value } = await source.read();
        if (done) c.close();
        else c.enqueue(value);
      },
      cancel: (reason) => source.cancel(reason),
    });
    return replay.pipeThrough(new DecompressionStream(isZlibHeader(head) ? "deflate" : "deflate-raw")).getReader();
  };
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      decoded ??= await open();
      const { done, value } = await decoded.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: async (reason) => {
      await (decoded ?? source).cancel(reason);
    },
  });
}

/** A decoder produced more than the cap allows; callers answer it like any body over the cap. */
export class DecodedTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`decoded body exceeds ${maxBytes} bytes`);
  }
}

/** Compressed input larger than the output cap plus this is refused unread: Brotli never expands data that much. */
const BROTLI_INPUT_SLACK = 64 * 1024;

/**
 * Brotli through node:zlib. workerd's streaming decoder ignores `chunkSize` and hands over all it
 * can produce from a chunk at once (measured: 256 MiB from a 405-byte input, 1.6 s), so a stream
 * cannot stop it at the cap. The one-shot decoder honours `maxOutputLength` and stops there
 * (19 ms for the same bomb): the compressed input, itself bounded, is collected, then decoded with
 * the cap as its output limit.
 */
function brotli(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  const source = body.getReader();
  return new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const chunks: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        const { done, value } = await source.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes + BROTLI_INPUT_SLACK) {
          await source.cancel().catch(() => {});
          throw new DecodedTooLarge(maxBytes);
        }
        chunks.push(value);
      }
      const input = joinChunks(chunks);
      let output: Uint8Array;
      try {
        output = brotliDecompressSync(input, { maxOutputLength: maxBytes + 1 });
      } catch (err) {
        // Over maxOutputLength is a RangeError (Node: ERR_BUFFER_TOO_LARGE; workerd: "Memory limit exceeded").
        if (err instanceof RangeError) throw new DecodedTooLarge(maxBytes);
        throw err;
      }
      if (output.byteLength > 0) controller.enqueue(output);
      controller.close();
    },
    cancel: async (reason) => {
      await source.cancel(reason).catch(() => {});
    },
  });
}
