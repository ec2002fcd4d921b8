/**
 * Checks that a feed we wrote is one a reader accepts: well-formed XML by fast-xml-parser's strict
 * validator plus the elements RSS 2.0 / RSS 1.0 / Atom 1.0 require, or the fields JSON Feed 1.1
 * requires. Used by the tests and the demo on every output; returns the problems found.
 */
import { isJsonFeedVersion } from "./read-json";
import type { FeedFormat } from "./types";
import { parseXml, validateXml } from "./xml";
import { childText, childrenNamed, firstChild, localName, prefixOf, qualify, tagOf, type XmlNode } from "./xml-tree";

function requireChildren(node: XmlNode, names: string[], where: string, problems: string[]): void {
  for (const name of names) if (!firstChild(node, name)) problems.push(`${where}: missing <${name}>`);
}

function checkXml(text: string, format: Exclude<FeedFormat, "jsonfeed">): string[] {
  const wellFormed = validateXml(text);
  if (wellFormed !== true) return [`not well-formed: ${wellFormed}`];
  const parsed = parseXml(text);
  if (!parsed.ok) return [parsed.failure.message];
  const root = parsed.doc.find((n) => tagOf(n) !== null);
  if (!root) return ["no root element"];
  const rootTag = tagOf(root)!;
  const problems: string[] = [];
  const expected = { rss: "rss", rdf: "RDF", atom: "feed" }[format];
  if (localName(rootTag) !== expected) return [`root element is <${rootTag}>, expected ${expected}`];
  if (format === "rss" || format === "rdf") {
    const channel = firstChild(root, "channel");
    if (!channel) return ["missing <channel>"];
    requireChildren(channel, ["title", "link", "description"], "channel", problems);
    const items = format === "rss" ? childrenNamed(channel, "item") : childrenNamed(root, "item");
    items.forEach((item, i) => {
      if (format === "rdf") requireChildren(item, ["title", "link"], `item ${i}`, problems);
      else if (!childText(item, "title") && !childText(item, "description"))
        problems.push(`item ${i}: needs a title or a description`);
    });
  } else {
    const p = prefixOf(rootTag);
    const q = (local: string) => qualify(p, local);
    requireChildren(root, [q("id"), q("title"), q("updated")], "feed", problems);
    const feedAuthor = firstChild(root, q("author")) !== null;
    childrenNamed(root, q("entry")).forEach((entry, i) => {
      requireChildren(entry, [q("id"), q("title"), q("updated")], `entry ${i}`, problems);
      if (!feedAuthor && !firstChild(entry, q("author"))) problems.push(`entry ${i}: no author (nor a feed-level one)`);
      if (Number.isNaN(Date.parse(childText(entry, q("updated")))))
        problems.push(`entry ${i}: <updated> is not a date`);
    });
  }
  return problems;
}

function checkJsonFeed(text: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return [`not JSON: ${err instanceof Error ? err.message : String(err)}`];
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) return ["not a JSON object"];
  const d = doc as Record<string, unknown>;
  const problems: string[] = [];
  if (!isJsonFeedVersion(d.version))
    problems.push(`version is ${JSON.stringify(d.version)}, not a JSON Feed version URL`);
  if (typeof d.title !== "string") problems.push("title (string) is required");
  if (!Array.isArray(d.items)) return [...problems, "items (array) is required"];
  d.items.forEach((item: unknown, i: number) => {
    const it = (item ?? {}) as Record<string, unknown>;
    if (typeof it.id !== "string" || it.id === "") problems.push(`item ${i}: id (non-empty string) is required`);
    if (typeof it.content_html !== "string" && typeof it.content_text !== "string")
      problems.push(`item ${i}: content_html or content_text is required`);
  });
  return problems;
}

/** Problems with `text` as a feed of `format`; empty when it is valid. */
export function checkFeed(text: string, format: FeedFormat): string[] {
  return format === "jsonfeed" ? checkJsonFeed(text) : checkXml(text, format);
}
