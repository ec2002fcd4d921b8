/**
 * Segmentation: HTML to text blocks (paper §2, "HTML tokenization").
 *
 * A text block is a maximal run of text not interrupted by a tag, where inline formatting tags do
 * not interrupt. The walk starts at the document node rather than `document.body`, because linkedom
 * leaves `body` empty on real pages that have no `<body>` tag and may even put text outside
 * `<html>`; reading `textContent` of big subtrees is avoided for the same reason it is slow there.
 */
import { parseSegmentationDocument } from "./segment-dom";
import { HARD, HARD_ROLES, INLINE, LANDMARK_ROLES, LANDMARK_TAGS, SKIP, VOID } from "./segment-tags";
import type { Landmark, SegmentedPage, TextBlock } from "./types";

/**
 * Removes script, style, noscript, template and svg elements and comments before the DOM is built:
 * they carry no page text and are often most of a page's bytes, so linkedom parses far less.
 * One left-to-right pass, so a comment marker inside a script (or the reverse) cannot confuse it.
 * The name must end at whitespace, `/` or `>`: `\b` would also match custom elements such as
 * `<svg-icon>` and delete everything up to the next `</svg>`.
 */
const NON_TEXT = /<!--[\s\S]*?-->|<(script|style|noscript|template|svg)(?=[\s/>])[^>]*>[\s\S]*?<\/\1\s*>/gi;

export function stripNonText(html: string): string {
  return html.replace(NON_TEXT, (_m, tag: string | undefined) => (tag ? ` <${tag}></${tag}> ` : " "));
}

const WS = /\s+/g;

/**
 * `text.replace(WS, " ").trim()`: runs of JavaScript whitespace become one space, none at the ends.
 * By hand because it runs once per block and per title; String.prototype.trim strips exactly `\s`.
 */
export function collapseWhitespace(text: string): string {
  let out = "";
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i === n) break;
    let j = i + 1;
    while (j < n && !isSpace(text.charCodeAt(j))) j++;
    out = out === "" ? text.slice(i, j) : out + " " + text.slice(i, j);
    i = j;
  }
  return out;
}

/**
 * The slice of the DOM the walk reads. Declared here because the Workers type library has no DOM
 * (its `Element` is HTMLRewriter's), and linkedom's nodes satisfy it in both runtimes.
 */
interface DomNode {
  readonly nodeType: number;
  readonly firstChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  readonly parentNode: DomNode | null;
  readonly data?: string;
  readonly localName?: string;
  readonly textContent: string | null;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
}
type DomElement = DomNode & Required<Pick<DomNode, "localName" | "getAttribute" | "hasAttribute">>;

interface Frame {
  /** Document-order number of the element. */
  id: number;
  /** Path token of this element, e.g. `div#main.story`. */
  token: string;
  tag: string;
  landmark: Landmark | null;
  hardTag: string | null;
  inLink: boolean;
  /** The enclosing element's frame; the document's frame has none. Blocks keep their chain alive. */
  parent: Frame | null;
}

/** `tag#id.class1.class2`: ids and classes are what distinguish template regions. */
function pathToken(el: DomElement, tag: string): string {
  let token = tag;
  const id = el.getAttribute("id");
  if (id) token += "#" + id.trim().split(WS)[0];
  const cls = el.getAttribute("class");
  if (cls) {
    const names = cls.trim().split(WS);
    for (let i = 0; i < names.length && i < 3; i++) if (names[i]) token += "." + names[i];
  }
  return token;
}

function openFrame(el: DomElement, tag: string, parent: Frame, id: number): Frame {
  const role = el.getAttribute("role");
  const landmark: Landmark | null =
    (LANDMARK_TAGS.has(tag) ? (tag as Landmark) : null) ?? (role ? LANDMARK_ROLES[role] ?? null : null) ?? parent.landmark;
  return {
    id,
    token: pathToken(el, tag),
    tag,
    landmark,
    hardTag: HARD.has(tag) ? tag : (role && HARD_ROLES[role]) || parent.hardTag,
    inLink: parent.inLink || (tag === "a" && el.hasAttribute("href")),
    parent,
  };
}

/** Whether a UTF-16 code unit is one JavaScript's `\s` matches (what WS removes and collapses). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** `text.replace(WS, "").length` without building the string: this runs once per text node. */
export function visibleLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

class BlockCollector {
  readonly blocks: TextBlock[] = [];
  private parts: string[] = [];
  private linkChars = 0;
  private totalChars = 0;
  /** The innermost element around the block's first text. */
  private first: Frame | null = null;

  constructor(private readonly root: Frame) {}

