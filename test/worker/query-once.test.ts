import fc from "fast-check";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { queryOf } from "../../src/http/app";
import type { AppEnv } from "../../src/http/env";

/** What c.req.query(name) and queryOf(c)(name) give for each name, on one request URL. */
async function both(url: string, names: string[]): Promise<{ single: unknown[]; once: unknown[] }> {
  const app = new Hono<AppEnv>();
  app.all("*", (c) => {
    const once = queryOf(c);
    return c.json({ single: names.map((n) => c.req.query(n) ?? null), once: names.map((n) => once(n) ?? null) });
  });
  return (await (await app.request(url)).json()) as { single: unknown[]; once: unknown[] };
}

const NAMES = ["url", "format", "learn", "title", "nMin", "debug", "a", "a b", "é", "constructor", "__proto__"];

describe("queryOf", () => {
  it("gives each name's value as c.req.query(name) does", async () => {
    for (const url of [
      "http://x/extract?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&format=text",
      "http://x/extract?format=json&url=https://example.com/&format=text",
      "http://x/extract?title=a+b&title=c&learn",
      "http://x/extract?%66ormat=json&format=text",
      "http://x/extract?a%20b=1&a+b=2&url=%E0%A4%A&title=%",
      "http://x/extract?url=x#format=json",
      "http://x/extract",
      "http://x/extract?",
      "http://x/extract?&&=&format=&learn=0",
      "http://x/extract?constructor=1&__proto__=2&%C3%A9=3",
    ]) {
      const { single, once } = await both(url, NAMES);
      expect(once, url).toEqual(single);
    }
  });

  it("does so on generated queries", async () => {
    const part = fc.constantFrom(
      "url",
      "format",
      "a",
      "a b",
      "=",
      "&",
      "%",
      "%20",
      "%3D",
      "+",
      "x",
      "1",
      "é",
      "#",
      "?",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 16 }), async (parts) => {
        const url = `http://x/extract?${parts.join("")}`;
        const { single, once } = await both(url, NAMES);
        expect(once, url).toEqual(single);
      }),
      { numRuns: 300 },
    );
  });
});
