/**
 * The attributes the metadata collector (./collector.ts) reads, and the rule the metadata parse keeps
 * them by. The stock Parser hands the collector every attribute of every tag, its name lower-cased and
 * its value sliced and entity-decoded; the collector looks at a handful. The parse it rides on
 * (segmentation's, with a tee: ../metadata.ts) keeps those alone besides segmentation's own, so the tokenizer skips the others' values undecoded (segment-parser.ts): the
 * collector sees the same events with the attributes it never reads left out.
 *
 * A new `attribs.x` read in the collector must be added here, or it reads undefined: the tests
 * (metadata-tee.test.ts: the metadata of generated pages, each attribute in any case, against a
 * stock Parser's whole parse) fail for a name left out.
 */

/** Lower case, as the stock Parser's lowerCaseAttributeNames (on in HTML mode) hands them over. */
export const METADATA_ATTRIBUTES: readonly string[] = [
  "content",
  "property",
  "name",
  "http-equiv",
  "type",
  "lang",
  "xml:lang",
  "href",
  "rel",
  "datetime",
  "itemprop",
  "itemscope",
  "src",
  "srcset",
  "data-src",
  "data-lazy-src",
  "data-original",
  "data-url",
];

/** METADATA_ATTRIBUTES by length, to tell a kept name in the page without slicing it out. */
const BY_LENGTH: string[][] = [];
for (const name of METADATA_ATTRIBUTES) (BY_LENGTH[name.length] ??= []).push(name);

/**
 * The kept attribute `html[start, end)` names, in lower case as the stock Parser gives it, or null.
 * ASCII letters are compared in either case; a name with any other character is lower-cased whole,
 * as the stock Parser does (the Kelvin sign lower-cases to an ASCII "k"; a name whose lower case is
 * longer, as "İ" makes it, holds a character no kept name has).
 */
export function metadataAttributeName(html: string, start: number, end: number): string | null {
  const candidates = BY_LENGTH[end - start];
  if (candidates === undefined) return null;
  for (const name of candidates) if (holdsIgnoringCase(html, start, name)) return name;
  return null;
}

/** Whether `html` holds `lower` at `at`, as toLowerCase compares it. */
function holdsIgnoringCase(html: string, at: number, lower: string): boolean {
  for (let k = 0; k < lower.length; k++) {
    const c = html.charCodeAt(at + k);
    const want = lower.charCodeAt(k);
    if (c === want || (want >= 0x61 && want <= 0x7a && c === want - 0x20)) continue;
    return c >= 0x80 && html.slice(at, at + lower.length).toLowerCase() === lower;
  }
  return true;
}
