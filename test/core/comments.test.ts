import { describe, expect, it } from "vitest";
import type { BlockVerdict } from "../../src/core/classify";
import { commentRegion, isCommentToken } from "../../src/core/comments";
import { decidePage } from "../../src/core/page-decision";
import { pageKind } from "../../src/core/page-kind";
import { segmentHtml } from "../../src/core/segment";
import type { SegmentedPage } from "../../src/core/types";

const ARTICLE = `<h1>Growing tomatoes on a balcony</h1>
<p class="meta"><a href="#comments">6 Comments</a></p>
<div class="entry-content"><p>Tomatoes need six hours of sun, a deep pot and regular water; a south-facing balcony
gives them all three if you choose a compact variety.</p>
<p>Feed them every two weeks once the first flowers open, and pinch out side shoots on cordon types.</p></div>`;

const comment = (n: number) => `<li class="comment" id="comment-${n}"><article class="comment-body">
<footer class="comment-meta"><b class="fn">reader${n}</b> <time>2024-06-0${n}</time></footer>
<div class="comment-content"><p>Thanks, this worked for my cherry tomatoes too, comment number ${n}.</p></div>
<div class="reply"><a class="comment-reply-link" href="?replytocom=${n}">Reply</a></div></article></li>`;

const page = (body: string, bodyClass = "") =>
  segmentHtml(`<html><head><title>Blog</title></head><body class="${bodyClass}"><nav><a href="/">Home</a></nav>
<main><article class="post has-comments">${body}</article></main><footer>© Blog</footer></body></html>`);

const texts = (p: SegmentedPage, blocks: number[]) => blocks.map((i) => p.blocks[i]!.text);

describe("commentRegion", () => {
  const comments = `<section id="comments" class="comments-area"><h2>6 thoughts on “Growing tomatoes”</h2>
<ol class="comment-list">${[1, 2, 3, 4, 5, 6].map(comment).join("")}</ol>
<div id="respond" class="comment-respond"><h3>Leave a Reply</h3><form><label>Comment</label><textarea></textarea>
<button>Post Comment</button></form></div></section>`;

  it("finds a blog post's six comments and reply form, and none of the article", () => {
    const p = page(ARTICLE + comments, "single comments-open");
    const region = commentRegion(p);
    const found = texts(p, region.blocks);
    expect(region.reason).toBe("comments");
    for (let n = 1; n <= 6; n++) expect(found.some((t) => t.includes(`comment number ${n}`))).toBe(true);
    expect(found).toContain("Leave a Reply");
    expect(found.some((t) => /Tomatoes need|Feed them|Growing tomatoes on/.test(t))).toBe(false);
    // The "6 Comments" link in the byline points at the comments; it is not one.
    expect(found).not.toContain("6 Comments");
    expect(region.containers).toEqual(["section#comments.comments-area"]);
  });

  it("finds a Disqus thread", () => {
    const p = page(ARTICLE + `<div id="disqus_thread"><p>Great post, thanks for sharing this with us all.</p></div>`);
    expect(texts(p, commentRegion(p).blocks)).toEqual(["Great post, thanks for sharing this with us all."]);
  });

  it("finds containers named in capitals, in camelCase and with letters outside ASCII (the paths' prefilter)", () => {
    const reply = `<p>I planted mine in April and they are already flowering, thanks for the tips.</p>`;
    for (const name of ["UserReplies", "articleDISCUSSION", "Kommentare commentsBlock", "réponses remark42"]) {
      const p = page(ARTICLE + `<div class="${name}">${reply}</div>`);
      expect(texts(p, commentRegion(p).blocks), name).toHaveLength(1);
    }
    const product = page(ARTICLE + `<div class="productReviewsPanel">${reply}</div>`);
    expect(commentRegion(product, { kind: "product" }).blocks).toHaveLength(1);
  });

  it("is empty for an article without comments", () => {
    const region = commentRegion(page(ARTICLE, "single comments-closed"));
    expect(region).toEqual({ blocks: [], containers: [], reason: "none" });
  });

  it("has no comment region on a forum thread: the posts are the content", () => {
    const post = (n: number) => `<article class="message" id="post-${n}"><div class="message-user">member${n}</div>
<div class="message-content"><p>Rolling back the firmware fixed the dropped connections on my router, post ${n}.
It took ten minutes and the settings were kept, so it is worth a try before buying a new one.</p></div>
<div class="message-actions"><a class="reply" href="#">Reply</a></div></article>`;
    const thread = `<h1>Router drops connection</h1><div class="block-body js-replyNewMessageContainer">
${[1, 2, 3, 4, 5, 6, 7, 8].map(post).join("")}</div><form class="js-quickReply"><textarea></textarea></form>`;
    const p = segmentHtml(`<html><body><main>${thread}</main></body></html>`);
    expect(commentRegion(p, { kind: "thread" })).toEqual({ blocks: [], containers: [], reason: "thread" });
    // Without the kind, forum vocabulary keeps the posts' container from being a comment section.
    const found = texts(p, commentRegion(p).blocks);
    expect(found.some((t) => t.includes("Rolling back"))).toBe(false);
  });

  it("takes a page whose prose is all in comment containers for a thread", () => {
    const reply = "A long reply about the topic at hand, with details. ".repeat(3);
    const replies = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<div class="comment"><p>${reply} ${n}</p></div>`).join("");
    const p = segmentHtml(`<html><body><div class="commentarea">${replies}</div></body></html>`);
    expect(commentRegion(p).reason).toBe("thread");
  });

  it("reads class and id words, not heading slugs or state classes", () => {
    expect(isCommentToken("div#comments.comments-area")).toBe(true);
    expect(isCommentToken("ol.commentlist")).toBe(true);
    expect(isCommentToken("body.single.comments-open")).toBe(false);
    expect(isCommentToken("section#receive-and-reply-to-an-inbound-message")).toBe(false);
    expect(isCommentToken("div.js-replyNewMessageContainer")).toBe(false);
  });
});

describe("decidePage and the comment section", () => {
  const comments = `<section id="comments" class="comments-area"><h2>Comments</h2>
<ol class="comment-list">${[1, 2, 3].map(comment).join("")}</ol></section>`;
  const p = page(ARTICLE + comments, "single comments-open");
  const asArticle = (verdicts: BlockVerdict[]) => {
    const probabilities = verdicts.map((v) => (v.label === "boilerplate" ? 0 : 1));
    const known = { ...pageKind(p, probabilities), kind: "article" as const };
    return decidePage(p, verdicts, null, undefined, known);
  };
  const verdict = (content: boolean): BlockVerdict => ({
    label: content ? "content" : "boilerplate",
    rule: "test",
    node: "",
    support: 0,
    count: 0,
  });
  const inComments = new Set(commentRegion(p).blocks);

  it("takes the comments out of an article", () => {
    const decided = asArticle(p.blocks.map(() => verdict(true)));
    expect(decided.decision.comments.length).toBeGreaterThan(0);
    decided.decision.comments.forEach((i) => expect(decided.verdicts[i]!.label).toBe("boilerplate"));
    expect(decided.verdicts.some((v) => v.label === "content")).toBe(true);
  });

  it("keeps them when they are all the content the page has: never empty", () => {
    const decided = asArticle(p.blocks.map((_, i) => verdict(inComments.has(i))));
    expect(decided.decision.comments).toEqual([]);
    expect(decided.verdicts.filter((v) => v.label === "content").length).toBe(inComments.size);
  });
});
