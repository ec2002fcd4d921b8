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
