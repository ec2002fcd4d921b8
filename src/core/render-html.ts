/**
 * HTML rendering of the content blocks: a minimal, well-formed HTML5 document whose `<article>`
 * holds the content. The structure (headings, lists, code, quotes, captions, joined lines) is
 * inferred by `layoutBlocks` in `render-markdown.ts`, which documents the rules; tables are not
 * reconstructed (cells become paragraphs).
 *
 * All text comes from untrusted pages and is escaped (`& < > " '`) wherever it is written, in
 * text and attributes alike. Lines joined by `<br>` in the page are joined by `<br>` here.
 * A list item's `</li>` is written when the next item begins or the list closes, so nested lists
 * sit inside their item; a nested list with no item text before it gets an empty `<li>`.
 */
import type { BlockVerdict } from "./classify";
import { commonDepth, layoutBlocks, titleNeeded, type Container, type Unit } from "./render-markdown";
import type { TextBlock } from "./types";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

interface OpenContainer extends Container {
  /** Index in the output of the open `<li>` line, or -1 when no item is open. */
  itemLine: number;
}

export function renderHtml(
  blocks: readonly TextBlock[],
  verdicts: readonly BlockVerdict[],
  options?: { title?: string; url?: string; lang?: string },
): string {
  const units = layoutBlocks(blocks, verdicts);
  const title = options?.title?.replace(/\s+/g, " ").trim() ?? "";
  const lang = options?.lang?.trim() ?? "";
  const url = options?.url?.trim() ?? "";
  // The document title: the given one, else the first heading's text, else empty.
  const docTitle = title || units.find((u) => u.kind === "heading")?.lines.join(" ") || "";

  const out: string[] = [
    "<!doctype html>",
    lang ? `<html lang="${escapeHtml(lang)}">` : "<html>",
    "<head>",
    '<meta charset="utf-8">',
    `<title>${escapeHtml(docTitle)}</title>`,
  ];
  // Only http(s) URLs: the link names where the text came from.
  if (/^https?:\/\//i.test(url)) out.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  out.push("</head>", "<body>", "<article>");
  if (titleNeeded(title, units)) out.push(`<h1>${escapeHtml(title)}</h1>`);

  out.push(...articleLines(units));
  out.push("</article>", "</body>", "</html>");
  return out.join("\n") + "\n";
}

/**
 * The content without the document around it, for a feed item's `content:encoded` or
 * `content_html`: the item already carries the title, so no `<h1>` is added.
 */
export function renderHtmlFragment(blocks: readonly TextBlock[], verdicts: readonly BlockVerdict[]): string {
  return articleLines(layoutBlocks(blocks, verdicts)).join("\n");
}

/** The `<article>` body: one line per unit, containers opened and closed around them. */
function articleLines(units: readonly Unit[]): string[] {
  const out: string[] = [];
  const stack: OpenContainer[] = [];
  const closeItem = (list: OpenContainer) => {
    if (list.itemLine < 0) return;
    if (list.itemLine === out.length - 1) out[list.itemLine] += "</li>";
    else out.push("</li>");
    list.itemLine = -1;
  };
  const openItem = (list: OpenContainer, html: string) => {
    closeItem(list);
    out.push("<li>" + html);
    list.itemLine = out.length - 1;
  };

  for (const unit of units) {
    const common = commonDepth(stack, unit.containers);
    while (stack.length > common) {
      const closed = stack.pop()!;
      if (closed.kind === "quote") out.push("</blockquote>");
      else {
        closeItem(closed);
        out.push(`</${closed.kind}>`);
      }
    }
    for (let i = common; i < unit.containers.length; i++) {
      const c = unit.containers[i]!;
      const parent = stack[stack.length - 1];
      // A quote or list inside a list must sit in an item.
      if (parent && parent.kind !== "quote" && parent.itemLine < 0) openItem(parent, "");
      out.push(c.kind === "quote" ? "<blockquote>" : `<${c.kind}>`);
      stack.push({ ...c, itemLine: -1 });
    }

    const lines = unit.lines.map(escapeHtml);
    switch (unit.kind) {
      case "item":
        openItem(stack[stack.length - 1]!, lines.join("<br>"));
        break;
      case "heading":
        out.push(`<h${unit.level}>${lines.join("<br>")}</h${unit.level}>`);
        break;
      case "code":
        out.push(`<pre><code>${lines.join("\n")}</code></pre>`);
        break;
      case "caption":
        out.push(`<p><em>${lines.join("<br>")}</em></p>`);
        break;
      case "paragraph":
        out.push(`<p>${lines.join("<br>")}</p>`);
        break;
    }
  }
  while (stack.length > 0) {
    const closed = stack.pop()!;
    if (closed.kind === "quote") out.push("</blockquote>");
    else {
      closeItem(closed);
      out.push(`</${closed.kind}>`);
    }
  }

  return out;
}
