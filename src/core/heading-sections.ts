/**
 * Sections of the document named after their heading: an element whose id is the anchor of the
 * heading it opens (`<section id="cookies"><h2>Cookies</h2>`, Sphinx's
 * `section#s-abstract-base-classes` under "Abstract base classes"), or the heading itself
 * (`<h2 id="cookies">`, as Markdown writes it). The id is a link target for the heading, written
 * from its words, not a name the template chose for a role. A manual's section on cookies, modal dialogs or
 * pop-ups carries the words that name a consent panel or a pop-up elsewhere (overlays.ts), and
 * such a section is the page's content: the role rules skip these elements' own names (their
 * ancestors' and descendants' names still count). Only the id is the heading's: an element whose
 * classes name the role (`div#newsletter.modal` under "Newsletter", `div#cookie-notice.cookie-banner`
 * under "Cookie notice") is a pop-up or a consent panel that titles itself, and keeps its role.
 * Site-grouped 3-fold CV (scripts/page-stage-cv.ts, oof-kinds2 cache, fold kind models), hybrid F1
 * documentation pages single-wcxb-dev (held out) / train-wcxb-dev 0.9251 -> 0.9253 / 0.9307 ->
 * 0.9310 (a Flask manual's "Cookies" section back: +0.022 on that page, no page down on train);
 * every other type and corpus unchanged (stream-ctf 0.9606, single-zyte 0.9643).
 */
import { isHeadingTag, pathTokens } from "./path-words";
import type { TextBlock } from "./types";

type Block = Pick<TextBlock, "text" | "tag" | "path" | "ancestors">;

/** An id shorter than this (`s1`, `a`) says too little to be read as a heading's words. */
const MIN_ANCHOR_CHARS = 3;

/** Letters and digits only, lower case: "Cookies¶" and `cookies` meet as "cookies". */
const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** A heading's words without its section number ("3.2. Modal dialogs" gives "Modal dialogs"). */
const unnumbered = (heading: string) => heading.replace(/^[\d.\s]+/, "");

/** A path token (`section#cookies.docs`) split into its id ("cookies", else "") and the rest (`section.docs`). */
function splitId(token: string): { id: string; rest: string } {
  const hash = token.indexOf("#");
  if (hash < 0) return { id: "", rest: token };
  const dot = token.indexOf(".", hash);
  return dot < 0
    ? { id: token.slice(hash + 1), rest: token.slice(0, hash) }
    : { id: token.slice(hash + 1, dot), rest: token.slice(0, hash) + token.slice(dot) };
}

/**
 * Whether an id is written from a heading's words: one compacted form ends with the other (a
 * prefix such as Sphinx's `s-` on the id, a word before the heading's in the id or the other way).
 */
function anchors(id: string, heading: string): boolean {
  if (id.length < MIN_ANCHOR_CHARS) return false;
  const a = compact(id);
  const h = compact(unnumbered(heading));
  if (a.length < MIN_ANCHOR_CHARS || h.length < MIN_ANCHOR_CHARS) return false;
  return a.endsWith(h) || h.endsWith(a);
}

/**
 * Element numbers (`ancestors`) of the sections whose id anchors the heading that opens them and whose
 * tag and classes do not name a role by themselves (`namesRole`, the role rules' own test).
 */
export function headingSections(blocks: readonly Block[], namesRole: (token: string) => boolean): Set<number> {
  const out = new Set<number>();
  const seen = new Set<number>();
  for (const b of blocks) {
    const ids = b.ancestors ?? [];
    if (!b.text) continue;
    const tokens = pathTokens(b.path);
    if (tokens.length !== ids.length) continue;
    // The first block with text inside an element opens it; only a heading names it.
    const heading = isHeadingTag(b.tag);
    for (let d = 0; d < ids.length; d++) {
      const element = ids[d]!;
      if (seen.has(element)) continue;
      seen.add(element);
      if (!heading) continue;
      const { id, rest } = splitId(tokens[d]!);
      if (anchors(id, b.text) && !namesRole(rest)) out.add(element);
    }
  }
  return out;
}
