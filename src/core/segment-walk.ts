/**
 * The segmentation walk: the page's element tree, as a stream of events in document order
 * (segment-events.ts, with table verdicts from segment-tables.ts), becomes text blocks (assembled by
 * segment-collector.ts) and the page title. See segment.ts for what a block is.
 *
 * An element is "descended into" when it has a child (an element, text or a comment) and is not one
 * the walk reads aside (title), skips (SKIP) or that cannot hold content (VOID). Only such elements
 * get a frame (a path token, a document-order number, what rendering needs), and only their end
 * ends a block and settles images waiting inside them. A stream cannot tell at an element's start
 * whether a child follows, so its frame is made when the first child arrives: nothing happens in
 * between, so the numbering and the order of everything are those of a walk over the built tree.
 */
import type { PageBudget } from "./budget";
import { capName } from "./budget";
import { DeclaredTypeReader } from "./declared-types";
import { BlockCollector, isCell, passesThrough, type Frame } from "./segment-collector";
import type { Attributes } from "./segment-events";
import { codeLanguage, imageSource, isCodeLine, isInPage, linkTarget, resolveBase, videoPage } from "./segment-rich";
import type { TableEvents } from "./segment-tables";
import { TAG_HARD, TAG_INLINE, TAG_LANDMARK, TAG_SKIP, TAG_VOID, tagFlags } from "./segment-tag-names";
import { HARD_ROLES, LANDMARK_ROLES } from "./segment-tags";
import { collapseWhitespace } from "./segment-text";
import { MARK_CODE, MARK_EM, MARK_STRONG, type Landmark, type SegmentedPage } from "./types";

const WS = /\s+/g;
const SPACE = /\s/;

/** The attributes the one reader and the waiting element hold before any element is read. */
const EMPTY_ATTRIBUTES: Attributes = Object.freeze({});

/** What an open element is to the walk, kept on a stack until it closes. */
const LEAF = 0; // not descended into: its end does nothing
const WAITING = 1; // may be descended into, once a child arrives
const FRAMED = 2; // descended into: its end closes its frame

/**
 * Reads one element's attributes the way the walk always has (linkedom's getAttribute answers). The
 * walk keeps one and points it at each element's attributes in turn (`of`): a reader per element
 * was ~40 KB of garbage a page, and no reader outlives the event it is read in.
 */
class AttributeReader {
  private attributes: Attributes = EMPTY_ATTRIBUTES;

  constructor(private readonly budget: PageBudget) {}

  /** This reader, reading `attributes` until the next call. */
  of(attributes: Attributes): this {
    this.attributes = attributes;
    return this;
  }

  getAttribute(name: string): string | null {
    const value = this.attributes[name];
    // A missing class reads as "" (linkedom's className), anything else missing as null.
    if (value === undefined) return name === "class" ? "" : null;
    if (name === "class") return classValue(this.classAsWritten());
    // Id values are cut at the budget's name cap, as class values are (classAsWritten).
    return name === "id" ? this.capped(value) : value;
  }

  /** The class value as written ("" when there is none), cut at the budget's name cap (a 5 MB class list is no path token). */
  classAsWritten(): string {
    const value = this.attributes.class;
    return value === undefined ? "" : this.capped(value);
  }

  private capped(value: string): string {
    return value.length > this.budget.limits.maxNameChars ? capName(value, this.budget) : value;
  }

  hasAttribute(name: string): boolean {
    return this.attributes[name] !== undefined;
  }
}

/** A class value as a DOM gives it back: its names, once each. */
function classValue(value: string): string {
  // Most class values are one name: nothing to split or dedupe.
  if (!SPACE.test(value)) return value;
  return [...new Set(value.split(WS).filter(Boolean))].join(" ");
}

const CLASS_NAME = /\S+/g;

/**
 * `.a.b.c`: the first three names of the class value as a DOM gives it back (classValue: its names,
 * once each), read from the value as written and no further than the third: a utility-class list
 * holds dozens, which classValue would split, dedupe and join only for the token to split them again.
 */
function classPart(written: string): string {
  if (!SPACE.test(written)) return written ? "." + written : "";
  const names: string[] = [];
  let part = "";
  CLASS_NAME.lastIndex = 0;
  for (let name = CLASS_NAME.exec(written); name !== null && names.length < 3; name = CLASS_NAME.exec(written)) {
    if (names.includes(name[0])) continue;
    names.push(name[0]);
    part += "." + name[0];
  }
  return part;
}

/**
 * Longest path token: an id and three class names at the budget's name cap would make a token of
 * 16 KB, and a path of such tokens megabytes (segment-paths.ts). The corpora's longest token is 256
 * characters.
 */
const MAX_TOKEN_CHARS = 512;

