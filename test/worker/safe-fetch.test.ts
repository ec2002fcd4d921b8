import { afterEach, describe, expect, it, vi } from "vitest";
import {
  isForbiddenHost,
  parseAllowHosts,
  safeFetch,
  type FetchFailure,
  type FetchResult,
  type SafeFetchOptions,
} from "../../src/net/safe-fetch";

const enc = new TextEncoder();
const dec = new TextDecoder();
const HTML = "<!doctype html><html><head><title>t</title></head><body><p>hello</p></body></html>";

interface Call {
  url: string;
  init: RequestInit;
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fetch replacement that records every call and answers through `handler`. */
function fakeFetch(handler: Handler): { fetchImpl: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init: init ?? {} });
    return handler(url, init ?? {});
  }) as typeof fetch;
  return { fetchImpl, calls };
}

/** Routes by exact URL; anything else is a test bug and answers 599. */
function routes(table: Record<string, () => Response>): ReturnType<typeof fakeFetch> {
  return fakeFetch((url) => table[url]?.() ?? new Response(null, { status: 599 }));
}

const html = (body = HTML, headers: Record<string, string> = {}) =>
  new Response(enc.encode(body), { status: 200, headers: { "content-type": "text/html; charset=utf-8", ...headers } });
const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });

const NO_ALLOW: ReadonlySet<string> = new Set();

function opts(extra: Partial<SafeFetchOptions> = {}): Partial<SafeFetchOptions> & Pick<SafeFetchOptions, "allowHosts"> {
  return { allowHosts: NO_ALLOW, ...extra };
}

function failure(result: FetchResult): FetchFailure {
  if (result.ok) throw new Error(`expected a failure, got ${result.page.status} from ${result.page.url}`);
  return result.failure;
}

function page(result: FetchResult) {
  if (!result.ok) throw new Error(`expected success, got ${result.failure.kind}: ${result.failure.message}`);
  return result.page;
}

