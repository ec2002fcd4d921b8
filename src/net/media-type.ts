/**
 * Which response media types an outbound fetch accepts, the matching `Accept` request header,
 * and sniffing for responses that carry no Content-Type.
 */

/** html: web pages; feed: RSS/Atom/JSON Feed plus HTML (for feed discovery); any: everything. */
export type AcceptMode = "html" | "feed" | "any";

const HTML_TYPES = ["text/html", "application/xhtml+xml"];

const FEED_TYPES = [
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml", // RSS 1.0
  "application/xml",
  "text/xml",
  "application/feed+json",
  "application/json",
];

const ACCEPT_HEADERS: Record<AcceptMode, string> = {
  html: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
  feed:
    "application/rss+xml,application/atom+xml,application/feed+json,application/rdf+xml;q=0.9," +
    "application/xml;q=0.8,text/xml;q=0.8,application/json;q=0.7,text/html;q=0.5,*/*;q=0.1",
  any: "*/*",
};

/** The `Accept` request header for a mode. */
export function acceptHeader(mode: AcceptMode): string {
  return ACCEPT_HEADERS[mode];
}

/** `Text/HTML; charset=UTF-8` -> `text/html`; null for a missing or empty header. */
export function mediaTypeEssence(contentType: string | null): string | null {
  if (contentType === null) return null;
  const essence = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  return essence === "" ? null : essence;
}

/**
 * Whether a declared media type is acceptable for the mode: "yes", "no", or "sniff" when the
 * response declared none and the caller should look at the bytes (`sniffAcceptable`).
 */
export function mediaTypeVerdict(contentType: string | null, mode: AcceptMode): "yes" | "no" | "sniff" {
  if (mode === "any") return "yes";
  const essence = mediaTypeEssence(contentType);
  if (essence === null) return "sniff";
  if (HTML_TYPES.includes(essence)) return "yes";
  return mode === "feed" && FEED_TYPES.includes(essence) ? "yes" : "no";
}

/** Only the start of the body matters; enough for a BOM, leading whitespace and a tag. */
const SNIFF_BYTES = 1024;

/** The first bytes as lower-case text without BOM and leading whitespace. */
function head(body: Uint8Array): string {
  let bytes = body.subarray(0, SNIFF_BYTES);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  // latin1-style decoding: every byte to one code unit, no failure on partial UTF-8.
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return text.trimStart().toLowerCase();
}

/** Whether the bytes start like an HTML document (`<!doctype html`, `<html`, `<head`, `<body`). */
export function looksLikeHtml(body: Uint8Array): boolean {
  const text = head(body);
  return /^<(?:!doctype\s+html|html|head|body)(?:[\s>/]|$)/.test(text);
}

/** Whether the bytes start like an XML feed or document (`<?xml`, `<rss`, `<feed`, `<rdf:rdf`). */
function looksLikeXmlFeed(body: Uint8Array): boolean {
  return /^<(?:\?xml|rss|feed|rdf:rdf)(?:[\s>/]|$)/.test(head(body));
}

/** For a response without Content-Type: do its bytes fit the mode? */
export function sniffAcceptable(body: Uint8Array, mode: AcceptMode): boolean {
  if (mode === "any") return true;
  if (looksLikeHtml(body)) return true;
  return mode === "feed" && looksLikeXmlFeed(body);
}
