/**
 * htmlparser2's Parser, keeping only the attributes the walk reads (SEGMENT_ATTRIBUTES).
 *
 * Most attribute bytes of a real page are styles, data-* and aria-* values the walk never looks at;
 * the stock Parser slices each value out of the page, joins its pieces and stores it on the
 * element's attribute object. Here an attribute whose name is not read is dropped at its name, so
 * none of that happens, and the tokenizer (scanning-tokenizer.ts) skips their values without decoding
 * them. Everything else (the open-element stack, implied ends) is the stock Parser's, so the events
 * are the same but for the attributes nobody reads.
 *
 * The page is written in one piece (`parseWhole`), so a tokenizer index is an index into that
 * string: the name is sliced from it directly.
 */
import { Parser, type Handler } from "htmlparser2";
import { META_ATTRIBUTES, SEGMENT_ATTRIBUTES } from "./segment-tags";
import { ScanningTokenizer, type AttributeValueReader } from "./scanning-tokenizer";

type QuoteType = Parameters<Parser["onattribend"]>[0];

export class SegmentParser extends Parser implements AttributeValueReader {
  private html = "";
  /** Whether the attribute being read is one the walk reads (the tokenizer skips the values of the others). */
  readsAttributeValue = true;
  /** Whether the tag being opened is a `<meta>`, the only one whose META_ATTRIBUTES the walk reads. */
  private inMeta = false;

  constructor(handler: Partial<Handler>) {
    super(handler, {
      lowerCaseAttributeNames: false,
      decodeEntities: true,
      xmlMode: false,
      Tokenizer: ScanningTokenizer,
    });
  }

  /** Parses `html` as one whole document. */
  parseWhole(html: string): void {
    this.html = html;
    this.write(html);
    this.end();
  }

  override onopentagname(start: number, endIndex: number): void {
    this.inMeta = endIndex - start === 4 && this.html.slice(start, endIndex).toLowerCase() === "meta";
    super.onopentagname(start, endIndex);
  }

  override onattribname(start: number, endIndex: number): void {
    // Names as written: the walk reads them so (lowerCaseAttributeNames is off, as in linkedom).
    const name = this.html.slice(start, endIndex);
    this.readsAttributeValue = SEGMENT_ATTRIBUTES.has(name) && (this.inMeta || !META_ATTRIBUTES.has(name));
    if (this.readsAttributeValue) super.onattribname(start, endIndex);
    else this.startIndex = start;
  }

  override onattribdata(start: number, endIndex: number): void {
    if (this.readsAttributeValue) super.onattribdata(start, endIndex);
  }

  override onattribentity(cp: number): void {
    if (this.readsAttributeValue) super.onattribentity(cp);
  }

  override onattribend(quote: QuoteType, endIndex: number): void {
    if (this.readsAttributeValue) super.onattribend(quote, endIndex);
    else this.endIndex = endIndex;
  }
}