/** A body stream of `size`-byte chunks, `count` of them (endless when Infinity), recording cancellation. */
function chunkStream(size: number, count: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= count) {
        controller.close();
        return;
      }
      state.pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("safeFetch: redirects", () => {
  it("follows a relative and an absolute redirect and reports the final URL", async () => {
    const f = routes({
      "http://example.com/start?x=1": () => redirect("/next/page", 301),
      "http://example.com/next/page": () => redirect("https://www.example.org/final#frag", 307),
      "https://www.example.org/final": () => html(),
    });
    const p = page(await safeFetch("http://example.com/start?x=1", opts({ fetchImpl: f.fetchImpl })));
    expect(p.url).toBe("https://www.example.org/final");
    expect(p.requestUrl).toBe("http://example.com/start?x=1");
    expect(p.redirects).toEqual(["http://example.com/next/page", "https://www.example.org/final"]);
    expect(p.status).toBe(200);
    expect(p.contentType).toBe("text/html; charset=utf-8");
    expect(dec.decode(p.body)).toBe(HTML);
    expect(f.calls.map((c) => c.url)).toEqual([
      "http://example.com/start?x=1",
      "http://example.com/next/page",
      "https://www.example.org/final",
    ]);
    for (const call of f.calls) {
      expect(call.init.redirect).toBe("manual");
      expect(call.init.method).toBe("GET");
      expect(call.init.signal).toBeInstanceOf(AbortSignal);
      const headers = new Headers(call.init.headers);
      expect(headers.get("user-agent")).toMatch(/urltree-clean-text/);
      expect(headers.get("accept")).toMatch(/^text\/html/);
    }
  });

  it("resolves dot-segment Locations against the current URL", async () => {
    const f = routes({
      "https://example.com/a/b/c": () => redirect("../d?q=1", 303),
      "https://example.com/a/d?q=1": () => html(),
    });
    const p = page(await safeFetch("https://example.com/a/b/c", opts({ fetchImpl: f.fetchImpl })));
    expect(p.url).toBe("https://example.com/a/d?q=1");
  });

  it("fails a redirect loop as too_many_redirects", async () => {
    const f = routes({
      "https://example.com/a": () => redirect("/b"),
      "https://example.com/b": () => redirect("/a"),
    });
    const r = await safeFetch("https://example.com/a", opts({ fetchImpl: f.fetchImpl }));
    expect(failure(r).kind).toBe("too_many_redirects");
    expect(f.calls).toHaveLength(11); // the first request plus 10 followed redirects
  });

  it("allows exactly maxRedirects hops and refuses one more", async () => {
    const chain = (hops: number) =>
      fakeFetch((url) => {
        const n = Number(new URL(url).pathname.slice(1));
        return n < hops ? redirect(`/${n + 1}`) : html();
      });
    const ten = chain(10);
    const p = page(await safeFetch("https://example.com/0", opts({ fetchImpl: ten.fetchImpl })));
    expect(p.redirects).toHaveLength(10);
    expect(p.url).toBe("https://example.com/10");

    const eleven = chain(11);
    expect(failure(await safeFetch("https://example.com/0", opts({ fetchImpl: eleven.fetchImpl }))).kind).toBe(
      "too_many_redirects",
    );
    const two = chain(3);
    const r = await safeFetch("https://example.com/0", opts({ fetchImpl: two.fetchImpl, maxRedirects: 2 }));
    expect(failure(r).kind).toBe("too_many_redirects");
  });

  it.each([
    ["http://127.0.0.1/", "forbidden_target"],
    ["http://10.0.0.1/", "forbidden_target"],
    ["http://[::1]/", "forbidden_target"],
    ["http://169.254.169.254/latest/meta-data", "forbidden_target"],
    ["http://metadata.google.internal/computeMetadata/v1/", "forbidden_target"],
    ["http://2130706433/", "forbidden_target"],
    ["http://localhost:8080/admin", "forbidden_target"],
    ["file:///etc/passwd", "forbidden_target"],
    ["gopher://example.com/", "forbidden_target"],
    ["http://user:pw@example.org/", "forbidden_target"],
  ])("refuses a redirect to %s without requesting it", async (target, kind) => {
    const f = fakeFetch((url) => (url === "https://example.com/" ? redirect(target, 302) : html()));
    const r = await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl }));
    expect(failure(r).kind).toBe(kind);
    expect(f.calls.map((c) => c.url)).toEqual(["https://example.com/"]);
  });

  it("refuses a private hop in the middle of a chain", async () => {
    const f = routes({
      "https://a.example/": () => redirect("https://b.example/"),
      "https://b.example/": () => redirect("http://192.168.1.1/router"),
    });
    const r = await safeFetch("https://a.example/", opts({ fetchImpl: f.fetchImpl }));
    expect(failure(r)).toMatchObject({ kind: "forbidden_target" });
    expect(failure(r).message).toMatch(/192\.168\.1\.1/);
    expect(f.calls).toHaveLength(2);
  });

  it("fails a redirect without Location as upstream_status", async () => {
    const f = fakeFetch(() => new Response(null, { status: 302 }));
    expect(failure(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl })))).toMatchObject({
      kind: "upstream_status",
      status: 302,
    });
  });

  it("drops credentials headers when a redirect leaves the origin, keeps other extra headers", async () => {
    const f = routes({
      "https://example.com/": () => redirect("/same"),
      "https://example.com/same": () => redirect("https://other.example/"),
      "https://other.example/": () => html(),
    });
    const headers = { authorization: "Bearer secret", "if-none-match": '"abc"' };
    page(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, headers })));
    const sent = f.calls.map((c) => new Headers(c.init.headers));
    expect(sent.map((h) => h.get("authorization"))).toEqual(["Bearer secret", "Bearer secret", null]);
    expect(sent.map((h) => h.get("if-none-match"))).toEqual(['"abc"', '"abc"', '"abc"']);
  });
});

