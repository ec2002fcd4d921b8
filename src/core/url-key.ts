import { md5 } from "@noble/hashes/legacy.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { getDomain } from "tldts";
import { canonicalHost } from "./host";
import type { UrlKey } from "./types";
import { compileUrlKeyRules, PAPER_RULES, type UrlKeyRule } from "./url-rules";

/**
 * Wrappers that carry their target in a query parameter. Redirect-only wrappers (feedproxy,
 * t.co, bit.ly...) are absent on purpose: the caller already followed redirects, and their target
 * is not recoverable from the URL anyway.
 */
const WRAPPERS: ReadonlyArray<{ host: RegExp; path: RegExp; params: readonly string[] }> = [
  { host: /^news\.google\.[a-z.]+$/, path: /^\/news\/url$/, params: ["url"] },
  { host: /^(www\.)?google\.[a-z.]+$/, path: /^\/url$/, params: ["url", "q"] },
  { host: /^(l|lm|m|www|web)\.facebook\.com$/, path: /^\/l\.php$/, params: ["u"] },
  { host: /^l\.messenger\.com$/, path: /^\/l\.php$/, params: ["u"] },
  { host: /^l\.instagram\.com$/, path: /^\/$/, params: ["u"] },
  { host: /^(www\.)?bing\.com$/, path: /^\/news\/apiclick\.aspx$/i, params: ["url"] },
  { host: /^t\.umblr\.com$/, path: /^\/redirect$/, params: ["z"] },
  { host: /^(www\.)?youtube\.com$/, path: /^\/redirect$/, params: ["q"] },
  { host: /^(www\.)?linkedin\.com$/, path: /^\/redir\/redirect$/, params: ["url"] },
  { host: /^out\.reddit\.com$/, path: /^\//, params: ["url"] },
  { host: /^(www\.)?duckduckgo\.com$/, path: /^\/l\/$/, params: ["uddg"] },
  { host: /^(m\.)?vk\.com$/, path: /^\/away\.php$/, params: ["to"] },
  { host: /^slack-redir\.net$/, path: /^\/link$/, params: ["url"] },
];

// Nesting deeper than this is not seen in practice; the cap only guards the loop.
const MAX_UNWRAP_DEPTH = 8;

/** Returns the target of a known query-parameter wrapper (nested ones too), else `url` as is. */
export function unwrapAggregator(url: string): string {
  let current = url;
  for (let depth = 0; depth < MAX_UNWRAP_DEPTH; depth++) {
    const target = wrappedTarget(current);
    if (target === null) break;
    current = target;
  }
  return current;
}

function wrappedTarget(url: string): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  for (const w of WRAPPERS) {
    if (!w.host.test(parsed.hostname) || !w.path.test(parsed.pathname)) continue;
    for (const name of w.params) {
      const target = parsed.searchParams.get(name)?.trim();
      // A javascript:/data: target must never become the document identity.
      if (target && parseHttpUrl(target)) return target;
    }
  }
  return null;
}

function parseHttpUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}

/**
 * Registrable domain (ICANN public suffix + one label). Private PSL entries are off: the ICANN
 * section changes rarely, while the private one grows constantly, and every change there would
 * re-home a site to a new domain (orphaning its stored tree) on a tldts upgrade. So
 * `foo.github.io` lives under `github.io`, with `foo` as the first branch node.
 */
export function registrableDomain(hostname: string): string {
  const host = keyHost(hostname);
  return getDomain(host, { allowPrivateDomains: false }) ?? host;
}

// Same host spelling as in keys (punycode, IPv4 canonical form, lower case, no trailing dot), so
// the domain of a Unicode or mixed-case host equals the domain of its key. A host the URL parser
// rejects keeps its lower-cased text: the best identity left.
function keyHost(hostname: string): string {
  const parsed = canonicalHost(hostname);
  const host = parsed === null ? hostname.trim().toLowerCase() : parsed.includes(":") ? `[${parsed}]` : parsed;
  return host.endsWith(".") ? host.slice(0, -1) : host;
}

export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}

/** Name of the query parameter carrying the title hash (paper §3, step 2). */
export const TITLE_PARAM = "_cid_";

