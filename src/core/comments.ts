/**
 * The comment region: the blocks of readers' comments under an article (and their reply form), so
 * that the article can leave them out by default and render them as a marked section on request.
 *
 * A block is in the region when one of its enclosing elements is a comment container: a class/id
 * word says comment, respond, discussion, disqus, reply (template vocabulary: WordPress's
 * `#comments`/`#respond`, Disqus's `#disqus_thread`, most CMS themes), and the element does not
 * enclose the article itself (its first `<h1>`, or without one its first long paragraph): classes
 * such as `body.comments-open` or `article.has-comments` mark the page, not the comments.
 *
 * On a forum thread the posts are the content, so there is no comment region: the caller passes
 * the page kind when it knows it (page-kind.ts); without it, a page whose prose sits almost all in
 * comment containers is taken for a thread. Not handled: comment lists with no such word anywhere
 * (repeated post-shaped siblings after the body are just as often related-article teasers).
 */
import { memoized } from "./memo";
import type { PageKind } from "./page-kind";
import { depthsWhere, pathTokens, tokenHas, tokenWords } from "./path-words";
import type { SegmentedPage, TextBlock } from "./types";

const COMMENT_WORDS = new Set([
  "comment",
  "comments",
  "commentlist",
  "respond",
  "discussion",
  "discussions",
  "disqus",
  "dsq",
  "reply",
  "replies",
  "remark42",
  "commento",
  "hyvor",
  "giscus",
  "utterances",
]);
const COMMENT_PREFIXES = ["comment", "disqus"];
/** Classes that describe the page's comment state or link to the comments rather than hold them. */
const COMMENT_STATE =
  /comments?[-_]?(?:open|closed|enabled|disabled|count|link|number|icon|meta|num|bubble)|(?:has|no)[-_]?comments?/i;

/**
 * Forum vocabulary: a "reply" or "comments" container that is also a message, topic or board holds
 * a thread's posts (XenForo's `js-replyNewMessageContainer`, Invision's `#comments.cTopic`).
 */
const THREAD_WORDS = new Set([
  "message",
  "messages",
  "topic",
  "topics",
  "thread",
  "threads",
  "board",
  "forum",
  "forums",
]);
const DISQUS = new Set(["disqus", "dsq"]);
/** An id of this many words is a heading's slug (`#receive-and-reply-to-...`), not a template name. */
const SLUG_WORDS = 4;

/**
 * A product page's customer reviews and ratings: the shoppers' comments. On the WCXB product pages
 * 6% of the text inside such containers is in the gold (94% of 151k chars is not); on articles 67%
 * is (a review is an article's subject there), so the words count on product pages only.
 */
const REVIEW_WORDS = new Set(["review", "reviews", "rating", "ratings"]);
const REVIEW_PREFIXES = ["review"];

/**
 * What a path holding a comment or review container must hold (one of the comment and review words
 * and prefixes above, or a character outside ASCII, whose lower case may be an ASCII letter): tokenWords
 * lower-cases a token and splits it, so each word it finds is a slice of the token in lower case. Paths
 * met for the first time are mostly answered by this one scan (depthsWhere). Built from the lists, so
 * a word added to them is never filtered out here (the words are letters and digits: nothing to escape).
 */
const MAY_NAME_COMMENTS = new RegExp(
  [...COMMENT_WORDS, ...COMMENT_PREFIXES, ...REVIEW_WORDS, ...REVIEW_PREFIXES, "[\\u0080-\\uffff]"].join("|"),
  "i",
);

/** Whether a path token names a comment container; memoised, since pages repeat their tokens. */
export const isCommentToken: (token: string) => boolean = memoized((token) => namesComments(token));

