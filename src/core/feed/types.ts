/**
 * The feed model shared by parsing, hashing and writing. A parsed feed keeps its original document
 * (the ordered XML tree or the JSON object) next to a normalized view of it: writing back into the
 * same format edits the original, so every field we do not understand survives; converting to
 * another format works from the normalized view, which is all the formats have in common.
 */
import type { XmlNode } from "./xml-tree";

/** RSS 0.9x/2.0 share one shape (`rss > channel > item`); RSS 1.0 is RDF (`rdf:RDF > item`). */
export type FeedFormat = "rss" | "rdf" | "atom" | "jsonfeed";

/** What a caller may ask for; RSS 1.0 is only ever written back as itself. */
export type OutputFormat = "rss" | "atom" | "jsonfeed";

export const OUTPUT_FORMATS: readonly OutputFormat[] = ["rss", "atom", "jsonfeed"];

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  rdf: "application/rdf+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  jsonfeed: "application/feed+json; charset=utf-8",
};

export interface FeedPerson {
  name?: string;
  url?: string;
  email?: string;
}

export interface FeedEnclosure {
  url: string;
  type?: string;
  length?: string;
}

/** One item as every format can express it. Strings are decoded text, never markup-escaped. */
export interface FeedItem {
  /** Position in the feed, 0-based: the handle back into the original document. */
  index: number;
  /** guid, Atom id or JSON Feed id, as given. */
  id: string | null;
  /** The article's absolute URL (resolved against the feed's URL), or null when the item has none. */
  link: string | null;
  title: string;
  /** RSS description / Atom summary / JSON Feed summary, as given (RSS: usually HTML). */
  description: string;
  /** The date string as the feed wrote it: part of the RSS reader's hash. */
  date: string;
  published: Date | null;
  updated: Date | null;
  /** Content the feed already carried (content:encoded, Atom content, content_html), if any. */
  contentHtml: string | null;
  authors: FeedPerson[];
  categories: string[];
  enclosures: FeedEnclosure[];
}

export interface FeedMeta {
  title: string;
  /** The site's home page. */
  homeUrl: string | null;
  description: string;
  language: string | null;
  updated: Date | null;
  icon: string | null;
  authors: FeedPerson[];
}

export interface XmlFeed {
  format: "rss" | "rdf" | "atom";
  /** The whole document as fast-xml-parser's ordered tree (declaration, comments, PIs included). */
  doc: XmlNode[];
  /** The root element (`rss`, `rdf:RDF`, `feed`): namespace declarations go here. */
  root: XmlNode;
  /** The item (or entry) elements, in feed order; `items[i]` describes `itemNodes[i]`. */
  itemNodes: XmlNode[];
  /** Qualified-name prefixes the document binds to the namespaces we read and write. */
  prefixes: Record<string, string>;
  meta: FeedMeta;
  items: FeedItem[];
}

export interface JsonFeed {
  format: "jsonfeed";
  doc: Record<string, unknown>;
  /** The item objects of `doc.items`, in order; edited in place. */
  itemObjects: Record<string, unknown>[];
  meta: FeedMeta;
  items: FeedItem[];
}

export type ParsedFeed = XmlFeed | JsonFeed;

/** The full text that replaces an item's content. */
export interface FullText {
  html: string;
  text: string;
}

/** How each processed item ended, for the report a rewritten feed carries. */
export interface ItemFailure {
  index: number;
  link: string | null;
  /** Machine-readable reason, e.g. `upstream_status`, `budget`, `no_link`. */
  code: string;
  message: string;
}

export interface FeedReport {
  /** Items in the feed. */
  total: number;
  /** Items considered (the first `max`). */
  considered: number;
  /** Fetched and extracted in this run. */
  extracted: number;
  /** Served from the feed cache without a fetch. */
  cached: number;
  /** Same article as an earlier item of this feed: filled from it, not fetched again. */
  duplicates: number;
  /** Kept their original summary because fetching or extracting failed. */
  failed: number;
  /** Not attempted because the subrequest budget ran out. */
  skipped: number;
  failures: ItemFailure[];
}