describe("safeFetch: targets", () => {
  it.each([
    "http://127.0.0.1/",
    "http://127.1/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://0/",
    "http://0.0.0.0:8080/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.0.1/",
    "http://100.64.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://198.18.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[::1]/",
    "http://[::]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[64:ff9b::10.0.0.1]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[ff02::1]/",
    "http://localhost/",
    "http://LOCALHOST./",
    "http://ｌｏｃａｌｈｏｓｔ/", // full-width letters, mapped to "localhost" by IDNA
    "http://app.localhost/",
    "http://printer.local/",
    "http://metadata.google.internal/",
    "http://nas.home.arpa/",
    "http://intranet/",
  ])("refuses %s without requesting it", async (target) => {
    const f = fakeFetch(() => html());
    const r = await safeFetch(target, opts({ fetchImpl: f.fetchImpl }));
    expect(failure(r).kind).toBe("forbidden_target");
    expect(f.calls).toHaveLength(0);
  });

  it("lets allow-listed hosts through, and only those", async () => {
    const allowHosts = parseAllowHosts("localhost, [::1], 127.0.0.1");
    const f = fakeFetch(() => html());
    for (const url of ["http://localhost:8787/page", "http://[::1]:8787/", "http://127.1/", "http://2130706433/"]) {
      expect(page(await safeFetch(url, { allowHosts, fetchImpl: f.fetchImpl })).status).toBe(200);
    }
    const other = await safeFetch("http://10.0.0.1/", { allowHosts, fetchImpl: f.fetchImpl });
    expect(failure(other).kind).toBe("forbidden_target");
    const sub = await safeFetch("http://app.localhost/", { allowHosts, fetchImpl: f.fetchImpl });
    expect(failure(sub).kind).toBe("forbidden_target");
  });

  it("checks redirects from an allow-listed host too", async () => {
    const allowHosts = parseAllowHosts("localhost");
    const f = routes({ "http://localhost/": () => redirect("http://10.0.0.1/") });
    const r = await safeFetch("http://localhost/", { allowHosts, fetchImpl: f.fetchImpl });
    expect(failure(r).kind).toBe("forbidden_target");
  });

  it.each([
    "file:///etc/passwd",
    "data:text/html,<p>x</p>",
    "ftp://example.com/file",
    "javascript:alert(1)",
    "ws://example.com/",
    "not a url",
    "//example.com/",
    "example.com",
    "",
    "http://",
    "http://1.2.3.999/",
  ])("rejects %j as invalid_url", async (target) => {
    const f = fakeFetch(() => html());
    expect(failure(await safeFetch(target, opts({ fetchImpl: f.fetchImpl }))).kind).toBe("invalid_url");
    expect(f.calls).toHaveLength(0);
  });

  it("rejects URLs with credentials", async () => {
    const f = fakeFetch(() => html());
    for (const url of ["https://user:pass@example.com/", "https://user@example.com/", "https://:pw@example.com/"]) {
      expect(failure(await safeFetch(url, opts({ fetchImpl: f.fetchImpl }))).kind).toBe("invalid_url");
    }
    expect(f.calls).toHaveLength(0);
  });

  it("uses globalThis.fetch, looked up at call time, when no fetchImpl is given", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => html());
    const p = page(await safeFetch("https://example.com/x", opts()));
    expect(p.url).toBe("https://example.com/x");
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toBe("https://example.com/x");
  });
});

describe("safeFetch: body size", () => {
  it("fails fast on a Content-Length over the cap and cancels the body", async () => {
    const { stream, state } = chunkStream(10, 1);
    const f = fakeFetch(
      () => new Response(stream, { headers: { "content-type": "text/html", "content-length": "6000000" } }),
    );
    const r = await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl }));
    expect(failure(r).kind).toBe("too_large");
    expect(state.pulled).toBeLessThanOrEqual(1); // at most what the stream buffers on its own
    expect(state.cancelled).toBe(true);
  });

  it("stops reading a stream without Content-Length as soon as it passes the cap", async () => {
    const { stream, state } = chunkStream(1024, Infinity);
    const f = fakeFetch(() => new Response(stream, { headers: { "content-type": "text/html" } }));
    const r = await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, maxBytes: 4096 }));
    expect(failure(r).kind).toBe("too_large");
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(7);
  });

  it("with overCap cut, keeps the first maxBytes of a body over the cap and cancels the rest unread", async () => {
    const { stream, state } = chunkStream(1000, Infinity);
    const f = fakeFetch(
      () => new Response(stream, { headers: { "content-type": "text/html", "content-length": "6000000" } }),
    );
    const p = page(
      await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, maxBytes: 4096, overCap: "cut" })),
    );
    expect(p.truncated).toBe(true);
    expect(p.body.byteLength).toBe(4096);
    expect(p.body.every((b) => b === 0x61)).toBe(true);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(8);
  });

  it("with overCap cut, a body within the cap is whole and not truncated", async () => {
    const { stream } = chunkStream(1024, 4);
    const f = fakeFetch(() => new Response(stream, { headers: { "content-type": "text/html" } }));
    const p = page(
      await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, maxBytes: 4096, overCap: "cut" })),
    );
    expect(p).toMatchObject({ truncated: false });
    expect(p.body.byteLength).toBe(4096);
  });

  it("accepts a streamed body of exactly the cap, concatenated", async () => {
    const { stream } = chunkStream(1024, 4);
    const f = fakeFetch(() => new Response(stream, { headers: { "content-type": "text/html" } }));
    const p = page(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, maxBytes: 4096 })));
    expect(p.body).toBeInstanceOf(Uint8Array);
    expect(p.body.byteLength).toBe(4096);
    expect(p.body.every((b) => b === 0x61)).toBe(true);
  });
});

