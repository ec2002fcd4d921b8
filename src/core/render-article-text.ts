/**
 * The article as plain text: the headline once, on the first line, then the body. The same article
 * the markdown and HTML answers give, without markup: the blocks laid out into units as for them
 * (render-layout.ts), the headline placed by `placeHeadline` (headline.ts), so its copy in the
 * content (the page's `<h1>`, a breadcrumb's last item, a hero's smaller heading) is not said again.
 *
 * The body is written as `renderText` writes the content: a blank line between units, a line break
 * between the lines of one unit (blocks split only by `<br>`, rows of one data table, their cells
 * separated by tabs). Code is written as the page wrote it, line breaks and indentation kept. Figure images without text are no lines: plain text has no images.
 *
 * Why the headline is written even when the content had none: the reader of an article expects its
 * title first, and the answer must not depend on whether the model happened to keep the `<h1>` block
 * (measured with the shipped model, the served text against the gold, 2026-11-26: WCXB's golds open
 * with the headline, single-wcxb-dev F1 0.8735 -> 0.8797, train-wcxb-dev 0.8759 -> 0.8788, stream-ctf
 * 0.9666 -> 0.9680; single-zyte's golds leave the headline out, 0.9698 -> 0.9671). The layout costs
 * what renderText did not: 0.07 / 0.2 ms per stream-ctf / train-wcxb-dev page (tsx, warm), from 0.1 /
 * 0.43 before the layout read each distinct path once and placeHeadline normalized each heading once.
 */
import type { BlockVerdict } from "./classify";
import { placeHeadline } from "./headline";
import { layoutBlocks } from "./render-layout";
import { blockPlainText } from "./render-text";
import type { TextBlock } from "./types";

export interface ArticleTextOptions {
  /** The article's headline (service/answer.ts chooses it): the first line. */
  headline?: string;
  /** The page title: the headline when none is given and the content has no `<h1>`. */
  title?: string;
}

export function renderArticleText(
  blocks: readonly TextBlock[],
  verdicts: readonly BlockVerdict[],
  options: ArticleTextOptions = {},
): string {
  const placed = placeHeadline(layoutBlocks(blocks, verdicts), options);
  const paragraphs = placed.headline ? [placed.headline] : [];
  for (const unit of placed.units) {
    // Code keeps its lines and indentation (layoutBlocks gives them as written), as in the other answers.
    const lines = (unit.kind === "code" ? unit.lines : unit.blocks.map(blockPlainText)).filter((line) => line !== "");
    if (lines.length > 0) paragraphs.push(lines.join("\n"));
  }
  return paragraphs.join("\n\n");
}