/**
 * Deeper path segments are dropped from the branch. Every branch node is updated per document,
 * so depth is storage and write cost; real article paths are 2-8 deep, and a crafted URL with
 * hundreds of segments must not multiply the work. Truncation only merges very deep leaves into
 * their 16th ancestor; the key itself keeps the full path.
 */
export const MAX_BRANCH_DEPTH = 16;

/** A URL after step 2: every part in canonical form, query parameters sorted by name. */
export interface NormalizedUrl {
  /** `http:` or `https:`. */
  scheme: string;
  /** Host with a non-default port, e.g. `example.com:8080`. */
  host: string;
  hostname: string;
  /** Path with `/`-separated segments in canonical percent-encoding. */
  path: string;
  /** [name, value] pairs in canonical percent-encoding, sorted by name (stable). */
  params: Array<[string, string]>;
}

/**
 * Steps 1 and 2 of the paper: unwrap, parse, canonicalize, add the title hash, sort.
 *
 * The scheme is kept as given: the caller has followed redirects, and sites serving both schemes
 * redirect one to the other, so one document already arrives under one scheme; keeping it means
 * the key stays the fetchable URL. (Domain and branch ignore the scheme either way.)
 * User info is dropped: credentials are no part of a document's identity and must not be stored.
 */
export function normalizeUrl(responseUrl: string, title?: string | null): NormalizedUrl {
  const unwrapped = unwrapAggregator(responseUrl);
  let url: URL;
  try {
    url = new URL(unwrapped);
  } catch {
    throw new TypeError(`URL key: not a valid absolute URL: ${JSON.stringify(clip(responseUrl))}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(
      `URL key: only http and https URLs are supported, got ${JSON.stringify(url.protocol)} in ${JSON.stringify(clip(responseUrl))}`,
    );
  }
  const hostname = keyHost(url.hostname);
  const params = parseQuery(url.search);
  const cleanTitle = title?.replace(/\s+/g, " ").trim();
  if (cleanTitle) {
    // The title hash is authoritative for `_cid_`; a stray one in the URL would shadow it.
    const kept = params.filter(([name]) => name !== TITLE_PARAM);
    params.length = 0;
    params.push(...kept, [TITLE_PARAM, md5Hex(cleanTitle)]);
  }
  // Code-unit order, not locale order: keys must be identical on every runtime. Array sort is stable.
  params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    scheme: url.protocol,
    host: url.port ? `${hostname}:${url.port}` : hostname,
    hostname,
    path: url.pathname
      .split("/")
      .map((s) => canonical(s, PATH_SAFE, false))
      .join("/"),
    params,
  };
}

/** The URL string of a normalized URL; `withScheme: false` gives the text rules are matched against. */
export function formatUrl(url: NormalizedUrl, withScheme = true): string {
  const query = url.params.map(([n, v]) => `${n}=${v}`).join("&");
  return `${withScheme ? `${url.scheme}//` : ""}${url.host}${url.path}${query ? `?${query}` : ""}`;
}

const compiledRules = new WeakMap<readonly UrlKeyRule[], RegExp[]>();

function compiledFor(rules: readonly UrlKeyRule[]): RegExp[] {
  let compiled = compiledRules.get(rules);
  if (!compiled) {
    compiled = compileUrlKeyRules(rules);
    compiledRules.set(rules, compiled);
  }
  return compiled;
}

/** Step 3: keep the parameters the first matching rule retains; no matching rule drops the query. */
export function applyRules(url: NormalizedUrl, rules: readonly UrlKeyRule[] = PAPER_RULES): NormalizedUrl {
  const subject = formatUrl(url, false);
  const patterns = compiledFor(rules);
  const index = patterns.findIndex((re) => re.test(subject));
  const rule = index >= 0 ? rules[index] : undefined;
  // Rule names are plain text; encode them like parsed names so both sides compare canonically.
  const retained = new Set((rule?.retain ?? []).map((name) => encodeBytes(utf8ToBytes(name), NAME_SAFE)));
  return { ...url, params: url.params.filter(([name]) => retained.has(name)) };
}

/** The URL key, domain and URL Tree branch of a document (paper §3). */
export function buildUrlKey(
  responseUrl: string,
  options: { title?: string | null; rules?: readonly UrlKeyRule[] } = {},
): UrlKey {
  const url = applyRules(normalizeUrl(responseUrl, options.title), options.rules ?? PAPER_RULES);
  return { key: formatUrl(url), ...placeOf(url) };
}

/** Where a document of URL `url` (normalized) sits: its domain and its branch under it. */
function placeOf(url: NormalizedUrl): { domain: string; branch: string[] } {
  const domain = registrableDomain(url.hostname);
  return { domain, branch: branchOf(url.hostname, domain, url.path, url.params.length > 0) };
}

function branchOf(hostname: string, domain: string, path: string, hasQuery: boolean): string[] {
  const hostLabels =
    hostname.length > domain.length && hostname.endsWith(`.${domain}`)
      ? hostname
          .slice(0, -(domain.length + 1))
          .split(".")
          .reverse()
      : [];
  const segments = path.split("/").slice(1);
  // Without a query the last segment names one document; dropping it lets sibling articles share
  // their directory node. With a query the document is named by the query, so the path stays whole.
  if (!hasQuery) segments.pop();
  return [...hostLabels, ...segments.filter((s) => s !== "")].slice(0, MAX_BRANCH_DEPTH);
}

/**
 * The domain and branch buildUrlKey gave with a key it made, read back from the key alone: the one
 * reading of a key for everything that takes keys from outside (an import's checks that a line's key
 * is of its domain and its branch is the key's). Null when `key` is not a key as buildUrlKey writes
 * them: no http(s) URL, or one spelled otherwise (host case, a trailing dot, an IPv4 address in
 * another form, IPv6 written long, a Unicode host, the default port, user info, a fragment, an empty
 * or unsorted query, escapes in lower case...). Such a key names the same document as its canonical
 * spelling, and held beside it would count the document twice; a later page under that URL would
 * never find it.
 */
export function keyPlace(key: string): { domain: string; branch: string[] } | null {
  let url: NormalizedUrl;
  try {
    url = normalizeUrl(key);
  } catch {
    return null;
  }
  return formatUrl(url) === key ? placeOf(url) : null;
}

// Characters left literal in each component; everything else is percent-encoded, so `%7e`/`~`
// and `%3D`/`=` (in a value) come out the same. A path segment may not hold `/`, a name may not
// hold `=`, neither name nor value `&`, `+`, `#`: those would change the structure if decoded.
// `'` stays encoded in the query because the WHATWG parser encodes it there, keeping keys
// reparse-stable.
const UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const PATH_SAFE = charTable(`${UNRESERVED}!$&'()*+,;=:@`);
const NAME_SAFE = charTable(`${UNRESERVED}!$()*,;:@/?`);
const VALUE_SAFE = charTable(`${UNRESERVED}!$()*,;:@/?=`);

function charTable(chars: string): boolean[] {
  const table = new Array<boolean>(128).fill(false);
  for (const c of chars) table[c.charCodeAt(0)] = true;
  return table;
}

// Split on the literal delimiters first, then decode: `%26` inside a value stays data.
function parseQuery(search: string): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? "" : part.slice(eq + 1);
    // `+` is a space in a query (form encoding, as servers read it), and `?a` means `?a=`.
    params.push([canonical(name, NAME_SAFE, true), canonical(value, VALUE_SAFE, true)]);
  }
  return params;
}

/**
 * Decodes percent-escapes to bytes and re-encodes them with `safe` as the only literals. Working
 * on bytes keeps non-UTF-8 escapes (e.g. Latin-1 `%E9`) intact instead of turning them into
 * U+FFFD, which would make distinct URLs collide. A `%` not followed by two hex digits is data.
 */
function canonical(text: string, safe: boolean[], plusIsSpace: boolean): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === 0x2b && plusIsSpace) {
      bytes.push(0x20);
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      // The URL parser has already encoded non-ASCII; this only serves direct callers.
      const cp = text.codePointAt(i) ?? c;
      bytes.push(...utf8ToBytes(String.fromCodePoint(cp)));
      if (cp > 0xffff) i++;
    }
  }
  return encodeBytes(bytes, safe);
}

function encodeBytes(bytes: ArrayLike<number>, safe: boolean[]): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    out += safe[b] ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