describe("safeFetch: content type", () => {
  it.each(["application/pdf", "image/png", "text/plain", "application/json"])("refuses %s for html", async (type) => {
    const f = fakeFetch(() => new Response(enc.encode("x"), { headers: { "content-type": type } }));
    const r = await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl }));
    expect(failure(r)).toMatchObject({ kind: "unsupported_media_type", contentType: type });
  });

  it("matches case-insensitively and ignores parameters", async () => {
    for (const type of ["TEXT/HTML; Charset=ISO-8859-1", "application/xhtml+xml", " text/html "]) {
      const f = fakeFetch(() => new Response(enc.encode(HTML), { headers: { "content-type": type } }));
      expect(page(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl }))).status).toBe(200);
    }
  });

  it("accepts feeds in feed mode and anything in any mode", async () => {
    const rss = () => new Response(enc.encode("<rss/>"), { headers: { "content-type": "application/rss+xml" } });
    const pdf = () => new Response(enc.encode("%PDF"), { headers: { "content-type": "application/pdf" } });
    const feed = await safeFetch("https://example.com/", opts({ fetchImpl: fakeFetch(rss).fetchImpl, accept: "feed" }));
    expect(page(feed).status).toBe(200);
    const f = fakeFetch(() => html());
    page(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, accept: "feed" })));
    expect(new Headers(f.calls[0]?.init.headers).get("accept")).toMatch(/application\/rss\+xml/);
    const notFeed = await safeFetch(
      "https://example.com/",
      opts({ fetchImpl: fakeFetch(pdf).fetchImpl, accept: "feed" }),
    );
    expect(failure(notFeed).kind).toBe("unsupported_media_type");
    const any = fakeFetch(pdf);
    page(await safeFetch("https://example.com/", opts({ fetchImpl: any.fetchImpl, accept: "any" })));
    expect(new Headers(any.calls[0]?.init.headers).get("accept")).toBe("*/*");
  });

  it("sniffs HTML when Content-Type is missing", async () => {
    // A Uint8Array body gets no default Content-Type (a string body would get text/plain).
    for (const body of ["\uFEFF  \n<!DOCTYPE html><p>x", "<html lang=en>", "\t<head><title>", "<BODY>"]) {
      const f = fakeFetch(() => new Response(enc.encode(body)));
      const p = page(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl })));
      expect(p.contentType).toBeNull();
      expect(p.body).toEqual(enc.encode(body));
    }
    for (const body of ["%PDF-1.7", '{"a":1}', "<htmlx>", "hello <html>", ""]) {
      const f = fakeFetch(() => new Response(enc.encode(body)));
      expect(failure(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl })))).toMatchObject({
        kind: "unsupported_media_type",
        contentType: null,
      });
    }
  });
});

