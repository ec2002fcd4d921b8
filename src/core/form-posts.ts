/**
 * A thread's posts inside a form. Forum software (IPS, XenForo and the like) wraps the whole list of
 * posts in one `<form>` so moderators can tick posts for bulk actions; each post is an `<article>`
 * in it. The hard rules read a form as boilerplate (a search box, a login, a reply editor), and the
 * model learnt that, so these threads lost their posts: 3.9k of the words wrongly dropped on
 * train-wcxb-dev's forum pages (held-out) sat under such containers.
 *
 * A post is told from the forms' own text by where it sits: its nearest landmark is an `<article>`
 * inside the form (a reply editor or a login form in an article has the form as its nearest
 * landmark instead). Held-out (page-stage CV, single-wcxb-dev / train-wcxb-dev): forum pages
 * 0.7650 / 0.7041 -> 0.8099 / 0.7276, every other type and stream-ctf and single-zyte unchanged.
 */
import type { SegmentedPage } from "./types";

/** Shorter text in a post's article is its controls ("Quote", "Share"), not what it says. */
const MIN_CHARS = 20;
/** A block mostly of links is the post's navigation (a permalink, the poster's name), not the post. */
const MAX_LINK_SHARE = 0.5;

/**
 * Indices of the thread's post blocks inside a form that the answer lacks, in page order.
 * `content` is the answer so far per block; blocks in `leaving` (signatures, overlays) stay out.
 */
export function postsInForms(
  page: SegmentedPage,
  content: readonly boolean[],
  leaving: Pick<ReadonlySet<number>, "has">,
): number[] {
  const out: number[] = [];
  page.blocks.forEach((b, i) => {
    if (content[i] || leaving.has(i) || b.hardTag !== "form" || b.landmark !== "article") return;
    if (b.linkShare < MAX_LINK_SHARE && b.text.length >= MIN_CHARS) out.push(i);
  });
  return out;
}
