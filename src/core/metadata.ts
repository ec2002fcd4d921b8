/**
 * Article metadata of a page: headline, byline, dates, lead image, language, site name, excerpt.
 * Every field is read from what the page states, or null; nothing is inferred from the text.
 *
 * The collector (metadata/collector.ts) gathers the sources on the segmentation's own parse of the
 * page (MetadataTee below: one parse per page, not two; what segmentation does not read, as
 * noscript content, is not read), the JSON-LD from the scripts that parse skips; each field then takes the first
 * source, in this order, whose value survives cleaning (so an unparseable JSON-LD date falls through
 * to article:published_time, and so on):
 *
 * | field       | precedence (first usable wins)                                                         | cap   |
 * | ----------- | ---------------------------------------------------------------------------------------- | ----- |
 * | `title`     | JSON-LD article `headline`, `name` (else the WebPage's) > `og:title` > `twitter:title` > | 300   |
 * |             | `dc.title`/`dcterms.title` > `citation_title` > `parsely-title` > itemprop `headline` >  |       |
 * |             | first non-empty `<h1>` > `<title>`; each with the site name stripped                     |       |
 * |             | (metadata/title.ts); a candidate that is only the site's name is passed over while       |       |
 * |             | another remains. Exception: when the <h1> (10+ chars) shares half its words with the     |       |
 * |             | chosen metadata title, the <h1> wins: the same story as the page shows it, where         |       |
 * |             | metadata titles are often reworded for search engines (on the WCXB corpora this matches  |       |
 * |             | the gold headline 4 points more often)                                                   |       |
 * | `byline`    | JSON-LD `author`/`creator` names (string, Person, Organization, lists joined by ", ") >  | 200   |
 * |             | `meta name=author` > `article:author` (not a URL) > `dc.creator`/`dcterms.creator` >     |       |
 * |             | `citation_author` > `parsely-author` > itemprop `author` (its itemprop `name` when       |       |
 * |             | scoped)                                                                                  |       |
 * | `published` | JSON-LD `datePublished`, `dateCreated` > `article:published_time` > `dcterms.issued`/    | -     |
 * |             | `dc.date.issued`/`dcterms.created`/`dc.date`/`dcterms.date` >                            |       |
 * |             | `citation_publication_date`/ `citation_date` > `parsely-pub-date` >                      |       |
 * |             | `pubdate`/`publishdate`/`publish-date`/`date` > itemprop `datePublished` > first `<time  |       |
 * |             | datetime>` inside `<article>`/`<main>`                                                   |       |
 * | `modified`  | JSON-LD `dateModified` > `article:modified_time` > `og:updated_time` >                   | -     |
 * |             | `dcterms.modified`/ `dc.date.modified` > itemprop `dateModified`; dropped when earlier   |       |
 * |             | than `published`                                                                         |       |
 * | `image`     | JSON-LD `image` (string, ImageObject url/contentUrl, list: first), `primaryImageOfPage`, | 2,048 |
 * |             | `thumbnailUrl` > `og:image:secure_url` > `og:image` > `og:image:url` >                   |       |
 * |             | `twitter:image`/`:src` > itemprop `image` (lazy `data-src` and kin over a `data:`        |       |
 * |             | placeholder) > `link rel=image_src`                                                      |       |
 * | `lang`      | `<html lang>` > JSON-LD `inLanguage` > `http-equiv=content-language` > `og:locale` >     | 35    |
 * |             | `dc.language`/`dcterms.language` > itemprop `inLanguage`                                 |       |
 * | `siteName`  | `og:site_name` > JSON-LD `publisher.name` > JSON-LD WebSite `name` > `application-name`  | 200   |
 * |             | > `dc.publisher`/`dcterms.publisher`                                                     |       |
 * | `excerpt`   | JSON-LD `description` > `og:description` > `twitter:description` > `meta                 | 500   |
 * |             | name=description` > `dc.description`/`dcterms.description`                               |       |
 *
 * JSON-LD: the article node (Article, NewsArticle, BlogPosting, Report, TechArticle...) is read
 * first, then the WebPage node; the shallowest one wins when there are several (metadata/json-ld.ts).
 *
 * Cleaning: text is entity-decoded, stripped of tags and whitespace-collapsed; text over its cap is
 * cut at a word and ends in "…" (caps in characters, the ellipsis included). Dates become ISO 8601
 * as precise as given, keeping the offset (metadata/dates.ts). URLs are resolved against
 * `<base href>` (itself resolved on the page URL), must be http(s), and are dropped, not cut, when
 * over 2,048 characters. Languages must look like BCP 47 tags (`en_US` becomes `en-US`).
 *
 * Bounds: JSON-LD bodies over 256 KiB each, or beyond 1 MiB in total, are not read; the JSON-LD walk
 * stops at depth 32 and after 20,000 values; text collected for one value stops at 4,096
 * characters. Broken JSON-LD is repaired when unambiguous or skipped (metadata/json-ld-parse.ts).
 */
