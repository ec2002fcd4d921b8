/**
 * Markdown rendering of the content blocks, and the block layout shared with `render-html.ts`.
 *
 * Blocks carry only their text, their holder tag and their DOM path, so structure is inferred:
 *
 * - The holder tag decides the kind of a block. When the holder is generic (div, p, span, section,
 *   custom elements, ...) the path is walked upward through generic elements to the first telling
 *   one, so `li>p` is a list item and `td>div` a cell. Any `pre` (or xmp, listing, plaintext) on
 *   the path makes a code block.
 * - h1..h6 are headings; li a list item; pre/code a code block; figcaption/caption an italic
 *   paragraph; everything else, td/th included, a paragraph. Tables are not reconstructed: the
 *   segmenter keeps no row/column information beyond the path, and a cell per paragraph keeps
 *   every cell's text readable.
 * - Every `blockquote` on the path nests the block one quote level deeper.
 * - List items are grouped by the path of their nearest `ul`/`ol` (`menu`/`dir` count as `ul`);
 *   lists nested in list items nest. Only list items take part in lists: a heading, code block or
 *   paragraph inside an `li` that does not resolve to the `li` itself ends the list.
 * - Consecutive content blocks held by the same element (`TextBlock.element`: split only by
 *   `<br>` or a skipped element) join as lines of one unit, as in `renderText`; a boilerplate block
 *   in between ends the join. Sibling elements with equal paths stay separate units.
 *
 * Markdown choices: lines of one paragraph, list item or caption are joined by a CommonMark hard
 * break written as a backslash before the newline (not two trailing spaces, so no line ends in
 * whitespace); lines of a heading by a space (an ATX heading is one line); ordered
 * lists are numbered `1.`, `2.`, ...; adjacent distinct lists alternate their marker (`-`/`*`,
 * `.`/`)`) so CommonMark does not merge them; code is fenced with backticks, longer than any
 * backtick run in the code. Text is escaped so it creates no markup: `\`, `` ` ``, `*`, `[`, `]`,
 * `~` always, `_` unless inside a word, `<` before a tag-like character, `&` before an entity-like
 * run, and `#`, `>`, `-`, `+`, `=`, `1.`/`1)` at the start of a line.
 *
 * Path tokens are split on `>`; an id or class containing `>` (rare) can mislead the inference,
 * never the escaping.
 */
import type { BlockVerdict } from "./classify";
import { isContent } from "./render-text";
import type { TextBlock } from "./types";

export type UnitKind = "heading" | "item" | "code" | "caption" | "paragraph";

export interface Container {
  kind: "quote" | "ul" | "ol";
  /** Path of the element (prefix of the block path); containers are equal when kind and key are. */
  key: string;
}

/** One rendered unit: a heading, a list item, or a paragraph/code block/caption of one or more lines. */
export interface Unit {
  kind: UnitKind;
  /** Heading level 1..6; 0 for other kinds. */
  level: number;
  /** Raw (unescaped) text lines, never empty: one per block joined into the unit. */
  lines: string[];
  /** Enclosing quotes and lists, outermost first. Only items have list containers, and their last container is their list. */
  containers: Container[];
}

const TRANSPARENT = new Set([
  "", "#document", "div", "p", "span", "section", "center", "font", "a", "abbr", "acronym", "b", "bdi",
  "bdo", "big", "cite", "data", "dfn", "em", "i", "kbd", "label", "mark", "nobr", "q", "s", "samp",
  "small", "strike", "strong", "sub", "sup", "time", "tt", "u", "var",
]);
const PRE = new Set(["pre", "xmp", "listing", "plaintext"]);
const LISTS = new Set(["ul", "ol", "menu", "dir"]);
const HEADING = /^h([1-6])$/;

