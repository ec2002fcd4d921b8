/**
 * Page kind: what sort of page this is (an article, a forum thread, a product, a listing, a
 * documentation page, a service/landing page), or an interstitial that stands in for the page (a
 * consent wall, a bot challenge, a paywall teaser, a JavaScript shell: interstitial.ts).
 *
 * The decision reads page-level signals computed from the blocks alone (pageSignals): how much of
 * the text is links, prose runs, code, forms and price tags, repeated compound records (many posts
 * or cards of one shape under one parent) and how many of one group's cards carry a price, the
 * class/id words of the paths and the URL's words. A tiny one-vs-rest logistic regression over them
 * (page-kind-weights.json, trained by scripts/eval-kind.ts on train-wcxb-dev and measured on
 * single-wcxb-dev and by site-grouped cross-validation) picks the kind: the signals overlap (a
 * product page has prose, a thread has repeated records like a listing), so weighing them by hand
 * would be guesswork. What the page declares it is (read during segmentation: declared-types.ts)
 * gives two more, its og:type when it names a product or a product group: signals, not rules
 * (DECLARED_SIGNALS says why only those). Measured (scripts/eval-kind.ts, trained and measured on
 * the URL key, which is what the service reads): 83.6% in site-grouped 5-fold cross-validation on
 * train-wcxb-dev, 84.0% on single-wcxb-dev (83.4% and 83.7% without the priced cards; without the
 * og:type signals too 83.0% and 84.3%: two pages apart on single-wcxb-dev, where two more products
 * are taken for others). The cross-validation of the whole decision trains a kind model per fold
 * (scripts/lib/kind-training.ts); there gold kinds instead of the model's would add only 0.0017 F1
 * on single-wcxb-dev and on train-wcxb-dev (2026-11-26, scripts/page-stage-cv.ts --gold-kinds:
 * 0.8765 and 0.8705).
 */
import { isInterstitial, type InterstitialVerdict } from "./interstitial";
import { memoized } from "./memo";
import { float64Scratch, int32Scratch, uint8Scratch } from "./scratch";
import { isHeadingTag, pathTokens, tokenIsTag, wordsOf } from "./path-words";
import type { BranchEvidence } from "./tree-evidence";
import type { SegmentedPage, TextBlock } from "./types";
import WEIGHTS from "./page-kind-weights.json";

export type PageKind =
  "article" | "thread" | "product" | "listing" | "documentation" | "service" | "interstitial" | "other";

/** Template vocabulary: class/id words that name a page region's role, grouped by the kind they suggest. */
const VOCABULARY = {
  post: ["post", "posts", "entry", "entries"],
  thread: [
    "thread",
    "threads",
    "topic",
    "topics",
    "reply",
    "replies",
    "forum",
    "forums",
    "message",
    "messages",
    "bbpress",
    "phpbb",
    "vbulletin",
    "discourse",
    "xenforo",
    "postbody",
    "postcontent",
    "username",
    "userinfo",
    "signature",
    "quote",
    "bbcode",
    "posted",
  ],
  comment: ["comment", "comments", "respond", "discussion", "disqus", "commentlist"],
  product: [
    "product",
    "products",
    "price",
    "prices",
    "cart",
    "basket",
    "checkout",
    "sku",
    "buy",
    "woocommerce",
    "shop",
    "variant",
    "variants",
    "quantity",
    "qty",
    "stock",
    "pdp",
    "swatch",
    "addtocart",
    "purchase",
  ],
  docs: [
    "docs",
    "doc",
    "documentation",
    "toc",
    "api",
    "reference",
    "manual",
    "sphinx",
    "mkdocs",
    "docusaurus",
    "markdown",
    "highlight",
    "codehilite",
    "admonition",
    "wiki",
    "rst",
    "md",
    "vp",
    "theme",
    "gitbook",
  ],
  article: ["article", "story", "blog", "byline", "author", "headline", "single", "prose", "body", "content", "text"],
  listing: [
    "teaser",
    "card",
    "cards",
    "tile",
    "tiles",
    "grid",
    "item",
    "items",
    "list",
    "listing",
    "result",
    "results",
    "archive",
    "category",
    "collection",
    "pagination",
    "pager",
    "excerpt",
    "summary",
    "loop",
    "feed",
  ],
  service: [
    "hero",
    "cta",
    "feature",
    "features",
    "pricing",
    "plan",
    "plans",
    "testimonial",
    "testimonials",
    "banner",
    "contact",
    "team",
    "faq",
    "section",
    "service",
    "services",
    "landing",
    "elementor",
    "wp",
  ],
} as const;
type Group = keyof typeof VOCABULARY;
const GROUPS = Object.keys(VOCABULARY) as Group[];
const GROUP_SETS = GROUPS.map((g) => new Set<string>(VOCABULARY[g]));
/** The signals' names per group, made once: a name built per page is a new string to hash as a key. */
const WORDS_SIGNALS = GROUPS.map((g) => `words.${g}`);
const SEEN_SIGNALS = GROUPS.map((g) => `seen.${g}`);

