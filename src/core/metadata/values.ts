/**
 * Cleaning of metadata values: entity decoding, whitespace, length caps, URLs, language tags.
 * Every function answers null rather than a guess when a value is unusable.
 */
import { Parser } from "htmlparser2";

/** Caps on what the answer carries, in UTF-16 code units (see the table in ../metadata.ts). */
export const CAP = {
  title: 300,
  byline: 200,
  excerpt: 500,
  siteName: 200,
  url: 2048,
  lang: 35,
  date: 64,
} as const;

/** Raw text collected from the page is bounded before any cleaning, so no field costs more than this. */
export const RAW_TEXT_LIMIT = 4096;

const MARKUP = /[&<]/;
const WHITESPACE = /\s+/g;

/** Runs of whitespace become one space, none at the ends. */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE, " ").trim();
}

/**
 * Decodes entities and drops tags, as a browser would show the value. JSON-LD strings often carry
 * entities (`&#8217;`) and WordPress double-encodes attribute values (`&amp;#8217;` arrives as
 * `&#8217;` after the parser's own decoding), so values are decoded once more here.
 */
export function decodeMarkup(value: string): string {
  if (!MARKUP.test(value)) return value;
  let out = "";
  const parser = new Parser({ ontext: (data) => void (out += data) }, { decodeEntities: true });
  parser.write(value);
  parser.end();
  return out;
}

/** Decoded, whitespace-collapsed text of at most `cap` characters, or null when empty. */
export function cleanText(value: unknown, cap: number): string | null {
  if (typeof value !== "string") return null;
  const text = collapseWhitespace(decodeMarkup(value.slice(0, RAW_TEXT_LIMIT)));
  return text === "" ? null : truncate(text, cap);
}

/**
 * Cuts at the last space before the cap and marks the cut with an ellipsis (the result, ellipsis
 * included, is at most `cap` long); a value without a space near the end is cut mid-word.
 */
export function truncate(text: string, cap: number): string {
  if (text.length <= cap) return text;
  const room = text.slice(0, cap - 1);
  const space = room.lastIndexOf(" ");
  const cut = space > cap * 0.6 ? room.slice(0, space) : room;
  return cut.replace(/[\s,;:.–—-]+$/u, "") + "…";
}

/** The base URL relative references resolve against: `<base href>` resolved on the page's URL. */
export function baseUrl(pageUrl: string, baseHref: string | null): URL | null {
  const page = parseHttpUrl(pageUrl, undefined);
  if (baseHref === null) return page;
  return parseHttpUrl(baseHref.trim(), page ?? undefined) ?? page;
}

/**
 * An absolute http(s) URL, or null: other schemes (`javascript:`, `data:`), unparseable values and
 * URLs longer than CAP.url are refused rather than cut, since a shortened URL points elsewhere.
 */
export function resolveHttpUrl(value: unknown, base: URL | null): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > CAP.url) return null;
  const url = parseHttpUrl(decodeMarkup(trimmed), base ?? undefined);
  if (url === null) return null;
  return url.href.length > CAP.url ? null : url.href;
}

function parseHttpUrl(value: string, base: URL | undefined): URL | null {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

/**
 * A BCP 47-shaped language tag: `en_US` (OpenGraph's locale form) becomes `en-US`, the first of a
 * list (`en, fr` in content-language) is taken, anything else is refused.
 */
export function cleanLanguage(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const first = value.split(",")[0]!.trim().replace(/_/g, "-");
  if (first.length > CAP.lang || !LANGUAGE_TAG.test(first)) return null;
  return first;
}

/** True for values that are a URL rather than a name (`article:author` is often a profile link). */
export function looksLikeUrl(value: string): boolean {
  return /^(?:https?:)?\/\//i.test(value.trim());
}
