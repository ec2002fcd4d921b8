import type { BlockVerdict } from "../../src/core/classify";
import { decidePage } from "../../src/core/page-decision";
import { pageKind, type PageKind } from "../../src/core/page-kind";
import type { SegmentedPage } from "../../src/core/types";

/** The texts the page decision keeps of `page`, given the cascade's `verdicts`, were the page of this `kind`. */
export function keptTextAs(page: SegmentedPage, verdicts: BlockVerdict[], kind: PageKind): string {
  const known = {
    ...pageKind(
      page,
      verdicts.map(() => 1),
    ),
    kind,
  };
  const decided = decidePage(page, verdicts, null, undefined, known).verdicts;
  return page.blocks
    .filter((_, i) => decided[i]!.label !== "boilerplate")
    .map((b) => b.text)
    .join("\n");
}

type Block = SegmentedPage["blocks"][number];

/** Cascade verdicts for `page`: content where `isContent` says so, else boilerplate; the model's score `p` when given. */
export function verdictsWhere(page: SegmentedPage, isContent: (b: Block) => boolean, p?: (b: Block) => number) {
  return page.blocks.map((b): BlockVerdict => ({
    label: isContent(b) ? "content" : "boilerplate",
    rule: "test",
    node: "",
    support: 0,
    count: 0,
    ...(p ? { p: p(b) } : {}),
  }));
}

/** The texts the page decision keeps of `page` when the cascade took every block for content, were the page of this `kind`. */
export function keptOfAllAs(page: SegmentedPage, kind: PageKind): string {
  return keptTextAs(
    page,
    verdictsWhere(page, () => true),
    kind,
  );
}

/** The texts a page-level rule (blocks, content) => indices finds in `page` when every block is content. */
export function foundWhereAllContent(
  page: SegmentedPage,
  rule: (blocks: SegmentedPage["blocks"], content: readonly boolean[]) => readonly number[],
): string[] {
  return rule(
    page.blocks,
    page.blocks.map(() => true),
  ).map((i) => page.blocks[i]!.text);
}
