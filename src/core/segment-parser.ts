/**
 * The tree-building half of htmlparser2's Parser (10.1.0, HTML mode, linkedom's options), owned
 * here and keeping only the attributes the walk reads (SEGMENT_ATTRIBUTES).
 *
 * The stock Parser is general: every callback is optional and tested at each call, slices go through
 * a chunk list, attributes are offered to an `onattribute` callback with their quote, and its stack of
 * open elements keeps the innermost first, so every element opened or closed shifts the whole stack
 * (`unshift`, `shift`). The page here is written in one piece and the handler is fixed, so this
 * parser slices the page directly and keeps the stack innermost last; the rules (which start tags
 * imply which ends, void elements, `</p>` and `</br>` without a start, self-closing tags only in
 * math and svg) are the stock Parser's, so the events are the same but for the attributes nobody
 * reads. test/core/scanning-tokenizer.test.ts compares them with the stock Parser's on generated markup.
 *
 * An attribute whose name is not read is dropped at its name: most attribute bytes of a real page
 * are styles, data-* and aria-* values the walk never looks at, and the tokenizer
 * (scanning-tokenizer.ts) skips their values without decoding them.
 */
import type { Handler } from "htmlparser2";
import { HARD, INLINE, LANDMARK_TAGS, META_ATTRIBUTES, SEGMENT_ATTRIBUTES, SKIP, VOID } from "./segment-tags";
import { ScanningTokenizer, type AttributeValueReader } from "./scanning-tokenizer";

/** The handler events the walk takes: an element opens (with its kept attributes), text, a comment, an element closes. */
export type SegmentHandler = Partial<Pick<Handler, "onopentag" | "ontext" | "oncomment" | "onclosetag">>;

const P_TAG = new Set(["p"]);
const FORM_TAGS = new Set(["input", "option", "optgroup", "select", "button", "datalist", "textarea"]);
const TABLE_SECTION_TAGS = new Set(["thead", "tbody"]);
const DD_DT_TAGS = new Set(["dd", "dt"]);
const RT_RP_TAGS = new Set(["rt", "rp"]);

/** The open elements a start tag closes first when one of them is innermost (htmlparser2's `openImpliesClose`). */
const OPEN_IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["li", new Set(["li"])],
  ...["p", "h1", "h2", "h3", "h4", "h5", "h6"].map((tag): [string, ReadonlySet<string>] => [tag, P_TAG]),
  ...["select", "input", "output", "button", "datalist", "textarea"].map((tag): [string, ReadonlySet<string>] => [
    tag,
    FORM_TAGS,
  ]),
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", DD_DT_TAGS],
  ["dt", DD_DT_TAGS],
  ...[
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((tag): [string, ReadonlySet<string>] => [tag, P_TAG]),
  ["rt", RT_RP_TAGS],
  ["rp", RT_RP_TAGS],
  ["tbody", TABLE_SECTION_TAGS],
  ["tfoot", TABLE_SECTION_TAGS],
]);

/** Elements that never hold anything: closed as soon as opened, never on the stack. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Where `<x/>` closes x (foreign content), and the elements inside it where it does not again. */
const FOREIGN_CONTEXT_ELEMENTS = new Set(["math", "svg"]);
const HTML_INTEGRATION_ELEMENTS = new Set([
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "annotation-xml",
  "foreignobject",
  "desc",
  "title",
]);

/**
 * Tag names by length, each with its first code unit, to read a tag's name without slicing it out:
 * a name of a page is compared in place against these, lower-case as pages mostly write them, and a
 * match is the constant (no string made per tag, two with toLowerCase's copy when it changes case,
 * and a constant's hash is computed once for the Map and Set lookups each element makes). Any other
 * name, or one written in another case, is sliced and lower-cased as before: the same string.
 */
const TAGS_BY_LENGTH: { first: number; name: string }[][] = [];
for (const name of new Set([
  // The most frequent first (each length's list is read in order).
  ...["a", "p", "div", "span", "li", "td", "tr", "img", "br", "ul", "meta", "link", "th", "b", "i", "em", "strong"],
  ...["h1", "h2", "h3", "h4", "h5", "h6", "html", "head", "body", "title", "table", "tbody", "thead", "tfoot"],
  ...["section", "article", "header", "footer", "nav", "main", "aside", "figure", "figcaption", "picture"],
  ...["source", "time", "small", "sup", "sub", "code", "pre", "blockquote", "form", "input", "button", "label"],
  ...["select", "option", "textarea", "iframe", "noscript", "svg", "path", "g", "dl", "dt", "dd", "ol", "hr"],
  ...["font", "center", "u", "s", "abbr", "cite", "q", "wbr", "nobr", "caption", "col", "colgroup", "video"],
  ...INLINE,
  ...SKIP,
  ...HARD,
  ...VOID,
  ...LANDMARK_TAGS,
  ...VOID_ELEMENTS,
  ...OPEN_IMPLIES_CLOSE.keys(),
  ...FOREIGN_CONTEXT_ELEMENTS,
  ...HTML_INTEGRATION_ELEMENTS,
])) {
  if (name !== name.toLowerCase()) continue;
  (TAGS_BY_LENGTH[name.length] ??= []).push({ first: name.charCodeAt(0), name });
}

