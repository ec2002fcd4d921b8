/**
 * Collects the raw material of article metadata from htmlparser2's SAX events: meta tags, the
 * <title>, the first <h1>, itemprop microdata, <html lang>, <base href> and the first <time datetime>
 * inside <article>/<main>; JSON-LD bodies are handed to it (addJsonLd). It keeps first occurrences
 * only, and per event does a switch on the tag name and one attribute lookup, so it rides along on
 * the parse segmentation already does (metadata.ts). It expects lower-cased tag and attribute names,
 * htmlparser2's defaults.
 */
import { isMarkGlyph } from "../permalink-marks";
import { INLINE } from "../segment-tags";
import { LD_SCRIPT_LIMIT, LD_TOTAL_LIMIT } from "./json-ld-parse";
import { RAW_TEXT_LIMIT } from "./values";

/** The meta names and properties any field reads (lower case); others are not kept. */
export const META_KEYS = new Set([
  "og:title",
  "og:site_name",
  "og:image",
  "og:image:url",
  "og:image:secure_url",
  "og:description",
  "og:locale",
  "og:type",
  "og:updated_time",
  "article:published_time",
  "article:modified_time",
  "article:author",
  "twitter:title",
  "twitter:image",
  "twitter:image:src",
  "twitter:description",
  "author",
  "description",
  "application-name",
  "date",
  "pubdate",
  "publish-date",
  "publishdate",
  "dc.title",
  "dcterms.title",
  "dc.creator",
  "dcterms.creator",
  "dc.date",
  "dc.date.issued",
  "dcterms.issued",
  "dcterms.created",
  "dcterms.date",
  "dcterms.modified",
  "dc.date.modified",
  "dc.description",
  "dcterms.description",
  "dc.language",
  "dcterms.language",
  "dc.publisher",
  "dcterms.publisher",
  "citation_title",
  "citation_author",
  "citation_publication_date",
  "citation_date",
  "parsely-title",
  "parsely-author",
  "parsely-pub-date",
  "http-equiv:content-language",
  "link:image_src",
]);

/** itemprop names read from microdata; `name` only inside an itemprop=author scope. */
const ITEMPROPS = new Set(["headline", "author", "datePublished", "dateModified", "image", "inLanguage"]);
/** Where lazy-loading scripts keep an image's real URL while `src` holds a placeholder. */
const LAZY_IMAGE_ATTRIBUTES = ["data-src", "data-lazy-src", "data-original", "data-url"];

type Attributes = Record<string, string>;

interface TextCapture {
  /** Where the text goes: "title", "h1", or an itemprop name. */
  readonly key: string;
  /** Open elements inside the capture, its own included. */
  depth: number;
  text: string;
}

export class MetadataCollector {
  readonly meta = new Map<string, string>();
  readonly microdata = new Map<string, string>();
  readonly jsonLd: string[] = [];
  title: string | null = null;
  h1: string | null = null;
  htmlLang: string | null = null;
  baseHref: string | null = null;
  articleTime: string | null = null;

  private captures: TextCapture[] = [];
  /** A link inside the captured `<h1>`: where its text starts, and the capture's depth inside it. */
  private h1Link: { capture: TextCapture; from: number; depth: number } | null = null;
  private jsonLdBytes = 0;
  private landmarkDepth = 0;
  private svgDepth = 0;
  private authorScopes = 0;

  /** Whether the page's JSON-LD has reached LD_TOTAL_LIMIT: no later body is read. */
  get jsonLdFull(): boolean {
    return this.jsonLdBytes >= LD_TOTAL_LIMIT;
  }

  /**
   * A JSON-LD script's body, in document order (the parse never sees scripts: metadata.ts reads them
   * from the spans stripNonText removed). A body over LD_SCRIPT_LIMIT is not read; none is once the
   * bodies read reach LD_TOTAL_LIMIT, and the one that passes it is dropped.
   */
  addJsonLd(body: string): void {
    if (this.jsonLdFull || body.length > LD_SCRIPT_LIMIT) return;
    this.jsonLdBytes += body.length;
    if (this.jsonLdBytes <= LD_TOTAL_LIMIT) this.jsonLd.push(body);
  }

  onopentag(name: string, attribs: Attributes): void {
    // A line break or a block inside a captured element separates words ("Covered market<br>stall rental"), as on screen.
    const breaks = name === "br" || !INLINE.has(name);
    for (const capture of this.captures) {
      capture.depth++;
      if (breaks) capture.text += " ";
    }
    switch (name) {
      case "meta":
        this.readMeta(attribs);
        break;
      case "title":
        if (this.title === null && this.svgDepth === 0 && !this.capturing("title")) this.capture("title");
        break;
      case "h1":
        if (this.h1 === null && !this.capturing("h1")) this.capture("h1");
        break;
      case "a": {
        const h1 = this.captures.find((capture) => capture.key === "h1");
        if (h1 && attribs.href !== undefined && this.h1Link === null) {
          this.h1Link = { capture: h1, from: h1.text.length, depth: h1.depth };
        }
        break;
      }
      case "html":
        if (this.htmlLang === null) this.htmlLang = attribs.lang ?? attribs["xml:lang"] ?? null;
        break;
      case "base":
        if (this.baseHref === null && attribs.href) this.baseHref = attribs.href;
        break;
      case "link":
        if (attribs.href && attribs.rel?.toLowerCase() === "image_src") this.keepMeta("link:image_src", attribs.href);
        break;
      case "article":
      case "main":
        this.landmarkDepth++;
        break;
      case "time":
        if (this.articleTime === null && this.landmarkDepth > 0 && attribs.datetime) {
          this.articleTime = attribs.datetime;
        }
        break;
      case "svg":
        this.svgDepth++;
        break;
    }
    const itemprop = attribs.itemprop;
    if (itemprop !== undefined) this.readItemprop(name, attribs, itemprop);
  }

