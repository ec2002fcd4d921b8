/**
 * Block assembly for the segmentation walk (segment.ts): text parts become a block when the walk
 * ends one, with the holder element's path, the link share, and what rendering needs (RichBlock,
 * see types.ts): link spans, images, table cells, code as written, list ordinals, rules.
 */
import { childPath, topPath, type PathNode } from "./segment-paths";
import { collapseWhitespace, collapseWithMarks, visibleLength } from "./segment-text";
import type { InlineImage, Landmark, LinkSpan, MarkSpan, RichBlock, TextBlock, TextSpan } from "./types";

export interface Frame {
  /** Document-order number of the element. */
  id: number;
  /** Path token of this element, e.g. `div#main.story`. */
  token: string;
  tag: string;
  /** Whether `tag` is INLINE (segment-tags.ts), looked up once when the frame is made. */
  inline: boolean;
  landmark: Landmark | null;
  hardTag: string | null;
  inLink: boolean;
  /** The enclosing element's frame; the document's frame has none. Blocks keep their chain alive. */
  parent: Frame | null;
  /** The innermost enclosing `<a href>`, whose own `href` is its kept target (null when dropped). */
  link: Frame | null;
  href: string | null;
  /** On an `<a>` whose href points into the page itself (`#usage`, empty): its text is kept as an anchor span. */
  inPage: boolean;
  /** Number of the enclosing data table (segment.ts: one block per row), 0 outside one. */
  table: number;
  /** Inside a `pre`: the code language ("" unknown); null outside. */
  code: string | null;
  /** On an `ol`: items begun so far, from `start`. On an `li` of an `ol`: its number. */
  ordinal: number;
  /** On a `picture`: the srcset of its first `<source>`. */
  srcset: string | null;
  /** The inline marks (MARK_CODE, MARK_EM, MARK_STRONG) this element and those around it put on its text. */
  marks: number;
  /** The path and element ids of blocks this element holds, made when its first block is (holderChain). */
  pathNode: PathNode | null;
  ancestors: readonly number[] | null;
}

interface PendingImage {
  image: InlineImage;
  /** The element a block must sit in to take the image. */
  container: Frame;
  /** How many times the search moved one element up (see RichBlock in types.ts). */
  levels: number;
  /** An embedded video (RichBlock.embeds), placed as an image is. */
  embed: boolean;
}

/** How far up an image looks for a block before it is dropped. */
const MAX_IMAGE_LEVELS = 2;

export function isCell(tag: string): boolean {
  return tag === "td" || tag === "th";
}

/** The nearest enclosing element that is not inline: where an image looks for its block. */
export function blockContainer(frame: Frame): Frame {
  let f = frame;
  while (f.inline && f.parent) f = f.parent;
  return f;
}

/** Whether a link's text makes a span: a kept target (RichBlock.links) or one inside the page (RichBlock.anchors). */
function spanned(link: Frame): boolean {
  return link.href !== null || link.inPage;
}

/** Elements that hold no block of their own: inline ones, and the cells of a data-table row. */
export function passesThrough(frame: Frame): boolean {
  return frame.inline || (frame.table !== 0 && isCell(frame.tag));
}

export class BlockCollector {
  readonly blocks: TextBlock[] = [];
  private parts: string[] = [];
  /** Part indexes before which the code as written starts a line (codeLine); null while none. */
  private codeLines: number[] | null = null;
  /** Characters other than whitespace in the block's link text (the block's own are counted once, in push). */
  private linkChars = 0;
  /** The innermost element around the block's first text. */
  private first: Frame | null = null;
  /** Part indexes where something rendering needs happens; null while the block has none. */
  private marks: number[] | null = null;
  /** Link spans being collected; `href` null for an in-page link (RichBlock.anchors). */
  private linkMarks: { start: number; end: number; href: string | null }[] = [];
  private openLink: Frame | null = null;
  private imageMarks: { mark: number; image: InlineImage }[] = [];
  private cellMarks: { mark: number; header: boolean; span: number }[] = [];
  /** The inline marks on the text added last (Frame.marks), and the spans begun for them. */
  private openMarks = 0;
  private markSpans: { start: number; end: number; mark: number }[] = [];
  private pendingImages: PendingImage[] = [];
  private hrPending = false;
  /** `parts.length` when a code line last began (codeLine); -1 when none has in this block. */
  private codeLineAt = -1;

