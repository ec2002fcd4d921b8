/**
 * The element vocabulary of segmentation, shared by the DOM walk (segment.ts) and the lean DOM
 * builder (segment-dom.ts), which must agree exactly on which tags end a block: the builder drops
 * whitespace that the walk would discard anyway, and it may only do so where the walk ends a block.
 */
import type { Landmark } from "./types";

/** Tags that do not split a block (formatting and phrasing). `br` splits: old pages use it as a paragraph break. */
export const INLINE = new Set([
  "a",
  "abbr",
  "acronym",
  "b",
  "bdi",
  "bdo",
  "big",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "font",
  "i",
  "kbd",
  "label",
  "mark",
  "nobr",
  "q",
  "rp",
  "rt",
  "ruby",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "time",
  "tt",
  "u",
  "var",
  "wbr",
]);

/** Elements whose content is never page text. The pre-pass removes most; these catch what it cannot. */
export const SKIP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "meta",
  "link",
  "base",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "select",
]);

/** Elements that make every block inside them boilerplate under the hard rules (production notes). */
export const HARD = new Set([
  "form",
  "fieldset",
  "legend",
  "label",
  "input",
  "button",
  "select",
  "option",
  "textarea",
  "img",
  "iframe",
  "embed",
  "object",
  "video",
  "audio",
  "canvas",
  "map",
  "svg",
  "math",
  "nav",
  "aside",
  "header",
  "footer",
  "address",
]);

export const VOID = new Set(["br", "hr", "img", "input", "area", "col", "embed", "source", "track", "wbr"]);

export const LANDMARK_TAGS = new Set<string>(["nav", "header", "footer", "aside", "form", "main", "article"]);
export const LANDMARK_ROLES: Record<string, Landmark> = {
  navigation: "nav",
  banner: "header",
  contentinfo: "footer",
  complementary: "aside",
  search: "form",
  main: "main",
  article: "article",
};
export const HARD_ROLES: Record<string, string> = {
  navigation: "nav",
  banner: "header",
  contentinfo: "footer",
  complementary: "aside",
  search: "form",
};

/**
 * The only attributes the walk reads: path tokens (id, class), landmarks (role), links (href), and
 * for rendering: images and their lazy-loading variants, the first number of an `ol`.
 */
export const SEGMENT_ATTRIBUTES = new Set([
  "id",
  "class",
  "role",
  "href",
  "src",
  "alt",
  "srcset",
  "data-src",
  "data-srcset",
  "data-lazy-src",
  "data-original",
  "start",
]);

/** Childless elements whose attributes the walk reads: the lean DOM keeps theirs, unlike other empty elements'. */
export const ATTRIBUTE_VOIDS = new Set(["img", "source", "base"]);

/**
 * Whether the walk ends the current block when it meets this element's start tag. `title` does not:
 * it is read aside for the page title and never descended into.
 */
export function endsBlockAtOpen(tag: string): boolean {
  return tag !== "title" && (!INLINE.has(tag) || tag === "br");
}

/** Whether the walk ends the current block when it leaves this element (one it descended into). */
export function endsBlockAtClose(tag: string): boolean {
  return tag !== "title" && !INLINE.has(tag);
}
