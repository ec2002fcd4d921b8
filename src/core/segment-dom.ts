/**
 * Builds the linkedom document that segmentation walks, from the same htmlparser2 events and
 * parser options linkedom's own `parseHTML` uses, so the element tree is the same one. What it
 * leaves out is only what the walk can never observe, because linkedom's cost is per node (every
 * node, attributes included, is an EventTarget registered in a WeakMap, and that garbage dominates
 * the parse):
 *
 * - attributes other than id, class, role and href (about half of all attributes on real pages),
 *   and any attributes at all on elements that end up without children: the walk reads attributes
 *   only of elements it descends into;
 * - whitespace-only text that sits right before a point where the walk ends the block anyway (a
 *   block-level start tag, the close of a non-inline element that has other children, the end of
 *   the document). Such text is the trailing part of a block, or the whole of an empty one, and is
 *   trimmed away either way; it is kept where it could matter: between inline runs, as the first
 *   part of a block that goes on, or as an element's only child (which makes the walk descend);
 * - the split of one text run into several nodes around entities (adjacent text nodes are one run
 *   to the walk).
 *
 * test/segment-dom.test.ts checks on generated markup that the walk gives identical blocks over
 * this document and over linkedom's own.
 */
import { Parser } from "htmlparser2";
import { DOMParser } from "linkedom";
import { endsBlockAtClose, endsBlockAtOpen, SEGMENT_ATTRIBUTES } from "./segment-tags";

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
  setAttribute?(name: string, value: string): void;
  ownerSVGElement?: BuildNode | null;
}

interface BuildDocument extends BuildNode {
  doctype: unknown;
  createElement(name: string): BuildNode;
  createElementNS(namespace: string, name: string): BuildNode;
  createTextNode(text: string): BuildNode;
  createComment(text: string): BuildNode;
}

const ELEMENT_NODE = 1;

/** A linkedom HTML document of `html` holding what segmentation reads; see the module comment. */
export function parseSegmentationDocument(html: string): unknown {
  const document = new DOMParser().parseFromString("", "text/html") as unknown as BuildDocument;
  let node: BuildNode = document;
  let svg: BuildNode | null = null;
  // Text is held back until the next event shows whether the walk could ever see it.
  let text: string | null = null;
  // The current element's attributes wait for its first child; only the current element's can wait.
  let attributes: Record<string, string> | null = null;

  const append = (child: BuildNode): void => {
    if (attributes) {
      for (const key in attributes) if (SEGMENT_ATTRIBUTES.has(key)) node.setAttribute!(key, attributes[key]!);
      attributes = null;
    }
    node.appendChild(child);
  };

  const appendText = (droppable: boolean): void => {
    if (text === null) return;
    if (!(droppable && BLANK.test(text))) append(document.createTextNode(text));
    text = null;
  };

  const parser = new Parser(
    {
      onprocessinginstruction(name, data) {
        // Adds no node where it stands (linkedom puts the doctype first), so text runs on across it.
        if (name.toLowerCase() === "!doctype") document.doctype = data.slice(name.length).trim();
      },
      onopentag(name, attribs) {
        appendText(endsBlockAtOpen(name));
        let element: BuildNode;
        // linkedom's rule: everything under <svg> is created in the SVG namespace.
        if (svg) {
          element = document.createElementNS(SVG_NAMESPACE, name);
          element.ownerSVGElement = svg;
        } else if (name === "svg" || name === "SVG") {
          element = svg = document.createElementNS(SVG_NAMESPACE, name);
        } else {
          element = document.createElement(name);
        }
        append(element);
        node = element;
        attributes = attribs;
      },
      ontext(data) {
        text = text === null ? data : text + data;
      },
      oncomment(data) {
        appendText(false);
        append(document.createComment(data));
      },
      onclosetag() {
        // Dropping the last child is safe only if another child keeps the element descended into.
        appendText(node.nodeType === ELEMENT_NODE && endsBlockAtClose(node.localName!) && node.lastChild !== null);
        attributes = null;
        if (node === svg) svg = null;
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
