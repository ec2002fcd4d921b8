/**
 * Turns fetched HTML bytes into a string, choosing the character encoding the way a browser
 * would (HTML "determining the character encoding", simplified): BOM, then the Content-Type
 * charset, then an in-document `<meta>` / XML declaration, then UTF-8 if the bytes are valid
 * UTF-8, else windows-1252.
 *
 * Web Standards only (TextDecoder): this module runs in workerd and in Node 20 scripts.
 */

/** Which step of the sniffing decided the encoding. */
export type CharsetSource = "bom" | "header" | "meta" | "utf8" | "fallback";

export interface DecodedHtml {
  /** The document text, without a byte order mark. */
  html: string;
  /** Canonical encoding name as `TextDecoder.encoding` spells it, e.g. `windows-1252`, `gbk`. */
  charset: string;
  source: CharsetSource;
}

/** The HTML spec suggests 1024; real pages often put a long `<head>` preamble before the meta. */
const PRESCAN_LIMIT = 4096;

/**
 * Labels seen in the wild that the Encoding standard does not list. Kept tiny on purpose: every
 * entry is a deviation from what browsers do. A Map, not an object, so `__proto__` and friends
 * cannot resolve to something.
 */
const EXTRA_LABELS = new Map<string, string>([
  // Python's name for ISO-8859-1; pages labelled this way are Latin-1/cp1252 in practice.
  ["latin-1", "windows-1252"],
]);

/** Encoding-standard label to canonical encoding name, or null when this runtime cannot decode it. */
function resolveLabel(label: string): string | null {
  const key = label.trim().toLowerCase();
  if (key === "") return null;
  try {
    // TextDecoder implements the Encoding standard's label table, so it is the resolver too;
    // it also rejects the "replacement" labels (iso-2022-kr, hz-gb-2312, ...), which we want ignored.
    return new TextDecoder(EXTRA_LABELS.get(key) ?? key).encoding;
  } catch {
    return null;
  }
}

/**
 * Resolution for a label declared inside the document. Reading the declaration at all required an
 * ASCII-compatible encoding, so a UTF-16 claim is false and the spec substitutes UTF-8; likewise
 * x-user-defined becomes windows-1252 (and Node's TextDecoder lacks x-user-defined anyway).
 */
function resolveInDocumentLabel(label: string): string | null {
  if (label.trim().toLowerCase() === "x-user-defined") return "windows-1252";
  const encoding = resolveLabel(label);
  if (encoding === "utf-16le" || encoding === "utf-16be") return "utf-8";
  return encoding;
}

/**
 * The charset parameter of a Content-Type value, unvalidated (`"UTF-8"` stays `"UTF-8"`), or null.
 * The first charset parameter wins, as in WHATWG MIME parsing; quoted values may contain `;`.
 */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (typeof contentType !== "string") return null;
  const s = contentType;
  let i = s.indexOf(";");
  if (i < 0) return null;
  while (i < s.length) {
    i++; // past the ";"
    const eq = indexOfEither(s, "=", ";", i);
    if (eq < 0) return null;
    const name = s.slice(i, eq).trim().toLowerCase();
    if (s[eq] === ";") {
      i = eq;
      continue;
    }
    let j = eq + 1;
    // Lenient about spaces after "=": MIME forbids them but servers emit them.
    while (j < s.length && isHttpSpace(s.charCodeAt(j))) j++;
    let value: string;
    if (s[j] === '"') {
      value = "";
      j++;
      while (j < s.length && s[j] !== '"') {
        if (s[j] === "\\" && j + 1 < s.length) j++;
        value += s[j];
        j++;
      }
      const semi = s.indexOf(";", j);
      i = semi < 0 ? s.length : semi;
    } else {
      const semi = s.indexOf(";", j);
      i = semi < 0 ? s.length : semi;
      value = s.slice(j, i).trim();
    }
    if (name === "charset" && value !== "") return value;
  }
  return null;
}

