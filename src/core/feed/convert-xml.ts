/**
 * Building RSS 2.0 or Atom 1.0 from the normalized view, for `format=` conversions. Only what every
 * format can say survives a conversion (title, links, ids, dates, summary, content, authors,
 * categories, enclosures); writing back into the same format (write-in-place.ts) keeps everything.
 * Documents are built as objects and serialized by fast-xml-parser's builder, which escapes.
 */
import { rfc3339, rfc822 } from "./dates";
import { NS } from "./namespaces";
import type { FeedItem, FeedPerson, FullText, ParsedFeed } from "./types";
import { buildPlain, xmlSafe } from "./xml";

export interface ConvertContext {
  /** The URL this output is served at (rel="self", feed_url). */
  selfUrl: string;
  /** The upstream feed's URL: the base for made-up ids. */
  feedUrl: string;
  /** Stands in for missing dates where a format requires one (Atom's `updated`). */
  now: Date;
}

const GENERATOR = "urltree-clean-text (URL Tree full-text feeds)";

/** Every string goes through xmlSafe: text from pages and JSON may hold characters XML cannot. */
function safe<T>(value: T): T {
  if (typeof value === "string") return xmlSafe(value) as T;
  if (Array.isArray(value)) return value.map(safe) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = safe(v);
    return out as T;
  }
  return value;
}

function content(item: FeedItem, fill: FullText | undefined): string | null {
  return fill?.html ?? item.contentHtml;
}

function personLabel(p: FeedPerson): string {
  return p.name ?? p.email ?? p.url ?? "";
}

export function buildRss(feed: ParsedFeed, fills: ReadonlyMap<number, FullText>, ctx: ConvertContext): string {
  const m = feed.meta;
  const title = m.title || ctx.feedUrl;
  const link = m.homeUrl ?? ctx.feedUrl;
  const items = feed.items.map((item) => {
    const permalink = item.id !== null && item.id === item.link;
    const html = content(item, fills.get(item.index));
    return {
      title: item.title || undefined,
      link: item.link ?? undefined,
      guid:
        item.id || item.link
          ? { "@_isPermaLink": String(permalink || (!item.id && !!item.link)), "#text": item.id ?? item.link }
          : undefined,
      pubDate: (item.published ?? item.updated) ? rfc822((item.published ?? item.updated)!) : undefined,
      description: item.description || (html ? undefined : item.title) || undefined,
      "content:encoded": html ?? undefined,
      "dc:creator": item.authors.map(personLabel).filter(Boolean),
      category: item.categories,
      enclosure: item.enclosures.map((e) => ({ "@_url": e.url, "@_type": e.type, "@_length": e.length ?? "0" })),
    };
  });
  const channel = {
    title,
    link,
    description: m.description || title,
    "atom:link": { "@_href": ctx.selfUrl, "@_rel": "self", "@_type": "application/rss+xml" },
    language: m.language ?? undefined,
    lastBuildDate: m.updated ? rfc822(m.updated) : undefined,
    generator: GENERATOR,
    image: m.icon ? { url: m.icon, title, link } : undefined,
    item: items,
  };
  return buildPlain({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    rss: safe({
      "@_version": "2.0",
      "@_xmlns:content": NS.content,
      "@_xmlns:atom": NS.atom,
      "@_xmlns:dc": NS.dc,
      channel,
    }),
  });
}

/** Atom ids must be IRIs; a guid like `12345` is made one under the feed's URL. */
function atomId(item: FeedItem, feedUrl: string): string {
  if (item.id && /^[a-z][a-z0-9+.-]*:\S+$/i.test(item.id)) return item.id;
  if (item.id) return `${feedUrl}#${encodeURIComponent(item.id)}`;
  return item.link ?? `${feedUrl}#item-${item.index}`;
}

function atomPerson(p: FeedPerson): Record<string, string | undefined> {
  return { name: personLabel(p) || "unknown", uri: p.url, email: p.email };
}

export function buildAtom(feed: ParsedFeed, fills: ReadonlyMap<number, FullText>, ctx: ConvertContext): string {
  const m = feed.meta;
  const dates = feed.items.flatMap((i) => [i.updated, i.published]).filter((d): d is Date => d !== null);
  const feedUpdated = m.updated ?? (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : ctx.now);
  const entries = feed.items.map((item) => {
    const html = content(item, fills.get(item.index));
    const updated = item.updated ?? item.published ?? feedUpdated;
    const links: Record<string, string | undefined>[] = item.link
      ? [{ "@_rel": "alternate", "@_type": "text/html", "@_href": item.link }]
      : [];
    for (const e of item.enclosures)
      links.push({ "@_rel": "enclosure", "@_href": e.url, "@_type": e.type, "@_length": e.length });
    // Atom wants content, or a summary when there is no content and no alternate link.
    const summary = item.description || (html || item.link ? undefined : item.title || "(no content)");
    return {
      id: atomId(item, ctx.feedUrl),
      title: { "@_type": "text", "#text": item.title },
      updated: rfc3339(updated),
      published: item.published ? rfc3339(item.published) : undefined,
      link: links,
      author: item.authors.map(atomPerson),
      category: item.categories.map((term) => ({ "@_term": term })),
      summary: summary ? { "@_type": "html", "#text": summary } : undefined,
      content: html ? { "@_type": "html", "#text": html } : undefined,
    };
  });
  const alternate = m.homeUrl ? [{ "@_rel": "alternate", "@_type": "text/html", "@_href": m.homeUrl }] : [];
  // An Atom feed needs an author, at feed level or in every entry; the feed's title stands in.
  const authors = m.authors.length ? m.authors.map(atomPerson) : [{ name: m.title || "unknown" }];
  return buildPlain({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    feed: safe({
      "@_xmlns": NS.atom,
      ...(m.language ? { "@_xml:lang": m.language } : {}),
      id: ctx.feedUrl,
      title: { "@_type": "text", "#text": m.title || ctx.feedUrl },
      subtitle: m.description ? { "@_type": "html", "#text": m.description } : undefined,
      updated: rfc3339(feedUpdated),
      link: [...alternate, { "@_rel": "self", "@_type": "application/atom+xml", "@_href": ctx.selfUrl }],
      author: authors,
      generator: GENERATOR,
      icon: m.icon ?? undefined,
      entry: entries,
    }),
  });
}