describe("safeFetch: status, network, time", () => {
  it.each([404, 410, 500, 503])("fails on %i as upstream_status", async (status) => {
    const f = fakeFetch(() => new Response("nope", { status }));
    expect(failure(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl })))).toMatchObject({
      kind: "upstream_status",
      status,
    });
  });

  it("returns 304 as success with an empty body", async () => {
    const f = fakeFetch(() => new Response(null, { status: 304, headers: { etag: '"abc"' } }));
    const headers = { "if-none-match": '"abc"' };
    const p = page(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, headers })));
    expect(p.status).toBe(304);
    expect(p.body.byteLength).toBe(0);
    expect(p.headers.get("etag")).toBe('"abc"');
  });

  it("maps a network error to upstream_error", async () => {
    const f = fakeFetch(() => Promise.reject(new TypeError("connection refused")));
    const r = failure(await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl })));
    expect(r.kind).toBe("upstream_error");
    expect(r.message).toMatch(/connection refused/);
  });

  it("times out a fetch that only ends when aborted", async () => {
    let aborted = false;
    const f = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => {
            aborted = true;
            reject(init.signal?.reason);
          });
        }),
    );
    const started = Date.now();
    const r = await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, timeoutMs: 20 }));
    expect(failure(r).kind).toBe("timeout");
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("times out a fetch that ignores the signal", async () => {
    const f = fakeFetch(() => new Promise<Response>(() => {}));
    const r = await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, timeoutMs: 20 }));
    expect(failure(r).kind).toBe("timeout");
  });

  it("times out while reading a body that stalls, and cancels it", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(enc.encode("<html>"));
      },
      pull() {
        return new Promise<void>(() => {}); // never delivers more
      },
      cancel() {
        cancelled = true;
      },
    });
    const f = fakeFetch(() => new Response(stream, { headers: { "content-type": "text/html" } }));
    const r = await safeFetch("https://example.com/", opts({ fetchImpl: f.fetchImpl, timeoutMs: 30 }));
    expect(failure(r).kind).toBe("timeout");
    await Promise.resolve();
    expect(cancelled).toBe(true);
  });

  it("times out across redirects: the budget covers the whole operation", async () => {
    const f = fakeFetch(async (url) => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      const n = Number(new URL(url).pathname.slice(1));
      return redirect(`/${n + 1}`);
    });
    const r = await safeFetch("https://example.com/0", opts({ fetchImpl: f.fetchImpl, timeoutMs: 40 }));
    expect(failure(r).kind).toBe("timeout");
    expect(f.calls.length).toBeLessThan(6);
  });
});

describe("isForbiddenHost", () => {
  it.each([
    "localhost",
    "LocalHost",
    "localhost.",
    "foo.localhost",
    "printer.local",
    "db.internal",
    "metadata.google.internal",
    "router.home.arpa",
    "intranet",
    "metadata",
    "0.0.0.0",
    "0.1.2.3",
    "10.255.255.255",
    "100.64.0.0",
    "100.127.255.255",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",
    "172.16.0.0",
    "172.31.255.255",
    "192.0.0.8",
    "192.168.1.1",
    "198.18.0.0",
    "198.19.255.255",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "2130706433",
    "0x7f.1",
    "0177.0.0.1",
    "127.1",
    "::",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "fc00::1",
    "fdff:ffff::1",
    "fe80::1",
    "febf::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "[::ffff:a00:1]",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "",
    "exa mple.com",
    "a@b.com",
  ])("forbids %j", (host) => {
    expect(isForbiddenHost(host)).toEqual(expect.any(String));
  });

  it.each([
    "example.com",
    "www.example.co.uk",
    "localhost.example.com",
    "local.example.com",
    "internal.example.com",
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "169.253.255.255",
    "223.255.255.255",
    "11.0.0.1",
    "2606:4700:4700::1111",
    "[2001:4860:4860::8888]",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "fbff::1",
    "2a00:1450:4001::200e",
  ])("allows %j", (host) => {
    expect(isForbiddenHost(host)).toBeNull();
  });

  it("gives a reason naming the range", () => {
    expect(isForbiddenHost("169.254.169.254")).toMatch(/link-local|metadata/);
    expect(isForbiddenHost("::ffff:10.0.0.1")).toMatch(/IPv4-mapped.* 10\.0\.0\.1/);
    expect(isForbiddenHost("127.0.0.1")).toMatch(/Loopback/);
  });
});

describe("parseAllowHosts", () => {
  it("trims, lower-cases, ignores empties and strips IPv6 brackets", () => {
    expect(parseAllowHosts(" LocalHost , ,[::1],127.0.0.1,, Example.COM ")).toEqual(
      new Set(["localhost", "::1", "127.0.0.1", "example.com"]),
    );
  });

  it("canonicalizes like the URL parser so entries match url.hostname", () => {
    expect(parseAllowHosts("127.1,[0:0:0:0:0:0:0:1],::FFFF:127.0.0.1")).toEqual(
      new Set(["127.0.0.1", "::1", "::ffff:7f00:1"]),
    );
  });

  it("is empty for missing or blank values", () => {
    expect(parseAllowHosts(undefined).size).toBe(0);
    expect(parseAllowHosts(null).size).toBe(0);
    expect(parseAllowHosts("").size).toBe(0);
    expect(parseAllowHosts(" , ,").size).toBe(0);
  });
});
