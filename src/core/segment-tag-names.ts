/**
 * One table of the tag names segmentation meets, mapping a name to what the walk needs to know of
 * it (segment-tags.ts's sets, as bits), so the walk looks a tag up once per element instead of once
 * per set, and keeps the answer on the element's frame for its end and for its blocks.
 */
import { HARD, INLINE, LANDMARK_TAGS, SKIP, VOID } from "./segment-tags";

export const TAG_INLINE = 1;
export const TAG_SKIP = 2;
export const TAG_HARD = 4;
export const TAG_VOID = 8;
export const TAG_LANDMARK = 16;

const FLAGS = new Map<string, number>();
for (const [set, flag] of [
  [INLINE, TAG_INLINE],
  [SKIP, TAG_SKIP],
  [HARD, TAG_HARD],
  [VOID, TAG_VOID],
  [LANDMARK_TAGS, TAG_LANDMARK],
] as const) {
  for (const name of set) FLAGS.set(name, (FLAGS.get(name) ?? 0) | flag);
}

/** The bits of a lower-case tag name: 0 for a name in none of the sets. */
export function tagFlags(tag: string): number {
  return FLAGS.get(tag) ?? 0;
}
