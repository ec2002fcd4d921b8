/**
 * A forum's notices: what the software or its staff tells every reader above or below the posts (a
 * scam alert, a welcome banner, "you must log in to answer this question", "last edited by ... ,
 * edited 4 times in total"). They are not what the thread's members wrote, but the block model,
 * which a thread's low threshold (region.ts) lets keep its doubtful blocks, kept them. A block is in
 * a notice when one of its enclosing elements has the class/id word "notice" or "alert", or their
 * plurals (XenForo's `ul.notices > li.notice`, phpBB's `div.notice` under a post, Stack Exchange's
 * `.js-bottom-notice`, a Bootstrap `div.alert` banner).
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models), hybrid F1
 * forum pages single-wcxb-dev (held out) / train-wcxb-dev 0.8515 -> 0.8539 / 0.7660 -> 0.7678 (12
 * pages up, none down); every other type, stream-ctf and single-zyte unchanged. "alert" and "alerts"
 * too then: 0.8541 -> 0.8543 / 0.7699 -> 0.7708 (3 pages up, none down).
 */
import { contentInsideMarked } from "./marked-elements";
import { tokenHas } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "path">;

const NOTICE_WORDS: ReadonlySet<string> = new Set(["notice", "notices", "alert", "alerts"]);

function isNoticeToken(token: string): boolean {
  return tokenHas(token, NOTICE_WORDS);
}

/** Indices of the content blocks (with text) inside a notice, in page order. `content` is the answer so far. */
export function noticeBlocks(blocks: readonly Block[], content: readonly boolean[]): number[] {
  return contentInsideMarked(blocks, content, isNoticeToken);
}
