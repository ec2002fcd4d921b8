/**
 * The XML namespaces feeds use, and the prefix a given document binds to each. Names are looked up
 * through the document's own prefixes, so `<dc:date>` is found whatever prefix the feed chose;
 * for an undeclared namespace the conventional prefix is assumed (many feeds use `dc:` without
 * declaring it, and parsers tolerate it).
 */
import { namespacePrefixes, qualify, type XmlNode } from "./xml-tree";

export const NS = {
  atom: "http://www.w3.org/2005/Atom",
  content: "http://purl.org/rss/1.0/modules/content/",
  dc: "http://purl.org/dc/elements/1.1/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rss1: "http://purl.org/rss/1.0/",
  feedburner: "http://rssnamespace.org/feedburner/ext/1.0",
} as const;

export type NsKey = keyof typeof NS;

const CONVENTIONAL: Record<NsKey, string> = {
  atom: "atom",
  content: "content",
  dc: "dc",
  rdf: "rdf",
  rss1: "",
  feedburner: "feedburner",
};

/** The prefix per namespace for this document (declared, else conventional). */
export function documentPrefixes(root: XmlNode): Record<NsKey, string> {
  const declared = namespacePrefixes(root);
  const out = {} as Record<NsKey, string>;
  for (const key of Object.keys(NS) as NsKey[]) out[key] = declared.get(NS[key]) ?? CONVENTIONAL[key];
  return out;
}

/** Qualified name of `local` in namespace `ns` for this document. */
export function nameIn(prefixes: Record<string, string>, ns: NsKey, local: string): string {
  return qualify(prefixes[ns] ?? CONVENTIONAL[ns], local);
}
