/**
 * Builds the linkedom document that segmentation walks, from the same htmlparser2 events and
 * parser options linkedom's own `parseHTML` uses, so the element tree is the same one. What it
 * leaves out is only what the walk can never observe, because linkedom's cost is per node (every
 * node, attributes included, is an EventTarget registered in a WeakMap, and that garbage dominates
 * the parse):
 *
 * - attributes other than SEGMENT_ATTRIBUTES (about half of all attributes on real pages), and
 *   any attributes at all on elements that end up without children, except img, source and base:
 *   the walk reads attributes only of elements it descends into and of those; and the attributes
 *   kept are a plain record on the element rather than linkedom Attr nodes (see KEPT);
 * - whitespace-only text that sits right before a point where the walk ends the block anyway (a
 *   block-level start tag, the close of a non-inline element that has other children, the end of
 *   the document). Such text is the trailing part of a block, or the whole of an empty one, and is
 *   trimmed away either way; it is kept where it could matter: between inline runs, as the first
 *   part of a block that goes on, or as an element's only child (which makes the walk descend);
 * - the split of one text run into several nodes around entities (adjacent text nodes are one run
 *   to the walk);
 * - everything inside an element the walk skips whole (select, iframe, math, svg...: SKIP); the
 *   element itself stays, since meeting it ends a block.
 *
 * Within the page's budget (budget.ts): elements nested deeper than its depth cap are not built
 * (their text joins the deepest built element), and class and id values are cut at its name cap.
 *
 * Inside a <title> nothing is left out: the walk reads a title whole, as textContent, and htmlparser2
 * lets a `<title/>` hold markup.
 *
 * test/segment-dom.test.ts checks on generated markup that the walk gives identical blocks over
 * this document and over linkedom's own.
 */
import { Parser } from "htmlparser2";
import { DOMParser } from "linkedom";
import { capName, PageBudget } from "./budget";
import { ATTRIBUTE_VOIDS, endsBlockAtClose, endsBlockAtOpen, SEGMENT_ATTRIBUTES, SKIP } from "./segment-tags";

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
/** JavaScript's `\s`, which is what the walk trims and collapses. */
const BLANK = /^\s*$/;

/** The slice of linkedom's DOM the builder uses (the Workers type library has no DOM). */
interface BuildNode {
  readonly nodeType: number;
  readonly localName?: string;
  readonly parentNode: BuildNode | null;
  readonly lastChild: BuildNode | null;
  appendChild(node: BuildNode): BuildNode;
}

interface BuildDocument extends BuildNode {
  doctype: unknown;
  createElement(name: string): BuildNode;
  createElementNS(namespace: string, name: string): BuildNode;
  createTextNode(text: string): BuildNode;
  createComment(text: string): BuildNode;
}

const ELEMENT_NODE = 1;

/**
 * Attributes are kept on the element as a plain record, read through the element's own
 * getAttribute and hasAttribute, instead of as linkedom Attr nodes: each of those is a Node (an
 * EventTarget with its WeakMap entry) and a class attribute also builds a DOMTokenList, together
 * a fifth of the parse. The two methods answer as linkedom's do (class included, see classValue).
 */
const KEPT = Symbol("kept attributes");

interface KeptElement {
  [KEPT]: Record<string, string>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

function keptGetAttribute(this: KeptElement, name: string): string | null {
  // linkedom answers "" for a missing class (its className), null for anything else missing.
  return this[KEPT][name] ?? (name === "class" ? "" : null);
}

function keptHasAttribute(this: KeptElement, name: string): boolean {
  return this[KEPT][name] !== undefined;
}

const NO_ATTRIBUTES: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);

function keepAttributes(element: BuildNode, kept: Record<string, string>): void {
  const target = element as unknown as KeptElement;
  target[KEPT] = kept;
  target.getAttribute = keptGetAttribute;
  target.hasAttribute = keptHasAttribute;
}

/** A class value as linkedom's getAttribute gives it back: its DOMTokenList's names, once each. */
function classValue(value: string): string {
  // Most class values are one name: nothing to split or dedupe.
  if (!SPACE.test(value)) return value;
  return [...new Set(value.split(/\s+/).filter(Boolean))].join(" ");
}

const SPACE = /\s/;

