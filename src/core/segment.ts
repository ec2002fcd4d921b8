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
export function collapseWhitespace(text: string): string {
  return text.replace(WS, " ").trim();
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
  };
}

class BlockCollector {
  readonly blocks: TextBlock[] = [];
  private parts: string[] = [];
  private linkChars = 0;
  private totalChars = 0;
  private holder: Frame[] | null = null;
  private firstFrame: Frame | null = null;

  add(text: string, frames: Frame[]): void {
    if (this.parts.length === 0) {
      this.holder = frames;
      this.firstFrame = frames[frames.length - 1] ?? null;
    }
    this.parts.push(text);
    const visible = text.replace(WS, "").length;
    this.totalChars += visible;
    const top = frames[frames.length - 1];
    if (top?.inLink) this.linkChars += visible;
  }

  flush(): void {
    if (this.parts.length === 0) return;
    const text = collapseWhitespace(this.parts.join(""));
    const frames = this.holder ?? [];
    if (text) {
      let holderIndex = frames.length - 1;
      while (holderIndex > 0 && INLINE.has(frames[holderIndex]!.tag)) holderIndex--;
      const holder = frames[holderIndex];
      const path = frames.slice(0, holderIndex + 1).map((f) => f.token).join(">");
      this.blocks.push({
        text,
        path,
        linkShare: this.totalChars > 0 ? this.linkChars / this.totalChars : 0,
        landmark: this.firstFrame?.landmark ?? null,
        hardTag: this.firstFrame?.hardTag ?? null,
        tag: holder?.tag ?? "#document",
        element: holder?.id ?? 0,
      });
    }
    this.parts = [];
    this.linkChars = 0;
    this.totalChars = 0;
    this.holder = null;
    this.firstFrame = null;
  }
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Splits an HTML string into text blocks and the page title. */
export function segmentHtml(html: string): SegmentedPage {
  return segmentDocument(parseSegmentationDocument(stripNonText(html)));
}

/**
 * The walk over a linkedom document: the lean one segmentHtml builds, or one from linkedom's own
 * `parseHTML(stripNonText(html))`, which gives the same blocks (test/segment-dom.test.ts).
 */
export function segmentDocument(doc: unknown): SegmentedPage {
  const document = doc as { childNodes: ArrayLike<DomNode> };
  const collector = new BlockCollector();
  let title = "";

  let elementCount = 0;
  const root: Frame = { id: 0, token: "", tag: "#document", landmark: null, hardTag: null, inLink: false };
  // frames[i] describes the i-th element on the current path; a fresh array per element keeps
  // each block's holder chain intact after the walk moves on (arrays are short).
  let frames: Frame[] = [];
  const frameStack: Frame[][] = [];

  // Iterative pre-order walk: real pages nest deep enough to overflow a recursive one. The top
  // level is read through childNodes because linkedom's doctype node reports no nextSibling.
  for (const top of Array.from(document.childNodes)) {
    let node: DomNode | null = top;
    while (node) {
      let descend = false;
      if (node.nodeType === TEXT_NODE) {
        const data = node.data;
        if (data) collector.add(data, frames.length ? frames : [root]);
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
            frameStack.push(frames);
            frames = frames.concat(openFrame(el, tag, frames[frames.length - 1] ?? root, ++elementCount));
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
        const closing = frames[frames.length - 1];
        frames = frameStack.pop() ?? [];
        if (closing && !INLINE.has(closing.tag)) collector.flush();
      }
      node = node === top ? null : node.nextSibling;
    }
  }
  collector.flush();
  return { title, blocks: collector.blocks };
}