  constructor(private readonly root: Frame) {}

  add(text: string, frame: Frame): void {
    if (this.parts.length === 0) this.first = frame;
    if (frame.link !== this.openLink) this.switchLink(frame.link);
    if (frame.marks !== this.openMarks) this.switchMarks(frame.marks);
    this.parts.push(text);
    // Only link text is counted here: most text is outside links, and the block's own count is read
    // from its collapsed text when it has link text at all (push).
    if (frame.inLink) this.linkChars += visibleLength(text);
  }

  /**
   * A line of code set as an element of its own begins: the code as written (RichBlock.code.raw)
   * starts a line there, unless its text ends with one. The block's text stays as it was: it is what
   * the model was trained on, and a newline would add a space to it. When nothing was added since the
   * last line began (empty line elements in a row), it has begun: the last part is not read again, or
   * a long text before many empty lines would be scanned once per line.
   */
  codeLine(): void {
    if (this.parts.length === this.codeLineAt) return;
    const last = this.parts[this.parts.length - 1];
    if (last !== undefined && !endsWithLineBreak(last)) (this.codeLines ??= []).push(this.parts.length);
    this.codeLineAt = this.parts.length;
  }

  /** A cell of a data-table row begins: a word boundary, and where the cell's text starts. */
  cell(header: boolean, span = 1): void {
    this.wordBreak();
    this.cellMarks.push({ mark: this.mark(), header, span });
  }

  /** A break (`<br>`, an image) inside a row: words on both sides stay apart, the block goes on. */
  wordBreak(): void {
    if (this.parts.length > 0) this.parts.push(" ");
  }

  /** An image that stands where it is in the block's text (inside a data-table row). */
  inlineImage(image: InlineImage): void {
    this.wordBreak();
    this.imageMarks.push({ mark: this.mark(), image });
  }

  /** An image outside a row: it goes with a nearby block (types.ts, RichBlock). The block before it has ended. */
  image(image: InlineImage, frame: Frame): void {
    const container = blockContainer(frame);
    if (container !== this.root) this.pendingImages.push({ image, container, levels: 0, embed: false });
  }

  /**
   * An embedded video (RichBlock.embeds): after the block before it when that one ended in the same
   * element (the next block may open a quote or a list the video is not in), else as an image goes.
   */
  embed(video: InlineImage, frame: Frame): void {
    const container = blockContainer(frame);
    if (container === this.root) return;
    const last = this.blocks[this.blocks.length - 1];
    if (last?.ancestors?.includes(container.id)) addImage(last, { ...video, at: last.text.length }, true);
    else this.pendingImages.push({ image: video, container, levels: 0, embed: true });
  }

  rule(): void {
    this.hrPending = true;
  }

  /** The walk left `frame` (after flushing): images waiting inside it settle or look one level up. */
  closed(frame: Frame): void {
    if (this.pendingImages.length === 0) return;
    const last = this.blocks[this.blocks.length - 1];
    const waiting: PendingImage[] = [];
    for (const pending of this.pendingImages) {
      if (pending.container !== frame) waiting.push(pending);
      else if (last?.ancestors?.includes(frame.id))
        addImage(last, { ...pending.image, at: last.text.length }, pending.embed);
      else if (pending.levels < MAX_IMAGE_LEVELS && frame.parent && frame.parent !== this.root) {
        waiting.push({ ...pending, container: blockContainer(frame.parent), levels: pending.levels + 1 });
      }
    }
    this.pendingImages = waiting;
  }