/** The token without its id when the id is a heading's slug (`#receive-and-reply-to-...`). */
function withoutSlug(token: string): string {
  const id = /#([^.]*)/.exec(token)?.[1] ?? "";
  return tokenWords(id).length >= SLUG_WORDS ? token.replace(/#[^.]*/, "") : token;
}

function namesComments(token: string): boolean {
  if (COMMENT_STATE.test(token)) return false;
  const named = withoutSlug(token);
  // Disqus names its comment box `#disqus_thread`: its own name outranks the forum word.
  if (tokenHas(named, DISQUS, ["disqus"])) return true;
  return tokenHas(named, COMMENT_WORDS, COMMENT_PREFIXES) && !tokenHas(named, THREAD_WORDS);
}

/** A paragraph this long, outside links, is article prose when the page has no `<h1>`. */
export const ARTICLE_PROSE_CHARS = 200;
/** Thread guard: the page's prose outside comment containers is below this... */
export const THREAD_MAX_OUTSIDE_PROSE = 300;
/** ...while the containers hold at least this much: the "comments" are the page. */
export const THREAD_MIN_INSIDE_PROSE = 1000;

export interface CommentRegion {
  /** Indices of the region's blocks, in page order; empty when the page has no comment section. */
  blocks: number[];
  /** Path tokens of the outermost comment containers found, e.g. `div#comments.comments-area`. */
  containers: string[];
  /** "thread": the page is a forum thread (given or detected), whose posts are its content. */
  reason: "comments" | "none" | "thread";
}

export interface CommentRegionOptions {
  /** The page's kind, when known: a thread has no comment region; a product's reviews are its comments. */
  kind?: PageKind;
}

function isCommentOrReviewToken(token: string): boolean {
  if (isCommentToken(token)) return true;
  return !COMMENT_STATE.test(token) && tokenHas(withoutSlug(token), REVIEW_WORDS, REVIEW_PREFIXES);
}

function isProse(b: TextBlock): boolean {
  return b.linkShare < 0.5 && !b.hardTag;
}

/** The element ids that enclose the article's start: comment containers may not be among them. */
export function ancestorsEnclosingHeadline(blocks: readonly TextBlock[]): Set<number> {
  const anchor =
    blocks.find((b) => b.tag === "h1") ??
    blocks.find((b) => b.text.length >= ARTICLE_PROSE_CHARS && b.linkShare < 0.2 && !b.hardTag);
  return new Set(anchor?.ancestors ?? []);
}

export function commentRegion(page: SegmentedPage, options: CommentRegionOptions = {}): CommentRegion {
  if (options.kind === "thread") return { blocks: [], containers: [], reason: "thread" };
  const anchors = ancestorsEnclosingHeadline(page.blocks);
  const containers = new Map<number, string>();
  const region: number[] = [];
  const isContainer = options.kind === "product" ? isCommentOrReviewToken : isCommentToken;
  page.blocks.forEach((b, i) => {
    const depths = depthsWhere(b.path, isContainer, MAY_NAME_COMMENTS);
    if (depths.length === 0) return;
    const tokens = pathTokens(b.path);
    const ids = b.ancestors ?? [];
    if (ids.length !== tokens.length) return;
    for (const k of depths) {
      if (anchors.has(ids[k]!)) continue;
      // The outermost container, k counting from the top: a reply nested in a comment adds nothing.
      if (!containers.has(ids[k]!)) containers.set(ids[k]!, tokens[k]!);
      region.push(i);
      return;
    }
  });
  if (region.length === 0) return { blocks: [], containers: [], reason: "none" };
  if (options.kind === undefined) {
    const inside = new Set(region);
    let insideProse = 0;
    let outsideProse = 0;
    page.blocks.forEach((b, i) => {
      if (!isProse(b)) return;
      if (inside.has(i)) insideProse += b.text.length;
      else outsideProse += b.text.length;
    });
    if (outsideProse < THREAD_MAX_OUTSIDE_PROSE && insideProse >= THREAD_MIN_INSIDE_PROSE) {
      return { blocks: [], containers: [], reason: "thread" };
    }
  }
  return { blocks: region, containers: [...containers.values()], reason: "comments" };
}
