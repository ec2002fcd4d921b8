/** Block hashes between 8 lowercase hex digits and 32-bit integers. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashToU32, u32ToHash } from "../../src/core/hash-u32";

const byRegex = (hex: string): number | "throws" => (/^[0-9a-f]{8}$/.test(hex) ? parseInt(hex, 16) : "throws");
const read = (hex: string): number | "throws" => {
  try {
    return hashToU32(hex);
  } catch {
    return "throws";
  }
};

describe("u32ToHash", () => {
  it("writes what toString(16) padded to 8 digits writes, negative inputs as their unsigned value", () => {
    for (const n of [0, 1, 0xf, 0x10, 0xff, 0x100, 0xabcdef, 0x7fffffff, 0x80000000, 0xffffffff, -1, -0x80000000]) {
      expect(u32ToHash(n)).toBe((n >>> 0).toString(16).padStart(8, "0"));
    }
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), (n) => {
        expect(u32ToHash(n)).toBe(n.toString(16).padStart(8, "0"));
      }),
      { numRuns: 2000, seed: 15 },
    );
  });
});

describe("hashToU32", () => {
  it("reads what u32ToHash writes", () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), (n) => {
        expect(hashToU32(u32ToHash(n))).toBe(n);
      }),
    );
  });

  it("takes exactly 8 lowercase hex digits, as /^[0-9a-f]{8}$/ and parseInt", () => {
    const unit = fc.constantFrom(..."0123456789abcdefABCDEFgx \n-+.\u0660");
    fc.assert(
      fc.property(fc.string({ unit, minLength: 6, maxLength: 10 }), (hex) => {
        expect(read(hex)).toBe(byRegex(hex));
      }),
      { numRuns: 5000 },
    );
    for (const hex of ["", "0badc0de\n", "0BADC0DE", "1234567", "123456789", " 0badc0d"]) {
      expect(read(hex)).toBe("throws");
    }
  });
});
