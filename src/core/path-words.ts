/**
 * Words of the class and id names in block paths (`div#comment-list.wp-block` gives div, comment,
 * list, wp, block). Page kind and the comment region read template vocabulary from them: the names
 * a site's developers chose, not the page's language.
 */
import { memoized } from "./memo";

/** Splits a path token on punctuation and camelCase: `article.postBody` gives article, post, body. */
export function tokenWords(token: string): string[] {
  return token
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

/** tokenWords, memoised: pages repeat a few hundred distinct tokens thousands of times. */
export const wordsOf: (token: string) => readonly string[] = memoized(tokenWords);

/**
 * Path tokens of a block, outermost first; aligned with `ancestors` (the segmenter builds both from
 * one chain). Memoised and shared (callers only read it): the blocks of a page repeat few paths, and
 * the page-level stages split each block's path several times.
 */
export const pathTokens: (path: string) => readonly string[] = memoized((path) => (path ? path.split(">") : []));

/** Whether a path token (`tag#id.class`) is an element of `tag` (paths write tags in lower case). */
export function tokenIsTag(token: string, tag: string): boolean {
  if (!token.startsWith(tag)) return false;
  const next = token[tag.length];
  return next === undefined || next === "." || next === "#";
}

/** Whether the block at `path` is, or sits in, an element of `tag`. */
export function pathHasTag(path: string, tag: string): boolean {
  return pathTokens(path).some((token) => tokenIsTag(token, tag));
}

/** `h1` to `h6`: a block's tag that is a heading. */
export function isHeadingTag(tag: string): boolean {
  const level = tag.charCodeAt(1);
  return tag.length === 2 && tag.charCodeAt(0) === 104 && level >= 49 && level <= 54;
}

/**
 * Answers of tokenHas per vocabulary, then per prefix list, then per token: the same few hundred
 * tokens recur. Nested maps rather than one concatenated key: a fresh key string would be hashed
 * on every lookup, while tokens (shared by pathTokens) and prefix literals hash once.
 */
const hasCache = new WeakMap<ReadonlySet<string>, Map<string, Map<string, boolean>>>();

/** Whether a token's words meet a vocabulary; words also match by prefix (`commentlist`, `products`). */
export function tokenHas(token: string, vocabulary: ReadonlySet<string>, prefixes: readonly string[] = []): boolean {
  let byPrefixes = hasCache.get(vocabulary);
  if (!byPrefixes) hasCache.set(vocabulary, (byPrefixes = new Map<string, Map<string, boolean>>()));
  const prefixKey = prefixes.length === 0 ? "" : prefixes.length === 1 ? prefixes[0]! : joinedPrefixes(prefixes);
  let answers = byPrefixes.get(prefixKey);
  if (!answers) byPrefixes.set(prefixKey, (answers = new Map<string, boolean>()));
  let has = answers.get(token);
  if (has === undefined) {
    if (answers.size > 20000) answers.clear();
    answers.set(token, (has = wordsMeet(token, vocabulary, prefixes)));
  }
  return has;
}

/**
 * Several prefixes' cache key, joined once per array (callers pass module constants): joined per
 * call it was a fresh string to hash on every token test, garbage the page-level rules left per page.
 */
const prefixKeys = new WeakMap<readonly string[], string>();
function joinedPrefixes(prefixes: readonly string[]): string {
  let key = prefixKeys.get(prefixes);
  if (key === undefined) prefixKeys.set(prefixes, (key = prefixes.join("\u0000")));
  return key;
}

function wordsMeet(token: string, vocabulary: ReadonlySet<string>, prefixes: readonly string[]): boolean {
  for (const w of wordsOf(token)) {
    if (vocabulary.has(w)) return true;
    for (const p of prefixes) if (w.startsWith(p)) return true;
  }
  return false;
}

const depthCaches = new WeakMap<(token: string) => boolean, Map<string, readonly number[]>>();

/**
 * The depths (indices into pathTokens) at which a block's path has a token passing `test`,
 * outermost first; memoised per test and path, so a page's blocks, which repeat few paths, are
 * tested once per distinct path rather than once per block and depth. `test` must be a stable,
 * pure function of the token. `mayPass`, when given, matches every path that holds a token passing
 * `test` (a word the test looks for, or a character outside ASCII): a path met for the first time that
 * it misses is answered by one scan of the path instead of a cache lookup per token.
 */
export function depthsWhere(path: string, test: (token: string) => boolean, mayPass?: RegExp): readonly number[] {
  let byPath = depthCaches.get(test);
  if (!byPath) depthCaches.set(test, (byPath = new Map<string, readonly number[]>()));
  let depths = byPath.get(path);
  if (!depths) {
    if (byPath.size > 20000) byPath.clear();
    byPath.set(path, (depths = !mayPass || mayPass.test(path) ? depthsPassing(path, test) : []));
  }
  return depths;
}

/**
 * depthsWhere's answer for a path not met yet, worked out by a function of its own: a closure over
 * `test` inside depthsWhere made V8 allocate its context on every call, cache hits too (some 35
 * bytes per block and rule; 5 KB per stream-ctf page of the comment rule alone, sampling heap profiler).
 */
function depthsPassing(path: string, test: (token: string) => boolean): number[] {
  const found: number[] = [];
  pathTokens(path).forEach((token, k) => test(token) && found.push(k));
  return found;
}

function parentPath(path: string, levels: number): string {
  let end = path.length;
  for (let i = 0; i < levels; i++) {
    const cut = path.lastIndexOf(">", end - 1);
    if (cut < 0) return "";
    end = cut;
  }
  return path.slice(0, end);
}

/**
 * The path without its last 1, 2, 3 and 4 tokens (the first is the parent's path), kept across
 * pages (bounded): the block features and the model's sibling scores read them for every block, and
 * a string met again has its hash already computed.
 */
export const pathPrefixes: (path: string) => readonly string[] = memoized(
  (path) => [1, 2, 3, 4].map((level) => parentPath(path, level)),
  5000,
);

/**
 * A path with each run of digits as 0 (`div#post-1806>p` gives `div#post-0>p`), memoised: numbers in
 * a path are per item (posts, comments, cards), so items of one structure share this key.
 */
export const numberFreePath: (path: string) => string = memoized((path) => path.replace(/\d+/g, "0"));

/**
 * The records a block belongs to: for each element of its chain under a parent, the parent's id, the
 * element's shape (its path token, numbers aside: `li.item-3` and `li.item-12` are one shape) and
 * its own id, outermost first. Repeated groups are the records of one shape under one parent (the
 * content's list: around-list.ts; a listing's cards: listing-cards.ts). Nothing when the block has no
 * chain or its path and chain disagree.
 */
export function forEachRecord(
  block: { path: string; ancestors?: readonly number[] },
  visit: (parent: number, shape: string, record: number) => void,
): void {
  const ids = block.ancestors;
  if (!ids) return;
  const tokens = pathTokens(block.path);
  if (tokens.length !== ids.length) return;
  for (let d = 0; d + 1 < ids.length; d++) visit(ids[d]!, numberFreePath(tokens[d + 1]!), ids[d + 1]!);
}
