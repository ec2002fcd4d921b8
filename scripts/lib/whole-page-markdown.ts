/**
 * The whole-page conversion other "markdown for agents" services do (every visible block of the page:
 * navigation, footer, related links, banners), for comparison with our main-content answer: the
 * project's own markdown renderer with every block kept, so the two differ only in what is kept.
 * Scripts, styles and hidden markup are gone in both (segmentation never reads them).
 */
import type { BlockVerdict } from "../../src/core/classify";
import type { PreparedPage } from "../../src/core/pipeline";
import { renderMarkdown } from "../../src/core/render-markdown";

export function wholePageMarkdown(prepared: PreparedPage): string {
  const keepAll: BlockVerdict[] = prepared.page.blocks.map(() => ({
    label: "content",
    rule: "whole-page",
    node: "",
    support: 0,
    count: 0,
  }));
  const title = prepared.page.title;
  return renderMarkdown(prepared.page.blocks, keepAll, { headline: title || undefined, title });
}
