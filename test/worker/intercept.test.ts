import { afterEach, describe, expect, it } from "vitest";
import { vi } from "vitest";
import { articleHtml } from "../fixtures/synthetic-site";
import { documentsOf, html, intercept, interceptAndSettle, mockOrigin } from "./intercept-harness";

afterEach(() => vi.restoreAllMocks());

const BROWSER = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/** Every header the origin sent, with the same value (the response may add none of its own). */
function expectSameHeaders(actual: Headers, expected: Headers) {
  const names = (h: Headers) => [...h.keys()].filter((n) => n !== "content-length").sort();
  expect(names(actual)).toEqual(names(expected));
  for (const [name, value] of expected) if (name !== "content-length") expect(actual.get(name), name).toBe(value);
}

describe("intercept mode: browsers get the origin's response untouched", () => {
  it("passes an HTML page through byte for byte, with its status and headers, and learns from it", async () => {
    const page = articleHtml(1) + "\n<!-- \u00e9\u00e8 trailing bytes -->";
    const originHeaders = new Headers({
      "content-type": "text/html; charset=utf-8",
      etag: '"v1"',
      "cache-control": "public, max-age=60",
      "x-origin-header": "kept",
      link: "</style.css>; rel=preload; as=style",
    });
    const calls = mockOrigin(() => new Response(page, { status: 200, statusText: "Fine", headers: originHeaders }));
    const url = "https://passthrough-html.example/news/story-1.html";
    const { res, bytes } = await interceptAndSettle(url, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.statusText).toBe("Fine");
    expectSameHeaders(res.headers, originHeaders);
    expect(bytes).toEqual(new TextEncoder().encode(page));
    // The origin saw the browser's own request: same URL, method and Accept.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(url);
    expect(calls[0]!.headers.get("accept")).toBe(BROWSER.accept);
    expect(await documentsOf("passthrough-html.example")).toBe(1);
  });

  it("passes binary bodies through unchanged and does not learn from them", async () => {
    const png = new Uint8Array(4096).map((_, i) => (i * 73 + 11) % 256);
    mockOrigin(() => new Response(png, { headers: { "content-type": "image/png" } }));
    const { res, bytes } = await interceptAndSettle("https://passthrough-bin.example/logo.png", { headers: BROWSER });
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(bytes).toEqual(png);
    expect(await documentsOf("passthrough-bin.example")).toBe(0);
  });

  it("streams a large body to the browser before the origin has finished, and learns once it has", async () => {
    const head = new TextEncoder().encode(articleHtml(2).replace("</body></html>", ""));
    const filler = new TextEncoder().encode(`<p>${"more words here ".repeat(4000)}</p>`);
    const tail = new TextEncoder().encode("</body></html>");
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    mockOrigin(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(head);
              // The origin holds the rest until the browser has seen the first bytes.
              await released;
              for (let i = 0; i < 20; i++) controller.enqueue(filler);
              controller.enqueue(tail);
              controller.close();
            },
          }),
          { headers: { "content-type": "text/html" } },
        ),
    );
    const { res, settled } = await intercept("https://stream.example/news/story-2.html", { headers: BROWSER });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(first.value!.byteLength).toBeGreaterThan(0);
    release();
    const chunks: Uint8Array[] = [first.value!];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const total = chunks.reduce((n, c) => n + c.byteLength, 0);
    expect(total).toBe(head.byteLength + 20 * filler.byteLength + tail.byteLength);
    await settled;
    expect(await documentsOf("stream.example")).toBe(1);
  });

  it("over the byte cap, cancels only the learning copy: the browser still gets every byte", async () => {
    const big = articleHtml(3).replace("</body>", `<p>${"x".repeat(300_000)}</p></body>`);
    mockOrigin(() => html(big));
    const { res, bytes } = await interceptAndSettle(
      "https://capped.example/news/story-3.html",
      { headers: BROWSER },
      { MAX_BYTES: "100000" },
    );
    expect(res.status).toBe(200);
    expect(bytes).toEqual(new TextEncoder().encode(big));
    expect(await documentsOf("capped.example")).toBe(0);
  });

  it("passes 304s, redirects, errors and HEAD through as they are, learning from none of them", async () => {
    const calls = mockOrigin((request) => {
      const path = new URL(request.url).pathname;
      // As a server does: HEAD gets GET's headers without the body.
      if (request.method === "HEAD")
        return new Response(null, { headers: { "content-type": "text/html; charset=utf-8" } });
      if (path === "/cached.html") return new Response(null, { status: 304, headers: { etag: '"abc"' } });
      if (path === "/moved.html") return new Response(null, { status: 301, headers: { location: "/news/new.html" } });
      if (path === "/missing.html")
        return new Response("<p>gone</p>", { status: 404, headers: { "content-type": "text/html" } });
      return html(articleHtml(4));
    });
    const host = "https://statuses.example";
    const notModified = await interceptAndSettle(`${host}/cached.html`, {
      headers: { ...BROWSER, "if-none-match": '"abc"' },
    });
    expect(notModified.res.status).toBe(304);
    expect(notModified.res.headers.get("etag")).toBe('"abc"');
    expect(notModified.bytes.byteLength).toBe(0);

    const moved = await interceptAndSettle(`${host}/moved.html`, { headers: BROWSER });
    expect(moved.res.status).toBe(301);
    expect(moved.res.headers.get("location")).toBe("/news/new.html");

    const missing = await interceptAndSettle(`${host}/missing.html`, { headers: BROWSER });
    expect(missing.res.status).toBe(404);
    expect(missing.text).toBe("<p>gone</p>");

    const head = await interceptAndSettle(`${host}/news/story-4.html`, { method: "HEAD", headers: BROWSER });
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(head.bytes.byteLength).toBe(0);
    expect(calls.at(-1)!.method).toBe("HEAD");
    expect(await documentsOf("statuses.example")).toBe(0);
  });

  it("passes other methods and their bodies to the origin", async () => {
    const calls = mockOrigin(async (request) => new Response(`echo:${await request.text()}`, { status: 201 }));
    const { res, text } = await interceptAndSettle("https://forms.example/comment", {
      method: "POST",
      body: "name=ann",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(201);
    expect(text).toBe("echo:name=ann");
    expect(calls[0]!.method).toBe("POST");
  });
});

