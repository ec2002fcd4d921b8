/**
 * The normalized view (FeedMeta, FeedItem) of an RSS 0.9x/2.0, RSS 1.0 (RDF) or Atom 1.0 document.
 * Reading never changes the tree; links are resolved against `xml:base` (Atom) and the feed URL.
 */
import { parseFeedDate } from "./dates";
import { documentPrefixes, nameIn, type NsKey } from "./namespaces";
import type { FeedEnclosure, FeedItem, FeedMeta, FeedPerson, XmlFeed } from "./types";
import { buildOrdered } from "./xml";
import {
  attrOf,
  childText,
  childrenNamed,
  childrenOf,
  elementsOf,
  firstChild,
  localName,
  prefixOf,
  qualify,
  tagOf,
  textOf,
  type XmlNode,
} from "./xml-tree";

/** An absolute http(s) URL for `href` relative to `base`, or null. */
export function resolveLink(href: string | null | undefined, base: string | null): string | null {
  const raw = href?.trim();
  if (!raw) return null;
  try {
    const url = base ? new URL(raw, base) : new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads names in one document: `core` for the format's own elements, `ext` for extensions. */
class Names {
  constructor(
    readonly prefixes: Record<NsKey, string>,
    private readonly corePrefix: string,
  ) {}
  core(local: string): string {
    return qualify(this.corePrefix, local);
  }
  ext(ns: NsKey, local: string): string {
    return nameIn(this.prefixes, ns, local);
  }
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** Finds the root element and tells the XML formats apart; null when it is none of them. */
export function readXmlFeed(doc: XmlNode[], feedUrl: string): XmlFeed | null {
  const root = doc.find((n) => tagOf(n) !== null);
  if (!root) return null;
  const rootTag = tagOf(root)!;
  const prefixes = documentPrefixes(root);
  switch (localName(rootTag)) {
    case "rss": {
      const names = new Names(prefixes, "");
      const channel = firstChild(root, "channel");
      if (!channel) return null;
      const itemNodes = childrenNamed(channel, "item");
      return finish("rss", doc, root, prefixes, rssMeta(channel, names, feedUrl), itemNodes, (n, i) =>
        rssItem(n, i, names, feedUrl),
      );
    }
    case "RDF": {
      const names = new Names(prefixes, prefixes.rss1);
      const channel = firstChild(root, names.core("channel"));
      const itemNodes = childrenNamed(root, names.core("item"));
      const meta = channel ? rssMeta(channel, names, feedUrl) : emptyMeta();
      return finish("rdf", doc, root, prefixes, meta, itemNodes, (n, i) => rssItem(n, i, names, feedUrl));
    }
    case "feed": {
      const names = new Names(prefixes, prefixOf(rootTag));
      const base = resolveLink(attrOf(root, "xml:base"), feedUrl) ?? feedUrl;
      const itemNodes = childrenNamed(root, names.core("entry"));
      return finish("atom", doc, root, prefixes, atomMeta(root, names, base), itemNodes, (n, i) =>
        atomItem(n, i, names, base),
      );
    }
    default:
      return null;
  }
}

function finish(
  format: XmlFeed["format"],
  doc: XmlNode[],
  root: XmlNode,
  prefixes: Record<NsKey, string>,
  meta: FeedMeta,
  itemNodes: XmlNode[],
  read: (node: XmlNode, index: number) => FeedItem,
): XmlFeed {
  return { format, doc, root, itemNodes, prefixes, meta, items: itemNodes.map(read) };
}

function emptyMeta(): FeedMeta {
  return { title: "", homeUrl: null, description: "", language: null, updated: null, icon: null, authors: [] };
}

function rssMeta(channel: XmlNode, names: Names, feedUrl: string): FeedMeta {
  const image = firstChild(channel, names.core("image"));
  const editor = childText(channel, "managingEditor");
  return {
    title: childText(channel, names.core("title")),
    homeUrl: resolveLink(childText(channel, names.core("link")), feedUrl),
    description: childText(channel, names.core("description")),
    language: childText(channel, "language") || childText(channel, names.ext("dc", "language")) || null,
    updated: parseFeedDate(
      childText(channel, "lastBuildDate") ||
        childText(channel, "pubDate") ||
        childText(channel, names.ext("dc", "date")),
    ),
    icon: image ? resolveLink(childText(image, names.core("url")), feedUrl) : null,
    authors: editor ? [{ email: editor }] : [],
  };
}

function rssItem(item: XmlNode, index: number, names: Names, feedUrl: string): FeedItem {
  const guidNode = firstChild(item, "guid");
  const guid = guidNode ? textOf(guidNode).trim() : "";
  const guidIsLink = guidNode !== null && attrOf(guidNode, "isPermaLink") !== "false";
  // feedburner:origLink is the article itself; <link> would be a redirect through the proxy.
  const link =
    resolveLink(childText(item, names.ext("feedburner", "origLink")), feedUrl) ??
    resolveLink(childText(item, names.core("link")), feedUrl) ??
    (guidIsLink ? resolveLink(guid, null) : null) ??
    resolveLink(attrOf(item, names.ext("rdf", "about")), null);
  const date = childText(item, "pubDate") || childText(item, names.ext("dc", "date"));
  const authors: FeedPerson[] = [];
  const author = childText(item, "author");
  if (author) authors.push(/@/.test(author) ? { email: author } : { name: author });
  for (const c of childrenNamed(item, names.ext("dc", "creator")))
    if (textOf(c).trim()) authors.push({ name: textOf(c).trim() });
  const enclosures: FeedEnclosure[] = [];
  for (const e of childrenNamed(item, "enclosure")) {
    const url = resolveLink(attrOf(e, "url"), feedUrl);
    if (url) enclosures.push({ url, type: attrOf(e, "type") ?? undefined, length: attrOf(e, "length") ?? undefined });
  }
  return {
    index,
    id: guid || attrOf(item, names.ext("rdf", "about")) || null,
    link,
    title: childText(item, names.core("title")),
    description: childText(item, names.core("description")),
    date,
    published: parseFeedDate(date),
    updated: null,
    contentHtml: childText(item, names.ext("content", "encoded")) || null,
    authors,
    categories: [...childrenNamed(item, "category"), ...childrenNamed(item, names.ext("dc", "subject"))]
      .map((c) => textOf(c).trim())
      .filter(Boolean),
    enclosures,
  };
}

/** Atom text constructs: `type="html"` carries escaped markup, `xhtml` a div of elements. */
function atomText(node: XmlNode | null): string {
  if (!node) return "";
  const type = attrOf(node, "type");
  if (type === "html") return stripTags(textOf(node));
  return textOf(node).replace(/\s+/g, " ").trim();
}

function atomHtml(node: XmlNode | null): string | null {
  if (!node || attrOf(node, "src")) return null;
  const type = attrOf(node, "type") ?? "text";
  if (type === "html") return textOf(node).trim() || null;
  if (type === "xhtml") {
    const div = elementsOf(node)[0];
    return div ? buildOrdered(childrenOf(div)).trim() || null : null;
  }
  const text = textOf(node).trim();
  return text ? text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;")) : null;
}

function atomPeople(node: XmlNode, names: Names, base: string): FeedPerson[] {
  return childrenNamed(node, names.core("author")).map((a) => {
    const person: FeedPerson = {};
    const name = childText(a, names.core("name"));
    const uri = resolveLink(childText(a, names.core("uri")), base);
    const email = childText(a, names.core("email"));
    if (name) person.name = name;
    if (uri) person.url = uri;
    if (email) person.email = email;
    return person;
  });
}

/** The `rel="alternate"` link (a missing rel means alternate), HTML preferred. */
function atomAlternate(node: XmlNode, names: Names, base: string): string | null {
  const links = childrenNamed(node, names.core("link")).filter(
    (l) => (attrOf(l, "rel") ?? "alternate") === "alternate",
  );
  const html = links.find((l) => /html/i.test(attrOf(l, "type") ?? "text/html"));
  return resolveLink(attrOf(html ?? links[0] ?? {}, "href"), base);
}

function atomMeta(feed: XmlNode, names: Names, base: string): FeedMeta {
  return {
    title: atomText(firstChild(feed, names.core("title"))),
    homeUrl: atomAlternate(feed, names, base),
    description: atomText(firstChild(feed, names.core("subtitle"))),
    language: attrOf(feed, "xml:lang"),
    updated: parseFeedDate(childText(feed, names.core("updated"))),
    icon: resolveLink(childText(feed, names.core("icon")) || childText(feed, names.core("logo")), base),
    authors: atomPeople(feed, names, base),
  };
}

function atomItem(entry: XmlNode, index: number, names: Names, feedBase: string): FeedItem {
  const base = resolveLink(attrOf(entry, "xml:base"), feedBase) ?? feedBase;
  const updated = childText(entry, names.core("updated"));
  const published = childText(entry, names.core("published"));
  const enclosures: FeedEnclosure[] = [];
  for (const l of childrenNamed(entry, names.core("link"))) {
    if (attrOf(l, "rel") !== "enclosure") continue;
    const url = resolveLink(attrOf(l, "href"), base);
    if (url) enclosures.push({ url, type: attrOf(l, "type") ?? undefined, length: attrOf(l, "length") ?? undefined });
  }
  return {
    index,
    id: childText(entry, names.core("id")) || null,
    link: resolveLink(childText(entry, names.ext("feedburner", "origLink")), base) ?? atomAlternate(entry, names, base),
    title: atomText(firstChild(entry, names.core("title"))),
    description: textOf(firstChild(entry, names.core("summary")) ?? {}).trim(),
    date: updated || published,
    published: parseFeedDate(published),
    updated: parseFeedDate(updated),
    contentHtml: atomHtml(firstChild(entry, names.core("content"))),
    authors: atomPeople(entry, names, base),
    categories: childrenNamed(entry, names.core("category"))
      .map((c) => attrOf(c, "term") ?? "")
      .filter(Boolean),
    enclosures,
  };
}
