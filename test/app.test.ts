import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/http/app";

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
