/**
 * JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1): the normalized view of a parsed
 * object. Fields of the wrong type are treated as absent rather than failing the feed.
 */
import { parseFeedDate } from "./dates";
import { resolveLink } from "./read-xml";
import type { FeedItem, FeedMeta, FeedPerson, JsonFeed } from "./types";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export function isJsonFeedVersion(version: unknown): boolean {
  return typeof version === "string" && /^https?:\/\/jsonfeed\.org\/version\/1(\.\d+)?\/?$/.test(version.trim());
}

/** 1.1 has `authors`; 1.0 had a single `author`, which 1.1 readers still accept. */
function people(o: Obj, base: string): FeedPerson[] {
  const list = Array.isArray(o.authors) ? o.authors : isObj(o.author) ? [o.author] : [];
  return list.filter(isObj).map((a) => {
    const p: FeedPerson = {};
    if (str(a.name)) p.name = str(a.name);
    const url = resolveLink(str(a.url), base);
    if (url) p.url = url;
    return p;
  });
}

/** Reads a parsed JSON value as a JSON Feed; null when it is not one. */
export function readJsonFeed(value: unknown, feedUrl: string): JsonFeed | null {
  if (!isObj(value) || !isJsonFeedVersion(value.version) || !Array.isArray(value.items)) return null;
  const itemObjects = (value.items as unknown[]).filter(isObj);
  // Items that are not objects cannot be addressed or kept; a feed with them is still a feed.
  value.items = itemObjects;
  const meta: FeedMeta = {
    title: str(value.title),
    homeUrl: resolveLink(str(value.home_page_url), feedUrl),
    description: str(value.description),
    language: str(value.language) || null,
    updated: null,
    icon: resolveLink(str(value.icon) || str(value.favicon), feedUrl),
    authors: people(value, feedUrl),
  };
  const items: FeedItem[] = itemObjects.map((o, index) => {
    const published = str(o.date_published);
    const modified = str(o.date_modified);
    return {
      index,
      id: str(o.id) || null,
      link: resolveLink(str(o.url), feedUrl) ?? resolveLink(str(o.external_url), feedUrl),
      title: str(o.title),
      description: str(o.summary),
      date: modified || published,
      published: parseFeedDate(published),
      updated: parseFeedDate(modified),
      contentHtml: str(o.content_html) || null,
      authors: people(o, feedUrl),
      categories: Array.isArray(o.tags) ? o.tags.map(str).filter(Boolean) : [],
      enclosures: (Array.isArray(o.attachments) ? o.attachments : []).filter(isObj).flatMap((a) => {
        const url = resolveLink(str(a.url), feedUrl);
        return url ? [{ url, type: str(a.mime_type) || undefined, length: str(a.size_in_bytes) || undefined }] : [];
      }),
    };
  });
  return { format: "jsonfeed", doc: value, itemObjects, meta, items };
}
