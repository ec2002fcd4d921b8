/** The bounded caches the pure stages keep across pages. */
import { describe, expect, it } from "vitest";
import { memoized } from "../../src/core/memo";

describe("memoized", () => {
  it("computes each key once, falsy answers included", () => {
    const calls: string[] = [];
    const f = memoized((key) => {
      calls.push(key);
      return key === "a" ? 0 : null;
    });
    expect([f("a"), f("b"), f("a"), f("b")]).toEqual([0, null, 0, null]);
    expect(calls).toEqual(["a", "b"]);
  });

  it("empties itself past its limit and fills again", () => {
    const calls: string[] = [];
    const f = memoized((key) => calls.push(key), 2);
    for (const key of ["a", "b", "c", "d", "a"]) f(key);
    // a, b, c held (3 > 2); d empties the cache first, so a is computed again.
    expect(calls).toEqual(["a", "b", "c", "d", "a"]);
    f("d");
    expect(calls).toHaveLength(5);
  });
});
