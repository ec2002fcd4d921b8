/**
 * Item identity for the feed cache, as the paper's RSS readers do it (§2): each item is
 * represented by a hash of its title, description and publication date as the feed gives them, so
 * an item already processed is not downloaded again, while an edited item (new description, new
 * date) is. The cache key pairs that hash with the item's URL key (§3, `_cid_` from the title),
 * built from the link as the feed gives it (aggregator wrappers unwrapped): no network needed, so
 * a re-poll can decide before fetching anything.
 */
import { buildUrlKey, md5Hex } from "../url-key";
import type { FeedItem } from "./types";

/** The RSS reader's hash: md5 of title, description and date, separated so fields cannot run together. */
export function readerHash(item: Pick<FeedItem, "title" | "description" | "date">): string {
  return md5Hex(`${item.title.trim()}\u0000${item.description.trim()}\u0000${item.date.trim()}`);
}

export type ItemKey = { ok: true; urlKey: string; domain: string; cacheKey: string } | { ok: false; message: string };

/** The cache key of an item with a link; a link the URL-key stage refuses is reported, not thrown. */
export function itemKey(item: FeedItem): ItemKey {
  if (!item.link) return { ok: false, message: "the item has no http(s) link" };
  try {
    const key = buildUrlKey(item.link, { title: item.title });
    return { ok: true, urlKey: key.key, domain: key.domain, cacheKey: `${key.key} ${readerHash(item)}` };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}
