/**
 * What the page is, decided after its blocks were scored: its kind (article, thread, product, ...,
 * interstitial; page-kind.ts) and, on pages where comments are not the content, the comment
 * section (comments.ts), which leaves the article. Threads keep their posts: there the posts are
 * the content. Product and documentation pages keep what looks like comments (reviews, Q&A): on
 * the corpora most of that text is in the gold.
 */
import type { BlockVerdict } from "./classify";
import { commentRegion } from "./comments";
import type { InterstitialReason } from "./interstitial";
import { pageKind, type PageKind, type PageKindResult } from "./page-kind";
import type { BranchEvidence } from "./tree-evidence";
import type { SegmentedPage } from "./types";

export interface PageDecision {
  kind: PageKind;
  /** Why the page is an interstitial (consent wall, challenge, ...), else null. */
  interstitial: InterstitialReason | null;
  /** Blocks of the comment section, in page order; excluded from the article. */
  comments: number[];
}

/** Kinds whose comment-looking sections are content (posts, reviews, Q&A). */
const KEEPS_COMMENTS: ReadonlySet<PageKind> = new Set(["thread", "product", "documentation"]);

/**
 * The page's kind from the model's block probabilities (before the region stage, which follows the
 * kind: region.ts regionParamsFor) or, without them, from the verdicts.
 */
export function decideKind(
  page: SegmentedPage,
  probabilities: readonly number[],
  evidence: BranchEvidence | null,
  url: string | undefined,
): PageKindResult {
  return pageKind(page, probabilities, evidence, { url });
}

export function decidePage(
  page: SegmentedPage,
  verdicts: BlockVerdict[],
  evidence: BranchEvidence | null,
  url: string | undefined,
  known?: PageKindResult,
): { verdicts: BlockVerdict[]; decision: PageDecision } {
  const probabilities = verdicts.map((v) => v.p ?? (v.label === "boilerplate" ? 0 : 1));
  const kind = known ?? decideKind(page, probabilities, evidence, url);
  const region = KEEPS_COMMENTS.has(kind.kind) ? [] : commentRegion(page, { kind: kind.kind }).blocks;
  const inRegion = new Set(region);
  // Never empty: when the comments hold all of the page's content, they are what the page has to say.
  const keepsContent = verdicts.some((v, i) => !inRegion.has(i) && v.label !== "boilerplate" && page.blocks[i]!.text);
  const comments = keepsContent ? region : [];
  const inComments = new Set(comments);
  const out = comments.length
    ? verdicts.map((v, i) =>
        inComments.has(i) && v.label !== "boilerplate"
          ? { ...v, label: "boilerplate" as const, rule: `comments: ${v.rule}` }
          : v,
      )
    : verdicts;
  return { verdicts: out, decision: { kind: kind.kind, interstitial: kind.interstitial.reason, comments } };
}