describe("intercept mode: what is learned", () => {
  const personal: [string, Record<string, string>, Record<string, string>][] = [
    ["a request with a cookie", { cookie: "session=1" }, {}],
    ["a request with Authorization", { authorization: "Bearer abc" }, {}],
    ["a response that sets a cookie", {}, { "set-cookie": "session=2; HttpOnly" }],
    ["a private response", {}, { "cache-control": "private, max-age=0" }],
    ["a no-store response", {}, { "cache-control": "no-store" }],
  ];
  for (const [what, requestHeaders, responseHeaders] of personal) {
    it(`never learns from ${what}`, async () => {
      mockOrigin(() => html(articleHtml(5), responseHeaders));
      const host = `personal-${what.replace(/\W+/g, "-").toLowerCase()}.example`;
      const { res, bytes } = await interceptAndSettle(`https://${host}/news/story-5.html`, {
        headers: { ...BROWSER, ...requestHeaders },
      });
      expect(res.status).toBe(200);
      expect(new TextDecoder().decode(bytes)).toBe(articleHtml(5));
      for (const [name, value] of Object.entries(responseHeaders)) expect(res.headers.get(name)).toBe(value);
      expect(await documentsOf(host)).toBe(0);
    });
  }

  it("learns from a public page, and from none when the sampling rate is 0", async () => {
    mockOrigin((request) => html(articleHtml(Number(/story-(\d+)/.exec(request.url)![1]))));
    for (let n = 1; n <= 3; n++) await interceptAndSettle(`https://sampled.example/news/story-${n}.html`);
    expect(await documentsOf("sampled.example")).toBe(3);
    for (let n = 1; n <= 3; n++) {
      await interceptAndSettle(`https://unsampled.example/news/story-${n}.html`, {}, { INTERCEPT_SAMPLE_RATE: "0" });
    }
    expect(await documentsOf("unsampled.example")).toBe(0);
  });
});

describe("intercept mode: the site stays the site", () => {
  it("sends the service's own paths to the origin", async () => {
    const calls = mockOrigin((request) => new Response(`origin:${new URL(request.url).pathname}`, { status: 404 }));
    const paths = [
      "/",
      "/extract?url=https://example.com/",
      "/feed?url=https://example.com/rss",
      "/admin/domains/example.com/stats",
      "/https://example.com/page",
    ];
    for (const path of paths) {
      const { res, text } = await interceptAndSettle(`https://site.example${path}`, {
        headers: { authorization: "Bearer test-admin-key" },
      });
      expect(res.status, path).toBe(404);
      expect(text, path).toBe(`origin:${new URL(`https://site.example${path}`).pathname}`);
    }
    expect(calls.map((c) => new URL(c.url).pathname + new URL(c.url).search)).toEqual(paths);
  });

  it("answers a bad MODE with bad_config, naming it", async () => {
    mockOrigin(() => html("<p>origin</p>"));
    const { res, text } = await interceptAndSettle("https://badmode.example/", {}, { MODE: "proxy" });
    expect(res.status).toBe(500);
    expect(text).toContain('MODE must be \\"api\\" or \\"intercept\\"');
  });
});
