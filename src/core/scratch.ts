/**
 * Typed arrays a pure stage keeps across calls as its working space, instead of allocating its own
 * per page: a typed array over 64 bytes is allocated off V8's heap (a backing store, counted as
 * external memory), about 0.5-2 us each for a page's few hundred entries, and the page-level
 * decision made some 20 of them per page (the kind's records alone 11).
 *
 * Each user holds its own scratch (one per array it needs) and takes it once per call: `take(size,
 * value)` answers an array of at least `size` entries whose first `size` are `value`, the same array
 * as the last call's when it is long enough. So what a call takes must not outlive the call, and a
 * function that takes a scratch must not be re-entered while it uses it. A size over KEEP_AT_MOST
 * (a hostile page's elements) gets an array of its own, which is not kept: the module holds at most
 * about 0.5 MB per scratch for the life of the isolate.
 */
const KEEP_AT_MOST = 1 << 16;

export interface Scratch<A> {
  take(size: number, value?: number): A;
  /**
   * An array of at least `size` entries (more than `current` holds) whose first `current.length`
   * entries are `current`'s: for a call that fills what it took and finds it too short. It is kept
   * in place of the last one taken unless `size` is over KEEP_AT_MOST.
   */
  grow(current: A, size: number): A;
}

type TypedArray = Float64Array | Int32Array | Uint8Array;

function scratchOf<A extends TypedArray>(make: (length: number) => A): Scratch<A> {
  let kept = make(0);
  return {
    take(size, value = 0) {
      if (size > KEEP_AT_MOST) return make(size).fill(value) as A;
      // Grown to twice the size asked, so a run of pages that each need a little more does not
      // allocate per page.
      if (kept.length < size) kept = make(Math.min(KEEP_AT_MOST, Math.max(64, size * 2)));
      kept.fill(value, 0, size);
      return kept;
    },
    grow(current, size) {
      const next = make(size > KEEP_AT_MOST ? size : Math.min(KEEP_AT_MOST, Math.max(64, size * 2)));
      next.set(current);
      if (size <= KEEP_AT_MOST) kept = next;
      return next;
    },
  };
}

export const float64Scratch = (): Scratch<Float64Array> => scratchOf((n) => new Float64Array(n));
export const int32Scratch = (): Scratch<Int32Array> => scratchOf((n) => new Int32Array(n));
export const uint8Scratch = (): Scratch<Uint8Array> => scratchOf((n) => new Uint8Array(n));
