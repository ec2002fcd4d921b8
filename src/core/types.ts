/** Landmarks a block remembers: the nearest enclosing one of these elements. */
export type Landmark = "nav" | "header" | "footer" | "aside" | "form" | "main" | "article";

/** One text block: a maximal run of text not interrupted by a non-inline tag. */
export interface TextBlock {
  /** Text with entities decoded and whitespace collapsed to single spaces, trimmed. */
  text: string;
  /** DOM path of the element holding the block, e.g. `body>div#main.story>p`. */
  path: string;
  /** Share (0..1) of the block's characters that sit inside `<a href>`. */
  linkShare: number;
  /** Nearest enclosing landmark element, if any. */
  landmark: Landmark | null;
  /** Nearest enclosing element whose content is boilerplate by the hard rules (form, label, nav, ...), if any. */
  hardTag: string | null;
  /** Tag name of the element that holds the block (p, h1, li, td, div, ...). */
  tag: string;
  /**
   * Document-order number of the element that holds the block: blocks sharing it were split only
   * by `<br>` or a skipped element, and render as lines of one paragraph. Siblings with equal paths
   * (two `<p>` in one `<div>`) have different numbers.
   */
  element: number;
  /**
   * Document-order numbers of the elements enclosing the block, outermost first, ending with
   * `element`: real containers, where equal path strings of sibling elements would merge.
   */
  ancestors?: number[];
}

export interface SegmentedPage {
  /** Text of `<title>`, whitespace collapsed; "" when absent. */
  title: string;
  blocks: TextBlock[];
}

/** What the URL-key stage yields for one document. */
export interface UrlKey {
  /** The normalized URL key (paper §3), the identity of a document within its domain. */
  key: string;
  /** Registrable domain (public suffix + one label), e.g. `bbc.co.uk`; the host itself for IPs and single labels. */
  domain: string;
  /**
   * The URL Tree branch below the domain node: host labels below the domain in reverse order
   * (`news.bbc.co.uk` gives `news`), then path segments; the last path segment (the "file") is
   * left out when the key has no query.
   */
  branch: string[];
}
