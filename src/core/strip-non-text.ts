/**
 * Removes script, style, noscript, template and svg elements and comments before parsing:
 * they carry no page text and are often most of a page's bytes, so the tokenizer reads far less.
 * One left-to-right pass, so a comment marker inside a script (or the reverse) cannot confuse it.
 * The name must end at whitespace, `/` or `>`: a bare prefix would also match custom elements such
 * as `<svg-icon>` and delete everything up to the next `</svg>`.
 *
 * A CDATA section outside SVG and MathML is a bogus comment to browsers, ending at the first `>`;
 * htmlparser2 reads it up to `]]>` instead, so an unclosed `<![CDATA[` swallowed the rest of the
 * page. It goes here, the browsers' way (inside svg, where CDATA is real, it went with the svg).
 *
 * What is removed is exactly what a global replace of NON_TEXT removes (the tests hold the two
 * together on generated markup): the regex engine finds where a match may start, and the ends are
 * found with indexOf, where NON_TEXT's lazy `[\s\S]*?` stepped through a script's every character.
 */
import { isSpace } from "./segment-text";

/** The definition, kept for the tests: comments, bogus CDATA, and the five elements with their content. */
export const NON_TEXT =
  /<!--[\s\S]*?-->|<!\[CDATA\[[^>]*>|<(script|style|noscript|template|svg)(?=[\s/>])[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** In the regex's order of alternatives, which decides between names sharing a prefix (none do). */
const ELEMENTS = ["script", "style", "noscript", "template", "svg"];
const CDATA = "<![cdata[";

/** Whether `html` holds `lower` (ASCII, lower case) at `at`, ASCII letters in either case (the regex's `i`). */
function holdsAt(html: string, at: number, lower: string): boolean {
  if (at + lower.length > html.length) return false;
  for (let k = 0; k < lower.length; k++) {
    const c = html.charCodeAt(at + k);
    const want = lower.charCodeAt(k);
    if (c !== want && !(want >= 0x61 && want <= 0x7a && c === want - 0x20)) return false;
  }
  return true;
}

/** Where the first `</name\s*>` at or after `from` starts, or -1. */
function closingAt(html: string, from: number, name: string): number {
  for (let at = html.indexOf("</", from); at >= 0; at = html.indexOf("</", at + 2)) {
    if (holdsAt(html, at + 2, name) && closingEnd(html, at, name) >= 0) return at;
  }
  return -1;
}

/** Where `</name\s*>` at `at` ends, or -1 when there is none there. */
function closingEnd(html: string, at: number, name: string): number {
  let k = at + 2 + name.length;
  while (k < html.length && isSpace(html.charCodeAt(k))) k++;
  return html.charCodeAt(k) === 0x3e ? k + 1 : -1;
}

/**
 * A search for the first occurrence at or after a position, remembered: the scan moves forward,
 * so an answer (or a miss) still holds for a later position it does not pass. Without it, a page of
 * unclosed `<!--` or `<script>` searched to its end once per opener (quadratic; hostile pages).
 */
class Search {
  private from = -1;
  private found = -1;

  constructor(private readonly find: (from: number) => number) {}

  next(from: number): number {
    if (this.from < 0 || from < this.from || (this.found >= 0 && this.found < from)) {
      this.from = from;
      this.found = this.find(from);
    }
    return this.found;
  }
}

/** The scan's searches over one page. */
class Searches {
  readonly commentEnd: Search;
  readonly tagEnd: Search;
  readonly closing: Search[];

  constructor(html: string) {
    this.commentEnd = new Search((from) => html.indexOf("-->", from));
    this.tagEnd = new Search((from) => html.indexOf(">", from));
    this.closing = ELEMENTS.map((name) => new Search((from) => closingAt(html, from, name)));
  }
}

/**
 * Where a match could start: the beginning of each of NON_TEXT's alternatives. The regex engine
 * skips the page's other tags far faster than a loop over every `<` (pages of tiny tags).
 */
const OPENER = /<(?:!--|!\[CDATA\[|(?:script|style|noscript|template|svg)(?=[\s/>]))/gi;

function openerAt(html: string, from: number): number {
  OPENER.lastIndex = from;
  return OPENER.exec(html)?.index ?? -1;
}

/** The match starting at `at` (its end, and the element's name as written, null for a comment), or null. */
function matchAt(html: string, at: number, searches: Searches): { end: number; tag: string | null } | null {
  if (html.startsWith("<!--", at)) {
    const close = searches.commentEnd.next(at + 4);
    if (close >= 0) return { end: close + 3, tag: null };
  }
  if (holdsAt(html, at, CDATA)) {
    const close = searches.tagEnd.next(at + CDATA.length);
    if (close >= 0) return { end: close + 1, tag: null };
  }
  for (let e = 0; e < ELEMENTS.length; e++) {
    const name = ELEMENTS[e]!;
    if (!holdsAt(html, at + 1, name)) continue;
    const after = at + 1 + name.length;
    const c = html.charCodeAt(after);
    if (!(c === 0x2f || c === 0x3e || (after < html.length && isSpace(c)))) continue;
    const open = searches.tagEnd.next(after);
    if (open < 0) return null;
    const close = searches.closing[e]!.next(open + 1);
    return close < 0 ? null : { end: closingEnd(html, close, name), tag: html.slice(at + 1, after) };
  }
  return null;
}

/**
 * A script removed: where its span (`<script` to the end of `</script>`) lies in the page, and where
 * the space that replaced it starts in the stripped page (metadata reads JSON-LD from these spans:
 * metadata.ts).
 */
export interface ScriptSpan {
  readonly start: number;
  readonly end: number;
  readonly strippedAt: number;
}

/** `html` without its non-text elements and comments; each script removed is added to `scripts` when given. */
export function stripNonText(html: string, scripts?: ScriptSpan[]): string {
  const searches = new Searches(html);
  let out = "";
  let kept = 0;
  for (let at = openerAt(html, 0); at >= 0;) {
    const match = matchAt(html, at, searches);
    if (!match) {
      at = openerAt(html, at + 1);
      continue;
    }
    out += html.slice(kept, at);
    if (scripts && match.tag?.length === 6 && holdsAt(match.tag, 0, "script")) {
      scripts.push({ start: at, end: match.end, strippedAt: out.length });
    }
    out += match.tag ? ` <${match.tag}></${match.tag}> ` : " ";
    kept = match.end;
    at = openerAt(html, kept);
  }
  return kept === 0 ? html : out + html.slice(kept);
}
