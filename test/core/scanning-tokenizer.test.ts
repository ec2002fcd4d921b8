import fc from "fast-check";
import { Parser, type Handler } from "htmlparser2";
import { describe, expect, it, vi } from "vitest";
import { METADATA_ATTRIBUTES, metadataAttributeName } from "../../src/core/metadata/attributes";
import { SegmentParser } from "../../src/core/segment-parser";
import { META_ATTRIBUTES, SEGMENT_ATTRIBUTES } from "../../src/core/segment-tags";
import { ScanningTokenizer } from "../../src/core/scanning-tokenizer";

/** Pieces of markup where the tokenizer's states begin and end, entities and their near misses. */
const FRAGMENTS = [
  "<div",
  "<p ",
  "<a href=x>",
  "<A HREF='/y?a=1&amp;b=2'>",
  "<img src=\"a&b\" alt='&lt;x&gt;'>",
  ' class="a&amp;b c"',
  " style='x&quot;y'",
  ' data-x="{&quot;k&quot;:1}"',
  " data-y=a&lt;b",
  " id=main",
  " hidden",
  " title=t/>",
  "=",
  '"',
  "'",
  ">",
  "/>",
  "</",
  "</div>",
  "</ div>",
  "</p x>",
  "<br/>",
  "<!--",
  "-->",
  "--->",
  "<!-->",
  "<![CDATA[",
  "]]>",
  "<?xml version='1'?>",
  "<!DOCTYPE html>",
  "<!x>",
  "&",
  "&amp;",
  "&amp",
  "&notit;",
  "&not",
  "&#x41;",
  "&#65",
  "&#;",
  "&nbsp;&nbsp;",
  "<title>",
  "</title>",
  "<title>a &amp; b</title>",
  "<script>",
  "</script>",
  "<script>if (a<b) x='</scr'</script>",
  "<style>p{}</style>",
  "<textarea>",
  "</textarea>",
  "<xmp>",
  "<scriptx>",
  "<Title>",
  "<STYLE x>",
  "<sTyLe/>",
  "<xmpx>",
  "<textareax ",
  "<span class=a>",
  "<tr",
  "<a b=>",
  "<a =x>",
  "<x y z=1 />",
  "<b c='d'e>",
  "<i j / k>",
  "</DIV >",
  "</a\n>",
  "<T",
  "<s",
  "text",
  "two words",
  " ",
  "\n",
  "\t",
  "\f",
  "<",
  "< p>",
  "<3",
  "a\u00e9\u4e2d\ud83d\ude00",
  // Where the tree builder (segment-parser.ts) implies ends, and foreign content's self-closing tags.
  "<li>",
  "</li>",
  "<table>",
  "<tbody>",
  "<tr>",
  "<td>",
  "<th>",
  "</td>",
  "</table>",
  "</p>",
  "</br>",
  "</img>",
  "<h2>",
  "<body>",
  "<head>",
  "<select>",
  "<option>",
  "<input>",
  "<dd>",
  "<dt>",
  "<math>",
  "</math>",
  "<mi>",
  "</mi>",
  "<svg>",
  "</svg>",
  "<desc>",
  "<x/>",
  // Names in capitals, kept attributes with entities, repeated and valueless, meta's attributes elsewhere.
  "<DIV class=a>",
  "</P>",
  "<p class='x &amp; y' class=z>",
  "<h2 id='&#x41;' CLASS=b>",
  "<p class id>",
  "<META Content=x name=y>",
  "<meta property=og:type content=article>",
  "<a href='&lt;x' name=n>",
  "<foreignObject>",
  "<svg/>",
  "<![CDATA[x]]>",
  // The metadata parse's attributes (metadata/attributes.ts): any case, entities, repeated, and near misses.
  "<META PROPERTY=og:title CONTENT='a &amp; b'>",
  "<meta Name=author NAME=x content=c data-content=d>",
  "<html LANG=en xml:lang=fr>",
  "<time DateTime='2024&#45;01'>",
  "<span ItemProp=author itemscope ITEMSCOPE>",
  "<script TYPE='application/ld&#43;json'>",
  "<img data-src=/a.jpg SRC='data:x' srcSet='b 1x' Data-Lazy-Src=c data-url=u data-original=o>",
  "<link REL=image_src HREF=/i.jpg>",
  "<meta HTTP-EQUIV=content-language content=de>",
  "<p \u0130temprop=x \u212aey=y itemprop\u017f=z>",
];
const ALPHABET = [..."<>&\"'=/ \n\t!-?[]ab#x;0"];

const markup = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 6 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(""));

