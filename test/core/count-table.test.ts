import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CountTable } from "../../src/core/count-table";

/** A few keys, so probe runs collide and wrap; 0 and 2^32 - 1 are keys like any other. */
const KEYS = [0, 1, 2, 3, 0xffffffff, 0x80000000, 0x9e3779b1, 12345, 54321, 7, 8, 9];
const key = fc.oneof(
  fc.constantFrom(...KEYS),
  fc.integer({ min: 0, max: 40 }),
  fc.nat().map((n) => n >>> 0),
);
const op = fc.oneof(
  fc.record({ kind: fc.constant("inc" as const), key, times: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant("dec" as const), key, times: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant("set" as const), key, times: fc.integer({ min: 0, max: 600 }) }),
);

function check(table: CountTable, model: Map<number, number>): void {
  expect(table.size).toBe(model.size);
  expect(new Map(table.entries())).toEqual(model);
  for (const [k, c] of model) expect(table.get(k)).toBe(c);
  for (const k of KEYS) expect(table.get(k)).toBe(model.get(k) ?? 0);
}

describe("CountTable", () => {
  it("matches a Map under random increments, decrements and sets (counts past 255 included)", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const table = new CountTable();
        const model = new Map<number, number>();
        for (const o of ops) {
          const c = model.get(o.key) ?? 0;
          if (o.kind === "inc") {
            for (let i = 0; i < o.times; i++) table.increment(o.key);
            model.set(o.key, c + o.times);
          } else if (o.kind === "dec") {
            const n = Math.min(c, o.times);
            for (let i = 0; i < n; i++) table.decrement(o.key);
            if (c - n > 0) model.set(o.key, c - n);
            else model.delete(o.key);
            if (n < o.times) expect(() => table.decrement(o.key)).toThrow();
          } else {
            table.set(o.key, o.times);
            if (o.times > 0) model.set(o.key, o.times);
            else model.delete(o.key);
          }
          check(table, model);
        }
      }),
      { seed: 20261123, numRuns: 150 },
    );
  });

  it("grows to many keys and shrinks back when they go", () => {
    const table = new CountTable();
    const keys = Array.from({ length: 5000 }, (_, i) => Math.imul(i + 1, 2654435761) >>> 0);
    for (const k of keys) table.increment(k);
    for (const k of keys.slice(0, 100)) table.increment(k);
    const full = table.byteLength;
    expect(table.size).toBe(5000);
    expect(full).toBeLessThan(5000 * 8 + 100 * 10);
    for (const k of keys.slice(100)) table.decrement(k);
    expect(table.size).toBe(100);
    for (const k of keys.slice(0, 100)) expect(table.get(k)).toBe(2);
    expect(table.byteLength).toBeLessThan(full / 10);
  });

  it("refuses a negative or fractional count", () => {
    const table = new CountTable();
    expect(() => table.set(1, -1)).toThrow();
    expect(() => table.set(1, 1.5)).toThrow();
  });
});
