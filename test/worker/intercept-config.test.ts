import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_CONTENT_SIGNAL, parseConfig } from "../../src/config";

describe("intercept configuration", () => {
  it("defaults to the API mode, sampling everything, the default Content-Signal and an hour of cache", () => {
    expect(parseConfig({}).intercept).toEqual({
      mode: "api",
      sampleRate: 1,
      contentSignal: DEFAULT_CONTENT_SIGNAL,
      cacheTtl: 3600,
    });
  });

  it("reads MODE, INTERCEPT_SAMPLE_RATE, CONTENT_SIGNAL (off: none) and INTERCEPT_CACHE_TTL", () => {
    const config = parseConfig({
      MODE: "intercept",
      INTERCEPT_SAMPLE_RATE: "0.25",
      CONTENT_SIGNAL: "off",
      INTERCEPT_CACHE_TTL: "0",
    }).intercept;
    expect(config).toEqual({ mode: "intercept", sampleRate: 0.25, contentSignal: null, cacheTtl: 0 });
    expect(parseConfig({ CONTENT_SIGNAL: "ai-train=yes" }).intercept.contentSignal).toBe("ai-train=yes");
    expect(parseConfig({ INTERCEPT_SAMPLE_RATE: "0" }).intercept.sampleRate).toBe(0);
  });

  it("refuses values it cannot use, naming the variable", () => {
    const bad: [Record<string, string>, string][] = [
      [{ MODE: "proxy" }, "MODE"],
      [{ INTERCEPT_SAMPLE_RATE: "1.5" }, "INTERCEPT_SAMPLE_RATE"],
      [{ INTERCEPT_SAMPLE_RATE: "half" }, "INTERCEPT_SAMPLE_RATE"],
      [{ INTERCEPT_SAMPLE_RATE: "-0.1" }, "INTERCEPT_SAMPLE_RATE"],
      [{ CONTENT_SIGNAL: "ai-train=nö" }, "CONTENT_SIGNAL"],
      [{ INTERCEPT_CACHE_TTL: "-1" }, "INTERCEPT_CACHE_TTL"],
    ];
    for (const [vars, name] of bad) {
      expect(() => parseConfig(vars), name).toThrow(ConfigError);
      expect(() => parseConfig(vars), name).toThrow(name);
    }
  });
});