/** Entity-heavy markup: runs of entities and near misses in text and in quoted values, between a few tags. */
const ENTITY_PIECES = [
  "&lt;",
  "&amp;",
  "&#60;",
  "&#x3C;",
  "&zz;",
  "&lt",
  "&amp",
  "&",
  "&&",
  "&#;",
  " y ",
  "x",
  "<",
  "<p>",
  "</p>",
  '<a title="',
  "<b class='",
  '"',
  "'",
  ">",
  "<!-- &lt; -->",
];
const entityMarkup = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...ENTITY_PIECES.slice(0, 11)) },
      fc.constantFrom(...ENTITY_PIECES),
    ),
    {
      maxLength: 200,
    },
  )
  .map((parts) => parts.join(""));

/** Every event a Parser reports, with its start and end indexes. */
function trace(html: string, make: (handler: Partial<Handler>) => Parser, chunks = [html.length]): unknown[] {
  const out: unknown[] = [];
  // The handler reads the indexes of the parser it is given to.
  const made: { parser?: Parser } = {};
  const at = (event: unknown[]) => out.push([...event, made.parser!.startIndex, made.parser!.endIndex]);
  const handler: Partial<Handler> = {
    onopentagname: (name) => at(["opentagname", name]),
    onattribute: (name, value, quote) => at(["attribute", name, value, quote]),
    onopentag: (name, attribs, implied) => at(["opentag", name, { ...attribs }, implied]),
    ontext: (data) => at(["text", data]),
    onclosetag: (name, implied) => at(["closetag", name, implied]),
    oncomment: (data) => at(["comment", data]),
    oncommentend: () => at(["commentend"]),
    oncdatastart: () => at(["cdatastart"]),
    oncdataend: () => at(["cdataend"]),
    onprocessinginstruction: (name, data) => at(["pi", name, data]),
    onend: () => at(["end"]),
  };
  const parser = (made.parser = make(handler));
  let from = 0;
  for (const n of chunks) {
    parser.write(html.slice(from, from + n));
    from += n;
  }
  parser.write(html.slice(from));
  parser.end();
  return out;
}

const OPTIONS = { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false };
const stock = (handler: Partial<Handler>) => new Parser(handler, OPTIONS);
const stockLowerCased = (handler: Partial<Handler>) =>
  new Parser(handler, { ...OPTIONS, lowerCaseAttributeNames: true });
const scanning = (handler: Partial<Handler>) => new Parser(handler, { ...OPTIONS, Tokenizer: ScanningTokenizer });