/** `tag#id.class1.class2`: ids and classes are what distinguish template regions. */
function pathToken(el: AttributeReader, tag: string): string {
  let token = tag;
  // Values of one name (most) need no trim and split.
  const id = el.getAttribute("id");
  if (id) token += "#" + (SPACE.test(id) ? id.trim().split(WS)[0] : id);
  token += classPart(el.classAsWritten());
  return token.length > MAX_TOKEN_CHARS ? token.slice(0, MAX_TOKEN_CHARS) : token;
}

/** The mark an inline element puts on its text (types.ts, RichBlock.marks): code outside `pre` (inside, the block is code), emphasis. */
function inlineMark(tag: string, inPre: boolean): number {
  if (tag === "em" || tag === "i") return MARK_EM;
  if (tag === "strong" || tag === "b") return MARK_STRONG;
  if (tag === "code" || tag === "samp" || tag === "tt") return inPre ? 0 : MARK_CODE;
  return 0;
}

function openFrame(
  el: AttributeReader,
  tag: string,
  flags: number,
  parent: Frame,
  id: number,
  base: string | null,
  dataTable: boolean,
): Frame {
  const role = el.getAttribute("role");
  const landmark: Landmark | null =
    (flags & TAG_LANDMARK ? (tag as Landmark) : null) ??
    (role ? (LANDMARK_ROLES[role] ?? null) : null) ??
    parent.landmark;
  const isLink = tag === "a" && el.hasAttribute("href");
  const frame: Frame = {
    id,
    token: pathToken(el, tag),
    tag,
    inline: (flags & TAG_INLINE) !== 0,
    landmark,
    hardTag: flags & TAG_HARD ? tag : (role && HARD_ROLES[role]) || parent.hardTag,
    inLink: parent.inLink || isLink,
    parent,
    link: parent.link,
    href: null,
    inPage: false,
    table: parent.table,
    code: parent.code,
    ordinal: 0,
    srcset: null,
    marks: parent.marks,
    pathNode: null,
    ancestors: null,
  };
  if (isLink) {
    frame.link = frame;
    const href = el.getAttribute("href");
    frame.href = linkTarget(href, base);
    frame.inPage = isInPage(href);
  } else if (tag === "pre" || tag === "code") {
    if (tag === "pre" || frame.code !== null) frame.code = codeLanguage(el.getAttribute("class")) || frame.code || "";
  } else if (tag === "ol") {
    frame.ordinal = (parseInt(el.getAttribute("start") ?? "", 10) || 1) - 1;
  } else if (tag === "li" && parent.tag === "ol") {
    frame.ordinal = ++parent.ordinal;
  } else if (dataTable) {
    frame.table = id;
  }
  if (frame.inline) frame.marks |= inlineMark(tag, frame.code !== null);
  return frame;
}

/** A cell's `colspan`: 1 unless a number from 2 up, at most 100 (a runaway value would pad rows with thousands of cells). */
function colspan(value: string | null): number {
  if (value === null) return 1;
  const n = parseInt(value, 10);
  return n > 1 ? Math.min(n, 100) : 1;
}

export class SegmentWalk implements TableEvents {
  private readonly root: Frame = {
    id: 0,
    token: "",
    tag: "#document",
    inline: false,
    landmark: null,
    hardTag: null,
    inLink: false,
    parent: null,
    link: null,
    href: null,
    inPage: false,
    table: 0,
    code: null,
    ordinal: 0,
    srcset: null,
    marks: 0,
    pathNode: null,
    ancestors: null,
  };
  private readonly collector = new BlockCollector(this.root);
  /** The frame of the element the walk is in; frames link to their parents, so a block keeps its holder chain. */
  private current = this.root;
  private readonly kinds: number[] = [];
  /**
   * The innermost open element while it waits for its first child (its kind is WAITING): its tag
   * (null when none waits), flags, attributes and table verdict, in fields of the walk rather than
   * a record per element (~40 KB a page); at most one element waits at a time.
   */
  private waitingTag: string | null = null;
  private waitingFlags = 0;
  private waitingAttributes: Attributes = EMPTY_ATTRIBUTES;
  private waitingDataTable = false;
  /** The one attribute reader (AttributeReader.of), pointed at the element being read. */
  private readonly reader: AttributeReader;
  private elementCount = 0;
  private base: string | null;
  private baseSeen = false;
  private title = "";
  /** Open elements inside the <title> being read (the title counted), and its text so far. */
  private inTitle = 0;
  private titleText = "";
  /** Past the block cap the rest of the page is not read (the cut is made exact in finish). */
  private stopped = false;
  private readonly maxBlocks: number;
  /** What the page declares it is, from its `<meta property="og:type">` (declared-types.ts). */
  private readonly declared = new DeclaredTypeReader();

  constructor(
    private readonly pageUrl: string | undefined,
    private readonly budget: PageBudget,
  ) {
    this.base = resolveBase(pageUrl, null);
    this.maxBlocks = budget.limits.maxBlocks;
    this.reader = new AttributeReader(budget);
  }