import { PageBudget } from "./budget";
import { isJsonLd, MetadataCollector } from "./metadata/collector";
import { isEarlier, normalizeDate } from "./metadata/dates";
import { emptyLdFields, type LdFields, readJsonLd } from "./metadata/json-ld";
import { parseJsonLd } from "./metadata/json-ld-parse";
import { metadataAttributeName } from "./metadata/attributes";
import { type PageTee, segmentHtml } from "./segment";
import { type SegmentHandler, SegmentParser } from "./segment-parser";
import type { ScriptSpan } from "./strip-non-text";
import { namesSite, sameStory, type SiteHints, stripSiteName } from "./metadata/title";
import {
  baseUrl,
  CAP,
  cleanLanguage,
  cleanText,
  looksLikeUrl,
  RAW_TEXT_LIMIT,
  resolveHttpUrl,
  truncate,
} from "./metadata/values";

export { isHeadline, normalizeHeadline } from "./metadata/title";
export { MetadataCollector } from "./metadata/collector";

/** An <h1> shorter than this is not trusted over a metadata title (a logo, "Menu", a section). */
const MIN_SHOWN_HEADLINE = 10;

export interface ArticleMetadata {
  title: string | null;
  byline: string | null;
  /** ISO 8601: a date ("2024-03-05") or a time with the offset the page gave. */
  published: string | null;
  modified: string | null;
  /** Absolute http(s) URL of the lead image. */
  image: string | null;
  lang: string | null;
  siteName: string | null;
  excerpt: string | null;
  /**
   * Whether `title` came from what the page states in its metadata (JSON-LD, og:, twitter:, Dublin
   * Core, ...), not from its `<h1>` or `<title>`: a page without one names its story only in its text
   * (leading-line.ts). Not part of the answer's metadata fields.
   */
  titleDeclared: boolean;
  /**
   * The declared title (JSON-LD headline, og:title, ...: the first that names more than the site) as
   * the page states it, its site name not stripped: `title` is its strip, or the page's first `<h1>`
   * when that tells the same story (pickTitle). What the stripping took off may be the headline's own
   * last part or the product's name (headline-choice.ts). Null when no title is declared. Not part of
   * the answer's metadata fields.
   */
  titleAsStated: string | null;
}

/** The metadata of a page whose metadata was not read (preparePage's `readMetadata: false`): none. */
export function noMetadata(): ArticleMetadata {
  return {
    title: null,
    byline: null,
    published: null,
    modified: null,
    image: null,
    lang: null,
    siteName: null,
    excerpt: null,
    titleDeclared: false,
    titleAsStated: null,
  };
}

/**
 * The metadata read on the page's segmentation parse (segment.ts's tee; preparePage gives it): the
 * collector is fed that parse's events, with the attributes it reads (metadata/attributes.ts), so the
 * page is parsed once. It reads what segmentation reads: the page stripped of script, style,
 * noscript, template and svg elements and comments (strip-non-text.ts), up to the element cap. So
 * meta tags, `<h1>`s and microdata inside noscript or template are not read (an old page's
 * `<noscript><h1>` site banner was taken for its headline), nor text in comments; JSON-LD comes from
 * the removed scripts themselves (readScripts).
 */
export class MetadataTee implements PageTee {
  handler = new MetadataCollector();
  readonly namer = metadataAttributeName;
  scripts: ScriptSpan[] = [];
  /** The page the scripts' spans index when it is not the page itself (the noscript view: segment.ts). */
  private source: string | null = null;

  fork(): MetadataTee {
    return new MetadataTee();
  }

  adopt(view: MetadataTee, source: string): void {
    this.handler = view.handler;
    this.scripts = view.scripts;
    this.source = source;
  }

  /** The metadata once the parse is done, of `html`, the page segmented. */
  metadata(html: string, pageUrl: string): ArticleMetadata {
    readScripts(this.source ?? html, this.scripts, this.handler);
    return metadataFromCollector(this.handler, pageUrl);
  }
}

