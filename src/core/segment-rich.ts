/**
 * Attribute reading for rich blocks: absolute link and image URLs, the real source of lazy-loaded
 * images, the language of a code block. Pure string work on attribute values.
 */

/** The page's base: `<base href>` resolved against the page URL, else the page URL; null when neither is absolute. */
export function resolveBase(pageUrl: string | undefined, baseHref: string | null): string | null {
  const page = absolute(pageUrl ?? "", null);
  if (baseHref) return absolute(baseHref, page) ?? page;
  return page;
}

function absolute(href: string, base: string | null): string | null {
  const known = plainResolution(href, base);
  if (known !== null) return known;
  try {
    // An href with its own scheme and "//" resolves the same against any base (the URL standard's
    // authority states), so the base is not parsed again for it (half the time of new URL).
    return base && !namesItsHost(href) ? new URL(href, base).href : new URL(href).href;
  } catch {
    return null;
  }
}

function namesItsHost(href: string): boolean {
  return href.startsWith("https://") || href.startsWith("http://");
}

/**
 * `new URL(href, base).href` for the hrefs whose answer can be told without parsing, else null (and
 * new URL answers): most of a page's links and images are one of
 *
 * - an absolute http(s) URL already as the URL standard writes it (lower-case scheme and host, no
 *   port, user or IP address, a path without dot segments, no unit the parser would encode or drop):
 *   itself, with "/" for an empty path;
 * - a root-relative path (`/a/b?c`) of such units, against a base that is an http(s) URL (the base
 *   is always a parser's answer, so already so written): the base's origin, then the href.
 *
 * Anything else (backslashes, tabs, spaces, quotes, `^`, non-ASCII, `%2e`, `.` and `..` segments,
 * ports, `user@`, IP addresses, `xn--` labels, relative paths, other schemes) goes to new URL.
 * test/core/url-resolution.test.ts holds the two together on generated hrefs in Node, and
 * test/worker/url-resolution.test.ts in workerd, whose parser is the one production runs.
 */
export function plainResolution(href: string, base: string | null): string | null {
  if (namesItsHost(href)) {
    const host = PLAIN_HOST.exec(href);
    if (host === null || !plainHost(host[1]!) || NOT_PLAIN.test(href)) return null;
    return host[0].length === href.length ? href + "/" : href;
  }
  // `//host` names a host: not a path.
  if (href.charCodeAt(0) !== 0x2f || href.charCodeAt(1) === 0x2f || NOT_PLAIN.test(href)) return null;
  if (base === null || !(base.startsWith("https://") || base.startsWith("http://"))) return null;
  return base.slice(0, pathStart(base)) + href;
}

/** `http(s)://` and a host of lower-case letters, digits, `-` and `.`, then a path or the end. */
const PLAIN_HOST = /^https?:\/\/([a-z0-9.-]+)(?=\/|$)/;

/**
 * A unit the parser encodes in some part of a URL or drops (anything but printable ASCII, `"`, `'`,
 * `<`, `>`, `^`, `` ` ``, `{`, `}`), a backslash (a slash to it), an encoded dot, or a dot segment
 * (`.`, `..`; looked for in the query and fragment too, where they only send the href to new URL).
 * `^` is in the URL standard's path percent-encode set since 2025: workerd writes `/a^b` as
 * `/a%5Eb`, Node 20 as it is, so it goes to the runtime's own parser. One regex test: a loop over the
 * units in JavaScript measured slower than new URL itself.
 */
