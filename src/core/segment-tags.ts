/**
 * The element vocabulary of segmentation, shared by the walk (segment-walk.ts), the tree filter
 * (segment-events.ts) and the DOM driver, which reads only SEGMENT_ATTRIBUTES.
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

/** Attributes the walk reads on a `<meta>` only (see SEGMENT_ATTRIBUTES). */
export const META_ATTRIBUTES = new Set(["property", "name", "content"]);

/**
 * The only attributes the walk reads: path tokens (id, class), landmarks (role), links (href), for
 * rendering: images and their lazy-loading variants, the first number of an `ol`, the columns a
 * table cell spans; and what the page
 * declares it is (declared-types.ts): a `<meta>`'s `property`, `name` and `content`, read on `<meta>`
 * only (META_ATTRIBUTES): on other elements they are a form field's name or microdata's values.
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
  "colspan",
  ...META_ATTRIBUTES,
]);