  add(text: string, frame: Frame): void {
    if (this.parts.length === 0) this.first = frame;
    this.parts.push(text);
    const visible = visibleLength(text);
    this.totalChars += visible;
    if (frame.inLink) this.linkChars += visible;
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const first = this.first!;
    const text = collapseWhitespace(this.parts.length === 1 ? this.parts[0]! : this.parts.join(""));
    if (text) {
      // The holder is the nearest non-inline element; a top-level inline element holds its own text.
      let holder = first;
      while (INLINE.has(holder.tag) && holder.parent && holder.parent !== this.root) holder = holder.parent;
      // Path and ancestors run from the top-level element down; text outside any element has the document's.
      const chain: Frame[] = [];
      for (let f: Frame | null = holder; f && f !== this.root; f = f.parent) chain.push(f);
      if (chain.length === 0) chain.push(this.root);
      chain.reverse();
      this.blocks.push({
        text,
        // join, not +=: a flat string, never a chain of thousands of concatenations on deep pages.
        path: chain.map((f) => f.token).join(">"),
        linkShare: this.totalChars > 0 ? this.linkChars / this.totalChars : 0,
        landmark: first.landmark,
        hardTag: first.hardTag,
        tag: holder.tag,
        element: holder.id,
        ancestors: chain.map((f) => f.id),
      });
    }
    this.parts = [];
    this.linkChars = 0;
    this.totalChars = 0;
    this.first = null;
  }
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Splits an HTML string into text blocks and the page title. */
export function segmentHtml(html: string): SegmentedPage {
  const page = segmentDocument(parseSegmentationDocument(stripNonText(html)));
  return pageText(page) < NOSCRIPT_MIN_CHARS && NOSCRIPT_OPEN.test(html) ? noscriptPage(html, page) : page;
}

/**
 * Below this much text the page is an app shell (Discourse forums, some shops), which serves its
 * crawler view inside `<noscript>`: the only page text there is, so it is read then, and only then
 * (elsewhere noscript holds "enable JavaScript" notes and tracking pixels). 250: the shells of
 * the wcxb forum pages hold 0-200 characters; the smallest real pages in the corpora, over 380.
 * The noscript view must also bring NOSCRIPT_MIN_GAIN more characters: a real crawler view is a
 * whole thread or article, a note is a sentence.
 */
const NOSCRIPT_MIN_CHARS = 250;
const NOSCRIPT_MIN_GAIN = 500;
const NOSCRIPT_OPEN = /<noscript(?=[\s/>])/i;
const NOSCRIPT_TAG = /<\/?noscript(?=[\s/>])[^>]*>/gi;

function pageText(page: SegmentedPage): number {
  return page.blocks.reduce((n, b) => n + b.text.length, 0);
}

/** The page with its noscript elements unwrapped, when that gives a page's worth more text. */
function noscriptPage(html: string, page: SegmentedPage): SegmentedPage {
  const unwrapped = segmentDocument(parseSegmentationDocument(stripNonText(html.replace(NOSCRIPT_TAG, " "))));
  return pageText(unwrapped) >= pageText(page) + NOSCRIPT_MIN_GAIN ? unwrapped : page;
}

/**
 * The walk over a linkedom document: the lean one segmentHtml builds, or one from linkedom's own
 * `parseHTML(stripNonText(html))`, which gives the same blocks (test/segment-dom.test.ts).
 */
export function segmentDocument(doc: unknown): SegmentedPage {
  const document = doc as { childNodes: ArrayLike<DomNode> };
  const root: Frame = { id: 0, token: "", tag: "#document", landmark: null, hardTag: null, inLink: false, parent: null };
  const collector = new BlockCollector(root);
  let title = "";
  let elementCount = 0;
  // The frame of the element the walk is in; frames link to their parents, so a block keeps its
  // holder chain after the walk moves on without copying it.
  let current = root;

  // Iterative pre-order walk: real pages nest deep enough to overflow a recursive one. The top
  // level is read through childNodes because linkedom's doctype node reports no nextSibling.
  for (const top of Array.from(document.childNodes)) {
    let node: DomNode | null = top;
    while (node) {
      let descend = false;
      if (node.nodeType === TEXT_NODE) {
        const data = node.data;
        if (data) collector.add(data, current);
      } else if (node.nodeType === ELEMENT_NODE) {
        const el = node as DomElement;
        const tag = el.localName.toLowerCase();
        if (tag === "title") {
          if (!title) title = collapseWhitespace(el.textContent ?? "");
        } else if (SKIP.has(tag)) {
          collector.flush();
        } else {
          if (!INLINE.has(tag) || tag === "br") collector.flush();
          if (!VOID.has(tag) && el.firstChild) {
            current = openFrame(el, tag, current, ++elementCount);
            descend = true;
          }
        }
      }
      if (descend) {
        node = node.firstChild;
        continue;
      }
      // Climb until a next sibling exists, closing elements on the way (a closing non-inline tag ends a block).
      while (node !== top && !node.nextSibling) {
        node = node.parentNode!;
        const closing = current;
        current = current.parent ?? root;
        if (!INLINE.has(closing.tag)) collector.flush();
      }
      node = node === top ? null : node.nextSibling;
    }
  }
  collector.flush();
  return { title, blocks: collector.blocks };
}
