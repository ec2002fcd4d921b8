/**
 * The fast repetition features (typed tables, one scan per text) against their plain definition:
 * split on /\s+/, a Map of 4-gram owners, a Set of parents per path. Values must be bit-identical,
 * since the trained model's thresholds were learned on the plain ones.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REPEAT_FEATURES, writeRepeatFeatures } from "../../src/core/features-repeat";
import { isSpace } from "../../src/core/segment-text";
import type { TextBlock } from "../../src/core/types";

type RepeatBlock = Pick<TextBlock, "text" | "path" | "tag" | "linkShare" | "ancestors">;

function wordHashes(word: string): [number, number] {
  let a = 2166136261;
  let b = 5381;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = (Math.imul(b, 33) + c) | 0;
  }
  return [a >>> 0, b >>> 0];
}

function gramKey(h: readonly [number, number][], j: number): number {
  let a = 0;
  let b = 0;
  for (let k = j; k < j + 4; k++) {
    a = Math.imul(a ^ h[k]![0], 0x9e3779b1) >>> 0;
    b = Math.imul(b ^ h[k]![1], 0x85ebca6b) >>> 0;
  }
  return a * 2097152 + (b & 0x1fffff);
}

/** The definition, as first written (commit 322c085). */
function reference(blocks: readonly RepeatBlock[], out: readonly Float64Array[], at: number): void {
  const parents = new Map<string, Set<number>>();
  const grandparents = new Map<string, Set<number>>();
  const pathChars = new Map<string, number>();
  const keys = blocks.map((b) => b.path + "|" + b.tag);
  let totalGood = 0;
  blocks.forEach((b, i) => {
    const chain = b.ancestors ?? [];
    const key = keys[i]!;
    let p = parents.get(key);
    if (!p) parents.set(key, (p = new Set()));
    p.add(chain.length >= 2 ? chain[chain.length - 2]! : -1);
    let g = grandparents.get(key);
    if (!g) grandparents.set(key, (g = new Set()));
    g.add(chain.length >= 3 ? chain[chain.length - 3]! : -1);
    const good = b.linkShare < 0.5 ? b.text.length : 0;
    pathChars.set(key, (pathChars.get(key) ?? 0) + good);
    totalGood += good;
  });
  const owner = new Map<number, number>();
  const grams = blocks.map((b, i) => {
    const words = b.text.toLowerCase().split(/\s+/).filter(Boolean).map(wordHashes);
    const own: number[] = [];
    for (let j = 0; j + 3 < words.length; j++) {
      const g = gramKey(words, j);
      own.push(g);
      const o = owner.get(g);
      if (o === undefined) owner.set(g, i);
      else if (o !== i) owner.set(g, -1);
    }
    return own;
  });
  blocks.forEach((_, i) => {
    const key = keys[i]!;
    const own = grams[i]!;
    let shared = 0;
    for (const g of own) if (owner.get(g) === -1) shared++;
    const f = out[i]!;
    f[at] = Math.log1p(parents.get(key)!.size - 1) / 4;
    f[at + 1] = totalGood > 0 ? pathChars.get(key)! / totalGood : 0;
    f[at + 2] = Math.log1p(grandparents.get(key)!.size - 1) / 4;
    f[at + 3] = own.length ? shared / own.length : 0;
  });
}

function both(blocks: readonly RepeatBlock[]): { fast: number[][]; plain: number[][] } {
  const width = REPEAT_FEATURES.length + 2;
  const fastOut = blocks.map(() => new Float64Array(width));
  const plainOut = blocks.map(() => new Float64Array(width));
  writeRepeatFeatures(blocks, fastOut, 2);
  reference(blocks, plainOut, 2);
  return { fast: fastOut.map((f) => [...f]), plain: plainOut.map((f) => [...f]) };
}

// Few words, so that 4-grams recur across blocks; case, Greek final sigma, a dotted capital I and
// astral characters exercise lower-casing; every kind of \s separates them.
const WORDS = ["the", "The", "THE", "story", "Story", "ΟΔΟΣ", "İstanbul", "x", "😀", "a-b", "42", "déjà", "|"];
const SPACES = [" ", " ", "  ", "\t", "\n", "\u00a0", "\u2009", "\u3000", "\ufeff", "\u2028", "\u180e", "\u200b"];
const text = fc
  .array(fc.tuple(fc.constantFrom(...SPACES), fc.constantFrom(...WORDS)), { maxLength: 14 })
  .chain((parts) =>
    fc.constantFrom(...SPACES).map((tail) => parts.map(([space, word]) => space + word).join("") + tail),
  );
const repeatBlock: fc.Arbitrary<RepeatBlock> = fc.record({
  text: fc.oneof(
    text,
    text.map((t) => t.trim()),
  ),
  path: fc.constantFrom("body>div>p", "body>div.a|b>p", "body>aside>div.card>p", "body>div", "body>div.a"),
  tag: fc.constantFrom("p", "div", "li", "b>p"),
  linkShare: fc.constantFrom(0, 0.25, 0.5, 1),
  ancestors: fc.option(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 4 }), { nil: undefined }),
});

describe("fast repetition features", () => {
  it("treat as white space exactly what /\\s/ does", () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });

  it("equal the plain definition bit for bit on generated pages", () => {
    fc.assert(
      fc.property(fc.array(repeatBlock, { maxLength: 30 }), (blocks) => {
        const { fast, plain } = both(blocks);
        expect(fast).toEqual(plain);
      }),
      { numRuns: 400 },
    );
  });

  it("equal it when a tag holds a '|' (where path and tag no longer key the joined string alone)", () => {
    const blocks: RepeatBlock[] = [
      { text: "one two three four", path: "body>x|p", tag: "q", linkShare: 0, ancestors: [1, 2, 3] },
      { text: "one two three four", path: "body>x", tag: "p|q", linkShare: 0, ancestors: [1, 4, 5] },
      { text: "five six seven eight", path: "body>x", tag: "p", linkShare: 0, ancestors: [1, 4, 6] },
    ];
    const { fast, plain } = both(blocks);
    expect(fast).toEqual(plain);
    expect(fast[0]![2]).toBeCloseTo(Math.log(2) / 4); // the two joined keys are one path under two parents
  });

  it("give the same values when a page's tables are reused for a larger and then a smaller page", () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      text: `word ${i % 50} and word ${i % 7} again ${i}`,
      path: `body>div>p.k${i % 40}`,
      tag: "p",
      linkShare: 0,
      ancestors: [1, 2 + (i % 9), 100 + i],
    }));
    for (const blocks of [many.slice(0, 10), many, many.slice(5, 40)]) {
      const { fast, plain } = both(blocks);
      expect(fast).toEqual(plain);
    }
  });
});