/** The vocabulary groups a path token's words meet, as a bit mask (bit g: GROUPS[g]); memoised per token. */
const tokenGroups = memoized((token) => {
  let mask = 0;
  for (const w of wordsOf(token)) GROUP_SETS.forEach((set, g) => set.has(w) && (mask |= 1 << g));
  return mask;
});

/** What a block's path says to the kind signals, computed once per distinct path (pages repeat few). */
interface PathKind {
  /** The vocabulary groups its tokens meet together (tokenGroups of every token, or'ed). */
  groups: number;
  /** Whether a token is a `pre` element's. */
  pre: boolean;
  /** The path's tokens (pathTokens), kept here so the records' walk need not look the path up again. */
  tokens: readonly string[];
}

const pathKind = memoized((path): PathKind => {
  const tokens = pathTokens(path);
  let groups = 0;
  for (const t of tokens) groups |= tokenGroups(t);
  return { groups, pre: tokens.some(isPre), tokens };
});

/** URL words (host labels and path segments) by the kind they suggest. */
const URL_VOCABULARY = {
  thread: [
    "forum",
    "forums",
    "thread",
    "threads",
    "topic",
    "topics",
    "showthread",
    "viewtopic",
    "community",
    "discussion",
    "discussions",
    "questions",
    "board",
    "boards",
    "t",
    "answers",
    "discuss",
  ],
  product: ["product", "products", "p", "dp", "shop", "store", "item", "buy", "produkt", "produit", "producto"],
  docs: [
    "docs",
    "doc",
    "documentation",
    "api",
    "reference",
    "manual",
    "guide",
    "guides",
    "learn",
    "wiki",
    "tutorial",
    "tutorials",
    "man",
    "library",
    "developer",
    "developers",
    "help",
    "support",
    "kb",
  ],
  listing: [
    "category",
    "categories",
    "collections",
    "collection",
    "tag",
    "tags",
    "search",
    "archive",
    "list",
    "c",
    "page",
    "topics",
    "section",
  ],
  article: ["blog", "news", "article", "articles", "post", "posts", "story", "stories", "blogs"],
  service: ["about", "contact", "pricing", "services", "service", "features", "solutions", "company"],
} as const;
type UrlGroup = keyof typeof URL_VOCABULARY;
const URL_GROUPS = Object.keys(URL_VOCABULARY) as UrlGroup[];
const URL_SETS = URL_GROUPS.map((g) => new Set<string>(URL_VOCABULARY[g]));
const URL_SIGNALS = URL_GROUPS.map((g) => `url.${g}`);

/**
 * The declarations the kind model reads: og:type "product" and "product.group" (a shop platform's
 * own name for a product page and a collection; on wcxb-dev 41 of 117 product pages and 15 of 113
 * collections, almost no page of another kind). The other declarations are not signals: og:type
 * "article" is written by services and listings too, "website" by every kind, and schema.org types
 * are those of everything a page embeds (a review's Product, an FAQ block, a comment widget). Read
 * as signals they flipped kinds at a loss (scripts/page-stage-cv.ts, 2026-11-26: train-wcxb-dev
 * -0.0008 to -0.0034 for every set tried with them; these two alone +0.0001, single-wcxb-dev +0.0010).
 */
const DECLARED_SIGNALS = [
  { source: "openGraph", group: "product", name: "declared.openGraph.product" },
  { source: "openGraph", group: "listing", name: "declared.openGraph.listing" },
] as const;

/**
 * Price tags: a currency sign or code next to a number. Currency codes are ISO vocabulary, not
 * page prose; the test is only applied to short blocks, where a price stands alone.
 */
