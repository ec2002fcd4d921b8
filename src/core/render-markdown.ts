/**
 * Markdown (GFM) rendering of the content blocks.
 *
 * Blocks become units as `layoutBlocks` (render-layout.ts) documents; the headline is placed by
 * `placeHeadline` (headline.ts): `# Headline` first, never repeated, the only `#` heading.
 *
 * Markdown choices: lines of one paragraph, list item or caption are joined by a CommonMark hard
 * break written as a backslash before the newline (not two trailing spaces, so no line ends in
 * whitespace); lines of a heading by a space (an ATX heading is one line); ordered
 * lists are numbered `1.`, `2.`, ...; adjacent distinct lists alternate their marker (`-`/`*`,
 * `.`/`)`) so CommonMark does not merge them; code is fenced with backticks, longer than any
 * backtick run in the code, its info string the language; links are `[text](url)` and images
 * `![alt](url)` with absolute URLs (`(`, `)`, `<`, `>`, space and `|` percent-encoded); an image
 * before or after a paragraph, heading or caption stands as its own paragraph, with the caption
 * as an italic line after; an embedded video is a link to its page, standing as images do; data
 * tables are pipe tables whose first row is the header (`|` escaped in cells, a cell spanning n
 * columns followed by n - 1 empty ones); inline code is a code span (unescaped, fenced by a backtick
 * run longer than any inside), emphasis `*em*` and `**strong**` where CommonMark reads the
 * delimiters so (else the words stand plain); a list item's later paragraphs are indented under it
 * after a blank line; an `<hr>` before a unit is `---`. Text is escaped so it creates no markup:
 * `\`, `` ` ``, `*`, `[`, `]`, `~` always, `_` unless inside a word, `<` before a tag-like
 * character, `&` before an entity-like run, and `#`, `>`, `-`, `+`, `=`, `1.`/`1)` at the start
 * of a line. Ordered lists start at the page's number of their first item.
 */
import type { BlockVerdict } from "./classify";
import { placeHeadline } from "./headline";
import {
  cellRanges,
  inlinePieces,
  markRuns,
  SPACE,
  splitEdgeImages,
  writeWithRuns,
  type Inline,
  type InlineOptions,
  type MarkRun,
} from "./render-inline";
import { commonDepth, layoutBlocks, type Container, type Unit } from "./render-layout";
import { MARK_CODE, MARK_STRONG, type TextBlock } from "./types";

export { commonDepth, layoutBlocks, type Container, type Unit, type UnitKind } from "./render-layout";

export interface MarkdownOptions extends InlineOptions {
  /** The article's headline (a metadata title): the first line, `# Headline`. */
  headline?: string;
  /** The page title: the headline when none is given and the content has no h1. */
  title?: string;
}

const WORD = /[\p{L}\p{N}]/u;

/** Escapes characters that would make inline markup. */
export function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]~<&]/g, (c, offset: number, s: string) => {
    if (c === "_") return WORD.test(s[offset - 1] ?? "") && WORD.test(s[offset + 1] ?? "") ? c : "\\_";
    if (c === "<") return /[A-Za-z/!?]/.test(s[offset + 1] ?? "") ? "\\<" : c;
    if (c === "&") return /^&#?[A-Za-z0-9]+;/.test(s.slice(offset, offset + 40)) ? "\\&" : c;
    return "\\" + c;
  });
}

/** Escapes a line that starts a block (paragraph line, list item text). */
export function escapeLine(text: string): string {
  return escapeLineStart(escapeInline(text));
}