const NOT_PLAIN = /[^!#-&(-;=?-[\]_a-z|~]|%2e|\/\.\.?(?=[/?#]|$)/i;

/** Where an http(s) URL as the parser writes it starts its path (after `scheme://authority`). */
function pathStart(url: string): number {
  const at = url.indexOf("/", url.charCodeAt(4) === 0x73 ? 8 : 7);
  return at < 0 ? url.length : at;
}

/**
 * Whether a host of lower-case letters, digits, `-` and `.` is a domain the parser writes back as it
 * is: no empty label but a last one, no IPv4 address (a last label starting with a digit makes the
 * parser read the host as a number), no punycode label to check.
 */
function plainHost(host: string): boolean {
  if (host.charCodeAt(0) === 0x2e || host.includes("..") || host.includes("xn--")) return false;
  const last = host.endsWith(".") ? host.slice(0, -1) : host;
  const c = last.charCodeAt(last.lastIndexOf(".") + 1);
  return !(c >= 0x30 && c <= 0x39);
}

/**
 * A link target worth keeping: absolute http(s) or mailto. Empty and fragment-only hrefs point
 * into the page itself (their text is kept, unlinked); `javascript:`, `data:` and other schemes
 * are never links. Relative hrefs need a base.
 */
export function linkTarget(href: string | null, base: string | null): string | null {
  if (href === null || isInPage(href)) return null;
  const url = absolute(href.trim(), base);
  return url && /^(https?:|mailto:)/i.test(url) ? url : null;
}

/** Whether an href points into the page itself: empty or fragment-only (`#usage`), kept as an anchor span, not a link. */
export function isInPage(href: string | null): boolean {
  const trimmed = href?.trim() ?? "";
  return trimmed === "" || trimmed.startsWith("#");
}

/** An image URL worth keeping: absolute http(s); data: placeholders and relative ones without a base are not. */
export function imageTarget(src: string | null | undefined, base: string | null): string | null {
  const trimmed = src?.trim() ?? "";
  if (!trimmed || /^data:/i.test(trimmed)) return null;
  const url = absolute(trimmed, base);
  return url && /^https?:/i.test(url) ? url : null;
}

/**
 * The widest candidate of a `srcset` (`url 640w, url 2x`): a bare URL counts as 1x. URLs may hold
 * commas (image CDNs), so candidates split only at a comma before whitespace or after a descriptor.
 */
export function bestOfSrcset(srcset: string | null | undefined): string | null {
  if (!srcset) return null;
  let best: string | null = null;
  let bestSize = -1;
  for (const candidate of srcset.split(/,\s+|(?<=\s\d+(?:\.\d+)?[wx]),/)) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const size = descriptor ? parseFloat(descriptor) * (descriptor.endsWith("x") ? 1000 : 1) : 1000;
    if (size > bestSize) {
      best = url;
      bestSize = size;
    }
  }
  return best;
}

interface AttributeReader {
  getAttribute(name: string): string | null;
}

/**
 * The image an `<img>` shows once loaded: lazy loaders keep the real URL in `data-src`,
 * `data-lazy-src` or `data-original` and a placeholder in `src`, so those come first; then a real
 * `src`; then `srcset`/`data-srcset`; then the srcset of a `<picture>`'s `<source>`.
 */
export function imageSource(img: AttributeReader, pictureSrcset: string | null, base: string | null): string | null {
  return (
    imageTarget(img.getAttribute("data-src"), base) ??
    imageTarget(img.getAttribute("data-lazy-src"), base) ??
    imageTarget(img.getAttribute("data-original"), base) ??
    imageTarget(img.getAttribute("src"), base) ??
    imageTarget(bestOfSrcset(img.getAttribute("srcset")), base) ??
    imageTarget(bestOfSrcset(img.getAttribute("data-srcset")), base) ??
    imageTarget(bestOfSrcset(pictureSrcset), base)
  );
}

/** A YouTube player (`/embed/ID` on youtube.com or youtube-nocookie.com) or a Vimeo one (`player.vimeo.com/video/ID`). */
const YOUTUBE = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,20})(?=[?#/]|$)/i;
const VIMEO = /^(?:https?:)?\/\/player\.vimeo\.com\/video\/(\d{3,12})(?=[?#/]|$)/i;

/**
 * The page of a video an `iframe` plays, and a name for it (the site's); null for
 * any other frame (widgets, advertisements, maps stay out).
 */
export function videoPage(src: string | null): { url: string; name: string } | null {
  const s = src?.trim() ?? "";
  const youtube = YOUTUBE.exec(s);
  if (youtube) return { url: `https://www.youtube.com/watch?v=${youtube[1]!}`, name: "YouTube video" };
  const vimeo = VIMEO.exec(s);
  if (vimeo) return { url: `https://vimeo.com/${vimeo[1]!}`, name: "Vimeo video" };
  return null;
}

const LANGUAGE = /(?:^|\s)(?:language|lang|highlight)-([A-Za-z0-9_+#.-]+)/;

/** The language named by a class attribute (`language-ts`, `lang-py`, `highlight-go`), lower-cased; "" when none. */
export function codeLanguage(className: string | null): string {
  return (className && LANGUAGE.exec(className)?.[1]?.toLowerCase()) || "";
}

/**
 * A highlighter's line inside code (`span.line`, Gatsby's `span.gatsby-highlight-code-line`, GitBook's
 * `span.highlight-line`): styled `display: block`, it starts a line on screen though the page's text
 * holds no newline between two of them.
 */
const CODE_LINE = /(?:^|[\s_-])line(?=$|[\s_-])/i;

export function isCodeLine(className: string | null): boolean {
  return className !== null && CODE_LINE.test(className);
}
