/**
 * A block whose text a rendering step shortened (a permalink mark cut, invisible characters left out):
 * every offset into the text that RichBlock keeps (link, anchor and mark spans, images, embeds, a
 * row's cells) moves with it, by one function of the old offset. One home for that list, so a span
 * kind added to RichBlock is moved by every such step.
 */
import type { RichBlock, TextBlock, TextSpan } from "./types";

/**
 * `block` with `text`, its offsets moved by `moved` (old offset to new). Spans left empty go, and so
 * do those `drop` names (the permalink mark's own link).
 */
export function withMovedText(
  block: TextBlock,
  text: string,
  moved: (offset: number) => number,
  drop: (span: TextSpan) => boolean = () => false,
): TextBlock {
  const spans = <T extends TextSpan>(list: T[] | undefined): T[] | undefined => {
    const kept = (list ?? [])
      .filter((s) => !drop(s))
      .map((s) => ({ ...s, start: moved(s.start), end: moved(s.end) }))
      .filter((s) => s.start < s.end);
    return kept.length ? kept : undefined;
  };
  const rich: RichBlock = { ...block.rich };
  const links = spans(rich.links);
  const anchors = spans(rich.anchors);
  const marks = spans(rich.marks);
  if (links) rich.links = links;
  else delete rich.links;
  if (anchors) rich.anchors = anchors;
  else delete rich.anchors;
  if (marks) rich.marks = marks;
  else delete rich.marks;
  if (rich.images) rich.images = rich.images.map((image) => ({ ...image, at: moved(image.at) }));
  if (rich.embeds) rich.embeds = rich.embeds.map((video) => ({ ...video, at: moved(video.at) }));
  if (rich.row) rich.row = { ...rich.row, cells: rich.row.cells.map(moved) };
  return { ...block, text, rich };
}