describe("the scanning tokenizer", () => {
  it("gives the stock tokenizer's events and indexes on generated markup", () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(trace(html, scanning)).toEqual(trace(html, stock));
      }),
      { numRuns: 2000 },
    );
  });

  it("does so with the page written in chunks (as metadata.ts writes it)", () => {
    fc.assert(
      fc.property(markup, fc.array(fc.nat({ max: 30 }), { maxLength: 8 }), (html, chunks) => {
        expect(trace(html, scanning, chunks)).toEqual(trace(html, stock, chunks));
      }),
      { numRuns: 1000 },
    );
  });

  it("does so when an entity cut by a chunk's end sends the index back into the previous chunk", () => {
    // Found by the property above: the scanning states once searched from before the buffer, forever.
    const html = '<<<<<<<<<<<<<< class="a&amp;b c"&notit;';
    expect(trace(html, scanning, [23, 7, 7])).toEqual(trace(html, stock, [23, 7, 7]));
    expect(trace("a&no", scanning, [3])).toEqual(trace("a&no", stock, [3]));
  });

  it("gives the stock events on entity-heavy text and values, whole and written in chunks", () => {
    fc.assert(
      fc.property(entityMarkup, fc.array(fc.nat({ max: 60 }), { maxLength: 8 }), (html, chunks) => {
        expect(trace(html, scanning)).toEqual(trace(html, stock));
        expect(trace(html, scanning, chunks)).toEqual(trace(html, stock, chunks));
      }),
      { numRuns: 1000 },
    );
  });

  it("searches each part of a run of entities once, not once per entity", () => {
    // After each entity the scanning states search on for the run's end (`<`, a quote) and the next `&`:
    // characters read by indexOf, summed over the searches, stay a few times the page's length.
    const run = "&lt; y &amp; &#60;&zz; ".repeat(2000);
    for (const html of [`<p>${run}</p>`, `<p title="${run}">x</p>`, `<p class='${run}'>x</p>`]) {
      const indexOf = vi.spyOn(String.prototype, "indexOf");
      try {
        new Parser({}, { ...OPTIONS, Tokenizer: ScanningTokenizer }).end(html);
        let read = 0;
        indexOf.mock.calls.forEach(([, from], k) => {
          const text = indexOf.mock.contexts[k] as unknown as string;
          if (text !== html) return;
          const at = indexOf.mock.results[k]!.value as number;
          read += (at < 0 ? text.length : at) - (from ?? 0);
        });
        expect(read).toBeGreaterThan(0);
        expect(read).toBeLessThan(4 * html.length);
      } finally {
        indexOf.mockRestore();
      }
    }
  });

  it("under the segmentation parser, gives the stock Parser's events (names lower-cased) less the attributes the walk never reads", () => {
    /** Whether the walk reads an attribute of a tag: SEGMENT_ATTRIBUTES, META_ATTRIBUTES on a `<meta>` only. */
    const walkReads = (tag: string, name: string) =>
      SEGMENT_ATTRIBUTES.has(name) && (tag === "meta" || !META_ATTRIBUTES.has(name));
    /** Open tags, text and closes, the attributes `kept` (the segmentation parser's: all it hands over). */
    function segmentTrace(
      html: string,
      make: (handler: Partial<Handler>) => { write(s: string): void; end(): void },
      kept: (tag: string, name: string) => boolean = () => true,
    ) {
      const out: unknown[] = [];
      const parser = make({
        onopentag: (name, attribs, implied) =>
          out.push(["open", name, Object.entries(attribs).filter(([k]) => kept(name, k)), implied]),
        ontext: (data) => out.push(["text", data]),
        oncomment: (data) => out.push(["comment", data]),
        onclosetag: (name, implied) => out.push(["close", name, implied]),
      });
      parser.write(html);
      parser.end();
      return out;
    }
    const segment = (handler: Partial<Handler>) => {
      const parser = new SegmentParser(handler);
      return { write: (html: string) => parser.parseWhole(html), end: () => undefined };
    };
    fc.assert(
      fc.property(markup, (html) => {
        // Attribute names are case-insensitive: the segmentation reads HREF as href (pages of the 2000s).
        expect(segmentTrace(html, segment)).toEqual(segmentTrace(html, stockLowerCased, walkReads));
      }),
      { numRuns: 2000 },
    );
  });

  it("under the metadata parse, written in chunks, gives the stock Parser's events and endIndex less the attributes the collector never reads", () => {
    /** Open tags (attributes `kept`), text and closes, and the parser's endIndex after each chunk. */
    function chunkTrace(
      html: string,
      chunks: number[],
      make: (handler: Partial<Handler>) => { writeTo(to: number): void; end(): void; endIndex(): number },
      kept: (name: string) => boolean = () => true,
    ) {
      const out: unknown[] = [];
      const parser = make({
        onopentag: (name, attribs, implied) =>
          out.push(["open", name, Object.entries(attribs).filter(([k]) => kept(k)), implied]),
        ontext: (data) => out.push(["text", data]),
        oncomment: (data) => out.push(["comment", data]),
        onclosetag: (name, implied) => out.push(["close", name, implied]),
      });
      let to = 0;
      for (const n of chunks) {
        parser.writeTo((to += n));
        out.push(["endIndex", parser.endIndex()]);
      }
      parser.writeTo(html.length);
      parser.end();
      return out;
    }
    // metadata.ts's use before: the stock Parser's default options (attribute names lower-cased), written in
    // parts. Its slices are taken from the whole page here: written in parts, the stock Parser drops a part
    // once an event starts past it, and an event the tokenizer then starts inside it (trailing data at the
    // end, an entity cut by a part's end) is sliced from the wrong part ("</two words" in parts [1] gave
    // the text "ds"). The segmentation parser slices the whole page, as a parse in one piece does.
    const stockParts = (html: string) => (handler: Partial<Handler>) => {
      const parser = new Parser(handler, { decodeEntities: true, Tokenizer: ScanningTokenizer });
      Object.assign(parser, { getSlice: (start: number, end: number) => html.slice(start, end) });
      let written = 0;
      return {
        writeTo: (to: number) => {
          parser.write(html.slice(written, Math.max(written, to)));
          written = Math.max(written, Math.min(to, html.length));
        },
        end: () => parser.end(),
        endIndex: () => parser.endIndex,
      };
    };
    const metadataParts = (html: string) => (handler: Partial<Handler>) => {
      const parser = new SegmentParser(handler, metadataAttributeName);
      parser.begin(html);
      return { writeTo: (to: number) => parser.writeTo(to), end: () => parser.end(), endIndex: () => parser.endIndex };
    };
    const collectorReads = (name: string) => METADATA_ATTRIBUTES.includes(name);
    fc.assert(
      fc.property(markup, fc.array(fc.nat({ max: 30 }), { maxLength: 8 }), (html, chunks) => {
        expect(chunkTrace(html, chunks, metadataParts(html))).toEqual(
          chunkTrace(html, chunks, stockParts(html), collectorReads),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
