/**
 * Feed autodiscovery: the `<link rel="alternate" type="application/rss+xml" href>` (or Atom, RDF,
 * JSON Feed) elements a page puts in its head. Parsed with linkedom, so attribute quoting, case
 * and entities are read as a browser would.
 */
import { parseHtmlDocument } from "./html-dom";
import { resolveLink } from "./read-xml";

export interface FeedLink {
  url: string;
  type: string;
  title: string;
}

const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml",
  "application/feed+json",
  "application/json",
]);

/** Feed links of a page in document order (the site's main feed comes first in practice). */
export function discoverFeeds(html: string, pageUrl: string): FeedLink[] {
  const document = parseHtmlDocument(html);
  const out: FeedLink[] = [];
  const seen = new Set<string>();
  // A <base href> changes what relative links mean.
  const baseHref = document.querySelector("base[href]")?.getAttribute("href");
  const base = resolveLink(baseHref, pageUrl) ?? pageUrl;
  for (const link of Array.from(document.querySelectorAll("link[href]"))) {
    const rel = (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
    const type = (link.getAttribute("type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!rel.includes("alternate") || !FEED_TYPES.has(type)) continue;
    const url = resolveLink(link.getAttribute("href"), base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    out.push({ url, type, title: (link.getAttribute("title") ?? "").trim() });
  }
  return out;
}
