/**
 * Code the block model kept on a page that sells a service: a landing page for a developer product
 * shows code as a picture of the product at work (an editor mock-up with a file open, a tab per
 * language of a snippet), not as text a reader of the page came for. The WCXB golds of service
 * pages leave it out: kept words in a `<pre>` on pages taken for services (held-out probabilities,
 * fold kinds), in the gold / not, 0 / 1,448 (5 sites). On documentation, articles and threads the
 * code is the content (32,738 / 10,544 words kept on documentation pages), so it stays there; which
 * kinds the rule runs on is page-decision.ts's (CODE_LEAVES).
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models), hybrid F1
 * train-wcxb-dev 0.8614 -> 0.8618 (service 0.8408 -> 0.8437; five pages up, none down),
 * single-wcxb-dev (held out) 0.8660 unchanged (service 0.8399: its one such page held six words of
 * code, F1 0.901 -> 0.905), single-zyte and stream-ctf unchanged. On "other" pages code is mostly gold
 * (3,163 / 304 words), and no listing or product page keeps any.
 */
import { contentBlocksWhere } from "./content-blocks";
import { pathHasTag } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path">;

/** Indices of the content blocks (with text) that are, or sit in, a `<pre>`. */
export function codeBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentBlocksWhere(blocks, content, (b) => pathHasTag(b.path, "pre"));
}