  private mark(): number {
    (this.marks ??= []).push(this.parts.length);
    return this.marks.length - 1;
  }

  private switchLink(link: Frame | null): void {
    const open = this.linkMarks[this.linkMarks.length - 1];
    if (this.openLink && spanned(this.openLink) && open) open.end = this.mark();
    this.openLink = link;
    if (link && spanned(link)) this.linkMarks.push({ start: this.mark(), end: -1, href: link.href });
  }

  /** The marks change: spans of the marks that end are closed, spans of the marks that begin opened. */
  private switchMarks(marks: number): void {
    const ended = this.openMarks & ~marks;
    if (ended) {
      for (let i = this.markSpans.length - 1; i >= 0; i--) {
        const span = this.markSpans[i]!;
        if (span.end < 0 && span.mark & ended) span.end = this.mark();
      }
    }
    const begun = marks & ~this.openMarks;
    for (let bit = 1; bit <= begun; bit <<= 1) {
      if (begun & bit) this.markSpans.push({ start: this.mark(), end: -1, mark: bit });
    }
    this.openMarks = marks;
  }

  flush(): void {
    if (this.parts.length === 0) {
      // Most flushes find nothing: keep them allocation-free.
      if (this.marks) this.reset();
      return;
    }
    if (this.openLink) this.switchLink(null);
    if (this.openMarks) this.switchMarks(0);
    const first = this.first!;
    let text: string;
    let rich: RichBlock | undefined;
    if (this.marks) {
      const offsets = collapseWithMarks(this.parts, this.marks);
      text = offsets.text;
      rich = {};
      const spans = this.linkMarks
        .map((l) => ({ start: offsets.next[l.start]!, end: offsets.before[l.end]!, href: l.href }))
        .filter((l) => l.start < l.end);
      const links: LinkSpan[] = [];
      const anchors: TextSpan[] = [];
      for (const { start, end, href } of spans) {
        if (href === null) anchors.push({ start, end });
        else links.push({ start, end, href });
      }
      if (links.length) rich.links = links;
      if (anchors.length) rich.anchors = anchors;
      const marks: MarkSpan[] = this.markSpans
        .map((m) => ({ start: offsets.next[m.start]!, end: offsets.before[m.end]!, mark: m.mark }))
        .filter((m) => m.start < m.end);
      if (marks.length) rich.marks = marks;
      if (this.imageMarks.length) rich.images = this.imageMarks.map((m) => ({ ...m.image, at: offsets.next[m.mark]! }));
      if (this.cellMarks.length && first.table) {
        rich.row = {
          table: first.table,
          cells: this.cellMarks.map((c) => offsets.next[c.mark]!),
          header: this.cellMarks.map((c) => c.header),
        };
        if (this.cellMarks.some((c) => c.span > 1)) rich.row.spans = this.cellMarks.map((c) => c.span);
      }
    } else {
      text = collapseWhitespace(this.parts.length === 1 ? this.parts[0]! : this.parts.join(""));
    }
    if (text) this.push(text, first, rich);
    this.reset();
  }

  private push(text: string, first: Frame, rich: RichBlock | undefined): void {
    // The holder is the nearest non-inline element (a data-table row for its cells); a top-level
    // inline element holds its own text.
    let holder = first;
    while (passesThrough(holder) && holder.parent && holder.parent !== this.root) holder = holder.parent;
    holderChain(holder, this.root);
    const path = holder.pathNode!.path;
    const ancestors = holder.ancestors!;
    const block: TextBlock = {
      text,
      path,
      linkShare: this.linkChars > 0 ? this.linkChars / collapsedVisible(text) : 0,
      landmark: first.landmark,
      hardTag: first.hardTag,
      tag: holder.tag,
      element: holder.id,
      ancestors: ancestors as number[],
    };
    if (first.code !== null) {
      const raw = writtenCode(this.parts, this.codeLines)
        .replace(/^(?:[ \t]*\r?\n)+/, "")
        .trimEnd();
      (rich ??= {}).code = { raw, language: first.code };
    }
    for (let f: Frame | null = first; f && f !== this.root; f = f.parent) {
      if (f.tag !== "li") continue;
      if (f.ordinal > 0) (rich ??= {}).ordinal = f.ordinal;
      break;
    }
    if (this.hrPending) {
      (rich ??= {}).hrBefore = true;
      this.hrPending = false;
    }
    if (rich && Object.keys(rich).length > 0) block.rich = rich;
    this.blocks.push(block);
    if (this.pendingImages.length) this.takeImages(block);
  }