/** A linkedom HTML document of `html` holding what segmentation reads; see the module comment. */
export function parseSegmentationDocument(html: string, budget = new PageBudget()): unknown {
  const document = new DOMParser().parseFromString("", "text/html") as unknown as BuildDocument;
  const { maxDepth, maxNameChars } = budget.limits;
  let node: BuildNode = document;
  // Depth of `node` among built elements, and open elements below the depth cap, built as nothing.
  let depth = 0;
  let flattened = 0;
  // Text is held back until the next event shows whether the walk could ever see it.
  let text: string | null = null;
  // The current element's attributes wait for its first child; only the current element's can wait.
  let attributes: Record<string, string> | null = null;
  // Open elements inside a skipped element: the parser's events there build nothing.
  let skipped = 0;
  // Open elements inside a <title>, which the walk reads whole as textContent: built as they are.
  let inTitle = 0;

  const setAttributes = (element: BuildNode): void => {
    let kept: Record<string, string> | null = null;
    for (const key in attributes) {
      if (!SEGMENT_ATTRIBUTES.has(key)) continue;
      let value = attributes[key]!;
      if ((key === "class" || key === "id") && value.length > maxNameChars) value = capName(value, budget);
      (kept ??= Object.create(null) as Record<string, string>)[key] = key === "class" ? classValue(value) : value;
    }
    // Also when none is kept: linkedom's own getAttribute("class") would build a DOMTokenList.
    keepAttributes(element, kept ?? NO_ATTRIBUTES);
    attributes = null;
  };

  const append = (child: BuildNode): void => {
    if (attributes) setAttributes(node);
    node.appendChild(child);
  };

  const applyAttributesNow = (element: BuildNode): void => setAttributes(element);

  const appendText = (droppable: boolean): void => {
    if (text === null) return;
    if (!(droppable && inTitle === 0 && BLANK.test(text))) append(document.createTextNode(text));
    text = null;
  };

  const parser = new Parser(
    {
      onprocessinginstruction(name, data) {
        // Adds no node where it stands (linkedom puts the doctype first), so text runs on across it.
        if (name.toLowerCase() === "!doctype") document.doctype = data.slice(name.length).trim();
      },
      onopentag(name, attribs) {
        budget.step();
        if (skipped > 0) {
          skipped++;
          return;
        }
        if (flattened > 0 || depth >= maxDepth) {
          // Past the depth cap (a skipped or title element there is not told apart: no real page goes this deep).
          if (flattened++ === 0) budget.cut("depth");
          return;
        }
        depth++;
        appendText(endsBlockAtOpen(name));
        // linkedom's rule: <svg> lives in the SVG namespace (its content is skipped, see below).
        const element = name === "svg" ? document.createElementNS(SVG_NAMESPACE, name) : document.createElement(name);
        append(element);
        node = element;
        attributes = attribs;
        // Images and <base> have no children to wait for: their attributes go on now.
        if (ATTRIBUTE_VOIDS.has(name)) applyAttributesNow(element);
        if (inTitle > 0) inTitle++;
        else if (name === "title") inTitle = 1;
        // The parser still reports what is inside (it shapes the tree around), the DOM gets none of it.
        else if (SKIP.has(name)) skipped = 1;
      },
      ontext(data) {
        if (skipped > 0) return;
        text = text === null ? data : text + data;
      },
      oncomment(data) {
        if (skipped > 0) return;
        appendText(false);
        append(document.createComment(data));
      },
      onclosetag() {
        // Every close event ends the innermost open element, skipped ones included.
        if (skipped > 1) {
          skipped--;
          return;
        }
        skipped = 0;
        if (flattened > 0) {
          flattened--;
          return;
        }
        depth--;
        // Dropping the last child is safe only if another child keeps the element descended into.
        appendText(node.nodeType === ELEMENT_NODE && endsBlockAtClose(node.localName!) && node.lastChild !== null);
        if (inTitle > 0) inTitle--;
        attributes = null;
        node = node.parentNode ?? document;
      },
      onend() {
        appendText(true);
      },
    },
    // linkedom's options for text/html.
    { lowerCaseAttributeNames: false, decodeEntities: true, xmlMode: false },
  );
  parser.write(html);
  parser.end();
  return document;
}
