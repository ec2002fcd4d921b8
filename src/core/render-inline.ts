/**
 * A block's text as inline pieces (text, links, images) for the markdown and HTML renderers, from
 * the offsets segmentation kept (RichBlock in types.ts). Text is raw: each renderer escapes it.
 */
import { MARK_EM, MARK_STRONG, type InlineImage, type LinkSpan, type TextBlock } from "./types";

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
  // An image or video in this range: one at the end of the text belongs to the last range.
  const standsHere = (im: InlineImage) =>
    im.at >= from && (im.at < to || (im.at === to && to === text.length)) && IMAGE_URL.test(im.src);
  const images: (InlineImage & { video?: boolean })[] =
    options.images === false ? [] : (rich?.images ?? []).filter(standsHere);
  const embeds = options.images === false ? undefined : rich?.embeds;
  if (embeds?.length) {
    for (const video of embeds) if (standsHere(video)) images.push({ ...video, video: true });
    images.sort((a, b) => a.at - b.at);
  }
  // Where marks begin and end, in order (an end before a begin at the same offset), and the marks
  // on the text from `pos` on: one pass over them, however many the block has.
  const edges: { at: number; mark: number; on: boolean }[] = [];
  for (const m of rich?.marks ?? []) {
    if (m.start >= to || m.end <= from) continue;
    edges.push({ at: m.start, mark: m.mark, on: true }, { at: m.end, mark: m.mark, on: false });
  }
  edges.sort((a, b) => a.at - b.at || Number(a.on) - Number(b.on));
  let edge = 0;
  let bits = 0;
  const out: Inline[] = [];
  let pos = from;
  let ii = 0;
  /** Moves `pos` to `end` a stretch at a time, the text splitting where a mark begins or ends. */
  const walk = (end: number, stretch: (start: number, cut: number, marks: number) => void) => {
    while (end > pos) {
      for (; edge < edges.length && edges[edge]!.at <= pos; edge++) {
        const e = edges[edge]!;
        bits = e.on ? bits | e.mark : bits & ~e.mark;
      }
      const cut = Math.min(end, edges[edge]?.at ?? end);
      stretch(pos, cut, bits);
      pos = cut;
    }
  };
  const textUntil = (end: number) =>
    walk(end, (start, cut, marks) =>
      out.push(
        marks ? { kind: "text", text: text.slice(start, cut), marks } : { kind: "text", text: text.slice(start, cut) },
      ),
    );
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
      // The marks around all of the link's text.
      let all = -1;
      walk(end, (_, __, marks) => (all &= marks));
      out.push(
        all > 0
          ? { kind: "link", text: text.slice(start, end), href: link.href, marks: all }
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
  // The strong run each piece is in (-1: none), to tell in one step whether an emphasis run crosses one.
  const strongAt = new Array<number>(pieces.length).fill(-1);
  const strong: MarkRun[] = [];
  for (const mark of [MARK_STRONG, MARK_EM]) {
    let from = -1;
    for (let i = 0; i <= pieces.length; i++) {
      const p = pieces[i];
      const on = p !== undefined && p.kind !== "image" && ((p.marks ?? 0) & mark) !== 0;
      if (on && from < 0) from = i;
      if (on || from < 0) continue;
      const run = { mark, from, to: i };
      from = -1;
      if (mark === MARK_EM && crosses(run, strongAt, strong)) continue;
      if (!keep(run)) continue;
      runs.push(run);
      if (mark === MARK_STRONG) {
        strong.push(run);
        strongAt.fill(strong.length - 1, run.from, run.to);
      }
    }
  }
  return runs.sort((a, b) => a.from - b.from || b.to - a.to);
}

/** Whether a run shares pieces with a strong run without one holding the other. */
function crosses(run: MarkRun, strongAt: readonly number[], strong: readonly MarkRun[]): boolean {
  const first = strongAt[run.from]!;
  const last = strongAt[run.to - 1]!;
  if (first >= 0 && first === last) return false;
  return (first >= 0 && strong[first]!.from < run.from) || (last >= 0 && strong[last]!.to > run.to);
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