const PRICE = new RegExp(
  [
    "(?:[$€£¥₹₽]|\\b(?:usd|eur|gbp|chf|kr|zł|rs)\\.?)\\s?\\d",
    "\\d(?:[\\d.,\\s]*\\d)?\\s?(?:[€£₽]|zł|\\b(?:usd|eur|gbp|chf|kr)\\b)",
  ].join("|"),
  "i",
);
/** Numeric dates and clock times: the timestamps posts and list entries carry, in any language. */
const DATE = /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}:\d{2})\b/;

export interface PageSignals {
  [name: string]: number;
}

/** The best group of repeated records, and across every group the most records that each carry a price. */
interface RecordGroups {
  count: number;
  chars: number;
  linkChars: number;
  spread: number;
  /**
   * The most records of one group that each hold a price tag: a grid of priced cards, which a
   * catalogue page is made of and a product page only beside its own offer (related items). Counted
   * over every group, not only the best one, which on a catalogue is often the menu.
   */
  pricedCards: number;
}

/** A path token without its id: ids number posts (#post-123) and would split a group of one shape. */
function shapeOf(token: string): string {
  // Most tokens have no id and are their own shape, found without a cache lookup.
  return token.includes("#") ? withoutId(token) : token;
}

/** The token with its id cut out, memoised: pages repeat their tokens. */
const withoutId = memoized((token) => token.replace(/#[^.]*/, ""));

/**
 * The working arrays of pageSignals and records, kept across pages (scratch.ts): neither is re-entered,
 * and none of them outlives its call.
 */
const SCRATCH = {
  sumBlocks: int32Scratch(),
  sumChars: float64Scratch(),
  sumPrices: int32Scratch(),
  slots: int32Scratch(),
  parentOf: int32Scratch(),
  blocksOf: int32Scratch(),
  charsOf: float64Scratch(),
  pricesOf: int32Scratch(),
  firstRun: int32Scratch(),
  lastRun: int32Scratch(),
  tokenBlock: int32Scratch(),
  tokenDepth: int32Scratch(),
  runFrom: int32Scratch(),
  runTo: int32Scratch(),
  runNext: int32Scratch(),
  recordsUnder: int32Scratch(),
  groupChars: float64Scratch(),
  groupSeen: uint8Scratch(),
  isPrice: uint8Scratch(),
};

/**
 * The best group of repeated compound records: siblings of one shape (an element under one parent,
 * its path token but the id alike), at least three, each holding at least two blocks; the group's
 * records hold the most characters, the first such group in page order on a tie. `paths` is pathKind
 * of each block's path; a block whose path tokens do not line up with its element ids is not counted.
 *
 * An element's blocks are a run of consecutive blocks (blocks are in document order; a chain is its
 * parent's plus one), so a block opens only the elements below the part of its chain it shares with
 * the previous counted block, and an element's figures are read off running sums when its run ends:
 * per block the work is the chain's new part (two or three elements on stream-ctf pages, about 11
 * deep), not the whole chain. Counts, characters and prices are integers, so differences of running
 * sums equal the per-block additions; link characters are not, so they are added block by block, in
 * page order, for the best group's records alone. Should an element's blocks not be one run after
 * all, it opens again and its runs add up. `maxId` is maxElementId(blocks), which pageSignals finds
 * in its own pass over the blocks (a pass of its own here was 1.5% of the decision's hot time).
 */
function records(
  blocks: readonly TextBlock[],
  paths: readonly PathKind[],
  isPrice: Uint8Array,
  maxId: number,
): RecordGroups {
  const n = blocks.length;
  // Running sums over the counted blocks before block i, at [i].
  const sumBlocks = SCRATCH.sumBlocks.take(n + 1);
  const sumChars = SCRATCH.sumChars.take(n + 1);
  const sumPrices = SCRATCH.sumPrices.take(n + 1);
  // The elements met (the records' candidates), in first-met order, as columns: an element id's
  // place among them plus one in `slots` (0 not met), then per element its parent's id, path token,
  // figures and its runs of blocks [from, to), chained through `runNext` from `firstRun`.
  const ids = maxId + 1;
  const slots = SCRATCH.slots.take(ids);
  const parentOf = SCRATCH.parentOf.take(ids);
  // An element's path token, as the block and depth where it was first met (paths[block].tokens[depth]).
  const tokenBlock = SCRATCH.tokenBlock.take(ids);
  const tokenDepth = SCRATCH.tokenDepth.take(ids);
  const blocksOf = SCRATCH.blocksOf.take(ids);
  const charsOf = SCRATCH.charsOf.take(ids);
  const pricesOf = SCRATCH.pricesOf.take(ids);
  const firstRun = SCRATCH.firstRun.take(ids, -1);
  const lastRun = SCRATCH.lastRun.take(ids, -1);
  // The runs in scratch arrays too, grown when full: as JavaScript arrays pushed to, their growth
  // was a quarter of the garbage the page-level decision left per stream-ctf page (some 25 of 99 KB,
  // sampling heap profiler), and the garbage it leaves is what brings collections into its time.
  let runFrom = SCRATCH.runFrom.take(n);
  let runTo = SCRATCH.runTo.take(n);
  let runNext = SCRATCH.runNext.take(n);
  let runs = 0;
  let met = 0;
  // The previous counted block's chain: per depth, where the run of the element there began.
  let previous: readonly number[] = [];
  const openedAt: number[] = [];
  const close = (e: number, from: number, to: number) => {
    blocksOf[e] = blocksOf[e]! + sumBlocks[to]! - sumBlocks[from]!;
    charsOf[e] = charsOf[e]! + sumChars[to]! - sumChars[from]!;
    pricesOf[e] = pricesOf[e]! + sumPrices[to]! - sumPrices[from]!;
    if (runs === runFrom.length) {
      runFrom = SCRATCH.runFrom.grow(runFrom, runs + 1);
      runTo = SCRATCH.runTo.grow(runTo, runs + 1);
      runNext = SCRATCH.runNext.grow(runNext, runs + 1);
    }
    const run = runs++;
    runFrom[run] = from;
    runTo[run] = to;
    runNext[run] = -1;
    if (lastRun[e]! < 0) firstRun[e] = run;
    else runNext[lastRun[e]!] = run;
    lastRun[e] = run;
  };
  for (let i = 0; i < n; i++) {
    const b = blocks[i]!;
    const { tokens } = paths[i]!;
    const chain = b.ancestors ?? [];
    if (chain.length !== tokens.length) {
      sumBlocks[i + 1] = sumBlocks[i]!;
      sumChars[i + 1] = sumChars[i]!;
      sumPrices[i + 1] = sumPrices[i]!;
      continue;
    }
    // The depths this chain shares with the previous one stay open: an element shared at a depth
    // shares every element above it, so the search runs up from the deepest common depth.
    let shared = Math.min(chain.length, previous.length);
    while (shared > 0 && chain[shared - 1] !== previous[shared - 1]) shared--;
    const from = Math.max(shared, 1);
    for (let k = previous.length - 1; k >= from; k--) close(slots[previous[k]!]! - 1, openedAt[k]!, i);
    for (let k = from; k < chain.length; k++) {
      const id = chain[k]!;
      if (slots[id] === 0) {
        slots[id] = ++met;
        parentOf[met - 1] = chain[k - 1]!;
        tokenBlock[met - 1] = i;
        tokenDepth[met - 1] = k;
      }
      openedAt[k] = i;
    }
    previous = chain;
    sumBlocks[i + 1] = sumBlocks[i]! + 1;
    sumChars[i + 1] = sumChars[i]! + b.text.length;
    sumPrices[i + 1] = sumPrices[i]! + isPrice[i]!;
  }
  for (let k = previous.length - 1; k >= 1; k--) close(slots[previous[k]!]! - 1, openedAt[k]!, n);
  // A group needs three records under one parent: parents with fewer such children are passed over
  // before any group is built (most are).
  const recordsUnder = SCRATCH.recordsUnder.take(ids);
  for (let e = 0; e < met; e++) if (blocksOf[e]! >= 2) recordsUnder[parentOf[e]!]!++;
  // Groups by parent, then shape (no key string built and hashed per element), in first-met order.
  const byParent = new Map<number, Map<string, number[]>>();
  const groups: number[][] = [];
  for (let e = 0; e < met; e++) {
    if (blocksOf[e]! < 2 || recordsUnder[parentOf[e]!]! < 3) continue;
    const shape = shapeOf(paths[tokenBlock[e]!]!.tokens[tokenDepth[e]!]!);
    let shapes = byParent.get(parentOf[e]!);
    if (!shapes) byParent.set(parentOf[e]!, (shapes = new Map<string, number[]>()));
    const g = shapes.get(shape);
    if (g) g.push(e);
    else {
      const group = [e];
      shapes.set(shape, group);
      groups.push(group);
    }
  }
  let best: number[] | null = null;
  let bestChars = 0;
  let pricedCards = 0;
  for (const g of groups) {
    if (g.length < 3) continue;
    pricedCards = Math.max(pricedCards, g.filter((e) => pricesOf[e]! > 0).length);
    const chars = g.reduce((s, e) => s + charsOf[e]!, 0);
    if (chars <= bestChars) continue;
    best = g;
    bestChars = chars;
  }
  if (!best) return { count: 0, chars: 0, linkChars: 0, spread: 0, pricedCards };
  const mean = best.reduce((s, e) => s + blocksOf[e]!, 0) / best.length;
  const sd = Math.sqrt(best.reduce((s, e) => s + (blocksOf[e]! - mean) ** 2, 0) / best.length);
  // A record's link characters, block by block in page order, as the per-block sums added them.
  const linkCharsOf = (e: number) => {
    let sum = 0;
    for (let run = firstRun[e]!; run >= 0; run = runNext[run]!)
      for (let j = runFrom[run]!; j < runTo[run]!; j++) {
        const b = blocks[j]!;
        if ((b.ancestors ?? []).length === paths[j]!.tokens.length) sum += b.text.length * b.linkShare;
      }
    return sum;
  };
  return {
    count: best.length,
    chars: bestChars,
    linkChars: best.reduce((s, e) => s + linkCharsOf(e), 0),
    spread: sd / mean,
    pricedCards,
  };
}

/** A `pre` element's path token (`pre`, `pre.highlight`), not `prefix-nav` or `preview`. */
function isPre(token: string): boolean {
  return tokenIsTag(token, "pre");
}

/** Whether a text has an ASCII digit (what `\d` matches): price tags and dates need one; most short blocks, menu items, have none. */
function hasDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/**
 * pageSignals' per-block PathKind array, kept across pages (as SCRATCH's typed arrays are: the call
 * is not re-entered and the array does not outlive it); an array made per page was 2 KB of the
 * decision's garbage per stream-ctf page. Entries past the page's blocks are left from earlier pages
 * (PathKinds the memo holds anyway) and never read. A hostile page's many blocks get their own array.
 */
const keptPaths: PathKind[] = [];
const KEEP_PATHS_AT_MOST = 1 << 16;

function pathsFor(n: number): PathKind[] {
  if (n > KEEP_PATHS_AT_MOST) return new Array<PathKind>(n);
  while (keptPaths.length < n) keptPaths.push(NO_PATH);
  return keptPaths;
}
const NO_PATH: PathKind = { groups: 0, pre: false, tokens: [] };

/** ln(1 + x) / 10: counts and lengths on a scale the regression's other inputs share. */
function lg(x: number): number {
  return Math.log1p(x) / 10;
}

/** The URL parsed once, or null when it is none (`URL.canParse` first would parse it twice). */
function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The URL groups (bit g: URL_GROUPS[g]) whose words the URL's words (host labels but the last two,
 * path words) meet. Each word is looked up where it is split off: no Set of the words nor arrays
 * spread into it per page (they were 1% of the decision's hot time and 1 KB of its garbage).
 */
function urlGroups(u: URL | null): number {
  if (!u) return 0;
  let mask = 0;
  const meet = (w: string) => {
    if (w) for (let g = 0; g < URL_SETS.length; g++) if (URL_SETS[g]!.has(w)) mask |= 1 << g;
  };
  const labels = u.hostname.split(".");
  for (let k = 0; k < labels.length - 2; k++) meet(labels[k]!);
  for (const w of u.pathname.toLowerCase().split(/[^a-z0-9]+/)) meet(w);
  return mask;
}

/** The page-level signals the kind model reads; every value is roughly on a 0..1 scale. */
export function pageSignals(page: SegmentedPage, probabilities?: readonly number[], url?: string): PageSignals {
  const { blocks } = page;
  let total = 0;
  let links = 0;
  let prose = 0;
  let run = 0;
  let maxRun = 0;
  let longBlocks = 0;
  let code = 0;
  let codeBlocks = 0;
  let form = 0;
  let formBlocks = 0;
  let prices = 0;
  let dates = 0;
  let headings = 0;
  let li = 0;
  let td = 0;
  let landmarks = 0;
  let content = 0;
  let contentLinks = 0;
  const groupChars = SCRATCH.groupChars.take(GROUPS.length);
  const groupSeen = SCRATCH.groupSeen.take(GROUPS.length);
  const paths = pathsFor(blocks.length);
  // The records' element ids reach this far (maxElementId), found in this pass rather than another.
  let maxId = 0;
  const isPrice = SCRATCH.isPrice.take(blocks.length);
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const n = b.text.length;
    total += n;
    links += n * b.linkShare;
    const isProse = n >= 60 && b.linkShare < 0.2 && !b.hardTag && b.tag !== "li" && b.tag !== "td";
    if (isProse) {
      prose += n;
      run += n;
      maxRun = Math.max(maxRun, run);
    } else if (n >= 20) run = 0;
    if (n >= 200 && b.linkShare < 0.2) longBlocks++;
    const onPath = (paths[i] = pathKind(b.path));
    const chain = b.ancestors;
    const innermost = chain && chain.length > 0 ? chain[chain.length - 1]! : 0;
    if (innermost > maxId) maxId = innermost;
    if (b.tag === "pre" || onPath.pre) {
      code += n;
      codeBlocks++;
    }
    if (b.hardTag === "form" || b.hardTag === "button" || b.hardTag === "label" || b.hardTag === "fieldset") {
      form += n;
      formBlocks++;
    }
    if (n <= 60 && hasDigit(b.text)) {
      if (n <= 40 && PRICE.test(b.text)) {
        prices++;
        isPrice[i] = 1;
      }
      if (DATE.test(b.text)) dates++;
    }
    if (isHeadingTag(b.tag)) headings++;
    if (b.tag === "li") li += n;
    if (b.tag === "td" || b.tag === "th") td += n;
    if (b.landmark && b.landmark !== "main" && b.landmark !== "article") landmarks += n;
    const p = probabilities?.[i];
    if (p !== undefined && p >= 0.5) {
      content += n;
      contentLinks += n * b.linkShare;
    }
    for (let g = 0, hit = onPath.groups; hit !== 0; g++, hit >>>= 1) {
      if (hit & 1) {
        groupChars[g]! += n;
        groupSeen[g] = 1;
      }
    }
  }
  const t = Math.max(total, 1);
  const rec = records(blocks, paths, isPrice, maxId);
  const parsed = url ? parsedUrl(url) : null;
  const inUrl = urlGroups(parsed);
  const path = parsed ? parsed.pathname : "";
  const segments = path.split("/").filter(Boolean);
  const last = segments.at(-1) ?? "";
  const signals: PageSignals = {
    chars: lg(total),
    blocks: lg(blocks.length),
    linkShare: links / t,
    proseShare: prose / t,
    maxProseRun: lg(maxRun),
    maxProseRunShare: maxRun / t,
    longBlocks: lg(longBlocks),
    codeShare: code / t,
    codeBlocks: lg(codeBlocks),
    formShare: form / t,
    formBlocks: lg(formBlocks),
    prices: lg(prices),
    dates: lg(dates),
    headings: lg(headings),
    liShare: li / t,
    tdShare: td / t,
    landmarkShare: landmarks / t,
    titleLength: lg(page.title.length),
    records: lg(rec.count),
    recordShare: rec.chars / t,
    recordLinkShare: rec.chars ? rec.linkChars / rec.chars : 0,
    recordChars: rec.count ? lg(rec.chars / rec.count) : 0,
    recordSpread: Math.min(rec.spread, 2) / 2,
    pricedCards: lg(rec.pricedCards),
    contentShare: probabilities ? content / t : 0,
    contentLinkShare: content ? contentLinks / content : 0,
    urlDepth: Math.min(segments.length, 8) / 8,
    urlRoot: url && segments.length === 0 ? 1 : 0,
    urlSlugWords: Math.min(last.split(/[-_]/).filter((w) => /[a-z]/i.test(w)).length, 12) / 12,
    urlNumeric: /\d{3,}/.test(path) ? 1 : 0,
    urlYear: /\/(?:19|20)\d\d\//.test(path) ? 1 : 0,
    // The signals the loops below set, written here first (0 until then) in the order the loops set
    // them, so the object is made with room for all of them: properties added after it is made go to
    // a store outside it that grows (is copied) as they come, 0.8 KB of the decision's garbage per
    // stream-ctf page (sampling heap profiler). A group added to VOCABULARY or URL_VOCABULARY and not
    // here is still set by the loops, at the end of the object.
    "words.post": 0,
    "seen.post": 0,
    "words.thread": 0,
    "seen.thread": 0,
    "words.comment": 0,
    "seen.comment": 0,
    "words.product": 0,
    "seen.product": 0,
    "words.docs": 0,
    "seen.docs": 0,
    "words.article": 0,
    "seen.article": 0,
    "words.listing": 0,
    "seen.listing": 0,
    "words.service": 0,
    "seen.service": 0,
    "url.thread": 0,
    "url.product": 0,
    "url.docs": 0,
    "url.listing": 0,
    "url.article": 0,
    "url.service": 0,
    "declared.openGraph.product": 0,
    "declared.openGraph.listing": 0,
  };
  for (let g = 0; g < GROUPS.length; g++) {
    signals[WORDS_SIGNALS[g]!] = groupChars[g]! / t;
    signals[SEEN_SIGNALS[g]!] = groupSeen[g]!;
  }
  for (let g = 0; g < URL_GROUPS.length; g++) signals[URL_SIGNALS[g]!] = (inUrl >>> g) & 1;
  const { declared } = page;
  for (const { source, group, name } of DECLARED_SIGNALS) signals[name] = declared?.[source].includes(group) ? 1 : 0;
  return signals;
}

/** One-vs-rest logistic regression weights: `weights[k]` is the bias then one weight per feature. */
export interface KindModel {
  classes: string[];
  features: string[];
  weights: number[][];
}

export const KIND_MODEL = WEIGHTS;

/**
 * Below this best-class probability the page is "other": the model recognises none of the kinds.
 * "Other" takes the default constants, which suit no kind well: a catalogue page whose best class
 * (listing) scored 0.19 lost 0.7 F1 there. Measured 2026-11-26 (scripts/page-stage-cv.ts, each fold's
 * own kind model): train-wcxb-dev scores the same with any floor from 0 to 0.175 and 0.0004 less at
 * 0.2 and above (with the priced cards signal); 0.1 keeps "other" for pages no class claims at all.
 */
export const MIN_KIND_PROBABILITY = 0.1;

const FEATURES = float64Scratch();

export function kindScores(signals: PageSignals, model: KindModel = KIND_MODEL): Record<string, number> {
  // Each signal read once (a keyed lookup by name), not once per class.
  const { classes, features, weights } = model;
  // The inputs in a scratch array kept across calls (scratch.ts), not a typed array allocated per page.
  const x = FEATURES.take(features.length);
  for (let j = 0; j < features.length; j++) x[j] = signals[features[j]!] ?? 0;
  const scores: Record<string, number> = {};
  for (let k = 0; k < classes.length; k++) {
    const w = weights[k]!;
    let z = w[0]!;
    for (let j = 0; j < features.length; j++) z += w[j + 1]! * x[j]!;
    scores[classes[k]!] = 1 / (1 + Math.exp(-z));
  }
  return scores;
}

export interface PageKindResult {
  kind: PageKind;
  /** The class probabilities of the kind model (one-vs-rest, so they need not sum to 1). */
  scores: Record<string, number>;
  signals: PageSignals;
  interstitial: InterstitialVerdict;
}

export interface PageKindOptions {
  /** The page's URL: its words (`/forum/`, `docs.`) are strong kind evidence. */
  url?: string;
  model?: KindModel;
}

/**
 * The page's kind. `probabilities` are the cascade's per-block content probabilities when known;
 * `evidence` is the URL Tree's branch evidence, which lets a page that is nothing but the domain's
 * template be recognised as an interstitial.
 */
export function pageKind(
  page: SegmentedPage,
  probabilities?: readonly number[],
  evidence?: BranchEvidence | null,
  options: PageKindOptions = {},
): PageKindResult {
  const signals = pageSignals(page, probabilities, options.url);
  const interstitial = isInterstitial(page, evidence);
  const scores = kindScores(signals, options.model);
  if (interstitial.interstitial) return { kind: "interstitial", scores, signals, interstitial };
  let kind: PageKind = "other";
  let best = MIN_KIND_PROBABILITY;
  // Over the classes in the model's order, which is the scores' key order (Object.entries made an
  // array of pairs per page).
  for (const c of (options.model ?? KIND_MODEL).classes) {
    const p = scores[c]!;
    if (p > best) {
      kind = c as PageKind;
      best = p;
    }
  }
  return { kind, scores, signals, interstitial };
}
