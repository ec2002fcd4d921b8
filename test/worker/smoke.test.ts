import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("runtime", () => {
  it("serves the root", async () => {
    const res = await SELF.fetch("http://example.com/");
    expect(res.status).toBe(200);
  });
  it("decodes legacy charsets", () => {
    const bytes = new Uint8Array([0xc4, 0xe3, 0xba, 0xc3]);
    expect(new TextDecoder("gb2312").decode(bytes)).toBe("你好");
    expect(new TextDecoder("euc-kr").decode(new Uint8Array([0xc7, 0xd1]))).toBe("한");
    expect(new TextDecoder("iso-8859-1").decode(new Uint8Array([0x93]))).toBe("\u201c");
  });
});
