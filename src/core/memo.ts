/**
 * Memoisation by a string key for the caches the pure stages keep across pages: pages and sites
 * repeat a few hundred path tokens and paths thousands of times, so each is worked out once. A
 * worker isolate lives for many pages of many sites, so a cache is bounded: past `limit` entries it
 * is emptied and fills again with what the current pages use.
 */
export function memoized<V>(compute: (key: string) => V, limit = 20000): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size > limit) cache.clear();
      cache.set(key, (value = compute(key)));
    }
    return value;
  };
}
