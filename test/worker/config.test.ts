import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config";

describe("configuration from Worker variables", () => {
  it("uses the documented defaults for unset and empty variables", () => {
    const config = parseConfig({ EVICT_MAX_DOCS: "", FEED_MAX_ITEMS: undefined });
    expect(config.eviction).toEqual({ maxDocs: 10_000, maxAgeMs: 14 * 24 * 3600 * 1000, keepRecent: 100 });
    expect(config.fetch).toMatchObject({ timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 });
    expect(config.feeds).toEqual({ maxCap: 50, defaultMax: 20, budget: 45, concurrency: 6, pollMinutes: 60 });
    expect(config.httpCache).toEqual({ maxAge: 300, responseTtl: 60 });
    expect(config.pageDeadlineMs).toBe(1500);
    expect(parseConfig({ PAGE_DEADLINE_MS: "250" }).pageDeadlineMs).toBe(250);
    expect(() => parseConfig({ PAGE_DEADLINE_MS: "-1" })).toThrow(/PAGE_DEADLINE_MS/);
    expect(config.apiKey).toBeNull();
    expect(config.adminKey).toBeNull();
    expect([...config.fetch.allowHosts]).toEqual([]);
  });

  it("reads every variable", () => {
    const config = parseConfig({
      API_KEY: "k1",
      ADMIN_KEY: "k2",
      ALLOW_HOSTS: "127.0.0.1, LocalHost",
      FETCH_TIMEOUT_MS: "300",
      MAX_BYTES: "1024",
      EVICT_MAX_DOCS: "40",
      EVICT_MAX_AGE_DAYS: "0",
      EVICT_KEEP_RECENT: "3",
      FEED_MAX_ITEMS_CAP: "10",
      FEED_MAX_ITEMS: "5",
      FEED_SUBREQUEST_BUDGET: "900",
      FEED_CONCURRENCY: "2",
      FEED_POLL_MINUTES: "15",
      CACHE_MAX_AGE: "0",
      RESPONSE_CACHE_TTL: "30",
    });
    expect(config.apiKey).toBe("k1");
    expect(config.adminKey).toBe("k2");
    expect([...config.fetch.allowHosts].sort()).toEqual(["127.0.0.1", "localhost"]);
    expect(config.fetch).toMatchObject({ timeoutMs: 300, maxBytes: 1024 });
    expect(config.eviction).toEqual({ maxDocs: 40, maxAgeMs: 0, keepRecent: 3 });
    expect(config.feeds).toEqual({ maxCap: 10, defaultMax: 5, budget: 900, concurrency: 2, pollMinutes: 15 });
    expect(config.httpCache).toEqual({ maxAge: 0, responseTtl: 30 });
  });

  it("refuses a bad value with a message naming the variable and the value", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ EVICT_MAX_DOCS: "1e4x" }, /EVICT_MAX_DOCS must be a whole number >= 1, got "1e4x"/],
      [{ EVICT_MAX_DOCS: "0" }, /EVICT_MAX_DOCS/],
      [{ FETCH_TIMEOUT_MS: "-5" }, /FETCH_TIMEOUT_MS/],
      [{ MAX_BYTES: "2.5" }, /MAX_BYTES/],
      [{ FEED_CONCURRENCY: "7" }, /FEED_CONCURRENCY must be a whole number from 1 to 6, got "7"/],
      [{ FEED_MAX_ITEMS_CAP: "10", FEED_MAX_ITEMS: "11" }, /FEED_MAX_ITEMS must be a whole number from 1 to 10/],
      [{ FEED_SUBREQUEST_BUDGET: "5" }, /FEED_SUBREQUEST_BUDGET must be a whole number >= 6/],
      [{ CACHE_MAX_AGE: "-1" }, /CACHE_MAX_AGE must be a whole number from 0 to 31536000, got "-1"/],
      [{ RESPONSE_CACHE_TTL: "1m" }, /RESPONSE_CACHE_TTL must be a whole number from 0 to 86400, got "1m"/],
      [{ RESPONSE_CACHE_TTL: "86401" }, /RESPONSE_CACHE_TTL/],
    ];
    for (const [env, message] of cases) {
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