function indexOfEither(s: string, a: string, b: string, from: number): number {
  for (let k = from; k < s.length; k++) if (s[k] === a || s[k] === b) return k;
  return -1;
}

function isHttpSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** The HTML spec's "ASCII whitespace" as bytes. */
function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d;
}

function isAsciiAlpha(b: number): boolean {
  const l = b | 0x20;
  return l >= 0x61 && l <= 0x7a;
}

function lowerByte(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b | 0x20 : b;
}

/** Case-insensitive match of a lowercase ASCII pattern at `pos`, not reading past `limit`. */
function matchesAt(bytes: Uint8Array, pos: number, limit: number, pattern: string): boolean {
  if (pos + pattern.length > limit) return false;
  for (let k = 0; k < pattern.length; k++) {
    if (lowerByte(bytes[pos + k]!) !== pattern.charCodeAt(k)) return false;
  }
  return true;
}

/** Index of the ASCII sequence `pattern` (exact case) in [from, limit), or -1. */
function findBytes(bytes: Uint8Array, pattern: string, from: number, limit: number): number {
  const first = pattern.charCodeAt(0);
  const last = limit - pattern.length;
  for (let p = bytes.indexOf(first, from); p >= 0 && p <= last; p = bytes.indexOf(first, p + 1)) {
    let k = 1;
    while (k < pattern.length && bytes[p + k] === pattern.charCodeAt(k)) k++;
    if (k === pattern.length) return p;
  }
  return -1;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQ = 0x3d;
const DQ = 0x22;
const SQ = 0x27;

interface Attribute {
  name: string;
  value: string;
}

/**
 * The HTML spec's "prescan a byte stream to determine its encoding", over the first `limit`
 * bytes. It walks tags rather than grepping so that a `<meta>` inside a comment or inside another
 * tag's attribute value does not count. Returns a canonical encoding name or null.
 */
function prescanMeta(bytes: Uint8Array, limit: number): string | null {
  let pos = 0;
  // Running out of bytes mid-tag aborts the prescan: a value cut at the limit ("utf-") would lie.
  let exhausted = false;
  const ranOut = (): null => {
    exhausted = true;
    return null;
  };

  // The spec's "get an attribute"; null means the tag ended (pos is on its ">") or input ran out.
  const getAttribute = (): Attribute | null => {
    while (pos < limit && (isSpace(bytes[pos]!) || bytes[pos] === SLASH)) pos++;
    if (pos >= limit) return ranOut();
    if (bytes[pos] === GT) return null;
    let name = "";
    let value = "";
    for (;;) {
      if (pos >= limit) return ranOut();
      const b = bytes[pos]!;
      if (b === EQ && name !== "") {
        pos++;
        break;
      }
      if (isSpace(b)) {
        while (pos < limit && isSpace(bytes[pos]!)) pos++;
        if (pos >= limit) return ranOut();
        if (bytes[pos] !== EQ) return { name, value };
        pos++;
        break;
      }
      if (b === SLASH || b === GT) return { name, value };
      name += String.fromCharCode(lowerByte(b));
      pos++;
    }
    while (pos < limit && isSpace(bytes[pos]!)) pos++;
    if (pos >= limit) return ranOut();
    const q = bytes[pos]!;
    if (q === DQ || q === SQ) {
      pos++;
      for (;;) {
        if (pos >= limit) return ranOut();
        const b = bytes[pos]!;
        pos++;
        if (b === q) return { name, value };
        value += String.fromCharCode(lowerByte(b));
      }
    }
    if (q === GT) return { name, value };
    for (;;) {
      if (pos >= limit) return ranOut();
      const b = bytes[pos]!;
      if (isSpace(b) || b === GT) return { name, value };
      value += String.fromCharCode(lowerByte(b));
      pos++;
    }
  };

  const processMeta = (): string | null => {
    const seen = new Set<string>();
    let gotPragma = false;
    let needPragma: boolean | null = null;
    // undefined: nothing declared yet; null: declared but unusable.
    let charset: string | null | undefined;
    for (let attr = getAttribute(); attr !== null; attr = getAttribute()) {
      if (seen.has(attr.name)) continue;
      seen.add(attr.name);
      if (attr.name === "http-equiv") {
        if (attr.value === "content-type") gotPragma = true;
      } else if (attr.name === "content") {
        const label = charsetFromMetaContent(attr.value);
        const encoding = label === null ? null : resolveInDocumentLabel(label);
        if (encoding !== null && charset === undefined) {
          charset = encoding;
          needPragma = true;
        }
      } else if (attr.name === "charset") {
        charset = resolveInDocumentLabel(attr.value);
        needPragma = false;
      }
    }
    if (exhausted || needPragma === null || (needPragma && !gotPragma)) return null;
    return charset ?? null;
  };

  while (pos < limit) {
    pos = bytes.indexOf(LT, pos);
    if (pos < 0 || pos >= limit) return null;
    if (matchesAt(bytes, pos, limit, "<!--")) {
      // "<!-->" is a complete comment, so the "-->" search starts on the first dash.
      const end = findBytes(bytes, "-->", pos + 2, limit);
      if (end < 0) return null;
      pos = end + 3;
    } else if (
      matchesAt(bytes, pos, limit, "<meta") &&
      pos + 5 < limit &&
      (isSpace(bytes[pos + 5]!) || bytes[pos + 5] === SLASH)
    ) {
      pos += 5;
      const found = processMeta();
      if (found !== null) return found;
      if (exhausted) return null;
      pos++;
    } else if (
      pos + 1 < limit &&
      (isAsciiAlpha(bytes[pos + 1]!) || (bytes[pos + 1] === SLASH && pos + 2 < limit && isAsciiAlpha(bytes[pos + 2]!)))
    ) {
      // Any other tag: skip its attributes wholesale so their values cannot fake a meta.
      pos++;
      while (pos < limit && !isSpace(bytes[pos]!) && bytes[pos] !== GT) pos++;
      while (getAttribute() !== null);
      if (exhausted) return null;
      pos++;
    } else if (pos + 1 < limit && (bytes[pos + 1] === 0x21 || bytes[pos + 1] === SLASH || bytes[pos + 1] === 0x3f)) {
      const end = bytes.indexOf(GT, pos + 1);
      if (end < 0 || end >= limit) return null;
      pos = end + 1;
    } else {
      pos++;
    }
  }
  return null;
}

/** The spec's "algorithm for extracting a character encoding from a meta element" (value is lowercased). */
function charsetFromMetaContent(s: string): string | null {
  let i = 0;
  for (;;) {
    const k = s.indexOf("charset", i);
    if (k < 0) return null;
    let j = k + 7;
    while (j < s.length && isSpace(s.charCodeAt(j))) j++;
    if (s[j] !== "=") {
      i = j;
      continue;
    }
    j++;
    while (j < s.length && isSpace(s.charCodeAt(j))) j++;
    if (j >= s.length) return null;
    const q = s[j];
    if (q === '"' || q === "'") {
      const end = s.indexOf(q, j + 1);
      return end < 0 ? null : s.slice(j + 1, end);
    }
    let end = j;
    while (end < s.length && !isSpace(s.charCodeAt(end)) && s[end] !== ";") end++;
    return s.slice(j, end);
  }
}

/**
 * The spec's "get an XML encoding": XHTML served as text/html declares its encoding only in
 * `<?xml ... encoding="..."?>`, which must open the document. Consulted only when no meta matched.
 */
function xmlDeclarationEncoding(bytes: Uint8Array, limit: number): string | null {
  if (findBytes(bytes, "<?xml", 0, Math.min(limit, 5)) !== 0) return null;
  const end = bytes.indexOf(GT, 5);
  if (end < 0 || end >= limit) return null;
  let pos = findBytes(bytes, "encoding", 5, end);
  if (pos < 0) return null;
  pos += 8;
  while (pos < end && bytes[pos]! <= 0x20) pos++;
  if (bytes[pos] !== EQ) return null;
  pos++;
  while (pos < end && bytes[pos]! <= 0x20) pos++;
  const q = bytes[pos];
  if (q !== DQ && q !== SQ) return null;
  const close = bytes.indexOf(q, pos + 1);
  if (close < 0 || close >= end) return null;
  let label = "";
  for (let k = pos + 1; k < close; k++) label += String.fromCharCode(bytes[k]!);
  return resolveInDocumentLabel(label);
}

/**
 * windows-1252 bytes 0x80-0x9F as the Encoding standard maps them. Node 20.18.3+ decodes
 * windows-1252 through a Latin-1 fast path that yields U+0080-U+009F instead
 * (nodejs/node#60888); older workerd had the same bug (cloudflare/workerd#6027).
 */
const WINDOWS_1252_C1 =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

let windows1252Broken: boolean | undefined;

function decodeWith(bytes: Uint8Array, encoding: string): string {
  // BOMs were handled before we get here; a second U+FEFF is content and must survive.
  const text = new TextDecoder(encoding, { fatal: false, ignoreBOM: true }).decode(bytes);
  if (encoding !== "windows-1252") return text;
  windows1252Broken ??= new TextDecoder("windows-1252").decode(Uint8Array.of(0x80)) !== "\u20ac";
  if (!windows1252Broken) return text;
  return text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!);
}

