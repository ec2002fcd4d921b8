/**
 * The events segmentation consumes: the element tree of a page as a stream (an element opens, text,
 * a comment, the innermost open element closes), from either of two sources:
 *
 * - `parseEvents`: htmlparser2's own events, with the parser options linkedom's `parseHTML` uses, so
 *   the tree is the one linkedom would build, but no node is ever built. linkedom's cost is per node
 *   (every node an EventTarget registered in a WeakMap), and the walk reads each node once, in
 *   document order: building the tree only to walk it cost 4-5 times the tokenizer itself;
 * - `documentEvents`: an existing DOM (a linkedom document, for callers that have one), walked in
 *   document order.
 *
 * `BuiltTree` stands between either source and the walk and applies what the DOM builder used to:
 * the content of elements the walk skips whole (select, iframe, math, svg...: SKIP) is not passed
 * on, the element itself is (meeting it ends a block); elements nested deeper than the page budget's
 * depth cap are not passed on (their text joins the deepest element passed); inside a `<title>`
 * nothing is left out (the walk reads a title whole, and htmlparser2 lets a `<title/>` hold markup).
 *
 * test/core/segment-events.test.ts checks on generated markup that both sources give identical
 * blocks.
 */
import type { PageBudget } from "./budget";
import { SegmentParser, type SegmentHandler } from "./segment-parser";
import { TAG_INLINE, tagFlags } from "./segment-tag-names";
import { META_ATTRIBUTES, SEGMENT_ATTRIBUTES, SKIP } from "./segment-tags";

/** An element's attributes by name, as the parser gives them (names as written). */
export type Attributes = Readonly<Record<string, string>>;

export interface SegmentEvents {
  open(tag: string, attributes: Attributes): void;
  text(data: string): void;
  /** A comment: no text, but a child all the same (an element holding only one is still descended into). */
  comment(): void;
  /** The innermost open element ends. */
  close(): void;
}

/**
 * Passes on the tree the walk reads: see the module comment. It is also the parser's handler itself
 * (onopentag...), so the parse's events reach it without a closure each (eventHandler's).
 */
export class BuiltTree implements SegmentEvents, SegmentHandler {
  private depth = 0;
  /** Open elements below the depth cap, passed on as nothing. */
  private flattened = 0;
  /** Open elements inside a skipped element (the skipped one counted): passed on as nothing. */
  private skipped = 0;
  /** Open elements inside a <title>, the title counted: passed on whole. */
  private inTitle = 0;
  /** Per open element below the depth cap: whether it ends a block (not inline), innermost last. */
  private readonly flattenedBreaks: boolean[] = [];

  constructor(
    private readonly next: SegmentEvents,
    private readonly budget: PageBudget,
  ) {}

  open(tag: string, attributes: Attributes): void {
    this.budget.step();
    if (this.skipped > 0) {
      this.skipped++;
      return;
    }
    if (this.flattened > 0 || this.depth >= this.budget.limits.maxDepth) {
      // Past the depth cap (a skipped or title element there is not told apart: no real page goes this deep).
      if (this.flattened++ === 0) this.budget.cut("depth");
      // Its text joins the deepest element passed on, but where the element would have ended a block
      // its words stay apart: a space (before session 19, `<p>one</p><p>two</p>` down there read "onetwo").
      const breaks = tag === "br" || !(tagFlags(tag) & TAG_INLINE);
      this.flattenedBreaks.push(breaks);
      if (breaks) this.next.text(" ");
      return;
    }
    this.depth++;
    this.next.open(tag, attributes);
    if (this.inTitle > 0) this.inTitle++;
    else if (tag === "title") this.inTitle = 1;
    // The parser still reports what is inside (it shapes the tree around); the walk gets none of it.
    else if (SKIP.has(tag)) this.skipped = 1;
  }

  text(data: string): void {
    if (this.skipped === 0) this.next.text(data);
  }

  comment(): void {
    if (this.skipped === 0) this.next.comment();
  }

  close(): void {
    // Every close event ends the innermost open element, skipped ones included.
    if (this.skipped > 1) {
      this.skipped--;
      return;
    }
    this.skipped = 0;
    if (this.flattened > 0) {
      this.flattened--;
      if (this.flattenedBreaks.pop()) this.next.text(" ");
      return;
    }
    this.depth--;
    if (this.inTitle > 0) this.inTitle--;
    this.next.close();
  }

  onopentag(name: string, attribs: Attributes): void {
    this.open(name, attribs);
  }

  ontext(data: string): void {
    this.text(data);
  }

  oncomment(): void {
    this.comment();
  }

  onclosetag(): void {
    this.close();
  }
}

/**
 * htmlparser2's events for `html`, as linkedom's `parseHTML` would see them (its parser options),
 * with only the attributes the walk reads (segment-parser.ts).
 */
export function parseEvents(html: string, events: SegmentEvents): void {
  new SegmentParser({
    onopentag: (name, attribs) => events.open(name, attribs),
    ontext: (data) => events.text(data),
    oncomment: () => events.comment(),
    onclosetag: () => events.close(),
  }).parseWhole(html);
}

/** The slice of a DOM node `documentEvents` reads (the Workers type library has no DOM). */
interface DomNode {
  readonly nodeType: number;
  readonly firstChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  readonly parentNode: DomNode | null;
  readonly data?: string;
  readonly localName?: string;
  getAttribute?(name: string): string | null;
  getAttributeNames?(): string[];
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const COMMENT_NODE = 8;

/**
 * The events of an existing document, in document order (iteratively: real pages nest deep enough to
 * overflow a recursive walk). The top level is read through childNodes because linkedom's doctype
 * node reports no nextSibling.
 */
export function documentEvents(doc: unknown, events: SegmentEvents): void {
  const document = doc as { childNodes: ArrayLike<DomNode> };
  for (const top of Array.from(document.childNodes)) {
    let node: DomNode | null = top;
    while (node) {
      let descend = false;
      if (node.nodeType === TEXT_NODE) events.text(node.data ?? "");
      else if (node.nodeType === COMMENT_NODE) events.comment();
      else if (node.nodeType === ELEMENT_NODE) {
        events.open(node.localName!.toLowerCase(), attributesOf(node));
        if (node.firstChild) descend = true;
        else events.close();
      }
      if (descend) {
        node = node.firstChild;
        continue;
      }
      while (node !== top && !node.nextSibling) {
        node = node.parentNode!;
        events.close();
      }
      node = node === top ? null : node.nextSibling;
    }
  }
}

/**
 * The attributes the walk reads, from a DOM element, by their lower-cased names: names are
 * case-insensitive in HTML and the parser reads them so (segment-parser.ts keptAttributeName), while
 * a DOM built without lower-casing them (linkedom keeps `<A HREF>`'s name as written) answers
 * getAttribute("href") with null. The first written of a name wins, as in the parser.
 */
function attributesOf(element: DomNode): Attributes {
  const attributes: Record<string, string> = {};
  const meta = element.localName?.toLowerCase() === "meta";
  for (const written of element.getAttributeNames!()) {
    const name = written.toLowerCase();
    if (!SEGMENT_ATTRIBUTES.has(name) || (!meta && META_ATTRIBUTES.has(name))) continue;
    // Only SEGMENT_ATTRIBUTES reach here, none an Object.prototype member.
    if (attributes[name] === undefined) attributes[name] = element.getAttribute!(written)!;
  }
  return attributes;
}
