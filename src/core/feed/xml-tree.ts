/**
 * Reading and editing fast-xml-parser's ordered tree (`preserveOrder: true`). Each node is an
 * object with one key: the tag name (its value the child list), `#text`, `#cdata` or `#comment`;
 * an element's attributes sit beside it under `:@`, prefixed `@_`. The ordered form is what lets a
 * feed be written back with comments, CDATA, whitespace and unknown extensions where they were.
 */

export type XmlNode = Record<string, unknown>;

const ATTRS = ":@";
const PREFIX = "@_";
const SPECIAL = new Set(["#text", "#cdata", "#comment"]);

/** The element's tag name, or null for text, CDATA, comments and processing instructions. */
export function tagOf(node: XmlNode): string | null {
  for (const key of Object.keys(node)) {
    if (key === ATTRS || SPECIAL.has(key) || key.startsWith("?")) continue;
    return key;
  }
  return null;
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const children = tag === null ? undefined : node[tag];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

export function elementsOf(node: XmlNode): XmlNode[] {
  return childrenOf(node).filter((c) => tagOf(c) !== null);
}

export function attrOf(node: XmlNode, name: string): string | null {
  const attrs = node[ATTRS] as Record<string, unknown> | undefined;
  const value = attrs?.[PREFIX + name];
  return typeof value === "string" ? value : null;
}

export function setAttr(node: XmlNode, name: string, value: string): void {
  const attrs = (node[ATTRS] as Record<string, unknown> | undefined) ?? {};
  attrs[PREFIX + name] = value;
  node[ATTRS] = attrs;
}

export function attrsOf(node: XmlNode): Record<string, string> {
  const out: Record<string, string> = {};
  const attrs = node[ATTRS] as Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(attrs ?? {}))
    if (k.startsWith(PREFIX) && typeof v === "string") out[k.slice(PREFIX.length)] = v;
  return out;
}

/** Text content: text and CDATA of the node and all its descendants, in order. */
export function textOf(node: XmlNode): string {
  if (typeof node["#text"] === "string" || typeof node["#text"] === "number") return String(node["#text"]);
  if (Array.isArray(node["#cdata"])) return (node["#cdata"] as XmlNode[]).map(textOf).join("");
  if ("#comment" in node) return "";
  let out = "";
  for (const child of childrenOf(node)) out += textOf(child);
  return out;
}

export function firstChild(node: XmlNode, name: string): XmlNode | null {
  return childrenOf(node).find((c) => tagOf(c) === name) ?? null;
}

export function childrenNamed(node: XmlNode, name: string): XmlNode[] {
  return childrenOf(node).filter((c) => tagOf(c) === name);
}

/** Trimmed text of the first child element with that name, or "" when there is none. */
export function childText(node: XmlNode, name: string | null): string {
  if (name === null) return "";
  const child = firstChild(node, name);
  return child ? textOf(child).trim() : "";
}

export function element(name: string, text: string | null, attrs?: Record<string, string>): XmlNode {
  const node: XmlNode = { [name]: text === null ? [] : [{ "#text": text }] };
  if (attrs) for (const [k, v] of Object.entries(attrs)) setAttr(node, k, v);
  return node;
}

/** Removes every child element with that name; returns the index the first one had, or -1. */
export function removeChildren(node: XmlNode, name: string): number {
  const children = childrenOf(node);
  let first = -1;
  for (let i = children.length - 1; i >= 0; i--) {
    if (tagOf(children[i]!) !== name) continue;
    children.splice(i, 1);
    first = i;
  }
  return first;
}

/**
 * Appends a child after the last element, copying the indentation the item already uses, so a
 * pretty-printed feed stays pretty.
 */
export function appendChild(node: XmlNode, child: XmlNode, at = -1): void {
  const children = childrenOf(node);
  if (at >= 0 && at <= children.length) {
    children.splice(at, 0, child);
    return;
  }
  const last = children[children.length - 1];
  const trailing = last && typeof last["#text"] === "string" && /^\s*$/.test(last["#text"]) ? last["#text"] : null;
  const indentNode = children.find(
    (c, i) => i < children.length - 1 && typeof c["#text"] === "string" && /^\s+$/.test(c["#text"]),
  );
  if (trailing !== null) {
    children.splice(children.length - 1, 0, ...(indentNode ? [{ "#text": indentNode["#text"] }] : []), child);
  } else {
    children.push(child);
  }
}

/** The local part of a qualified name: `content:encoded` -> `encoded`. */
export function localName(qname: string): string {
  const colon = qname.indexOf(":");
  return colon < 0 ? qname : qname.slice(colon + 1);
}

export function prefixOf(qname: string): string {
  const colon = qname.indexOf(":");
  return colon < 0 ? "" : qname.slice(0, colon);
}

/**
 * Namespace URI -> prefix ("" for the default namespace) as declared on the root element. Feeds
 * declare their namespaces on the root in practice; a declaration deeper down is not seen.
 */
export function namespacePrefixes(root: XmlNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(attrsOf(root))) {
    if (name === "xmlns") out.set(value, "");
    else if (name.startsWith("xmlns:")) out.set(value, name.slice(6));
  }
  return out;
}

/** `prefix:local`, or `local` for the default namespace. */
export function qualify(prefix: string, local: string): string {
  return prefix ? `${prefix}:${local}` : local;
}