function toBytes(input: Uint8Array | ArrayBuffer): Uint8Array {
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  // Not instanceof: buffers from another realm (or a SharedArrayBuffer) fail that test.
  if (input !== null && typeof input === "object" && typeof input.byteLength === "number") {
    try {
      return new Uint8Array(input);
    } catch {
      // Unusable buffer-like input is treated as empty rather than thrown at the caller.
    }
  }
  return new Uint8Array(0);
}

function sniffBom(bytes: Uint8Array): { encoding: string; length: number } | null {
  const [b0, b1, b2] = bytes;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { encoding: "utf-8", length: 3 };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: "utf-16le", length: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: "utf-16be", length: 2 };
  return null;
}

/**
 * Decodes an HTML document. Never throws: unknown or unsupported labels are skipped, and
 * undeclared bytes that are not valid UTF-8 are read as windows-1252, which maps every byte.
 */
export function decodeHtml(bytes: Uint8Array | ArrayBuffer, contentType?: string | null): DecodedHtml {
  const data = toBytes(bytes);

  const bom = sniffBom(data);
  if (bom !== null) {
    return { html: decodeWith(data.subarray(bom.length), bom.encoding), charset: bom.encoding, source: "bom" };
  }

  // A declared encoding is honoured even when the bytes disagree (e.g. invalid UTF-8 under a
  // utf-8 label decodes with U+FFFD), as browsers do.
  const headerLabel = charsetFromContentType(contentType);
  const headerEncoding = headerLabel === null ? null : resolveLabel(headerLabel);
  if (headerEncoding !== null) {
    return { html: decodeWith(data, headerEncoding), charset: headerEncoding, source: "header" };
  }

  const limit = Math.min(data.length, PRESCAN_LIMIT);
  const metaEncoding = prescanMeta(data, limit) ?? xmlDeclarationEncoding(data, limit);
  if (metaEncoding !== null) {
    return { html: decodeWith(data, metaEncoding), charset: metaEncoding, source: "meta" };
  }

  try {
    // Valid UTF-8 is almost never accidental, so it beats any legacy guess; on success this is
    // the only full conversion of the document.
    const html = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(data);
    return { html, charset: "utf-8", source: "utf8" };
  } catch {
    return { html: decodeWith(data, "windows-1252"), charset: "windows-1252", source: "fallback" };
  }
}
