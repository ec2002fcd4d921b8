import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/http/app";
import { prefersHtml } from "../../src/http/inspector";
import { usage } from "../../src/http/usage";
import { articleHtml } from "../fixtures/synthetic-site";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const m = /^\/news\/story-(\d+)\.html$/.exec(url.pathname);
    if (m) return new Response(articleHtml(Number(m[1])), { headers: { "content-type": "text/html; charset=utf-8" } });
    return new Response("not here", { status: 404, headers: { "content-type": "text/html" } });
  });
});
afterEach(() => vi.restoreAllMocks());

describe("GET / negotiates: the inspector for browsers, the usage text for curl", () => {
  it("answers curl's */*, no Accept and text/plain with the usage text, byte for byte", async () => {
    for (const accept of ["*/*", "", "text/plain", "text/plain, text/html", "text/html;q=0.5, text/plain"]) {
      const res = await SELF.fetch("http://svc/", { headers: accept ? { accept } : {} });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-type"), accept).toMatch(/^text\/plain/);
      expect(await res.text(), accept).toBe(usage("http://svc"));
      expect(res.headers.get("vary"), accept).toMatch(/\bAccept\b/);
    }
  });

  it("answers a browser with the inspector page: the form, its own script and style, a strict CSP", async () => {
    const res = await SELF.fetch("http://svc/", { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("vary")).toMatch(/\bAccept\b/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    const html = await res.text();
    expect(html).toContain('name="url"');
    expect(html).toContain('<script type="module" src="/inspector.js"></script>');
    expect(html).toContain('data-key-required="0"');
    // Nothing is loaded from another origin.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("tells the page that a key is needed when API_KEY is set, and still serves it without one", async () => {
    const app = createApp();
    const withKey = { ...env, API_KEY: "k1" };
    const res = await app.request("/", { headers: { accept: "text/html" } }, withKey);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-key-required="1"');
    // A browser cannot send the key when it loads the page's own files: they hold no data and need none.
    for (const path of ["/inspector.js", "/inspector.css", "/favicon.ico"]) {
      expect((await app.request(path, {}, withKey)).status, path).toBe(200);
    }
  });

  it("serves the script, the style and the icon (both names) with their types", async () => {
    for (const [path, type] of [
      ["/inspector.js", "text/javascript"],
      ["/inspector.css", "text/css"],
      ["/favicon.svg", "image/svg+xml"],
      ["/favicon.ico", "image/svg+xml"],
    ] as const) {
      const res = await SELF.fetch(`http://svc${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain(type);
      expect((await res.text()).length, path).toBeGreaterThan(100);
    }
  });

  it("ships a script that never assigns HTML strings", async () => {
    const js = await (await SELF.fetch("http://svc/inspector.js")).text();
    expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
    expect(js).toContain("data-verdict");
  });
});

describe("prefersHtml", () => {
  it("follows the quality values and the order of equal ones", () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true);
    expect(prefersHtml("text/html")).toBe(true);
    expect(prefersHtml("application/xhtml+xml, */*;q=0.1")).toBe(true);
    expect(prefersHtml("*/*")).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml("text/html;q=0")).toBe(false);
    expect(prefersHtml("text/plain;q=0.9, text/html;q=0.8")).toBe(false);
    expect(prefersHtml("text/*;q=0.5, text/html;q=0.9")).toBe(true);
    // A malformed q drops its range (src/core/accept.ts), never makes it the best.
    expect(prefersHtml("text/plain;q=0.5, text/html;q=2")).toBe(false);
    expect(prefersHtml("text/plain;q=0.5, text/html;q=high, application/xhtml+xml;q=0.8")).toBe(true);
    // HTML's place is its first-written type's at an equal q: XHTML named before text/plain, text/html after.
    expect(prefersHtml("application/xhtml+xml, text/plain, text/html")).toBe(true);
    expect(prefersHtml("application/xhtml+xml;q=0.9, text/plain;q=0.9, text/html;q=0.9")).toBe(true);
    expect(prefersHtml("text/html, text/plain, application/xhtml+xml")).toBe(true);
    expect(prefersHtml("text/plain, text/html, application/xhtml+xml")).toBe(false);
  });
});

describe("GET /inspect: the domain's learning figures", () => {
  const story = (n: number) => `https://figures.example.org/news/story-${n}.html`;

  it("reports documents, nodes, the branch's support and a rising learning curve", async () => {
    const empty = await SELF.fetch(`http://svc/inspect?url=${encodeURIComponent(story(1))}`);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ domain: "example.org", documents: 0, curve: [], branch: [] });

    let urlKey = "";
    for (let n = 1; n <= 6; n++) {
      const res = await SELF.fetch(`http://svc/extract?format=json&url=${encodeURIComponent(story(n))}`);
      urlKey = ((await res.json()) as { urlKey: string }).urlKey;
    }
    const res = await SELF.fetch(`http://svc/inspect?url=${encodeURIComponent(urlKey)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as any;
    expect(body.documents).toBe(6);
    expect(body.nodes).toBeGreaterThanOrEqual(3);
    expect(body.branch.map((b: { node: string }) => b.node)).toEqual([
      "example.org",
      "example.org/figures",
      "example.org/figures/news",
    ]);
    expect(body.branch.every((b: { support: number }) => b.support === 6)).toBe(true);
    expect(body.curve).toHaveLength(6);
    expect(body.curve[0]).toBe(0);
    // The template (masthead, menu, promo, sidebar heading, footer) is known from the second page on.
    expect(body.curve[5]).toBeGreaterThan(0.2);
  });

  it("never changes stored state, and refuses bad input with the JSON error shape", async () => {
    const quiet = "https://quiet.example.net/news/story-1.html";
    for (let i = 0; i < 2; i++) await SELF.fetch(`http://svc/inspect?url=${encodeURIComponent(quiet)}`);
    const stats = await SELF.fetch("http://svc/admin/domains/example.net/stats", {
      headers: { authorization: "Bearer test-admin-key" },
    });
    // Still an unknown domain: reads never create its storage.
    expect(stats.status).toBe(404);
    const figures = await SELF.fetch(`http://svc/inspect?url=${encodeURIComponent(quiet)}`);
    expect(((await figures.json()) as { documents: number }).documents).toBe(0);
    for (const query of ["", "?url=ftp://x.example/", "?url=not%20a%20url"]) {
      const res = await SELF.fetch(`http://svc/inspect${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as any).error.code).toBe("bad_request");
    }
  });

  it("needs the API key when one is set (the api scope, not admin)", async () => {
    const app = createApp();
    const withKey = { ...env, API_KEY: "k1" };
    const url = `/inspect?url=${encodeURIComponent(story(1))}`;
    expect((await app.request(url, {}, withKey)).status).toBe(401);
    expect((await app.request(url, { headers: { authorization: "Bearer nope" } }, withKey)).status).toBe(403);
    expect((await app.request(url, { headers: { authorization: "Bearer k1" } }, withKey)).status).toBe(200);
  });
});