/**
 * The metadata of `html`, a page fetched from `pageUrl` (which resolves relative URLs), for a caller
 * without a segmentation of its own: the pipeline's read (preparePage), on a segmentation made for it,
 * so that what it reads is what is served (which view of an app shell, where the element cap falls).
 */
export function extractMetadata(html: string, pageUrl: string, budget = new PageBudget()): ArticleMetadata {
  const tee = new MetadataTee();
  segmentHtml(html, pageUrl, budget, tee);
  return tee.metadata(html, pageUrl);
}

/** The collector of `html` as the pipeline fills it (JSON-LD included), for scripts that read its sources. */
export function collectMetadata(html: string, budget = new PageBudget()): MetadataCollector {
  const tee = new MetadataTee();
  segmentHtml(html, undefined, budget, tee);
  tee.metadata(html, "https://example.invalid/");
  return tee.handler;
}

/** A script's open tag that may declare JSON-LD: its type, or an entity that could spell one (`ld&plus;json`). */
const LD_HINT = /ld\+json|&/i;

/**
 * The JSON-LD bodies of the removed scripts, in document order, into the collector (its limits apply).
 * Each candidate span is tokenized on its own, so its `type` is entity-decoded and its body ends where
 * the tokenizer ends a script (`</script foo>` included), as when the whole page was parsed.
 */
function readScripts(html: string, scripts: readonly ScriptSpan[], collector: MetadataCollector): void {
  for (const span of scripts) {
    if (collector.jsonLdFull) return;
    const tagEnd = html.indexOf(">", span.start);
    if (!LD_HINT.test(html.slice(span.start, tagEnd))) continue;
    const script = new ScriptBody();
    new SegmentParser(script, metadataAttributeName).parseWhole(html.slice(span.start, span.end));
    if (script.body !== null) collector.addJsonLd(script.body);
  }
}

/** The body of the script a span opens with, when its type is JSON-LD (null otherwise). */
class ScriptBody implements SegmentHandler {
  body: string | null = null;
  private opened = false;
  private reading = false;

  onopentag(name: string, attribs: Record<string, string>): void {
    if (this.opened) return;
    this.opened = true;
    if (name === "script" && isJsonLd(attribs.type)) {
      this.body = "";
      this.reading = true;
    }
  }

  ontext(data: string): void {
    if (this.reading) this.body += data;
  }

  onclosetag(): void {
    this.reading = false;
  }
}

/** The metadata from a collector that has been fed a whole page's parser events. */
export function metadataFromCollector(collected: MetadataCollector, pageUrl: string): ArticleMetadata {
  const meta = (key: string): string | undefined => collected.meta.get(key);
  const micro = (key: string): string | undefined => collected.microdata.get(key);
  const ld = readLd(collected.jsonLd);

  const siteName = first(
    [meta("og:site_name"), ...ld.siteName, meta("application-name"), meta("dc.publisher"), meta("dcterms.publisher")],
    (value) => cleanText(value, CAP.siteName),
  );
  const hints: SiteHints = { siteName, host: hostOf(pageUrl), h1: collected.h1 };
  const declared = [
    ...ld.headline,
    meta("og:title"),
    meta("twitter:title"),
    meta("dc.title"),
    meta("dcterms.title"),
    meta("citation_title"),
    meta("parsely-title"),
    micro("headline"),
  ];
  const stated = declaredTitle(declared, hints);
  const title = pickTitle(stated, collected.h1, collected.title, hints);
  const titleDeclared = stated.title !== null;
  const titleAsStated = stated.asStated;
  const byline = first(
    [
      ...ld.byline,
      meta("author"),
      meta("article:author"),
      meta("dc.creator"),
      meta("dcterms.creator"),
      meta("citation_author"),
      meta("parsely-author"),
      micro("author"),
    ],
    cleanByline,
  );
  const published = first(
    [
      ...ld.published,
      meta("article:published_time"),
      meta("dcterms.issued"),
      meta("dc.date.issued"),
      meta("dcterms.created"),
      meta("dc.date"),
      meta("dcterms.date"),
      meta("citation_publication_date"),
      meta("citation_date"),
      meta("parsely-pub-date"),
      meta("pubdate"),
      meta("publishdate"),
      meta("publish-date"),
      meta("date"),
      micro("datePublished"),
      collected.articleTime ?? undefined,
    ],
    normalizeDate,
  );
  let modified = first(
    [
      ...ld.modified,
      meta("article:modified_time"),
      meta("og:updated_time"),
      meta("dcterms.modified"),
      meta("dc.date.modified"),
      micro("dateModified"),
    ],
    normalizeDate,
  );
  if (modified !== null && published !== null && isEarlier(modified, published)) modified = null;
  const base = baseUrl(pageUrl, collected.baseHref);
  const image = first(
    [
      ...ld.image,
      meta("og:image:secure_url"),
      meta("og:image"),
      meta("og:image:url"),
      meta("twitter:image"),
      meta("twitter:image:src"),
      micro("image"),
      meta("link:image_src"),
    ],
    (value) => resolveHttpUrl(value, base),
  );
  const lang = first(
    [
      collected.htmlLang ?? undefined,
      ...ld.lang,
      meta("http-equiv:content-language"),
      meta("og:locale"),
      meta("dc.language"),
      meta("dcterms.language"),
      micro("inLanguage"),
    ],
    cleanLanguage,
  );
  const excerpt = first(
    [
      ...ld.description,
      meta("og:description"),
      meta("twitter:description"),
      meta("description"),
      meta("dc.description"),
      meta("dcterms.description"),
    ],
    (value) => cleanText(value, CAP.excerpt),
  );
  return { title, byline, published, modified, image, lang, siteName, excerpt, titleDeclared, titleAsStated };
}