  /** Images waiting in an element this block sits in go before its text. */
  private takeImages(block: TextBlock): void {
    const waiting: PendingImage[] = [];
    const taken: InlineImage[] = [];
    const embeds: InlineImage[] = [];
    for (const pending of this.pendingImages) {
      if (!block.ancestors!.includes(pending.container.id)) waiting.push(pending);
      else (pending.embed ? embeds : taken).push({ ...pending.image, at: 0 });
    }
    this.pendingImages = waiting;
    if (taken.length === 0 && embeds.length === 0) return;
    const rich = (block.rich ??= {});
    if (taken.length) rich.images = [...taken, ...(rich.images ?? [])];
    if (embeds.length) rich.embeds = [...embeds, ...(rich.embeds ?? [])];
  }

  private reset(): void {
    this.parts = [];
    this.codeLines = null;
    this.codeLineAt = -1;
    this.linkChars = 0;
    this.first = null;
    this.openLink = null;
    this.openMarks = 0;
    if (this.marks === null) return;
    this.marks = null;
    this.linkMarks = [];
    this.imageMarks = [];
    this.cellMarks = [];
    this.markSpans = [];
  }
}

/**
 * Sets the path and element ids of the blocks `holder` holds (its pathNode and ancestors), from the
 * top-level element down; text outside any element has the document's. Made once per holder and shared by its blocks (nothing
 * changes a block's ancestors), from its parent's when that was made: a page's blocks mostly sit in
 * a few elements and their neighbours.
 */
function holderChain(holder: Frame, root: Frame): void {
  // Kept on the frames, not returned as a pair: an object per block and per level otherwise.
  if (holder.pathNode === null || holder.ancestors === null) {
    const parent = holder.parent;
    if (holder === root || parent === null || parent === root) {
      holder.pathNode = topPath(holder.token);
      holder.ancestors = [holder.id];
    } else {
      holderChain(parent, root);
      holder.pathNode = childPath(parent.pathNode!, holder.token);
      holder.ancestors = [...parent.ancestors!, holder.id];
    }
  }
}

/**
 * Characters other than whitespace in a collapsed text (collapseWhitespace, collapseWithMarks): its
 * only whitespace is the single spaces between words, so its length less its spaces. The same count as
 * visibleLength over the block's parts, which it replaces: a scan for one code unit, by indexOf.
 */
function collapsedVisible(text: string): number {
  let n = text.length;
  for (let at = text.indexOf(" "); at >= 0; at = text.indexOf(" ", at + 1)) n--;
  return n;
}

function addImage(block: TextBlock, image: InlineImage, embed = false): void {
  const rich = (block.rich ??= {});
  (embed ? (rich.embeds ??= []) : (rich.images ??= [])).push(image);
}

/** The code as written: its parts, with a newline where a line element began (codeLine). */
function writtenCode(parts: readonly string[], lines: readonly number[] | null): string {
  if (lines === null) return parts.length === 1 ? parts[0]! : parts.join("");
  let out = "";
  let next = 0;
  parts.forEach((part, i) => {
    if (lines[next] === i) {
      out += "\n";
      next++;
    }
    out += part;
  });
  return out;
}

/** Whether `text` ends with a line break, up to spaces and tabs after it. */
function endsWithLineBreak(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  return i >= 0 && text.charCodeAt(i) === 10;
}
