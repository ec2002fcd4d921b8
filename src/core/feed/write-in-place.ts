/**
 * Writing full text back into the feed it came from, in its own format: only the content field of
 * each filled item changes (RSS `content:encoded`, Atom `content`, JSON Feed `content_html` and
 * `content_text`); every other element, attribute, comment and extension is written back as read.
 * An item without full text keeps what it had, its summary included.
 */
import { NS } from "./namespaces";
import type { FeedReport, FullText, JsonFeed, XmlFeed } from "./types";
import { buildOrdered, xmlSafe } from "./xml";
import { appendChild, attrOf, attrsOf, element, prefixOf, qualify, removeChildren, setAttr, tagOf } from "./xml-tree";

/**
 * The prefix for the content module: the one the feed declared, else `content` declared on the
 * root, else (when `content` is taken by another namespace) `fulltext`.
 */
function contentPrefix(feed: XmlFeed): string {
  const declared = Object.entries(attrsOf(feed.root)).find(([k, v]) => k.startsWith("xmlns:") && v === NS.content);
  if (declared) return declared[0].slice("xmlns:".length);
  const prefix = attrOf(feed.root, "xmlns:content") === null ? "content" : "fulltext";
  setAttr(feed.root, `xmlns:${prefix}`, NS.content);
  return prefix;
}

/** We write UTF-8 whatever the input was, so the declaration must say so. */
function declareUtf8(feed: XmlFeed): void {
  const decl = feed.doc.find((n) => "?xml" in n);
  if (decl && attrOf(decl, "encoding") !== null) setAttr(decl, "encoding", "UTF-8");
}

export function writeXmlInPlace(feed: XmlFeed, fills: ReadonlyMap<number, FullText>): string {
  declareUtf8(feed);
  if (fills.size > 0) {
    const atom = feed.format === "atom";
    const name = atom ? qualify(prefixOf(tagOf(feed.root)!), "content") : qualify(contentPrefix(feed), "encoded");
    for (const [index, full] of fills) {
      const item = feed.itemNodes[index];
      if (!item) continue;
      const at = removeChildren(item, name);
      appendChild(item, element(name, xmlSafe(full.html), atom ? { type: "html" } : undefined), at);
    }
  }
  return buildOrdered(feed.doc);
}

/** A JSON Feed extension (`_` prefix, with `about`) carries what a header carries for XML. */
export function reportExtension(report: FeedReport, aboutUrl: string, sourceFormat: string): Record<string, unknown> {
  const { failures, ...counts } = report;
  return {
    about: aboutUrl,
    source_format: sourceFormat,
    items: counts,
    failures: failures.map((f) => ({ index: f.index, url: f.link, code: f.code, message: f.message })),
  };
}

export function writeJsonInPlace(
  feed: JsonFeed,
  fills: ReadonlyMap<number, FullText>,
  report: FeedReport,
  aboutUrl: string,
): string {
  for (const [index, full] of fills) {
    const item = feed.itemObjects[index];
    if (!item) continue;
    item.content_html = full.html;
    item.content_text = full.text;
  }
  for (const failure of report.failures) {
    const item = feed.itemObjects[failure.index];
    if (item)
      item._urltree = {
        status: failure.code === "budget" ? "skipped" : "failed",
        code: failure.code,
        message: failure.message,
      };
  }
  feed.doc._urltree = reportExtension(report, aboutUrl, "jsonfeed");
  return JSON.stringify(feed.doc, null, 2) + "\n";
}
