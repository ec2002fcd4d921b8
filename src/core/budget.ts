/**
 * The processing budget of one page: caps that bound the work any page under the byte cap can
 * cost, and a deadline. (The byte cap itself is applied while reading, src/net/bounded-body.ts; a
 * page cut at it arrives here as a prefix and is recorded as cut by `bytes`.) A page over a cap is
 * processed up to it and says so (`truncated`); a page that runs past the deadline is refused
 * (`PageTooComplex`, answered `422 too_complex`).
 *
 * The caps are applied before the walk wherever possible, since its cost is per node:
 * - elements: a pre-scan of the HTML string counts start tags and cuts the string before the first
 *   one past the cap, so the tokenizer never sees the rest as markup: segmentation reads the rest's
 *   text as flat paragraphs (segment-past-cap.ts), so a page with text past the cap still answers it;
 * - depth: the segmentation walk sees elements only down to the cap; deeper elements are not
 *   passed on and their text joins the deepest one passed (Chromium's parser also caps nesting, at 512);
 * - blocks: the segmentation walk stops at the cap;
 * - class and id values: cut at a word before the cap (a 5 MB class list is no path token, and overflowed linkedom's stack when the walk read a DOM).
 *
 * Defaults are several times the largest real pages in the corpora (10,145 elements; depth 55;
 * 2,641 blocks), so they cut only what no real page has; output on real pages is unchanged. The
 * element cap is the tightest because htmlparser2's open-element stack costs O(depth) per start
 * tag: 30,000 nested elements take about 0.5 s on a loaded machine, 50,000 about 1 s.
 *
 * The deadline is checked in the walks every CHECK_EVERY steps and between stages. Deployed
 * Workers only advance timers at I/O (a Spectre mitigation), so there it cannot fire during the
 * pure stages: in production the caps are what bound the work, and the deadline guards local and
 * Node runs (wrangler dev, the scripts) and any stage that awaits.
 */

export interface PageLimits {
  /** Start tags parsed; the HTML is cut before the next one. */
  maxElements: number;
  /** Nesting of the elements built; deeper ones are not built. */
  maxDepth: number;
  /** Text blocks kept, in document order. */
  maxBlocks: number;
  /** Characters of a class or id value kept (cut at a word). */
  maxNameChars: number;
  /** Milliseconds the page may take from the budget's start; Infinity: no deadline. */
  deadlineMs: number;
}

export const DEFAULT_PAGE_LIMITS: Readonly<PageLimits> = {
  maxElements: 30_000,
  maxDepth: 256,
  maxBlocks: 10_000,
  maxNameChars: 4_096,
  deadlineMs: Infinity,
};

/** The deadline the service applies (PAGE_DEADLINE_MS): a real page takes 5-60 ms. */
export const DEFAULT_DEADLINE_MS = 1_500;

/**
 * A cap a page went over: what the answer reports as truncated. `bytes` is the byte cap (MAX_BYTES),
 * met before the budget starts: the page arrived cut at it (the reader stopped there), and says so here
 * so that every cap keeps the page from teaching the same way.
 */
export type TruncationLimit = "bytes" | "elements" | "depth" | "blocks";

/** Thrown when a page runs past its deadline: the service answers 422 too_complex. */
export class PageTooComplex extends Error {
  constructor(readonly deadlineMs: number) {
    super(
      `the page took longer than the ${deadlineMs} ms processing budget; ` +
        "it is too large or too deeply nested to extract (send a smaller page or the article's own HTML)",
    );
    this.name = "PageTooComplex";
  }
}

/** Steps between two looks at the clock: cheap enough for the walks, fine enough for a deadline. */
const CHECK_EVERY = 1024;

export class PageBudget {
  readonly limits: Readonly<PageLimits>;
  /** The caps this page went over, in the order met. */
  readonly truncated: TruncationLimit[] = [];
  private readonly deadline: number;
  private steps = 0;

  constructor(
    limits: Partial<PageLimits> = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.limits = { ...DEFAULT_PAGE_LIMITS, ...limits };
    this.deadline = clock() + this.limits.deadlineMs;
  }

  /** Records that a cap cut the page (once per cap). */
  cut(limit: TruncationLimit): void {
    if (!this.truncated.includes(limit)) this.truncated.push(limit);
  }

  /** One unit of work in a walk: every CHECK_EVERY of them, the deadline is checked. */
  step(): void {
    if (++this.steps % CHECK_EVERY === 0) this.check();
  }

  /** Throws PageTooComplex once the deadline has passed. */
  check(): void {
    if (this.limits.deadlineMs !== Infinity && this.clock() >= this.deadline) {
      throw new PageTooComplex(this.limits.deadlineMs);
    }
  }
}

/**
 * Where `html` is cut at the element cap: the index of its (maxElements + 1)-th start tag (`<` and a
 * letter), the cut recorded in the budget; -1 when the page is under the cap. A scan of the string,
 * no parse: tags inside comments or scripts count too, which only makes it stricter.
 */
export function elementCapAt(html: string, budget: PageBudget): number {
  const max = budget.limits.maxElements;
  // A start tag takes two characters at least, so a page this short cannot hold more than the cap.
  if (html.length <= 2 * max + 1) return -1;
  let seen = 0;
  for (let at = html.indexOf("<"); at >= 0; at = html.indexOf("<", at + 1)) {
    const c = html.charCodeAt(at + 1) | 0x20;
    if (c < 0x61 || c > 0x7a) continue;
    if (++seen > max) {
      budget.cut("elements");
      return at;
    }
    if ((seen & 0x3ff) === 0) budget.check();
  }
  return -1;
}

/** A class or id value cut at a word boundary before `max` characters (the rest would only be more names). */
export function capName(value: string, budget: PageBudget): string {
  const max = budget.limits.maxNameChars;
  if (value.length <= max) return value;
  const cut = value.slice(0, max + 1);
  const end = cut.search(/\s\S*$/);
  return end > 0 ? cut.slice(0, end) : value.slice(0, max);
}
