/**
 * Bytes to a parsed feed: decode, tell the format, parse safely. An HTML page is not an error here
 * but its own outcome, so the caller can look for the page's feed (discover.ts).
 */
import { decodeHtml } from "../decode";
import { jsonTooDeep, MAX_JSON_DEPTH } from "../json-depth";
import { readJsonFeed } from "./read-json";
import { readXmlFeed } from "./read-xml";
import type { ParsedFeed } from "./types";
import { parseXml } from "./xml";
import { localName, tagOf } from "./xml-tree";

export type FeedParseFailure =
  | { kind: "hostile"; message: string }
  | { kind: "malformed"; message: string }
  | { kind: "not_a_feed"; message: string }
  | { kind: "html"; html: string };

export type FeedParseResult = { ok: true; feed: ParsedFeed } | { ok: false; failure: FeedParseFailure };

const fail = (failure: FeedParseFailure): FeedParseResult => ({ ok: false, failure });

function isHtmlType(contentType: string | null): boolean {
  return /^\s*text\/html\b/i.test(contentType ?? "");
}

/**
 * Parses a feed document fetched from `feedUrl` (the base for relative links). The charset is
 * chosen as for pages (BOM, Content-Type, then the XML declaration). Never throws.
 */
export function parseFeed(body: Uint8Array | string, contentType: string | null, feedUrl: string): FeedParseResult {
  const text = typeof body === "string" ? body : decodeHtml(body, contentType).html;
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (isHtmlType(contentType) || /^<(!doctype\s+html|html)[\s>]/i.test(start))
    return fail({ kind: "html", html: text });

  if (start.startsWith("{")) {
    // Written back with JSON.stringify (recursive): a feed nested 100,000 deep would overflow the stack there.
    if (jsonTooDeep(start, MAX_JSON_DEPTH))
      return fail({ kind: "hostile", message: `JSON nested more than ${MAX_JSON_DEPTH} levels deep` });
    let value: unknown;
    try {
      value = JSON.parse(start);
    } catch (err) {
      return fail({
        kind: "malformed",
        message: `not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    const feed = readJsonFeed(value, feedUrl);
    return feed
      ? { ok: true, feed }
      : fail({ kind: "not_a_feed", message: 'JSON without a JSON Feed "version" and "items"' });
  }

  if (!start.startsWith("<")) return fail({ kind: "not_a_feed", message: "neither XML nor JSON" });
  const parsed = parseXml(start);
  if (!parsed.ok) return fail(parsed.failure);
  const root = parsed.doc.find((n) => tagOf(n) !== null);
  if (root && localName(tagOf(root)!).toLowerCase() === "html") return fail({ kind: "html", html: text });
  const feed = readXmlFeed(parsed.doc, feedUrl);
  if (!feed) {
    const name = root ? tagOf(root) : "(none)";
    return fail({ kind: "not_a_feed", message: `XML root element <${name}> is not rss, rdf:RDF or feed (Atom)` });
  }
  return { ok: true, feed };
}
