import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";

describe("the HTTP app", () => {
  it("answers a bad Worker variable with a clear bad_config error on every route", async () => {
    const app = createApp();
    for (const path of ["/", "/extract?url=https://example.com/", "/admin/domains/example.com/stats"]) {
      const res = await app.request(path, {}, { ...env, EVICT_MAX_DOCS: "ten thousand" });
      expect(res.status, path).toBe(500);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("bad_config");
      expect(body.error.message).toContain('EVICT_MAX_DOCS must be a whole number >= 1, got "ten thousand"');
    }
  });

  it("shows usage examples with the request's own origin", async () => {
    const res = await createApp().request("https://clean.example.net/", {}, env);
    const text = await res.text();
    expect(text).toContain("curl 'https://clean.example.net/extract?url=");
    expect(text).not.toContain("localhost:8787");
  });
});

describe("metadata headers", () => {
  it("percent-encodes what is not visible ASCII, survives lone surrogates, and caps the length", async () => {
    const { headerValue } = await import("../../src/http/extract-response");
    expect(headerValue("Café 100% «ok»\nnext")).toBe("Caf%C3%A9 100%25 %C2%ABok%C2%BB%0Anext");
    expect(decodeURIComponent(headerValue("Zürich — 東京 🚀"))).toBe("Zürich — 東京 🚀");
    expect(headerValue("a\uD800b")).toBe("a%EF%BF%BDb");
    const long = headerValue("é".repeat(1000));
    expect(long.length).toBeLessThanOrEqual(512);
    expect(() => decodeURIComponent(long)).not.toThrow();
  });

  it("writes visible ASCII as it is, cut at 512, and still encodes `%` and controls among it", async () => {
    const { headerValue } = await import("../../src/http/extract-response");
    expect(headerValue("Plain title: 2026-11-27 <ok> ~")).toBe("Plain title: 2026-11-27 <ok> ~");
    expect(headerValue("ab".repeat(400))).toBe("ab".repeat(256));
    expect(headerValue("100% sure")).toBe("100%25 sure");
    expect(headerValue("tab\there")).toBe("tab%09here");
    expect(headerValue("x".repeat(511) + "%")).toBe("x".repeat(511));
  });
});