/** The lower-cased name `html[start, end)` spells: a constant when it is a known name written lower-case. */
function tagNameAt(html: string, start: number, end: number): string {
  const candidates = TAGS_BY_LENGTH[end - start];
  if (candidates !== undefined) {
    const first = html.charCodeAt(start);
    for (const tag of candidates) {
      if (tag.first === first && html.startsWith(tag.name, start)) return tag.name;
    }
  }
  return html.slice(start, end).toLowerCase();
}

/**
 * The attributes of a tag none of whose attributes is kept (most tags, for the metadata tee): one
 * shared object, never written (frozen), instead of an empty object per tag; a tag's first kept
 * attribute makes it its own.
 */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

/** SEGMENT_ATTRIBUTES by length, to tell a kept name in the page without slicing it out. */
const KEPT_BY_LENGTH: string[][] = [];
for (const name of SEGMENT_ATTRIBUTES) (KEPT_BY_LENGTH[name.length] ??= []).push(name);

/**
 * The kept attribute `html[start, end)` names, or null. Most attributes of a page are dropped: their
 * names are compared in place, never copied, and a kept one is stored under the constant (lower-case)
 * name, a key the attribute object has seen before.
 * Names are case-insensitive in HTML: pages of the 2000s write `<A HREF>` and `<TD CLASS>`. Read as
 * written (as linkedom did), their links counted no link text and their classes no path token: on
 * stream-ctf's 2000 pages a bbc or cnn section menu or a list of other headlines was "0% links".
 */
function keptAttributeName(html: string, start: number, end: number, inMeta: boolean): string | null {
  const candidates = KEPT_BY_LENGTH[end - start];
  if (candidates === undefined) return null;
  for (const name of candidates) {
    if (html.startsWith(name, start) || sameLetters(html, start, name))
      return inMeta || !META_ATTRIBUTES.has(name) ? name : null;
  }
  return null;
}

