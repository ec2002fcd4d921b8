import { afterEach, describe, expect, it, vi } from "vitest";
import { estimateTokens } from "../../src/core/tokens";
import { article, articleHtml, TEMPLATE_TEXT } from "../fixtures/synthetic-site";
import { documentsOf, html, interceptAndSettle, mockOrigin } from "./intercept-harness";

afterEach(() => vi.restoreAllMocks());

const storyNumber = (url: string) => Number(/story-(\d+)\.html/.exec(url)?.[1] ?? 1);
/** The synthetic news site as the origin, with or without validators. */
const site = (headers: Record<string, string> = {}) =>
  mockOrigin((request) => html(articleHtml(storyNumber(request.url)), headers));

const AGENT = { accept: "text/markdown" };

describe("intercept mode: agents that prefer markdown", () => {
  it("get the main content as markdown with the headers agents expect, and the origin is asked for HTML", async () => {
    const calls = site({ "cache-control": "public, max-age=120", vary: "Accept-Encoding" });
    const { res, text } = await interceptAndSettle("https://agent-md.example/news/story-7.html", {
      headers: { ...AGENT, "if-modified-since": "Mon, 01 Jan 2024 00:00:00 GMT" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(text.startsWith(`# ${article(7).title}\n`)).toBe(true);
    expect(text).toContain(article(7).paragraphs[0]);
    expect(Number(res.headers.get("x-markdown-tokens"))).toBe(estimateTokens(text));
    expect(res.headers.get("vary")).toBe("Accept-Encoding, Accept");
    expect(res.headers.get("content-signal")).toBe("ai-train=no, search=yes, ai-input=yes");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    // The evidence headers of /extract.
    expect(res.headers.get("x-extract-method")).toBe("cold-start");
    expect(res.headers.get("x-domain")).toBe("agent-md.example");
    expect(res.headers.get("x-article-title")).toBeTruthy();
    // A cold-start answer will improve: clients revalidate rather than keep it for the origin's 120 s.
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("GET");
    expect(calls[0]!.headers.get("accept")).toMatch(/^text\/html/);
    expect(calls[0]!.headers.get("if-modified-since")).toBeNull();
  });

  it("get tree answers once browsers have taught the site's template, and lose it", async () => {
    site();
    const host = "https://agent-warm.example";
    const before = await interceptAndSettle(`${host}/news/story-20.html`, { headers: AGENT });
    expect(before.res.headers.get("x-extract-method")).toBe("cold-start");
    for (let n = 1; n <= 6; n++) await interceptAndSettle(`${host}/news/story-${n}.html`);
    expect(await documentsOf("agent-warm.example")).toBe(7);
    const after = await interceptAndSettle(`${host}/news/story-21.html`, {
      headers: { accept: "text/markdown, text/html;q=0.9" },
    });
    expect(after.res.headers.get("x-extract-method")).toBe("tree");
    expect(after.text).toContain(article(21).paragraphs[3]);
    for (const line of [TEMPLATE_TEXT.masthead, TEMPLATE_TEXT.promo, TEMPLATE_TEXT.footer]) {
      expect(after.text).not.toContain(line);
    }
    // A warm answer takes the origin's own freshness (none stated here: revalidate).
    expect(after.res.headers.get("cache-control")).toBe("no-cache");
    // Browsers' HTML is much bigger than the agent's answer.
    expect(Number(after.res.headers.get("x-markdown-tokens"))).toBeLessThan(estimateTokens(articleHtml(21)) / 2);
  });

  it("honour If-None-Match with a 304, and HEAD gets the headers without the body", async () => {
    site();
    const url = "https://agent-etag.example/news/story-8.html";
    const first = await interceptAndSettle(url, { headers: AGENT });
    const etag = first.res.headers.get("etag")!;
    const again = await interceptAndSettle(url, { headers: { ...AGENT, "if-none-match": `W/${etag}, "other"` } });
    expect(again.res.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.res.headers.get("etag")).toBe(etag);
    expect(again.res.headers.get("vary")).toBe("Accept");
    const changed = await interceptAndSettle(url, { headers: { ...AGENT, "if-none-match": '"stale"' } });
    expect(changed.res.status).toBe(200);
    const head = await interceptAndSettle(url, { method: "HEAD", headers: AGENT });
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(head.res.headers.get("etag")).toBe(etag);
    expect(head.bytes.byteLength).toBe(0);
  });

  it("get the text format for text/plain, and HTML when markdown is not preferred", async () => {
    site();
    const url = "https://agent-neg.example/news/story-9.html";
    const plain = await interceptAndSettle(url, { headers: { accept: "text/plain" } });
    expect(plain.res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(plain.text).toContain(article(9).paragraphs[0]);
    expect(plain.text).not.toContain("# ");
    for (const accept of [
      "text/html, text/markdown;q=0.5",
      "text/markdown;q=0",
      "*/*",
      "application/json, text/plain, */*",
    ]) {
      const res = await interceptAndSettle(url, { headers: { accept } });
      expect(res.res.headers.get("content-type"), accept).toBe("text/html; charset=utf-8");
      expect(res.text, accept).toBe(articleHtml(9));
    }
  });

  it("send no Content-Signal when it is off, and the configured one otherwise", async () => {
    site();
    const url = "https://agent-signal.example/news/story-10.html";
    const off = await interceptAndSettle(url, { headers: AGENT }, { CONTENT_SIGNAL: "off" });
    expect(off.res.headers.get("content-signal")).toBeNull();
    const yes = await interceptAndSettle(
      url,
      { headers: AGENT },
      { CONTENT_SIGNAL: "ai-train=yes, search=yes, ai-input=yes" },
    );
    expect(yes.res.headers.get("content-signal")).toBe("ai-train=yes, search=yes, ai-input=yes");
  });

  it("get non-HTML and non-200 responses untouched", async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0x10]);
    mockOrigin((request) => {
      const path = new URL(request.url).pathname;
      if (path === "/file.pdf") return new Response(pdf, { headers: { "content-type": "application/pdf" } });
      if (path === "/old") return new Response(null, { status: 302, headers: { location: "/new" } });
      return new Response("<p>missing</p>", { status: 404, headers: { "content-type": "text/html" } });
    });
    const file = await interceptAndSettle("https://agent-pass.example/file.pdf", { headers: AGENT });
    expect(file.res.headers.get("content-type")).toBe("application/pdf");
    expect(file.bytes).toEqual(pdf);
    const moved = await interceptAndSettle("https://agent-pass.example/old", { headers: AGENT });
    expect(moved.res.status).toBe(302);
    expect(moved.res.headers.get("location")).toBe("/new");
    const missing = await interceptAndSettle("https://agent-pass.example/nothing", { headers: AGENT });
    expect(missing.res.status).toBe(404);
    expect(missing.text).toBe("<p>missing</p>");
  });

  it("get the origin's HTML, whole, when the page is over MAX_BYTES", async () => {
    const big = articleHtml(13).replace("</body>", `<p>${"y".repeat(50_000)}</p></body>`);
    mockOrigin(() => html(big));
    const { res, text } = await interceptAndSettle(
      "https://agent-big.example/news/story-13.html",
      { headers: AGENT },
      { MAX_BYTES: "20000" },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(text).toBe(big);
    expect(await documentsOf("agent-big.example")).toBe(0);
  });

  it("teach under the browsers' policy: a public page yes, a personalised one no, and keep it private", async () => {
    site();
    await interceptAndSettle("https://agent-learn.example/news/story-11.html", { headers: AGENT });
    expect(await documentsOf("agent-learn.example")).toBe(1);
    mockOrigin((request) => html(articleHtml(storyNumber(request.url)), { "cache-control": "private, max-age=30" }));
    const personal = await interceptAndSettle("https://agent-private.example/news/story-12.html", {
      headers: { ...AGENT, cookie: "session=1" },
    });
    expect(personal.res.status).toBe(200);
    expect(personal.res.headers.get("cache-control")).toBe("private, max-age=30");
    expect(personal.res.headers.get("x-cache")).toBe("BYPASS");
    expect(await documentsOf("agent-private.example")).toBe(0);
  });
});

describe("intercept mode: the agent answer cache", () => {
  const CACHE = { INTERCEPT_CACHE_TTL: "60" };

  async function warm(host: string) {
    for (let n = 1; n <= 6; n++) await interceptAndSettle(`https://${host}/news/story-${n}.html`);
  }

  it("keys warm answers by URL and the origin's ETag: a new version of the page is a miss", async () => {
    let version = "v1";
    let bodies = 0;
    mockOrigin((request) => {
      const n = storyNumber(request.url);
      return new Response(
        new ReadableStream({
          start(c) {
            bodies++;
            c.enqueue(new TextEncoder().encode(articleHtml(n) + `<!-- ${version} -->`));
            c.close();
          },
        }),
        { headers: { "content-type": "text/html", etag: `"${version}"`, "cache-control": "public, max-age=300" } },
      );
    });
    const host = "agent-cache-etag.example";
    await warm(host);
    const url = `https://${host}/news/story-30.html`;
    const miss = await interceptAndSettle(url, { headers: AGENT }, CACHE);
    expect(miss.res.headers.get("x-cache")).toBe("MISS");
    expect(miss.res.headers.get("x-extract-method")).toBe("tree");
    expect(miss.res.headers.get("cache-control")).toBe("public, max-age=300");
    const hit = await interceptAndSettle(url, { headers: AGENT }, CACHE);
    expect(hit.res.headers.get("x-cache")).toBe("HIT");
    expect(hit.text).toBe(miss.text);
    expect(hit.res.headers.get("etag")).toBe(miss.res.headers.get("etag"));
    expect(hit.res.headers.get("x-rows-written")).toBe("0");
    expect(hit.res.headers.get("vary")).toBe("Accept");
    const signalOff = await interceptAndSettle(url, { headers: AGENT }, { ...CACHE, CONTENT_SIGNAL: "off" });
    expect(signalOff.res.headers.get("x-cache")).toBe("HIT");
    expect(signalOff.res.headers.get("content-signal")).toBeNull();
    const textHit = await interceptAndSettle(url, { headers: { accept: "text/plain" } }, CACHE);
    expect(textHit.res.headers.get("x-cache")).toBe("MISS");
    version = "v2";
    const changed = await interceptAndSettle(url, { headers: AGENT }, CACHE);
    expect(changed.res.headers.get("x-cache")).toBe("MISS");
    expect(bodies).toBeGreaterThan(0);
  });

  it("without validators keys by the body's digest, and never stores a cold-start answer", async () => {
    let suffix = "a";
    mockOrigin((request) => html(articleHtml(storyNumber(request.url)) + `<!-- ${suffix} -->`));
    const cold = "https://agent-cache-cold.example/news/story-31.html";
    expect((await interceptAndSettle(cold, { headers: AGENT }, CACHE)).res.headers.get("x-cache")).toBe("MISS");
    expect((await interceptAndSettle(cold, { headers: AGENT }, CACHE)).res.headers.get("x-cache")).toBe("MISS");
    const host = "agent-cache-digest.example";
    await warm(host);
    const url = `https://${host}/news/story-32.html`;
    expect((await interceptAndSettle(url, { headers: AGENT }, CACHE)).res.headers.get("x-cache")).toBe("MISS");
    expect((await interceptAndSettle(url, { headers: AGENT }, CACHE)).res.headers.get("x-cache")).toBe("HIT");
    suffix = "b";
    expect((await interceptAndSettle(url, { headers: AGENT }, CACHE)).res.headers.get("x-cache")).toBe("MISS");
  });
});