/** The line-start part of escapeLine, on text already escaped inline. */
function escapeLineStart(s: string): string {
  if (/^[#>+\-=]/.test(s)) return "\\" + s;
  return s.replace(/^(\d{1,9})([.)])/, "$1\\$2");
}

/** A URL as a link destination: characters that would end or split it percent-encoded. */
export function markdownUrl(url: string): string {
  return url.replace(/[()<> |]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"));
}

/** Inline pieces as markdown; a line start is escaped when the line begins with text. */
function inlineMarkdown(pieces: readonly Inline[], lineStart: boolean): string {
  const written = pieces.map((p) => {
    if (p.kind === "image") return `${p.video ? "" : "!"}[${escapeInline(p.alt)}](${markdownUrl(p.src)})`;
    const text = (p.marks ?? 0) & MARK_CODE ? codeSpan(p.text) : escapeInline(p.text);
    return p.kind === "link" ? `[${text}](${markdownUrl(p.href)})` : text;
  });
  const runs = markRuns(pieces, (run) => flanks(written, run));
  const s = writeWithRuns(pieces, runs, (_, i) => written[i]!, delimiter, delimiter);
  return lineStart && pieces[0]?.kind === "text" && !((pieces[0].marks ?? 0) & MARK_CODE) && runs[0]?.from !== 0
    ? escapeLineStart(s)
    : s;
}

const delimiter = (mark: number) => (mark === MARK_STRONG ? "**" : "*");

/** A code span: fenced by a backtick run longer than any inside, padded when the code starts or ends with a backtick. */
export function codeSpan(code: string): string {
  const runs = code.match(/`+/g) ?? [];
  const fence = "`".repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = code.startsWith("`") || code.endsWith("`") || (code.startsWith(" ") && code.endsWith(" ")) ? " " : "";
  return fence + pad + code + pad + fence;
}

const PUNCTUATION = /[\p{P}\p{S}]/u;
const SPACE_CHAR = /\s/;

/**
 * Whether `*` delimiters around a run of written pieces would read as emphasis in CommonMark: the
 * opener is left-flanking (a run starting with punctuation needs whitespace, punctuation or the line
 * start before it) and the closer right-flanking (the same after a run ending with punctuation).
 * Else the run is written without them: stars the reader would see are worse than no emphasis.
 */
function flanks(written: readonly string[], run: MarkRun): boolean {
  // Written pieces are never empty: the characters around a run are those of its neighbours.
  const before = written[run.from - 1]?.slice(-1) ?? "";
  const after = written[run.to]?.charAt(0) ?? "";
  const first = written[run.from]!.charAt(0);
  const last = written[run.to - 1]!.slice(-1);
  if (!first || SPACE_CHAR.test(first) || SPACE_CHAR.test(last)) return false;
  const loose = (c: string) => c === "" || SPACE_CHAR.test(c) || PUNCTUATION.test(c);
  if (PUNCTUATION.test(first) && !loose(before)) return false;
  if (PUNCTUATION.test(last) && !loose(after)) return false;
  return true;
}

/** Escapes heading text: inline markup, and a trailing `#` run that would read as a closing sequence. */
export function escapeHeading(text: string): string {
  return escapeInline(text).replace(/(^|\s)(#+)$/, "$1\\$2");
}

interface OpenContainer extends Container {
  /** List style: 0 gives `-` / `.`, 1 gives `*` / `)`. */
  style: number;
  /** Items begun in this list. */
  count: number;
  /** Width of the current item's marker: the indent of its continuation lines. */
  width: number;
  /** The `li` element of the current item (Unit.item; 0 unknown). */
  li: number;
}

export function renderMarkdown(
  blocks: readonly TextBlock[],
  verdicts: readonly BlockVerdict[],
  options: MarkdownOptions = {},
): string {
  const placed = placeHeadline(layoutBlocks(blocks, verdicts), options);
  const inline: InlineOptions = { links: options.links, images: options.images };
  const out: string[] = [];
  if (placed.headline) out.push("# " + escapeHeading(placed.headline));
  if (options.images !== false) {
    for (const image of placed.images) out.push("", inlineMarkdown([{ kind: "image", ...image }], false));
  }

  const stack: OpenContainer[] = [];
  // Style of the list last closed at each depth, while only list items have been written since.
  let closedStyle = new Map<number, string>();
  let previousWasItem = false;

  const continuation = (depth: number) =>
    stack
      .slice(0, depth)
      .map((c) => (c.kind === "quote" ? "> " : " ".repeat(c.width)))
      .join("");
  const beginItem = (list: OpenContainer, depth: number, lines: readonly string[], ordinal = 0) => {
    // The first item of an ordered list keeps the page's number (`<ol start>`, items left out before it).
    if (list.count === 0 && ordinal > 0) list.count = Math.min(ordinal, 999_999_999) - 1;
    list.count++;
    const marker = list.kind === "ol" ? `${list.count}${list.style ? ")" : "."} ` : list.style ? "* " : "- ";
    list.width = marker.length;
    if (lines.length === 0) out.push((continuation(depth) + marker).trimEnd());
    const indent = continuation(depth + 1);
    lines.forEach((l, i) =>
      out.push((i === 0 ? continuation(depth) + marker : indent) + l + (i < lines.length - 1 ? "\\" : "")),
    );
  };
  /** Paragraph lines with a hard break between them, at the current depth. */
  const paragraph = (lines: readonly string[]) => {
    const p = continuation(stack.length);
    lines.forEach((l, i) => out.push(p + l + (i < lines.length - 1 ? "\\" : "")));
  };
  /** Images standing as their own paragraphs, after a blank line unless first. */
  const imageParagraphs = (images: readonly Inline[], blankFirst: boolean) => {
    images.forEach((image, i) => {
      if (blankFirst || i > 0) out.push(continuation(stack.length).trimEnd());
      paragraph([inlineMarkdown([image], false)]);
    });
  };

  for (const unit of placed.units) {
    const isItem = unit.kind === "item";
    const common = commonDepth(stack, unit.containers);
    while (stack.length > common) {
      const closed = stack.pop()!;
      for (const d of closedStyle.keys()) if (d > stack.length) closedStyle.delete(d);
      if (closed.kind !== "quote") closedStyle.set(stack.length, closed.kind + closed.style);
    }
    if (!isItem) closedStyle = new Map();

    // A rule between units; a blank line before it keeps it from reading as a setext underline.
    if (unit.ruleBefore && !isItem && out.length > 0) {
      out.push(continuation(stack.length).trimEnd(), continuation(stack.length) + "---");
    }

    // Separator: list items continuing (or nesting in) an open list are tight; anything else gets
    // a blank line, carrying the quote markers both sides share.
    const top = stack[stack.length - 1];
    // A later paragraph of the open item (Unit.item) is a paragraph inside it, after a blank line.
    const more = isItem && unit.item !== 0 && top !== undefined && top.kind !== "quote" && top.li === unit.item;
    const tight = previousWasItem && isItem && !more && top !== undefined && top.kind !== "quote";
    if (out.length > 0 && !tight) out.push(continuation(stack.length).trimEnd());

    for (let i = common; i < unit.containers.length; i++) {
      const c = unit.containers[i]!;
      const parent = stack[stack.length - 1];
      // A quote or list inside a list needs an item to sit in.
      if (parent && parent.kind !== "quote" && parent.count === 0) beginItem(parent, stack.length - 1, []);
      // Whatever closed deeper than here lived in another container: not adjacent to what opens next.
      for (const d of closedStyle.keys()) if (d > stack.length) closedStyle.delete(d);
      let style = 0;
      if (c.kind !== "quote" && closedStyle.get(stack.length) === c.kind + "0") style = 1;
      stack.push({ ...c, style, count: 0, width: 0, li: 0 });
    }

    const depth = stack.length;
    const pieces = unit.blocks.map((b) => inlinePieces(b, inline));
    switch (unit.kind) {
      case "item":
        if (more) {
          paragraph(pieces.map((p) => inlineMarkdown(p, true)));
          break;
        }
        stack[depth - 1]!.li = unit.item;
        beginItem(
          stack[depth - 1]!,
          depth - 1,
          pieces.map((p) => inlineMarkdown(p, true)),
          unit.ordinal,
        );
        break;
      case "heading": {
        const { before, lines, after } = splitEdgeImages(pieces);
        imageParagraphs(before, false);
        if (before.length) out.push(continuation(depth).trimEnd());
        const joined = lines.flatMap((p, i) => (i > 0 ? [SPACE, ...p] : p));
        const text = inlineMarkdown(joined, false).replace(/(^|\s)(#+)$/, "$1\\$2");
        out.push(continuation(depth) + "#".repeat(unit.level) + " " + text);
        imageParagraphs(after, true);
        break;
      }
      case "code": {
        const code = unit.lines.join("\n").split("\n");
        const runs = code.join("\n").match(/`+/g) ?? [];
        const fence = "`".repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
        const p = continuation(depth);
        out.push(p + fence + unit.language, ...code.map((l) => p + l), p + fence);
        break;
      }
      case "table":
        out.push(...tableLines(unit, inline).map((l) => continuation(depth) + l));
        break;
      case "caption":
      case "paragraph": {
        const { before, lines, after } = splitEdgeImages(pieces);
        const text = lines
          .map((p) => inlineMarkdown(p, true))
          .filter((l) => l !== "")
          .map((l) => (unit.kind === "caption" ? `*${l}*` : l));
        imageParagraphs(before, false);
        if (text.length) {
          if (before.length) out.push(continuation(depth).trimEnd());
          paragraph(text);
        }
        imageParagraphs(after, before.length > 0 || text.length > 0);
        break;
      }
    }
    previousWasItem = isItem;
  }

  if (out.length === 0) return "";
  return out.map((l) => l.trimEnd()).join("\n") + "\n";
}

/**
 * A GFM pipe table: the first row is the header, every row as wide as the widest; a cell spanning
 * columns is followed by empty cells, so the cells after it stay in their columns.
 */
function tableLines(unit: Unit, inline: InlineOptions): string[] {
  const rows = unit.blocks.map((block) => {
    const spans = block.rich?.row?.spans;
    return cellRanges(block).flatMap(([from, to], c) => [
      inlineMarkdown(inlinePieces(block, inline, from, to), false).replace(/\|/g, "\\|"),
      ...Array.from({ length: (spans?.[c] ?? 1) - 1 }, () => ""),
    ]);
  });
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => "| " + Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ") + " |";
  return [line(rows[0]!), line(Array.from({ length: width }, () => "---")), ...rows.slice(1).map(line)];
}
