/**
 * What a page declares it is: its schema.org types (JSON-LD `@type`, microdata `itemtype`) and its
 * Open Graph `og:type`, in a few groups. They are evidence, not rules: articles embed a Product (the
 * subject of a review), service pages say og:type "article", most sites say "website" everywhere.
 * The page-kind model weighs those that measured well with the rest of the page (page-kind.ts
 * DECLARED_SIGNALS: og:type product and product.group; the other groups are recorded, read by none).
 *
 * Read during segmentation, from what it meets anyway: the strip pass (strip-non-text.ts) hands over
 * each `<script type="application/ld+json">` it removes, the walk (segment-walk.ts) each `<meta
 * property="og:type">` and `itemtype` attribute. JSON-LD is not parsed: a scan for `"@type"` and its
 * string or array of strings finds the types at any depth (`@graph`, a product's offers), which is
 * all the groups need, and reads broken JSON as well as valid. The scan is bounded: at most
 * MAX_LD_SCRIPT_CHARS of each script and MAX_LD_PAGE_CHARS of a page's scripts are read (the types
 * that matter come first in real pages; a product's 2 MB variant list does not need reading).
 *
 * Types that say nothing about the kind (WebPage, WebSite, Organization, BreadcrumbList, Person,
 * ImageObject: on pages of every kind) belong to no group. Question and Answer belong to none either:
 * on the WCXB pages they come with an FAQPage far more often than with a QAPage, which says it.
 */
import type { DeclaredGroup, DeclaredTypes } from "./types";

/** Characters of one ld+json script scanned for `@type`, from its start. */
export const MAX_LD_SCRIPT_CHARS = 64 * 1024;
/** Characters of all of a page's ld+json scripts scanned, in document order. */
export const MAX_LD_PAGE_CHARS = 256 * 1024;

/** schema.org type names (lower case, as some pages write them) by the group they declare. */
const SCHEMA_GROUPS: Readonly<Record<DeclaredGroup, readonly string[]>> = {
  product: [
    "product",
    "productgroup",
    "productmodel",
    "individualproduct",
    "someproducts",
    "vehicle",
    "car",
    "offer",
    "aggregateoffer",
  ],
  article: [
    "article",
    "newsarticle",
    "analysisnewsarticle",
    "backgroundnewsarticle",
    "opinionnewsarticle",
    "reportagenewsarticle",
    "reviewnewsarticle",
    "askpublicnewsarticle",
    "blogposting",
    "liveblogposting",
    "blog",
    "report",
    "scholarlyarticle",
    "satiricalarticle",
    "advertisercontentarticle",
  ],
  thread: ["discussionforumposting", "qapage", "socialmediaposting", "comment"],
  listing: ["itemlist", "collectionpage", "searchresultspage", "offercatalog"],
  documentation: ["techarticle", "apireference"],
  faq: ["faqpage"],
  website: [],
};

/** og:type values (lower case) by the group they declare; "website" is most sites' default for any page. */
const OPEN_GRAPH_GROUPS: Readonly<Record<DeclaredGroup, readonly string[]>> = {
  product: ["product", "product.item", "og:product"],
  article: ["article", "blog", "news"],
  thread: [],
  listing: ["product.group"],
  documentation: [],
  faq: [],
  website: ["website"],
};

const DECLARED_GROUPS = Object.keys(SCHEMA_GROUPS) as DeclaredGroup[];

function byName(groups: Readonly<Record<DeclaredGroup, readonly string[]>>): Map<string, DeclaredGroup> {
  return new Map(DECLARED_GROUPS.flatMap((g) => groups[g].map((name) => [name, g] as const)));
}
const SCHEMA_GROUP_OF = byName(SCHEMA_GROUPS);
const OPEN_GRAPH_GROUP_OF = byName(OPEN_GRAPH_GROUPS);

/**
 * The group of a schema.org type as pages write it: `Product`, `schema:Product`,
 * `https://schema.org/Product`, `http:\/\/schema.org\/Product` (escaped in JSON); undefined for none.
 */
export function schemaGroup(type: string): DeclaredGroup | undefined {
  const name = type
    .trim()
    .replace(/^.*[/:#]/, "")
    .replace(/\\/g, "");
  return SCHEMA_GROUP_OF.get(name.toLowerCase());
}

export function openGraphGroup(type: string): DeclaredGroup | undefined {
  return OPEN_GRAPH_GROUP_OF.get(type.trim().toLowerCase());
}

/** An `@type` and its value: a string, or an array (of strings, scanned by QUOTED). Bounded lengths: no backtracking blow-up. */
const LD_TYPE = /"@type"\s*:\s*(?:"([^"]{0,200})"|\[([^\]]{0,2000})\])/g;
const QUOTED = /"([^"]{0,200})"/g;
const LD_JSON = /\btype\s*=\s*["']?\s*application\/ld\+json/i;

/** Collects one page's declared types as segmentation meets them. */
export class DeclaredTypeReader {
  private schema = 0;
  private openGraph = 0;
  private ldChars = 0;

  /** A `<script>` the strip pass removes: `openTag` is its start tag, its body `html` from `start` to `end`. */
  script(openTag: string, html: string, start: number, end: number): void {
    if (!LD_JSON.test(openTag)) return;
    const chars = Math.min(end - start, MAX_LD_SCRIPT_CHARS, MAX_LD_PAGE_CHARS - this.ldChars);
    if (chars <= 0) return;
    this.ldChars += chars;
    for (const m of html.slice(start, start + chars).matchAll(LD_TYPE)) {
      if (m[1] !== undefined) this.addSchema(m[1]);
      else for (const q of m[2]!.matchAll(QUOTED)) this.addSchema(q[1]!);
    }
  }

  /** An element's `itemtype`: one or more type URLs, space-separated. */
  itemtype(value: string): void {
    for (const type of value.split(/\s+/)) if (type) this.addSchema(type);
  }

  /** A `<meta>`: only `property="og:type"` (or `name="og:type"`, which some pages write) is read. */
  meta(property: string | undefined, content: string | undefined): void {
    if (content === undefined || property?.trim().toLowerCase() !== "og:type") return;
    const group = openGraphGroup(content);
    if (group) this.openGraph |= 1 << DECLARED_GROUPS.indexOf(group);
  }

  /** What the page declared, or undefined when it declared nothing any group holds. */
  types(): DeclaredTypes | undefined {
    if (this.schema === 0 && this.openGraph === 0) return undefined;
    return { schema: groupsOf(this.schema), openGraph: groupsOf(this.openGraph) };
  }

  private addSchema(type: string): void {
    const group = schemaGroup(type);
    if (group) this.schema |= 1 << DECLARED_GROUPS.indexOf(group);
  }
}

function groupsOf(mask: number): DeclaredGroup[] {
  return DECLARED_GROUPS.filter((_, g) => mask & (1 << g));
}