function tagOf(token: string): string {
  return (/^[^#.]*/.exec(token)?.[0] ?? "").toLowerCase();
}

/** Lays out the content blocks as units, in order. */
export function layoutBlocks(blocks: readonly TextBlock[], verdicts: readonly BlockVerdict[]): Unit[] {
  const units: Unit[] = [];
  let previousElement: number | null = null;
  for (let b = 0; b < blocks.length; b++) {
    const verdict = verdicts[b];
    const block = blocks[b]!;
    if (!verdict || !isContent(verdict) || !block.text) {
      previousElement = null;
      continue;
    }
    const last = units[units.length - 1];
    if (last && block.element === previousElement) {
      last.lines.push(block.text);
      continue;
    }
    previousElement = block.element;

    const tokens = block.path.split(">");
    const tags = tokens.map(tagOf);
    // The holder's own tag is authoritative (the path's last token names the same element).
    tags[tags.length - 1] = block.tag.toLowerCase();

    let kind: UnitKind = "paragraph";
    let level = 0;
    let liIndex = -1;
    if (tags.some((t) => PRE.has(t))) kind = "code";
    else {
      for (let i = tags.length - 1; i >= 0; i--) {
        const t = tags[i]!;
        const h = HEADING.exec(t);
        if (h) {
          kind = "heading";
          level = Number(h[1]);
        } else if (t === "li") {
          kind = "item";
          liIndex = i;
        } else if (t === "code") kind = "code";
        else if (t === "figcaption" || t === "caption") kind = "caption";
        else if (TRANSPARENT.has(t) || t.includes("-")) continue;
        break;
      }
    }

    const prefix = (i: number) => tokens.slice(0, i + 1).join(">");
    const containers: Container[] = [];
    let hasList = false;
    for (let i = 0; i < tags.length; i++) {
      const t = tags[i]!;
      if (t === "blockquote") containers.push({ kind: "quote", key: prefix(i) });
      else if (kind === "item" && i < liIndex && LISTS.has(t)) {
        containers.push({ kind: t === "ol" ? "ol" : "ul", key: prefix(i) });
        hasList = true;
      }
    }
    // An `li` outside any list: group it by its parent's path.
    if (kind === "item" && !hasList) containers.push({ kind: "ul", key: prefix(liIndex - 1) + ">" });
    // For an item, quotes inside the li come after its list, which must stay last: move them before.
    if (kind === "item" && containers[containers.length - 1]!.kind === "quote") {
      let lastList = containers.length - 1;
      while (containers[lastList]!.kind === "quote") lastList--;
      containers.push(...containers.splice(lastList, 1));
    }
    units.push({ kind, level, lines: [block.text], containers });
  }
  return units;
}

/** Number of leading containers two chains share. */
export function commonDepth(a: readonly Container[], b: readonly Container[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i]!.kind === b[i]!.kind && a[i]!.key === b[i]!.key) i++;
  return i;
}

/** Whitespace-collapsed text for comparing a title with a heading. */
export function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
  return norm(a) === norm(b);
}

/** Whether the title should open the output: it is non-empty and the first unit is not an h1 with the same text. */
export function titleNeeded(title: string | undefined, units: readonly Unit[]): title is string {
  if (!title || !title.trim()) return false;
  const first = units[0];
  return !(first && first.kind === "heading" && first.level === 1 && sameText(first.lines.join(" "), title));
}

const WORD = /[\p{L}\p{N}]/u;

/** Escapes characters that would make inline markup. */
export function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]~<&]/g, (c, offset: number, s: string) => {
    if (c === "_") return WORD.test(s[offset - 1] ?? "") && WORD.test(s[offset + 1] ?? "") ? c : "\\_";
    if (c === "<") return /[A-Za-z/!?]/.test(s[offset + 1] ?? "") ? "\\<" : c;
    if (c === "&") return /^&#?[A-Za-z0-9]+;/.test(s.slice(offset, offset + 40)) ? "\\&" : c;
    return "\\" + c;
  });
}

