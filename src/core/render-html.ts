/**
 * HTML rendering of the content blocks: a minimal, well-formed HTML5 document whose `<article>`
 * holds the content, or the article alone (`renderHtmlFragment`, for a feed's `content:encoded`).
 * Units come from `layoutBlocks` (render-layout.ts), the headline from `placeHeadline`
 * (headline.ts): exactly one `<h1>` when the article has a headline, other h1s become h2.
 *
 * Only these elements are written: p, h1-h6, a[href], img[src alt], figure, figcaption, ul,
 * ol[start], li, table, thead, tbody, tr, th[colspan], td[colspan], blockquote, pre,
 * code[class=language-*], code, em, strong, br, hr; links are absolute http(s)/mailto and images absolute http(s) URLs. Page markup never passes
 * through: everything is rebuilt from block text, which is escaped (`& < > " '`) wherever it is
 * written, in text and attributes alike. So no script, style, event handler, form or frame can
 * come from a page. Lines joined by `<br>` in the page are joined by `<br>` here. A list item's
 * `</li>` is written when the next item begins or the list closes, so nested lists sit inside
 * their item; a nested list with no item text before it gets an empty `<li>`. Images before or
 * after a paragraph or heading become figures; a caption with images becomes one figure.
 */
import type { BlockVerdict } from "./classify";
import { placeHeadline } from "./headline";
import {
  cellRanges,
  inlinePieces,
  markRuns,
  splitEdgeImages,
  writeWithRuns,
  type Inline,
  type InlineOptions,
} from "./render-inline";
import { commonDepth, layoutBlocks, type Container, type Unit } from "./render-layout";
import { MARK_CODE, MARK_STRONG, type TextBlock } from "./types";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

interface OpenContainer extends Container {
  /** Index in the output of the open `<li>` line, or -1 when no item is open. */
  itemLine: number;
  /** The `li` element of the open item (Unit.item; 0 unknown). */
  li: number;
}

export interface HtmlOptions extends InlineOptions {
  /** The article's headline (a metadata title): the `<h1>`. */
  headline?: string;
  /** The page title: the headline when none is given and the content has no h1. */
  title?: string;
  url?: string;
  lang?: string;
}

export function renderHtml(
  blocks: readonly TextBlock[],
  verdicts: readonly BlockVerdict[],
  options: HtmlOptions = {},
): string {
  const placed = placeHeadline(layoutBlocks(blocks, verdicts), options);
  const lang = options.lang?.trim() ?? "";
  const url = options.url?.trim() ?? "";
  // The document title: the headline, else the first heading's text, else empty.
  const docTitle = placed.headline || placed.units.find((u) => u.kind === "heading")?.lines.join(" ") || "";

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
  out.push(...articleLines(placed, options));
  out.push("</article>", "</body>", "</html>");
  return out.join("\n") + "\n";
}

export interface FragmentOptions extends Omit<HtmlOptions, "url" | "lang"> {
  /**
   * The container shows `headline` itself (a feed item's title): the fragment leaves it out, and the
   * content's heading equal to it too, so a feed reader never shows the title twice.
   */
  headlineShownElsewhere?: boolean;
}

/**
 * The article without the document around it, for a feed item's `content:encoded` or
 * `content_html`: the same elements, the headline as its one `<h1>` (unless shown elsewhere).
 */
export function renderHtmlFragment(
  blocks: readonly TextBlock[],
  verdicts: readonly BlockVerdict[],
  options: FragmentOptions = {},
): string {
  const placed = placeHeadline(layoutBlocks(blocks, verdicts), options);
  if (options.headlineShownElsewhere && options.headline?.trim()) placed.headline = "";
  return articleLines(placed, options).join("\n");
}

const LINK_URL = /^(https?:|mailto:)/i;
const IMAGE_URL = /^https?:/i;

/** Inline pieces as HTML: inline code as `<code>`, emphasis runs as `<em>` and `<strong>`. */
function inlineHtml(pieces: readonly Inline[]): string {
  const piece = (p: Inline) => {
    if (p.kind === "image") {
      if (!IMAGE_URL.test(p.src)) return "";
      if (p.video) return `<a href="${escapeHtml(p.src)}">${escapeHtml(p.alt)}</a>`;
      return `<img src="${escapeHtml(p.src)}" alt="${escapeHtml(p.alt)}">`;
    }
    const text = (p.marks ?? 0) & MARK_CODE ? `<code>${escapeHtml(p.text)}</code>` : escapeHtml(p.text);
    return p.kind === "link" && LINK_URL.test(p.href) ? `<a href="${escapeHtml(p.href)}">${text}</a>` : text;
  };
  const tag = (mark: number) => (mark === MARK_STRONG ? "strong" : "em");
  return writeWithRuns(
    pieces,
    markRuns(pieces),
    piece,
    (m) => `<${tag(m)}>`,
    (m) => `</${tag(m)}>`,
  );
}

