/**
 * Figure captions on articles: the line under a picture ("The harbour at dawn. Photo: ...") is the
 * picture's label, not the story, and the gold texts of article corpora leave it out. The block
 * model keeps many of them because they sit between the story's paragraphs. The page decision
 * (page-decision.ts) drops them from an article's answer inside its content region; the renderer
 * keeps their images where they stood (render-layout.ts), so the article loses its caption text,
 * never its pictures.
 *
 * A caption is told by structure alone, in any language: a block held by a `figcaption` (or inside
 * one); a block inside a `figure` that is neither the figure's own content (a pull quote, a code
 * listing, a table, a list, a heading) nor long prose; a credit line, a few words that an image
 * stands right before (`<img><span>Photo: ...</span>`). Tables' `caption` elements are the title of
 * their data, not a picture's label, and stay.
 *
 * Measured by page-stage CV (scripts/page-stage-cv.ts, out-of-fold probabilities), hybrid F1:
 * single-zyte 0.9540 -> 0.9567, single-wcxb-dev 0.8492 -> 0.8503, train-wcxb-dev 0.8562 -> 0.8566,
 * stream-ctf 0.9594 -> 0.9595. Not kept: credit lines up to 100 chars (single-zyte 0.9547: short
 * first paragraphs under a picture left), captions outside the region too (+0.0001 on one corpus,
 * and their pictures would have nothing to stand beside), every kind but threads and documentation
 * (single-wcxb-dev collections 0.6617 -> 0.6518, products -0.0014).
 */
import { depthsWhere, pathTokens } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path" | "tag" | "rich">;

/** A block inside a figure longer than this (chars) is the figure's text, not its label. */
export const FIGURE_CAPTION_MAX_CHARS = 600;
/** A credit line under an image says at most this much (chars): "Photo: Agency / Name". */
export const CREDIT_MAX_CHARS = 40;

/** Elements under a figure that make its content rather than its label. */
const FIGURE_CONTENT = /^(blockquote|pre|code|table|ul|ol|li|h[1-6])$/;
/** Holders whose short text under an image is a title or an item, not a credit. */
const NOT_CREDIT = /^(h[1-6]|li|td|th|dt|dd)$/;
const TEMPLATE_LANDMARKS: ReadonlySet<string> = new Set(["nav", "header", "footer", "aside"]);

const tagOf = (token: string) => (/^[^#.]*/.exec(token)?.[0] ?? "").toLowerCase();
const isFigcaption = (token: string) => tagOf(token) === "figcaption";
const isFigure = (token: string) => tagOf(token) === "figure";

/** Whether the block is a picture's caption or credit (see the module comment). */
export function isFigureCaption(block: Block): boolean {
  return captionKind(block) !== null;
}

/** "figure" for a caption the page's markup says is one (in a figure), "credit" for a credit line. */
function captionKind(block: Block): "figure" | "credit" | null {
  if (block.rich?.row || block.rich?.code) return null;
  if (inFigure(block)) return "figure";
  const credit =
    block.text.length <= CREDIT_MAX_CHARS &&
    block.rich?.images?.some((image) => image.at === 0) === true &&
    !NOT_CREDIT.test(block.tag.toLowerCase());
  return credit ? "credit" : null;
}

function inFigure(block: Block): boolean {
  // Most blocks are in no figure: one substring test settles them.
  if (!block.path.includes("fig")) return false;
  if (depthsWhere(block.path, isFigcaption).length > 0) return true;
  const figures = depthsWhere(block.path, isFigure);
  if (figures.length === 0 || block.text.length > FIGURE_CAPTION_MAX_CHARS) return false;
  const below = pathTokens(block.path).slice(figures[0]! + 1);
  return !below.some((token) => FIGURE_CONTENT.test(tagOf(token))) && !FIGURE_CONTENT.test(block.tag.toLowerCase());
}

/**
 * An article's figure captions inside the content region (`inside`, per block; null when no region
 * answered), outside the template's landmarks: those the answer held leave it and keep their images
 * where they stood. So do the images of a figure's caption the block model dropped (a credit often
 * reads as boilerplate to it), but not those of a short line beside an image that no figure markup
 * vouches for (an advertisement's label). Captions elsewhere are left as they were, with their images.
 */
export function figureCaptions(
  blocks: readonly (Block & Pick<TextBlock, "landmark" | "hardTag">)[],
  content: readonly boolean[],
  inside: readonly boolean[] | null,
): { leaving: number[]; imagesStay: number[] } {
  const leaving: number[] = [];
  const imagesStay: number[] = [];
  if (!inside) return { leaving, imagesStay };
  blocks.forEach((b, i) => {
    if (!inside[i] || !b.text || b.hardTag || (b.landmark && TEMPLATE_LANDMARKS.has(b.landmark))) return;
    const kind = captionKind(b);
    if (kind === null || (!content[i] && kind !== "figure")) return;
    if (content[i]) leaving.push(i);
    if (b.rich?.images?.length) imagesStay.push(i);
  });
  return { leaving, imagesStay };
}
