import { describe, expect, it } from "vitest";
import { blockHash, hash32, hash64, normalizeBlock } from "../../src/core/block-hash";

describe("normalizeBlock", () => {
  it("keeps only letters, lower-cased", () => {
    expect(normalizeBlock("Hello, World! 2015 -- (v2.0)")).toBe("helloworldv");
    expect(normalizeBlock("  Ça  va?  Über-Straße ")).toBe("çavaüberstraße");
  });

  it("keeps letters of every script", () => {
    expect(normalizeBlock("你好，世界！")).toBe("你好世界");
    expect(normalizeBlock("안녕하세요 123")).toBe("안녕하세요");
    expect(normalizeBlock("Привет, МИР!")).toBe("приветмир");
    expect(normalizeBlock("مرحبا 1")).toBe("مرحبا");
  });

  it("a block with no letters keys on its digits and punctuation, never on a letter-only form", () => {
    expect(normalizeBlock("12 / 05 / 2015")).toBe("#12/05/2015");
    expect(normalizeBlock("|")).toBe("#|");
    expect(normalizeBlock("|")).not.toBe(normalizeBlock("||"));
  });
});

describe("blockHash", () => {
  it("ignores punctuation, digits, case and spacing", () => {
    expect(blockHash("Hello, World!")).toBe(blockHash("hello world"));
    expect(blockHash("Posted 12 May 2015 by Admin")).toBe(blockHash("posted 3 may 2016 by admin"));
    expect(blockHash("Read more »")).toBe(blockHash("read   MORE"));
  });

  it("different letters give different hashes", () => {
    expect(blockHash("hello world")).not.toBe(blockHash("hello word"));
    expect(blockHash("abc")).not.toBe(blockHash("acb"));
  });

  it("Chinese, Korean and Cyrillic texts survive and differ from each other", () => {
    const zh = blockHash("新闻报道");
    const ko = blockHash("뉴스 보도");
    const ru = blockHash("Новости");
    const empty = blockHash("!!!");
    expect(new Set([zh, ko, ru, empty]).size).toBe(4);
    expect(blockHash("新闻报道。")).toBe(zh);
    expect(blockHash("新闻报导")).not.toBe(zh);
    expect(blockHash("НОВОСТИ!")).toBe(ru);
    expect(blockHash("뉴스보도")).toBe(ko);
  });

  it("blocks without letters do not collapse into one hash", () => {
    const hashes = ["12", "2015", "|", "1 2 3", "$9.99", "13", "--", "12.05.2015", "13.05.2015"].map(blockHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(blockHash("12 May")).not.toBe(blockHash("2015"));
  });

  it("identical letterless blocks match, spacing aside", () => {
    expect(blockHash("|")).toBe(blockHash(" | "));
    expect(blockHash("2015")).toBe(blockHash("\t2015 \n"));
    expect(blockHash("1 2 3")).toBe(blockHash("123"));
  });

  it("a letterless block never equals a lettered one", () => {
    expect(blockHash("#")).not.toBe(blockHash("a"));
    expect(blockHash("2015")).not.toBe(blockHash(""));
  });
});

describe("hash64", () => {
  it("is 16 lowercase hex characters", () => {
    for (const s of ["", "a", "hello", "x".repeat(10_000), "你好", "\u{1F600}"]) {
      expect(hash64(s)).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("is deterministic and pinned", () => {
    // Pinned (which also proves it deterministic): stored trees hold these hashes, so the function must never
    // change silently.
    expect(hash64("helloworld")).toBe("cd3d1d4aabf44ad2");
    expect(hash64("")).toBe("488b94331aee976d");
  });

  it("has no collisions over many short distinct inputs", () => {
    const seen = new Set<string>();
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const a of letters) for (const b of letters) for (const c of letters) seen.add(hash64(a + b + c));
    expect(seen.size).toBe(26 ** 3);
  });

  it("depends on length and order", () => {
    expect(hash64("a")).not.toBe(hash64("aa"));
    expect(hash64("ab")).not.toBe(hash64("ba"));
    expect(hash64("")).not.toBe(hash64("\0"));
  });
});

describe("hash32", () => {
  it("is the high half of hash64, so schema-1 hashes narrow to it", () => {
    for (const s of ["", "a", "helloworld", "x".repeat(10_000), "你好", "\u{1F600}"]) {
      expect(hash32(s)).toMatch(/^[0-9a-f]{8}$/);
      expect(hash32(s)).toBe(hash64(s).slice(0, 8));
    }
  });

  it("is what blockHash returns for the normalized text", () => {
    expect(blockHash("Hello, World!")).toBe(hash32(normalizeBlock("Hello, World!")));
  });
});