function readLd(bodies: string[]): LdFields {
  try {
    return readJsonLd(bodies.flatMap(parseJsonLd));
  } catch {
    // The readers do not throw by design; this guards the answer against what they did not foresee.
    return emptyLdFields();
  }
}

function first(candidates: (string | undefined)[], clean: (value: string) => string | null): string | null {
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const value = clean(candidate);
    if (value !== null) return value;
  }
  return null;
}

/**
 * The title the metadata states: its first candidate that, site name stripped, is more than the
 * site's name; and its first that is only that name.
 */
interface DeclaredTitle {
  title: string | null;
  onlySiteName: string | null;
  /** The candidate `title` was read from, cleaned but with its site name. */
  asStated: string | null;
}

/** The candidates read in order, each cleaned once: titleDeclared and pickTitle both read the result. */
function declaredTitle(candidates: (string | undefined)[], hints: SiteHints): DeclaredTitle {
  let onlySiteName: string | null = null;
  for (const candidate of candidates) {
    const asStated = candidate === undefined ? null : cleanText(candidate, RAW_TEXT_LIMIT);
    const title = asStated === null ? null : titleOf(asStated, hints);
    if (title === null) continue;
    if (!namesSite(title, hints)) return { title, onlySiteName, asStated };
    onlySiteName ??= title;
  }
  return { title: null, onlySiteName, asStated: null };
}

/**
 * The declared title, replaced by the page's own <h1> when both tell the same story (see the table);
 * else the <h1>, else <title>; a declared title that is only the site's name comes last.
 */
function pickTitle(
  { title, onlySiteName }: DeclaredTitle,
  h1: string | null,
  pageTitle: string | null,
  hints: SiteHints,
): string | null {
  const shown = h1 === null ? null : cleanTitle(h1, hints);
  const shownIsHeadline = shown !== null && shown.length >= MIN_SHOWN_HEADLINE && !namesSite(shown, hints);
  if (title !== null) return shownIsHeadline && sameStory(shown, title) ? shown : title;
  if (shown !== null && !namesSite(shown, hints)) return shown;
  const fromTitle = pageTitle === null ? null : cleanTitle(pageTitle, hints);
  if (fromTitle !== null && !namesSite(fromTitle, hints)) return fromTitle;
  return onlySiteName ?? shown ?? fromTitle;
}

function cleanTitle(raw: string, hints: SiteHints): string | null {
  const text = cleanText(raw, RAW_TEXT_LIMIT);
  return text === null ? null : titleOf(text, hints);
}

/** A title already cleaned, without its site's name, cut to the answer's length. */
function titleOf(text: string, hints: SiteHints): string {
  return truncate(stripSiteName(text, hints), CAP.title);
}

/** A name, without the "By " that bylines printed in the page start with; URLs are not names. */
function cleanByline(value: string): string | null {
  const text = cleanText(value.replace(/^\s*by\s+/i, ""), CAP.byline);
  return text === null || looksLikeUrl(text) ? null : text;
}

function hostOf(pageUrl: string): string | null {
  try {
    return new URL(pageUrl).hostname || null;
  } catch {
    return null;
  }
}