function figure(images: readonly Inline[], caption = ""): string {
  const inner = inlineHtml(images);
  if (!inner) return caption ? `<p><em>${caption}</em></p>` : "";
  return `<figure>${inner}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
}

/** An ordered list's opening tag, keeping the page's first number. */
function listTag(container: Container, unit: Unit): string {
  if (container.kind === "ol" && unit.kind === "item" && unit.ordinal > 1) return `<ol start="${unit.ordinal}">`;
  return `<${container.kind}>`;
}

/** A data table: leading rows of header cells only make the head. */
function tableHtml(unit: Unit, inline: InlineOptions): string[] {
  const out = ["<table>"];
  let inHead = false;
  let bodyOpen = false;
  unit.blocks.forEach((block, r) => {
    const header = block.rich?.row?.header ?? [];
    const allHeader = header.length > 0 && header.every(Boolean);
    if (r === 0 && allHeader) {
      out.push("<thead>");
      inHead = true;
    } else if (inHead && !allHeader) {
      out.push("</thead>");
      inHead = false;
    }
    if (!inHead && !bodyOpen) {
      out.push("<tbody>");
      bodyOpen = true;
    }
    const spans = block.rich?.row?.spans;
    const cells = cellRanges(block).map(([from, to], c) => {
      const tag = header[c] ? "th" : "td";
      const span = spans?.[c] ?? 1;
      const open = span > 1 ? `<${tag} colspan="${span}">` : `<${tag}>`;
      return `${open}${inlineHtml(inlinePieces(block, inline, from, to))}</${tag}>`;
    });
    out.push(`<tr>${cells.join("")}</tr>`);
  });
  out.push(inHead ? "</thead>" : "</tbody>", "</table>");
  return out;
}

/** The `<article>` body: one line per unit, containers opened and closed around them. */
function articleLines(placed: ReturnType<typeof placeHeadline>, inline: InlineOptions): string[] {
  const out: string[] = [];
  if (placed.headline) out.push(`<h1>${escapeHtml(placed.headline)}</h1>`);
  if (inline.images !== false && placed.images.length) {
    out.push(figure(placed.images.map((im) => ({ kind: "image", ...im }))));
  }
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

  for (const unit of placed.units) {
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
      out.push(c.kind === "quote" ? "<blockquote>" : listTag(c, unit));
      stack.push({ ...c, itemLine: -1, li: 0 });
    }

    if (unit.ruleBefore && unit.kind !== "item" && out.length > 0) out.push("<hr>");
    const pieces = unit.blocks.map((b) => inlinePieces(b, inline));
    switch (unit.kind) {
      case "item": {
        const list = stack[stack.length - 1]!;
        const html = pieces.map(inlineHtml).join("<br>");
        // A later paragraph of the open item (Unit.item) stays in its `li`.
        if (unit.item !== 0 && list.itemLine >= 0 && list.li === unit.item) out.push(`<p>${html}</p>`);
        else {
          openItem(list, html);
          list.li = unit.item;
        }
        break;
      }
      case "heading": {
        const { before, lines, after } = splitEdgeImages(pieces);
        if (before.length) out.push(figure(before));
        out.push(`<h${unit.level}>${lines.map(inlineHtml).filter(Boolean).join("<br>")}</h${unit.level}>`);
        if (after.length) out.push(figure(after));
        break;
      }
      case "code": {
        const language = /^[a-z0-9_+#.-]+$/.test(unit.language) ? unit.language : "";
        const open = language ? `<code class="language-${escapeHtml(language)}">` : "<code>";
        out.push(`<pre>${open}${escapeHtml(unit.lines.join("\n"))}</code></pre>`);
        break;
      }
      case "table":
        out.push(...tableHtml(unit, inline));
        break;
      case "caption": {
        const images = pieces.flatMap((p) => p.filter((x) => x.kind === "image"));
        const text = pieces
          .map((p) => inlineHtml(p.filter((x) => x.kind !== "image")))
          .filter(Boolean)
          .join("<br>");
        out.push(figure(images, text));
        break;
      }
      case "paragraph": {
        const { before, lines, after } = splitEdgeImages(pieces);
        if (before.length) out.push(figure(before));
        const html = lines.map(inlineHtml).filter(Boolean).join("<br>");
        if (html) out.push(`<p>${html}</p>`);
        if (after.length) out.push(figure(after));
        break;
      }
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
