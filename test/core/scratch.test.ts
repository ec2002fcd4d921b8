import { describe, expect, it } from "vitest";
import { float64Scratch, int32Scratch, uint8Scratch } from "../../src/core/scratch";

describe("scratch arrays", () => {
  it("answers the asked size filled with the value, the same array again when it is long enough", () => {
    const s = int32Scratch();
    const a = s.take(10, -1);
    expect(a.length).toBeGreaterThanOrEqual(10);
    expect([...a.subarray(0, 10)]).toEqual(new Array(10).fill(-1));
    a.fill(7, 0, 10);
    const b = s.take(5);
    expect(b).toBe(a);
    expect([...b.subarray(0, 5)]).toEqual([0, 0, 0, 0, 0]);
  });

  it("grows for a larger size and gives a size over the cap an array of its own", () => {
    const s = float64Scratch();
    const small = s.take(3);
    const big = s.take(1000, 0.5);
    expect(big).not.toBe(small);
    expect(big[999]).toBe(0.5);
    const huge = uint8Scratch().take(1 << 17, 1);
    expect(huge.length).toBe(1 << 17);
    expect(huge[(1 << 17) - 1]).toBe(1);
    const u = uint8Scratch();
    expect(u.take(1 << 17)).not.toBe(u.take(1 << 17));
  });

  it("grows a taken array keeping its entries, and keeps the grown one for the next take", () => {
    const s = int32Scratch();
    const a = s.take(3);
    a.set([1, 2, 3]);
    const b = s.grow(a.subarray(0, 3), 4);
    expect(b.length).toBeGreaterThanOrEqual(4);
    expect([...b.subarray(0, 3)]).toEqual([1, 2, 3]);
    expect(s.take(4)).toBe(b);
    const big = int32Scratch();
    const huge = big.grow(new Int32Array([5]), (1 << 16) + 1);
    expect(huge[0]).toBe(5);
    expect(big.take(1)).not.toBe(huge);
  });
});