/** Whether `html` at `start` spells `name` (lower-case letters and '-') in any case. */
function sameLetters(html: string, start: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) {
    // ASCII letters differ from their capitals by 0x20 alone; '-' has no capital.
    if ((html.charCodeAt(start + k) | 0x20) !== name.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Which attributes a parser keeps, and the name it stores one under: null drops it at its name. The
 * segmentation keeps its own (keptAttributeName); the metadata parse keeps the collector's, lower-cased
 * (metadata/attributes.ts).
 */
export type AttributeNamer = (html: string, start: number, end: number, inMeta: boolean) => string | null;

/**
 * A second handler riding on the same parse, with attributes kept by its own namer (one tokenizer
 * pass feeds both: the metadata collector on the segmentation parse, metadata.ts). Its events are the
 * parser's own, before any filter the first handler applies.
 */
export interface ParserTee {
  readonly handler: SegmentHandler;
  readonly namer: AttributeNamer;
}

export class SegmentParser implements AttributeValueReader {
  private html = "";
  /**
   * Where the last event ended, as the stock Parser's `endIndex` (test/core/scanning-tokenizer.test.ts
   * holds the two together).
   */
  endIndex = 0;
  private tokenizer: InstanceType<typeof ScanningTokenizer> | null = null;
  private written = 0;
  /** Whether the attribute being read is one the walk reads (the tokenizer skips the values of the others). */
  readsAttributeValue = true;
  /** Whether the tag being opened is a `<meta>`, the only one whose META_ATTRIBUTES the walk reads. */
  private inMeta = false;
  /** Open elements, innermost last. */
  private readonly stack: string[] = [];
  /** Whether `<x/>` closes x here: innermost last, over the page's HTML context. */
  private readonly foreignContext: boolean[] = [false];
  private tagname = "";
  private attribname = "";
  private attribvalue = "";
  private attribs: Record<string, string> | null = null;
  private readonly handler: SegmentHandler;
  /**
   * The tee's handler, called right after the first handler at each event (the first's before the
   * tee's), its namer, its name for the attribute being read, and its attributes of the tag being
   * opened. Called here, not through a handler wrapping both: that added two closure calls per event.
   */
  private readonly tee: SegmentHandler | null = null;
  private readonly teeName: AttributeNamer | null = null;
  private teeAttribname: string | null = null;
  private teeAttribs: Record<string, string> | null = null;

  constructor(
    handler: SegmentHandler,
    private readonly attributeName: AttributeNamer = keptAttributeName,
    tee: ParserTee | null = null,
  ) {
    this.handler = handler;
    if (tee !== null) {
      this.tee = tee.handler;
      this.teeName = tee.namer;
    }
  }

  /** Parses `html` as one whole document. */
  parseWhole(html: string): void {
    this.html = html;
    const tokenizer = new ScanningTokenizer({ xmlMode: false, decodeEntities: true }, this);
    tokenizer.write(html);
    tokenizer.end();
  }

  /**
   * Starts parsing `html` in parts, as the stock Parser does when written chunk by chunk: writeTo
   * parses on up to a position, end finishes (whatever has not been written is not parsed).
   */
  begin(html: string): void {
    this.html = html;
    this.tokenizer = new ScanningTokenizer({ xmlMode: false, decodeEntities: true }, this);
    this.written = 0;
  }

  /** Parses on up to `to` (the tokenizer keeps an unfinished token for the next part, as the stock one). */
  writeTo(to: number): void {
    const end = Math.min(to, this.html.length);
    if (end <= this.written) return;
    this.tokenizer?.write(this.html.slice(this.written, end));
    this.written = end;
  }

  /** Ends the page begun: the tokenizer's trailing data, then the elements still open are closed. */
  end(): void {
    this.tokenizer?.end();
    this.tokenizer = null;
  }

  ontext(start: number, endIndex: number): void {
    this.endIndex = endIndex - 1;
    this.emitText(this.html.slice(start, endIndex));
  }

  ontextentity(codePoint: number, endIndex: number): void {
    this.endIndex = endIndex - 1;
    this.emitText(String.fromCodePoint(codePoint));
  }

  onopentagname(start: number, endIndex: number): void {
    this.endIndex = endIndex;
    const name = tagNameAt(this.html, start, endIndex);
    this.inMeta = name === "meta";
    this.openTag(name);
  }

  onattribname(start: number, endIndex: number): void {
    // The segmentation's names, lower-cased (keptAttributeName): the walk reads them so.
    const name = this.attributeName(this.html, start, endIndex, this.inMeta);
    if (this.teeName !== null) {
      // An attribute either handler keeps is read; each stores it under its own name, or not at all.
      this.teeAttribname = this.teeName(this.html, start, endIndex, this.inMeta);
      this.readsAttributeValue = name !== null || this.teeAttribname !== null;
      this.attribname = name ?? "";
      return;
    }
    this.readsAttributeValue = name !== null;
    if (name !== null) this.attribname = name;
  }

  onattribdata(start: number, endIndex: number): void {
    if (this.readsAttributeValue) this.attribvalue += this.html.slice(start, endIndex);
  }

  onattribentity(codePoint: number): void {
    if (this.readsAttributeValue) this.attribvalue += String.fromCodePoint(codePoint);
  }

  onattribend(_quote: number, endIndex: number): void {
    this.endIndex = endIndex;
    if (!this.readsAttributeValue) return;
    // The first of a name counts; only SEGMENT_ATTRIBUTES are stored, none an Object.prototype member.
    if (this.teeName === null || this.attribname !== "") {
      if (this.attribs && this.attribs[this.attribname] === undefined) {
        if (this.attribs === NO_ATTRIBUTES) this.attribs = {};
        this.attribs[this.attribname] = this.attribvalue;
      }
    }
    const teeName = this.teeAttribname;
    if (teeName !== null && this.teeAttribs && this.teeAttribs[teeName] === undefined) {
      if (this.teeAttribs === NO_ATTRIBUTES) this.teeAttribs = {};
      this.teeAttribs[teeName] = this.attribvalue;
    }
    this.attribvalue = "";
  }

  onopentagend(endIndex: number): void {
    this.endIndex = endIndex;
    this.endOpenTag(false);
  }

  onselfclosingtag(endIndex: number): void {
    this.endIndex = endIndex;
    if (this.foreignContext[this.foreignContext.length - 1]) this.closeCurrentTag(false);
    else this.endOpenTag(false);
  }

  onclosetag(start: number, endIndex: number): void {
    this.endIndex = endIndex;
    const name = tagNameAt(this.html, start, endIndex);
    if (FOREIGN_CONTEXT_ELEMENTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name)) this.foreignContext.pop();
    if (!VOID_ELEMENTS.has(name)) {
      const stack = this.stack;
      const at = stack.lastIndexOf(name);
      if (at !== -1) {
        // Popped outside the optional call: a handler without onclosetag would otherwise never pop.
        while (stack.length > at) {
          const closed = stack.pop()!;
          this.emitClose(closed, stack.length !== at);
        }
      } else if (name === "p") {
        // `</p>` without a start: an empty paragraph.
        this.openTag("p");
        this.closeCurrentTag(true);
      }
    } else if (name === "br") {
      // `</br>` is a `<br>`, with no tag being read: no attributes (the tee's are those of a tag being read, if any).
      this.emitOpen("br", {}, this.teeAttribs, true);
      this.emitClose("br", false);
    }
  }

  oncomment(start: number, endIndex: number, endOffset: number): void {
    this.endIndex = endIndex;
    this.emitComment(this.html.slice(start, endIndex - endOffset));
  }

  /** CDATA is a comment in HTML, inside svg and math too (the stock Parser's, without recognizeCDATA). */
  oncdata(start: number, endIndex: number, endOffset: number): void {
    this.endIndex = endIndex;
    this.emitComment(`[CDATA[${this.html.slice(start, endIndex - endOffset)}]]`);
  }

  /** Declarations and processing instructions make no event the walk reads. */
  ondeclaration(_start: number, endIndex: number): void {
    this.endIndex = endIndex;
  }

  onprocessinginstruction(_start: number, endIndex: number): void {
    this.endIndex = endIndex;
  }

  /** The page's end closes every element still open, innermost first. */
  onend(): void {
    const stack = this.stack;
    for (let at = stack.length - 1; at >= 0; at--) this.emitClose(stack[at]!, true);
  }

  private openTag(name: string): void {
    this.tagname = name;
    const stack = this.stack;
    const impliesClose = OPEN_IMPLIES_CLOSE.get(name);
    if (impliesClose) {
      while (stack.length > 0 && impliesClose.has(stack[stack.length - 1]!)) {
        const closed = stack.pop()!;
        this.emitClose(closed, true);
      }
    }
    if (!VOID_ELEMENTS.has(name)) {
      stack.push(name);
      if (FOREIGN_CONTEXT_ELEMENTS.has(name)) this.foreignContext.push(true);
      else if (HTML_INTEGRATION_ELEMENTS.has(name)) this.foreignContext.push(false);
    }
    this.attribs = NO_ATTRIBUTES;
    if (this.teeName !== null) this.teeAttribs = NO_ATTRIBUTES;
  }

  private endOpenTag(isImplied: boolean): void {
    if (this.attribs) {
      this.emitOpen(this.tagname, this.attribs, this.teeAttribs, isImplied);
      this.attribs = null;
      this.teeAttribs = null;
    }
    if (VOID_ELEMENTS.has(this.tagname)) this.emitClose(this.tagname, true);
    this.tagname = "";
  }

  /** A self-closed start tag in foreign content, or an implied `<p>`: it ends where it starts. */
  private closeCurrentTag(isOpenImplied: boolean): void {
    const name = this.tagname;
    this.endOpenTag(isOpenImplied);
    const stack = this.stack;
    if (stack[stack.length - 1] === name) {
      this.emitClose(name, !isOpenImplied);
      stack.pop();
    }
  }

  /** The events to both handlers, the first's before the tee's; the tee's start tags carry the tee's attributes. */
  private emitOpen(
    name: string,
    attribs: Record<string, string>,
    teeAttribs: Record<string, string> | null,
    isImplied: boolean,
  ): void {
    this.handler.onopentag?.(name, attribs, isImplied);
    if (this.tee !== null) this.tee.onopentag?.(name, teeAttribs ?? {}, isImplied);
  }

  private emitText(data: string): void {
    this.handler.ontext?.(data);
    if (this.tee !== null) this.tee.ontext?.(data);
  }

  private emitComment(data: string): void {
    this.handler.oncomment?.(data);
    if (this.tee !== null) this.tee.oncomment?.(data);
  }

  private emitClose(name: string, isImplied: boolean): void {
    this.handler.onclosetag?.(name, isImplied);
    if (this.tee !== null) this.tee.onclosetag?.(name, isImplied);
  }
}
