/**
 * Words of the class and id names in block paths (`div#comment-list.wp-block` gives div, comment,
 * list, wp, block). Page kind and the comment region read template vocabulary from them: the names
 * a site's developers chose, not the page's language.
 */

/** Splits a path token on punctuation and camelCase: `article.postBody` gives article, post, body. */
export function tokenWords(token: string): string[] {
  return token
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

const cache = new Map<string, readonly string[]>();

/** tokenWords, memoised: pages repeat a few hundred distinct tokens thousands of times. */
export function wordsOf(token: string): readonly string[] {
  let words = cache.get(token);
  if (!words) {
    // Bounded: a worker isolate lives for many pages of many sites.
    if (cache.size > 20000) cache.clear();
    cache.set(token, (words = tokenWords(token)));
  }
  return words;
}

/** Path tokens of a block, outermost first; aligned with `ancestors` (the segmenter builds both from one chain). */
export function pathTokens(path: string): string[] {
  return path ? path.split(">") : [];
}

/** Whether a token's words meet a vocabulary; words also match by prefix (`commentlist`, `products`). */
export function tokenHas(token: string, vocabulary: ReadonlySet<string>, prefixes: readonly string[] = []): boolean {
  for (const w of wordsOf(token)) {
    if (vocabulary.has(w)) return true;
    for (const p of prefixes) if (w.startsWith(p)) return true;
  }
  return false;
}
