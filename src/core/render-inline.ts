/**
 * A block's text as inline pieces (text, links, images) for the markdown and HTML renderers, from
 * the offsets segmentation kept (RichBlock in types.ts). Text is raw: each renderer escapes it.
 */
import type { InlineImage, LinkSpan, TextBlock } from "./types";

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "image"; src: string; alt: string };

export interface InlineOptions {
  /** Keep links (default true); off, their text stays as plain text. */
  links?: boolean;
  /** Keep images (default true). */
  images?: boolean;
}

const LINK_URL = /^(https?:|mailto:)/i;
const IMAGE_URL = /^https?:/i;

/**
 * The pieces of `block.text` from `from` to `to` (a table cell; the whole text by default), with
 * whitespace trimmed at both ends. An image at the end of the text belongs to the last range.
 * Only http(s)/mailto links and http(s) images pass, whatever built the block.
 */
export function inlinePieces(
  block: TextBlock,
  options: InlineOptions = {},
  from = 0,
  to = block.text.length,
): Inline[] {
  const text = block.text;
  const rich = block.rich;
  const links: LinkSpan[] =
    options.links === false
      ? []
      : (rich?.links ?? []).filter((l) => l.start < to && l.end > from && LINK_URL.test(l.href));
  const images: InlineImage[] =
    options.images === false
      ? []
      : (rich?.images ?? []).filter(
          (im) => im.at >= from && (im.at < to || (im.at === to && to === text.length)) && IMAGE_URL.test(im.src),
        );
  const out: Inline[] = [];
  let pos = from;
  let ii = 0;
  const textUntil = (end: number) => {
    if (end > pos) out.push({ kind: "text", text: text.slice(pos, end) });
    pos = Math.max(pos, end);
  };
  const imagesBefore = (limit: number) => {
    for (; ii < images.length && images[ii]!.at < limit; ii++) {
      textUntil(images[ii]!.at);
      out.push({ kind: "image", src: images[ii]!.src, alt: images[ii]!.alt });
    }
  };
  for (const link of links) {
    const start = Math.max(link.start, from, pos);
    const end = Math.min(link.end, to);
    // An image inside the link's text goes before the link.
    imagesBefore(end);
    textUntil(start);
    if (end > start) out.push({ kind: "link", text: text.slice(start, end), href: link.href });
    pos = Math.max(pos, end);
  }
  imagesBefore(Infinity);
  textUntil(to);
  return trimPieces(out);
}

/** Drops whitespace at both ends of the pieces, and pieces left empty. */
function trimPieces(pieces: Inline[]): Inline[] {
  const first = pieces.findIndex((p) => p.kind === "image" || p.text.trim() !== "");
  if (first < 0) return [];
  let last = pieces.length - 1;
  while (pieces[last]!.kind !== "image" && (pieces[last] as { text: string }).text.trim() === "") last--;
  const out = pieces.slice(first, last + 1).map((p) => ({ ...p }));
  const head = out[0]!;
  if (head.kind !== "image") head.text = head.text.trimStart();
  const tail = out[out.length - 1]!;
  if (tail.kind !== "image") tail.text = tail.text.trimEnd();
  // A link whose text trimmed away (a space) is no link.
  return out.filter((p) => p.kind === "image" || p.text !== "");
}

/** The ranges of a table row's cells in its text (a block without cell offsets is one cell). */
export function cellRanges(block: TextBlock): [number, number][] {
  const cells = block.rich?.row?.cells ?? [0];
  return cells.map((start, i) => [start, i + 1 < cells.length ? cells[i + 1]! : block.text.length]);
}

/**
 * The images before the first line's text and after the last line's, split off the lines of a
 * unit: they stand as figures around a paragraph or heading. Lines may come out empty.
 */
export function splitEdgeImages(lines: readonly Inline[][]): { before: Inline[]; lines: Inline[][]; after: Inline[] } {
  const out = lines.map((l) => [...l]);
  const before: Inline[] = [];
  const after: Inline[] = [];
  const first = out[0] ?? [];
  while (first[0]?.kind === "image") before.push(first.shift()!);
  const last = out[out.length - 1] ?? [];
  while (last[last.length - 1]?.kind === "image") after.unshift(last.pop()!);
  return { before, lines: out, after };
}

/** A text piece of one space: what separates the lines of a heading in markdown. */
export const SPACE: Inline = { kind: "text", text: " " };
