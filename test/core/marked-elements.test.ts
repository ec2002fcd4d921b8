import { describe, expect, it } from "vitest";
import { blocksInsideMarked, markedFlags } from "../../src/core/marked-elements";

// Elements by document order: 1 body, 2 div.modal, 3 p, 4 div.main, 5 p,
// 6 div.modal-open (encloses the headline), 7 h1.
const blocks = [
  { path: "body>div.modal>p", ancestors: [1, 2, 3] },
  { path: "body>div.main>p", ancestors: [1, 4, 5] },
  { path: "body>div.modal>p", ancestors: [1, 2, 3] },
  { path: "body>div.modal-open>h1", ancestors: [1, 6, 7] },
];
const isModal = (token: string) => token.startsWith("div.modal");

describe("blocks inside marked elements", () => {
  it("marks the blocks under an element whose token passes, not those beside it", () => {
    expect(blocksInsideMarked(blocks, isModal)).toEqual([0, 2, 3]);
  });

  it("leaves out elements that enclose the headline (anchors)", () => {
    expect(blocksInsideMarked(blocks, isModal, new Set([1, 6, 7]))).toEqual([0, 2]);
  });

  it("ORs the flags of every enclosing element", () => {
    const flags = markedFlags(blocks, (t) => (t === "body" ? 1 : 0) | (isModal(t) ? 2 : 0));
    expect([...flags]).toEqual([3, 1, 3, 3]);
  });
});
