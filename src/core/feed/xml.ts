/**
 * XML in and out through fast-xml-parser, configured for untrusted feeds.
 *
 * Entity attacks are refused before the parser sees the text: a DOCTYPE with an internal subset
 * (the only place entities can be declared) or an `<!ENTITY` anywhere outside comments and CDATA
 * fails with `hostile`. This is stricter than the parser's own limits on purpose: fast-xml-parser
 * accepts a DOCTYPE even inside the root element and expands its entities there, and its entity
 * limits do not all apply (a `maxEntityCount` of 0 is ignored), so the guard must not depend on
 * them. External DTDs (RSS 0.91's Netscape DOCTYPE) are allowed: nothing ever fetches them.
 * Nesting is capped, input must be well-formed (the strict validator runs first), and the
 * expansion limits that remain only bound character references, which cannot multiply.
 */
import { XMLBuilder, XMLParser, XMLValidator, type X2jOptions, type XmlBuilderOptions } from "fast-xml-parser";
import type { XmlNode } from "./xml-tree";

export type XmlFailure = { kind: "hostile" | "malformed"; message: string };

const ORDERED: Partial<X2jOptions> = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Values stay strings: a guid "00123" or a title "1e3" must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  // Whitespace between elements is kept, so a pretty-printed feed comes back pretty.
  trimValues: false,
  cdataPropName: "#cdata",
  commentPropName: "#comment",
};

/** Deeper than any real feed (Atom XHTML content included); bounds the parser's recursion. */
export const MAX_NESTED_TAGS = 200;

function parser(textLength: number): XMLParser {
  return new XMLParser({
    ...ORDERED,
    // Decodes numeric references (`&#233;`) and the HTML names RSS 0.91's DTD defines (`&nbsp;`):
    // without it fast-xml-parser leaves numeric references undecoded, and they would be
    // escaped again on output (`&amp;#233;`), changing the text.
    htmlEntities: true,
    processEntities: {
      enabled: true,
      // No declared entities get this far (see the module comment); the limits only need to
      // allow every character reference a document of this size can hold.
      maxTotalExpansions: textLength,
      maxExpandedLength: 4 * textLength + 1024,
    },
    maxNestedTags: MAX_NESTED_TAGS,
  });
}

/**
 * Why the text must not be parsed: a DOCTYPE with an internal subset or an entity declaration,
 * outside comments and CDATA sections. Null when there is none.
 */
export function dtdHazard(text: string): string | null {
  let i = 0;
  for (;;) {
    const lt = text.indexOf("<!", i);
    if (lt < 0) return null;
    if (text.startsWith("<!--", lt)) {
      const end = text.indexOf("-->", lt + 4);
      if (end < 0) return null; // unterminated: the validator refuses the document
      i = end + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", lt)) {
      const end = text.indexOf("]]>", lt + 9);
      if (end < 0) return null;
      i = end + 3;
      continue;
    }
    const word = text.slice(lt + 2, lt + 9).toUpperCase();
    if (word.startsWith("ENTITY")) return "the document declares an entity (<!ENTITY>)";
    if (word === "DOCTYPE") {
      // Walk the declaration with quote tracking: `[` opens an internal subset, `>` ends it.
      let quote: string | null = null;
      let j = lt + 9;
      for (; j < text.length; j++) {
        const c = text[j]!;
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === "[") return "the DOCTYPE has an internal subset (where entities are declared)";
        else if (c === ">") break;
      }
      i = j + 1;
      continue;
    }
    i = lt + 2;
  }
}

/** Parses untrusted XML into the ordered tree, or says why it will not. Never throws. */
export function parseXml(text: string): { ok: true; doc: XmlNode[] } | { ok: false; failure: XmlFailure } {
  const hazard = dtdHazard(text);
  if (hazard)
    return {
      ok: false,
      failure: {
        kind: "hostile",
        message: `refused: ${hazard}; entity declarations are not accepted (entity expansion, external entities)`,
      },
    };
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    return {
      ok: false,
      failure: { kind: "malformed", message: `not well-formed XML (line ${line}, column ${col}): ${msg}` },
    };
  }
  try {
    return { ok: true, doc: parser(text.length).parse(text) as XmlNode[] };
  } catch (err) {
    return {
      ok: false,
      failure: {
        kind: "malformed",
        message: `XML could not be parsed: ${err instanceof Error ? err.message : String(err)}`,
      },
    };
  }
}

/** Characters XML 1.0 cannot carry at all, even escaped (controls, lone surrogates, U+FFFE/F). */
// eslint-disable-next-line no-control-regex -- tab, LF and CR are exactly the controls XML allows.
const NOT_XML_CHAR = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Page text may hold control characters; in XML output they would make the feed unreadable. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, "");
}

const BUILD_ORDERED: XmlBuilderOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  cdataPropName: "#cdata",
  commentPropName: "#comment",
  format: false,
  suppressEmptyNode: true,
  // The builder writes an attribute whose value is "true" as a bare name by default, which is
  // not XML: `isPermaLink="true"` would come out as `isPermaLink`.
  suppressBooleanAttributes: false,
  processEntities: true,
};

/** Serializes an ordered tree (as parsed, then edited). */
export function buildOrdered(doc: XmlNode[]): string {
  return new XMLBuilder(BUILD_ORDERED).build(doc);
}

/** Serializes a plain object tree (`@_` attributes, arrays for repeated elements), indented. */
export function buildPlain(doc: Record<string, unknown>): string {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    format: true,
    indentBy: "  ",
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
    processEntities: true,
  });
  return builder.build(doc);
}

/** Well-formedness of output, by the same strict validator input has to pass. */
export function validateXml(text: string): true | string {
  const valid = XMLValidator.validate(text);
  return valid === true ? true : `line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`;
}