  ontext(data: string): void {
    for (const capture of this.captures) {
      // An svg's <title> inside an <h1> (a logo's label) is no text the heading shows: segmentation drops svg whole.
      if (capture.key === "h1" && this.svgDepth > 0) continue;
      if (capture.text.length < RAW_TEXT_LIMIT) capture.text += data;
    }
  }

  onclosetag(name: string): void {
    if ((name === "article" || name === "main") && this.landmarkDepth > 0) this.landmarkDepth--;
    else if (name === "svg" && this.svgDepth > 0) this.svgDepth--;
    if (this.captures.length === 0) return;
    for (const capture of this.captures) capture.depth--;
    if (this.h1Link !== null && this.h1Link.capture.depth < this.h1Link.depth) this.closeH1Link(this.h1Link);
    const done = this.captures.filter((capture) => capture.depth <= 0);
    if (done.length === 0) return;
    this.captures = this.captures.filter((capture) => capture.depth > 0);
    for (const capture of done) this.finish(capture);
  }

  /**
   * The `<h1>`'s link ended: when its whole text is a permalink mark ("Usage¶", permalink-marks.ts),
   * the mark is no word of the headline, as in the rendered heading.
   */
  private closeH1Link({ capture, from }: { capture: TextCapture; from: number }): void {
    if (isMarkGlyph(capture.text.slice(from))) capture.text = capture.text.slice(0, from);
    this.h1Link = null;
  }

  private capture(key: string): void {
    this.captures.push({ key, depth: 1, text: "" });
  }

  private capturing(key: string): boolean {
    return this.captures.some((capture) => capture.key === key);
  }

  private finish(capture: TextCapture): void {
    const text = capture.text.trim();
    if (capture.key === "author-scope") {
      this.authorScopes--;
      if (text !== "") this.keepMicrodata("author", text);
    } else if (capture.key === "title") {
      if (this.title === null) this.title = capture.text;
    } else if (capture.key === "h1") {
      // An empty <h1> (a logo image) is no headline; the next one may be.
      if (text !== "") this.h1 = capture.text;
    } else if (text !== "") this.keepMicrodata(capture.key, text);
  }

  private readMeta(attribs: Attributes): void {
    const content = attribs.content;
    if (content === undefined) return;
    const httpEquiv = attribs["http-equiv"];
    const key = (attribs.property ?? attribs.name ?? (httpEquiv ? `http-equiv:${httpEquiv}` : "")).toLowerCase();
    this.keepMeta(key, content);
  }

  private keepMeta(key: string, value: string): void {
    if (value.trim() !== "" && META_KEYS.has(key) && !this.meta.has(key)) this.meta.set(key, value);
  }

  private keepMicrodata(key: string, value: string): void {
    if (!this.microdata.has(key)) this.microdata.set(key, value);
  }

  /** Value from `content`, `datetime` or a URL attribute when the element has one, else its text. */
  private readItemprop(tag: string, attribs: Attributes, itemprop: string): void {
    const direct = attribs.content ?? (tag === "time" ? attribs.datetime : undefined);
    for (const prop of itemprop.split(/\s+/)) {
      if (prop === "name" && this.authorScopes > 0) {
        // The author's name may be given as `<meta itemprop="name" content>` (Stack Exchange's user
        // cards): that, not the card's whole text with its reputation and badge counts.
        if (direct !== undefined && direct.trim() !== "") this.keepMicrodata("author", direct);
        else this.capture("author");
        continue;
      }
      if (!ITEMPROPS.has(prop) || this.microdata.has(prop)) continue;
      if (prop === "image") {
        const url = direct ?? imageAttribute(tag, attribs);
        if (url) this.keepMicrodata(prop, url);
      } else if (direct !== undefined) {
        if (direct.trim() !== "") this.keepMicrodata(prop, direct);
      } else if (prop === "author" && attribs.itemscope !== undefined) {
        this.authorScopes++;
        this.capture("author-scope");
      } else this.capture(prop);
    }
  }
}

export function isJsonLd(type: string | undefined): boolean {
  return type !== undefined && type.trim().toLowerCase().startsWith("application/ld+json");
}

/** An image element's URL, preferring a lazy-loading attribute over a `data:` placeholder in `src`. */
function imageAttribute(tag: string, attribs: Attributes): string | undefined {
  if (tag === "link" || tag === "a") return attribs.href;
  if (tag !== "img" && tag !== "source") return attribs.src ?? attribs.href;
  const src = attribs.src;
  if (src && !/^\s*data:/i.test(src)) return src;
  for (const name of LAZY_IMAGE_ATTRIBUTES) if (attribs[name]) return attribs[name];
  return attribs.srcset?.trim().split(/\s+/)[0] ?? src;
}
