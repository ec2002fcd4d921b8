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
  /**
   * What rendering needs beyond the text, absent on plain blocks (most of a page). Classification
   * and hashing never read it: the text of a block is the same with or without it.
   */
  rich?: RichBlock;
}

/**
 * Rendering detail of one block. Offsets are UTF-16 indexes into `TextBlock.text` (the collapsed
 * text), so spans survive without a second copy of the text.
 *
 * Images never make blocks (an image-only block would be empty text, or a hash that recurs as
 * template on every page): each image is an inline item of a nearby text block, and is rendered
 * when that block is content, or when the block is a figure's caption left out of the answer while
 * its picture belongs there (render-layout.ts figureImagesOf). The block is the first one to start
 * inside the image's nearest non-inline ancestor after the image; failing that, the last one that
 * ended inside it (`<p>text <img></p>`); failing that, the same search one and two levels further
 * up (a hero image in `div>picture` goes with the article's first block). An image with no block
 * around within three levels is dropped.
 */
export interface RichBlock {
  /** Inline links, in order, not overlapping, never empty (`start < end`). */
  links?: LinkSpan[];
  /**
   * In-page links (`href="#usage"`, empty), in order: rendered as plain text, but a heading's own
   * link among them is where its permalink mark stands (permalink-marks.ts).
   */
  anchors?: TextSpan[];
  /** Inline images, in order of `at`. */
  images?: InlineImage[];
  /**
   * Embedded videos (a YouTube or Vimeo player's `iframe`), placed as images are: `src` is the
   * video's own page, `alt` "YouTube video" or "Vimeo video". Apart from `images`: no page decision reads them.
   */
  embeds?: InlineImage[];
  /** A row of a data table (one block per row: see segment.ts); cell texts are slices of the text. */
  row?: TableRow;
  /** A block inside `pre`: its text with whitespace as written. */
  code?: CodeText;
  /** Position (1-based, `start` applied) of the `li` holding the block among its list's items. */
  ordinal?: number;
  /** An `<hr>` came between the previous block and this one. */
  hrBefore?: boolean;
  /**
   * Inline code (`code`, `samp`, `tt` outside `pre`) and emphasis (`em`, `i`; `strong`, `b`), in
   * order of their start; spans of one kind never overlap, spans of different kinds may.
   */
  marks?: MarkSpan[];
}

/** What an inline mark is: a bit, so a piece of text can carry several (render-inline.ts). */
export const MARK_CODE = 1;
export const MARK_EM = 2;
export const MARK_STRONG = 4;

export interface MarkSpan extends TextSpan {
  /** MARK_CODE, MARK_EM or MARK_STRONG. */
  mark: number;
}

export interface TextSpan {
  start: number;
  end: number;
}

export interface LinkSpan extends TextSpan {
  /** Absolute http(s) or mailto URL; `javascript:`, `data:`, empty and fragment-only links are dropped. */
  href: string;
}

export interface InlineImage {
  /** Offset in the text the image stands before (`text.length`: after the text). */
  at: number;
  /** Absolute http(s) URL, the real one of lazy-loading markup. */
  src: string;
  alt: string;
}

export interface TableRow {
  /** Document-order number of the `table` element: rows of one table share it. */
  table: number;
  /** Offsets in the text where each cell begins; a cell ends where the next begins (trim it). */
  cells: number[];
  /** Per cell: a `th`. */
  header: boolean[];
  /** Per cell: its `colspan` (1 to 100); absent when every cell spans one column. */
  spans?: number[];
}

export interface CodeText {
  /** The text as written (entities decoded), leading and trailing blank lines removed. */
  raw: string;
  /** From `class="language-x"`, `lang-x` or `highlight-x` on the pre or code; "" when absent. */
  language: string;
}

export interface SegmentedPage {
  /** Text of `<title>`, whitespace collapsed; "" when absent. */
  title: string;
  blocks: TextBlock[];
  /** What the page says it is (declared-types.ts: its og:type), for the page-kind signals; absent when it declares nothing a group holds. */
  declared?: DeclaredTypes;
  /**
   * The text of the page's `<noscript>` elements when the page has almost none of its own and they
   * were left unread (segment.ts: a note, not a crawler view); absent otherwise. The interstitial
   * check reads it: an empty page whose noscript asks for JavaScript is a JavaScript shell.
   */
  noscriptNote?: string;
  /**
   * On a page over the element cap (budget.ts): the index of the first block read past the cap, as
   * flat text (segment-past-cap.ts); absent when the page was read whole or no block lies past it.
   */
  pastCap?: number;
}

/** The groups of declared page types (declared-types.ts holds which og:type values fall in which). */
export type DeclaredGroup = "product" | "article" | "listing" | "website";

/** A page's declared types by source, each group once, in DeclaredGroup order. */
export interface DeclaredTypes {
  /** `og:type`. */
  openGraph: DeclaredGroup[];
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
