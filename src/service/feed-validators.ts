/**
 * A feed's HTTP validators (ETag, Last-Modified), remembered in the data center's Cache API
 * (`caches.default`) after a poll is committed, so the next poll can send a conditional GET without
 * first opening the feed's FeedCache. Opening a Durable Object creates it; doing that before the
 * feed was fetched and parsed left an object behind for every failed /feed request. A missing entry
 * (evicted, another data center, cache unavailable) only costs an unconditional fetch.
 */
import { md5Hex } from "../core/url-key";

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

/** Long enough to outlive any poll interval (7 days at most); the feed's own store is authoritative. */
const TTL_SECONDS = 30 * 24 * 3600;

/** Never a real origin: `.invalid` (RFC 6761) cannot collide with a cached page. */
const keyFor = (feedUrl: string) => `https://feed-validators.invalid/${md5Hex(feedUrl)}`;

function cache(): Cache | null {
  return typeof caches === "undefined" ? null : caches.default;
}

export async function readValidators(feedUrl: string): Promise<FeedValidators | null> {
  try {
    const hit = await cache()?.match(keyFor(feedUrl));
    if (!hit) return null;
    const value = await hit.json<Partial<FeedValidators>>();
    const etag = typeof value.etag === "string" ? value.etag : null;
    const lastModified = typeof value.lastModified === "string" ? value.lastModified : null;
    return etag || lastModified ? { etag, lastModified } : null;
  } catch (err) {
    console.error("feed validators unreadable", err);
    return null;
  }
}

export async function saveValidators(feedUrl: string, validators: FeedValidators): Promise<void> {
  if (!validators.etag && !validators.lastModified) return;
  try {
    const body = JSON.stringify(validators);
    const headers = { "content-type": "application/json", "cache-control": `max-age=${TTL_SECONDS}` };
    await cache()?.put(keyFor(feedUrl), new Response(body, { headers }));
  } catch (err) {
    console.error("feed validators not saved", err);
  }
}
