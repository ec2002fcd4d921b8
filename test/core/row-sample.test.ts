/** The boosted trees' row sampling by identity: a row's draws depend on its key, never on the other rows. */
import { describe, expect, it } from "vitest";
import { trainGbdt } from "../../scripts/lib/gbdt";
import { pack } from "../../scripts/lib/logreg";
import { inSample, rowKey, stringKey } from "../../scripts/lib/row-sample";

const rows = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => ({
    f: Float64Array.of(1, ((i + offset) * 7919) % 101, ((i + offset) * 104729) % 37),
    y: ((i + offset) * 7919) % 101 > 50 ? 1 : 0,
    w: 1,
    key: rowKey(stringKey("corpus/page"), i + offset, 0),
  }));

describe("row sampling by identity", () => {
  it("draws about the asked share of rows, and other draws in other rounds", () => {
    const keys = Array.from({ length: 20000 }, (_, i) => rowKey(stringKey(`c/${i % 97}`), i, i % 2));
    const round0 = keys.filter((k) => inSample(k, 0, 1, 0.35));
    const round1 = keys.filter((k) => inSample(k, 1, 1, 0.35));
    expect(round0.length / keys.length).toBeGreaterThan(0.33);
    expect(round0.length / keys.length).toBeLessThan(0.37);
    const both = round0.filter((k) => inSample(k, 1, 1, 0.35)).length;
    expect(both / round1.length).toBeLessThan(0.4); // independent rounds overlap by ~0.35, not all
  });

  it("tells apart the variants and blocks of one page", () => {
    const page = stringKey("single-zyte/123");
    expect(rowKey(page, 3, 0)).not.toBe(rowKey(page, 3, 1));
    expect(rowKey(page, 3, 0)).not.toBe(rowKey(page, 4, 0));
    expect(rowKey(page, 3, 0)).toBe(rowKey(stringKey("single-zyte/123"), 3, 0));
  });

  it("gives the same trees whatever order the rows come in", () => {
    const data = rows(400);
    const a = trainGbdt(pack(data), { trees: 5, depth: 3, minHessian: 1 });
    const b = trainGbdt(pack([...data].reverse()), { trees: 5, depth: 3, minHessian: 1 });
    expect(b.trees.map((t) => t.v)).toEqual(a.trees.map((t) => t.v));
  });
});
