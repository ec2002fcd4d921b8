/**
 * A block's text as inline pieces (text, links, images) for the markdown and HTML renderers, from
 * the offsets segmentation kept (RichBlock in types.ts). Text is raw: each renderer escapes it.
 */
import { MARK_EM, MARK_STRONG, type InlineImage, type LinkSpan, type MarkSpan, type TextBlock } from "./types";

/**
 * `marks` (MARK_CODE, MARK_EM, MARK_STRONG of types.ts; absent: none) are the inline marks the whole
 * piece carries: text is split where a mark begins or ends; a link carries the marks around all of
 * its text (a mark on part of a link's text is left out, as the link is one piece). An image piece
 * with `video` is an embedded video (RichBlock.embeds): `src` is its page, `alt` its title; it stands
 * where images stand and goes with them (the `images` option).
 */
export type Inline =
  | { kind: "text"; text: string; marks?: number }
  | { kind: "link"; text: string; href: string; marks?: number }
  | { kind: "image"; src: string; alt: string; video?: boolean };

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
  const images: (InlineImage & { video?: boolean })[] =
    options.images === false
      ? []
      : (rich?.images ?? []).filter(
          (im) => im.at >= from && (im.at < to || (im.at === to && to === text.length)) && IMAGE_URL.test(im.src),
        );
  const embeds = options.images === false ? undefined : rich?.embeds;
  if (embeds?.length) {
    for (const video of embeds) {
      if (video.at >= from && (video.at < to || (video.at === to && to === text.length)) && IMAGE_URL.test(video.src)) {
        images.push({ ...video, video: true });
      }
    }
    images.sort((a, b) => a.at - b.at);
  }
  const marks: MarkSpan[] = (rich?.marks ?? []).filter((m) => m.start < to && m.end > from);
  /** The marks around all of text[start, end). */
  const marksOver = (start: number, end: number) => {
    let bits = 0;
    for (const m of marks) if (m.start <= start && m.end >= end) bits |= m.mark;
    return bits;
  };
  const out: Inline[] = [];
  let pos = from;
  let ii = 0;
  const textUntil = (end: number) => {
    while (end > pos) {
      // The text splits where a mark begins or ends.
      let cut = end;
      for (const m of marks) {
        if (m.start > pos && m.start < cut) cut = m.start;
        if (m.end > pos && m.end < cut) cut = m.end;
      }
      const bits = marksOver(pos, cut);
      out.push(
        bits ? { kind: "text", text: text.slice(pos, cut), marks: bits } : { kind: "text", text: text.slice(pos, cut) },
      );
      pos = cut;
    }
  };
  const imagesBefore = (limit: number) => {
    for (; ii < images.length && images[ii]!.at < limit; ii++) {
      textUntil(images[ii]!.at);
      const image = images[ii]!;
      out.push(
        image.video
          ? { kind: "image", src: image.src, alt: image.alt, video: true }
          : { kind: "image", src: image.src, alt: image.alt },
      );
    }
  };
  for (const link of links) {
    const start = Math.max(link.start, from, pos);
    const end = Math.min(link.end, to);
    // An image inside the link's text goes before the link.
    imagesBefore(end);
    textUntil(start);
    if (end > start) {
      const bits = marksOver(start, end);
      out.push(
        bits
          ? { kind: "link", text: text.slice(start, end), href: link.href, marks: bits }
          : { kind: "link", text: text.slice(start, end), href: link.href },
      );
    }
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

/** An emphasis mark over consecutive pieces `from` to `to` (exclusive). */
export interface MarkRun {
  mark: number;
  from: number;
  to: number;
}

/**
 * The emphasis runs of pieces (MARK_STRONG, MARK_EM; code is per piece), properly nested: an
 * emphasis run that crosses a strong run's edge is left out, as are runs `keep` refuses. Returned in
 * the order a writer opens them: by start, the longer first.
 */
export function markRuns(pieces: readonly Inline[], keep: (run: MarkRun) => boolean = () => true): MarkRun[] {
  const runs: MarkRun[] = [];
  for (const mark of [MARK_STRONG, MARK_EM]) {
    let from = -1;
    for (let i = 0; i <= pieces.length; i++) {
      const p = pieces[i];
      const on = p !== undefined && p.kind !== "image" && ((p.marks ?? 0) & mark) !== 0;
      if (on && from < 0) from = i;
      if (!on && from >= 0) {
        const run = { mark, from, to: i };
        const crosses = runs.some((r) => r.from < run.to && run.from < r.to && !nested(r, run) && !nested(run, r));
        if (!crosses && keep(run)) runs.push(run);
        from = -1;
      }
    }
  }
  return runs.sort((a, b) => a.from - b.from || b.to - a.to);
}

function nested(inner: MarkRun, outer: MarkRun): boolean {
  return inner.from >= outer.from && inner.to <= outer.to;
}

/**
 * Writes pieces with their emphasis runs: `open`/`close` give a run's delimiters, `piece` a piece's
 * own text. Runs close innermost first.
 */
export function writeWithRuns(
  pieces: readonly Inline[],
  runs: readonly MarkRun[],
  piece: (p: Inline, i: number) => string,
  open: (mark: number) => string,
  close: (mark: number) => string,
): string {
  let out = "";
  const openRuns: MarkRun[] = [];
  let next = 0;
  pieces.forEach((p, i) => {
    while (openRuns.length && openRuns[openRuns.length - 1]!.to <= i) out += close(openRuns.pop()!.mark);
    for (; next < runs.length && runs[next]!.from === i; next++) {
      openRuns.push(runs[next]!);
      out += open(runs[next]!.mark);
    }
    out += piece(p, i);
  });
  while (openRuns.length) out += close(openRuns.pop()!.mark);
  return out;
}