/** Escapes a line that starts a block (paragraph line, list item text). */
export function escapeLine(text: string): string {
  const s = escapeInline(text);
  if (/^[#>+\-=]/.test(s)) return "\\" + s;
  return s.replace(/^(\d{1,9})([.)])/, "$1\\$2");
}

/** Escapes heading text: inline markup, and a trailing `#` run that would read as a closing sequence. */
export function escapeHeading(text: string): string {
  return escapeInline(text).replace(/(^|\s)(#+)$/, "$1\\$2");
}

interface OpenContainer extends Container {
  /** List style: 0 gives `-` / `.`, 1 gives `*` / `)`. */
  style: number;
  /** Items begun in this list. */
  count: number;
  /** Width of the current item's marker: the indent of its continuation lines. */
  width: number;
}

export function renderMarkdown(blocks: readonly TextBlock[], verdicts: readonly BlockVerdict[], options?: { title?: string }): string {
  const units = layoutBlocks(blocks, verdicts);
  const out: string[] = [];
  const title = options?.title?.replace(/\s+/g, " ").trim();
  if (titleNeeded(title, units)) out.push("# " + escapeHeading(title));

  const stack: OpenContainer[] = [];
  // Style of the list last closed at each depth, while only list items have been written since.
  let closedStyle = new Map<number, string>();
  let previousWasItem = false;

  const continuation = (depth: number) =>
    stack.slice(0, depth).map((c) => (c.kind === "quote" ? "> " : " ".repeat(c.width))).join("");
  const beginItem = (list: OpenContainer, depth: number, lines: readonly string[]) => {
    list.count++;
    const marker = list.kind === "ol" ? `${list.count}${list.style ? ")" : "."} ` : list.style ? "* " : "- ";
    list.width = marker.length;
    if (lines.length === 0) out.push((continuation(depth) + marker).trimEnd());
    const indent = continuation(depth + 1);
    lines.forEach((l, i) => out.push((i === 0 ? continuation(depth) + marker : indent) + escapeLine(l) + (i < lines.length - 1 ? "\\" : "")));
  };

  for (const unit of units) {
    const isItem = unit.kind === "item";
    const common = commonDepth(stack, unit.containers);
    while (stack.length > common) {
      const closed = stack.pop()!;
      for (const d of closedStyle.keys()) if (d > stack.length) closedStyle.delete(d);
      if (closed.kind !== "quote") closedStyle.set(stack.length, closed.kind + closed.style);
    }
    if (!isItem) closedStyle = new Map();

    // Separator: list items continuing (or nesting in) an open list are tight; anything else gets
    // a blank line, carrying the quote markers both sides share.
    const top = stack[stack.length - 1];
    const tight = previousWasItem && isItem && top !== undefined && top.kind !== "quote";
    if (out.length > 0 && !tight) out.push(continuation(stack.length).trimEnd());

    for (let i = common; i < unit.containers.length; i++) {
      const c = unit.containers[i]!;
      const parent = stack[stack.length - 1];
      // A quote or list inside a list needs an item to sit in.
      if (parent && parent.kind !== "quote" && parent.count === 0) beginItem(parent, stack.length - 1, []);
      // Whatever closed deeper than here lived in another container: not adjacent to what opens next.
      for (const d of closedStyle.keys()) if (d > stack.length) closedStyle.delete(d);
      let style = 0;
      if (c.kind !== "quote" && closedStyle.get(stack.length) === c.kind + "0") style = 1;
      stack.push({ ...c, style, count: 0, width: 0 });
    }

    const depth = stack.length;
    switch (unit.kind) {
      case "item":
        beginItem(stack[depth - 1]!, depth - 1, unit.lines);
        break;
      case "heading":
        out.push(continuation(depth) + "#".repeat(unit.level) + " " + escapeHeading(unit.lines.join(" ")));
        break;
      case "code": {
        const runs = unit.lines.join("\n").match(/`+/g) ?? [];
        const fence = "`".repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
        const p = continuation(depth);
        out.push(p + fence, ...unit.lines.map((l) => p + l), p + fence);
        break;
      }
      case "caption":
      case "paragraph": {
        const p = continuation(depth);
        const lines = unit.lines.map((l) => (unit.kind === "caption" ? `*${escapeInline(l)}*` : escapeLine(l)));
        lines.forEach((l, i) => out.push(p + l + (i < lines.length - 1 ? "\\" : "")));
        break;
      }
    }
    previousWasItem = isItem;
  }

  if (out.length === 0) return "";
  return out.map((l) => l.trimEnd()).join("\n") + "\n";
}