  open(tag: string, attributes: Attributes, dataTable: boolean): void {
    if (this.inTitle > 0) {
      this.inTitle++;
      return;
    }
    if (this.arrive()) return;
    const collector = this.collector;
    const el = this.reader.of(attributes);
    const flags = tagFlags(tag);
    let kind = LEAF;
    if (tag === "title") {
      // Read whole, as its text (a <title/> may hold markup), and never descended into.
      this.inTitle = 1;
      this.titleText = "";
    } else if (this.current.table && (isCell(tag) || tag === "br" || tag === "img")) {
      // Inside a data-table row: cells and breaks go on the row's block.
      if (tag === "img") {
        const src = imageSource(el, null, this.base);
        if (src) collector.inlineImage({ at: 0, src, alt: collapseWhitespace(el.getAttribute("alt") ?? "") });
        else collector.wordBreak();
      } else if (tag === "br") collector.wordBreak();
      else {
        collector.cell(tag === "th", colspan(el.getAttribute("colspan")));
        kind = WAITING;
      }
    } else if (flags & TAG_SKIP) {
      collector.flush();
      // The first <base href> counts, as in browsers; links before it resolve against the page URL.
      if (tag === "base" && !this.baseSeen && el.hasAttribute("href")) {
        this.baseSeen = true;
        this.base = resolveBase(this.pageUrl, el.getAttribute("href"));
      } else if (tag === "meta") this.declared.meta(attributes.property ?? attributes.name, attributes.content);
      else if (tag === "iframe") {
        // Named by its site: a frame's title is not read (the parser keeps no `title` attribute, common on links).
        const video = videoPage(el.getAttribute("src") ?? el.getAttribute("data-src"));
        if (video) collector.embed({ at: 0, src: video.url, alt: video.name }, this.current);
      }
    } else {
      if (!(flags & TAG_INLINE) || tag === "br") collector.flush();
      else if (this.current.code !== null && isCodeLine(el.getAttribute("class"))) collector.codeLine();
      if (tag === "img") {
        const src = imageSource(el, this.current.tag === "picture" ? this.current.srcset : null, this.base);
        if (src) collector.image({ at: 0, src, alt: collapseWhitespace(el.getAttribute("alt") ?? "") }, this.current);
      } else if (tag === "hr") collector.rule();
      else if (tag === "source" && this.current.tag === "picture") {
        this.current.srcset ??= el.getAttribute("srcset") ?? el.getAttribute("data-srcset");
      }
      if (!(flags & TAG_VOID)) kind = WAITING;
    }
    if (kind === WAITING) {
      this.waitingTag = tag;
      this.waitingFlags = flags;
      this.waitingAttributes = attributes;
      this.waitingDataTable = dataTable;
    }
    this.kinds.push(kind);
  }

  text(data: string): void {
    if (this.inTitle > 0) {
      this.titleText += data;
      return;
    }
    if (this.arrive()) return;
    if (data) this.collector.add(data, this.current);
  }

  comment(): void {
    if (this.inTitle === 0) this.arrive();
  }

  close(): void {
    if (this.inTitle > 0) {
      if (--this.inTitle > 0) return;
      if (!this.title) this.title = collapseWhitespace(this.titleText);
    }
    if (this.stopped) return;
    const kind = this.kinds.pop();
    if (kind === WAITING) this.waitingTag = null;
    else if (kind === FRAMED) {
      // A closing non-inline element ends a block, except a cell of a data table.
      const closing = this.current;
      this.current = closing.parent ?? this.root;
      if (!passesThrough(closing)) {
        this.collector.flush();
        this.collector.closed(closing);
      }
    }
  }

  /**
   * Ends the block being read and counts the blocks so far: where the text read past the element
   * cap begins (segment-past-cap.ts). Every element is closed then, so the block ended here would
   * have ended at the next element anyway.
   */
  blocksSoFar(): number {
    this.collector.flush();
    return this.collector.blocks.length;
  }

  /** The blocks and title of the page, once every event has been walked. */
  finish(): SegmentedPage {
    const { collector, title } = this;
    collector.flush();
    const { blocks } = collector;
    if (blocks.length > this.maxBlocks) {
      this.budget.cut("blocks");
      blocks.length = this.maxBlocks;
    }
    const declared = this.declared.types();
    return declared ? { title, blocks, declared } : { title, blocks };
  }

  /**
   * A node arrives in the current element: its frame is made if it was waiting for a first child.
   * True when the walk has stopped (past the block cap, checked at every node as the walk always has).
   */
  private arrive(): boolean {
    if (this.stopped) return true;
    const tag = this.waitingTag;
    if (tag !== null) {
      this.waitingTag = null;
      this.kinds[this.kinds.length - 1] = FRAMED;
      this.current = openFrame(
        this.reader.of(this.waitingAttributes),
        tag,
        this.waitingFlags,
        this.current,
        ++this.elementCount,
        this.base,
        this.waitingDataTable,
      );
    }
    this.budget.step();
    if (this.collector.blocks.length > this.maxBlocks) this.stopped = true;
    return this.stopped;
  }
}
