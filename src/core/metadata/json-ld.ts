/**
 * The article fields of a page's JSON-LD (schema.org). The nodes of all scripts are gathered
 * breadth-first (top-level objects, arrays, `@graph` members, then what they nest), so the article a
 * page is about wins over articles it merely lists; `{"@id": ...}` references are resolved against
 * the nodes that define them (Yoast-style graphs). The walk is a queue bounded in depth and in
 * nodes, never recursion. Values come out raw, in precedence order; ../metadata.ts cleans them.
 */
import { looksLikeUrl } from "./values";

/** Nodes nested deeper than this, or beyond this many visited values, are not looked at. */
export const LD_MAX_DEPTH = 32;
export const LD_MAX_VALUES = 20_000;

type LdNode = Record<string, unknown>;

const ARTICLE_TYPES = new Set([
  "article",
  "newsarticle",
  "blogposting",
  "report",
  "techarticle",
  "scholarlyarticle",
  "socialmediaposting",
  "liveblogposting",
  "analysisnewsarticle",
  "opinionnewsarticle",
  "reportagenewsarticle",
  "reviewnewsarticle",
  "backgroundnewsarticle",
  "askpublicnewsarticle",
  "satiricalarticle",
  "advertisercontentarticle",
  "discussionforumposting",
  "apireference",
  "medicalscholarlyarticle",
  "posting",
  "review",
  "recipe",
  "howto",
]);
const PAGE_TYPES = new Set([
  "webpage",
  "itempage",
  "aboutpage",
  "faqpage",
  "qapage",
  "collectionpage",
  "profilepage",
  "medicalwebpage",
  "searchresultspage",
  "checkoutpage",
  "contactpage",
  "realestatelisting",
]);

/** Candidate raw values per field, best first. */
export interface LdFields {
  headline: string[];
  byline: string[];
  published: string[];
  modified: string[];
  image: string[];
  siteName: string[];
  lang: string[];
  description: string[];
}

export function emptyLdFields(): LdFields {
  return { headline: [], byline: [], published: [], modified: [], image: [], siteName: [], lang: [], description: [] };
}

/** The fields of the article node (else the page node) among `roots`, the parsed script bodies. */
export function readJsonLd(roots: unknown[]): LdFields {
  const fields = emptyLdFields();
  if (roots.length === 0) return fields;
  const { nodes, byId } = collectNodes(roots);
  const resolve = (value: unknown): unknown => {
    if (!isNode(value) || typeof value["@id"] !== "string") return value;
    return byId.get(value["@id"]) ?? value;
  };
  const article = nodes.find((node) => hasType(node, ARTICLE_TYPES));
  const page = nodes.find((node) => hasType(node, PAGE_TYPES));
  const website = nodes.find((node) => hasType(node, new Set(["website"])));
  for (const node of [article, page]) {
    if (!node) continue;
    push(fields.headline, firstString(node.headline));
    // A page node's name is its <title> (suffix and all), an article's is its headline.
    if (node === article || !article) push(fields.headline, firstString(node.name));
    push(fields.byline, authorNames(node.author ?? node.creator, resolve));
    push(fields.published, firstString(node.datePublished), firstString(node.dateCreated));
    push(fields.modified, firstString(node.dateModified));
    push(fields.image, imageUrl(node.image, resolve), imageUrl(node.primaryImageOfPage, resolve));
    push(fields.image, imageUrl(node.thumbnailUrl, resolve));
    push(fields.siteName, organizationName(node.publisher, resolve));
    push(fields.lang, firstString(node.inLanguage));
    push(fields.description, firstString(node.description));
  }
  if (website) {
    push(fields.siteName, firstString(website.name));
    push(fields.lang, firstString(website.inLanguage));
  }
  return fields;
}

function collectNodes(roots: unknown[]): { nodes: LdNode[]; byId: Map<string, LdNode> } {
  const nodes: LdNode[] = [];
  const byId = new Map<string, LdNode>();
  const queue: unknown[] = [...roots];
  const depths: number[] = roots.map(() => 0);
  for (let head = 0; head < queue.length && head < LD_MAX_VALUES; head++) {
    const value = queue[head];
    const depth = depths[head]!;
    if (depth >= LD_MAX_DEPTH) continue;
    const children = Array.isArray(value) ? value : isNode(value) ? Object.values(value) : null;
    if (children === null) continue;
    if (isNode(value)) {
      if (value["@type"] !== undefined) nodes.push(value);
      // A definition has more than its @id; a bare {"@id"} is only a reference to one.
      const id = value["@id"];
      if (typeof id === "string" && Object.keys(value).length > 1 && !byId.has(id)) byId.set(id, value);
    }
    for (const child of children) {
      if (typeof child !== "object" || child === null) continue;
      if (queue.length >= LD_MAX_VALUES) break;
      queue.push(child);
      depths.push(depth + 1);
    }
  }
  return { nodes, byId };
}

function isNode(value: unknown): value is LdNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `@type` as a string or list, full IRIs and prefixes too ("schema:NewsArticle", "https://schema.org/Report"). */
function hasType(node: LdNode, types: Set<string>): boolean {
  const type = node["@type"];
  const list = Array.isArray(type) ? type : [type];
  return list.some((t) => typeof t === "string" && types.has(localName(t)));
}

function localName(iri: string): string {
  return iri.slice(Math.max(iri.lastIndexOf("/"), iri.lastIndexOf(":")) + 1).toLowerCase();
}

function firstString(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.find((v): v is string => typeof v === "string") ?? null;
  return null;
}

function push(list: string[], ...values: (string | null)[]): void {
  for (const value of values) if (value !== null && value.trim() !== "") list.push(value);
}

/** Names of a string, Person, Organization, or a list of them, joined by ", " (URLs are not names). */
function authorNames(value: unknown, resolve: (v: unknown) => unknown): string | null {
  const names: string[] = [];
  const items = Array.isArray(value) ? value.slice(0, 20) : [value];
  for (const item of items) {
    const name = personName(resolve(item));
    if (name !== null && !looksLikeUrl(name) && !names.includes(name)) names.push(name);
  }
  return names.length > 0 ? names.join(", ") : null;
}

function personName(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (!isNode(value)) return null;
  const name = firstString(value.name)?.trim();
  if (name) return name;
  const given = firstString(value.givenName)?.trim() ?? "";
  const family = firstString(value.familyName)?.trim() ?? "";
  return `${given} ${family}`.trim() || null;
}

function organizationName(value: unknown, resolve: (v: unknown) => unknown): string | null {
  const item = resolve(Array.isArray(value) ? value[0] : value);
  if (typeof item === "string") return looksLikeUrl(item) ? null : item;
  return isNode(item) ? firstString(item.name) : null;
}

/** A string, an ImageObject (`url` or `contentUrl`), or a list of either: the first URL found. */
function imageUrl(value: unknown, resolve: (v: unknown) => unknown): string | null {
  const items = Array.isArray(value) ? value.slice(0, 10) : [value];
  for (const raw of items) {
    const item = resolve(raw);
    if (typeof item === "string" && item.trim() !== "") return item;
    if (isNode(item)) {
      const url = firstString(item.url) ?? firstString(item.contentUrl);
      if (url !== null) return url;
    }
  }
  return null;
}
