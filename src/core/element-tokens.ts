/**
 * Each element's path token, per page, read from the blocks' paths once per element. A block's path
 * and its `ancestors` are built from one chain (TextBlock.ancestors), so the element at depth k of a
 * block is the k-th token of its path, the same token in every block under that element. Figures
 * per element can then be kept in arrays indexed by id, and a block's path need not be split or
 * looked up in a cache keyed by the whole path (pages of unseen sites bring mostly unseen paths, and
 * a long key is hashed and compared in full).
 */
import type { TextBlock } from "./types";

export interface ElementTokens {
  /** Path token per element id; undefined for an element no aligned block passes through. */
  tokenOf: (string | undefined)[];
  /** Parent element id per element id (-1 for the outermost). */
  parentOf: Int32Array;
  /** Element ids in the order the blocks first meet them, outermost first: a parent before its children. */
  order: number[];
  /**
   * Per block: 1 when its ancestors line up with its path's tokens, growing down the chain, as the
   * segmenter makes them; a block without (a hand-made one) is read from its path by the caller.
   */
  aligned: Uint8Array;
}

/** Tokens of a path: one more than its `>` separators. */
function tokenCount(path: string): number {
  let count = 1;
  for (let at = path.indexOf(">"); at >= 0; at = path.indexOf(">", at + 1)) count++;
  return count;
}

function growsDown(ids: readonly number[]): boolean {
  for (let k = 1; k < ids.length; k++) if (ids[k - 1]! >= ids[k]!) return false;
  return true;
}

export function elementTokens(blocks: readonly Pick<TextBlock, "path" | "ancestors">[]): ElementTokens {
  // Ids grow down a chain, so the largest is a holder's.
  let size = 0;
  for (const b of blocks) {
    const ids = b.ancestors;
    if (ids?.length) size = Math.max(size, ids[ids.length - 1]! + 1);
  }
  const tokenOf = new Array<string | undefined>(size);
  const parentOf = new Int32Array(size).fill(-1);
  const order: number[] = [];
  const aligned = new Uint8Array(blocks.length);
  // The path a holder's aligned blocks share (the segmenter gives a holder's blocks one path string).
  const holderPath = new Array<string | undefined>(size);
  for (let i = 0; i < blocks.length; i++) {
    const { path, ancestors: ids } = blocks[i]!;
    if (!ids?.length || !path) continue;
    const holder = ids[ids.length - 1]!;
    if (holderPath[holder] === path) {
      aligned[i] = 1;
      continue;
    }
    if (tokenCount(path) !== ids.length || !growsDown(ids)) continue;
    // The elements not met before are the ones below the deepest known one: their tokens are the
    // path's last ones, read backwards.
    let k = ids.length - 1;
    for (let end = path.length; k >= 0 && tokenOf[ids[k]!] === undefined; k--) {
      const start = path.lastIndexOf(">", end - 1) + 1;
      tokenOf[ids[k]!] = path.slice(start, end);
      parentOf[ids[k]!] = k > 0 ? ids[k - 1]! : -1;
      end = start - 1;
    }
    for (let j = k + 1; j < ids.length; j++) order.push(ids[j]!);
    holderPath[holder] = path;
    aligned[i] = 1;
  }
  return { tokenOf, parentOf, order, aligned };
}
