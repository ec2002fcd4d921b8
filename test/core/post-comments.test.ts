import { describe, expect, it } from "vitest";
import { decidePage } from "../../src/core/page-decision";
import { pageKind } from "../../src/core/page-kind";
import { postCommentBlocks } from "../../src/core/post-comments";
import { segmentHtml } from "../../src/core/segment";
import { keptTextAs, verdictsWhere } from "./decide-as";

const post = (id: string, kind: string, body: string, comments: string[]) => `
<div id="${kind}-${id}" class="${kind}"><div class="post-layout">
  <div class="postcell"><div class="prose"><p>${body}</p></div></div>
  <div id="comments-${id}" class="comments"><ul class="comments-list">
    ${comments.map((c, i) => `<li id="comment-${id}${i}" class="comment"><div class="comment-body">${c}</div></li>`).join("")}
  </ul></div>
</div></div>`;

/** A question-and-answer page of our own: each post with a comment list beside its body. */
const QA = `<html><head><title>Why does my sourdough starter smell of acetone? - Baking</title></head><body>
<div id="content"><h1>Why does my sourdough starter smell of acetone?</h1>
${post("1", "question", "My rye starter smells of nail polish remover two days after each feeding, though it still rises well. Is it spoiled?", ["Which flour do you feed it with?", "Whole rye, one to one by weight."])}
<div id="answers">
${post("2", "answer", "That smell means the starter is hungry: the yeast has run out of food and makes acetone-like esters. Feed it more often or at a higher ratio and the smell goes within a few days.", ["This fixed mine, thanks.", "Same here with a wheat starter."])}
${post("3", "answer", "Keep it somewhere cooler as well. A warm kitchen speeds the yeast up, so it runs out of flour long before the next feeding is due.", ["Good point about the temperature."])}
</div></div></body></html>`;

/** A forum thread of our own whose replies are all inside one comment list after the first post. */
const FORUM = `<html><head><title>Best glaze for stoneware mugs - Pottery Forum</title></head><body>
<div class="topic"><h1>Best glaze for stoneware mugs</h1>
<div class="first-post"><p>I am looking for a food-safe glaze for stoneware mugs fired at cone 6 in an electric kiln. Which ones have you used?</p></div>
<div id="comments" class="comments">
<div class="comment"><p>I have used a commercial satin white for years without a single craze line, and it breaks nicely over texture.</p></div>
<div class="comment"><p>Mix your own from a tested recipe: it costs far less, and you know exactly what is in it.</p></div>
</div></div></body></html>`;

describe("comments under a thread's posts", () => {
  it("leave a Q&A thread: the question and answers stay, the remarks under them go", () => {
    const page = segmentHtml(QA);
    const verdicts = verdictsWhere(page, () => true);
    const found = postCommentBlocks(
      page.blocks,
      verdicts.map(() => true),
    ).map((i) => page.blocks[i]!.text);
    expect(found).toEqual([
      "Which flour do you feed it with?",
      "Whole rye, one to one by weight.",
      "This fixed mine, thanks.",
      "Same here with a wheat starter.",
      "Good point about the temperature.",
    ]);
    const kept = keptTextAs(page, verdicts, "thread");
    expect(kept).toContain("smells of nail polish remover");
    expect(kept).toContain("the starter is hungry");
    expect(kept).toContain("Keep it somewhere cooler");
    expect(kept).not.toContain("This fixed mine");
    // They are the thread's comment section, which `comments=1` appends.
    const known = {
      ...pageKind(
        page,
        verdicts.map(() => 1),
      ),
      kind: "thread" as const,
    };
    const { decision } = decidePage(page, verdicts, null, undefined, known);
    expect(decision.comments.map((i) => page.blocks[i]!.text)).toEqual(found);
    // Other kinds leave them to the comment region's rules.
    expect(keptTextAs(page, verdicts, "documentation")).toContain("This fixed mine");
  });

  it("stay when one comment list holds all the replies: they are the thread", () => {
    const page = segmentHtml(FORUM);
    const verdicts = verdictsWhere(page, () => true);
    expect(
      postCommentBlocks(
        page.blocks,
        verdicts.map(() => true),
      ),
    ).toEqual([]);
    expect(keptTextAs(page, verdicts, "thread")).toContain("Mix your own from a tested recipe");
  });

  it("stay when only one post has such a list", () => {
    const page = segmentHtml(QA.replace(/<div id="answers">[\s\S]*<\/div><\/div><\/body>/, "</div></body>"));
    expect(
      postCommentBlocks(
        page.blocks,
        page.blocks.map(() => true),
      ),
    ).toEqual([]);
  });
});
