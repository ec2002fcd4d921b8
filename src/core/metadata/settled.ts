/**
 * Where the metadata parse may stop early. The collector (./collector.ts) keeps first occurrences
 * and acts only on a few tags and on itemprop attributes, so once every place in the page that
 * could still change what it holds has been parsed, and it is not in the middle of collecting text,
 * the rest of the page cannot change the metadata: its parse is skipped. On the corpora about half
 * of a page's characters come after the last such place (footers, scripts).
 *
 * The places are found by substring, case-insensitively, on the raw page (a superset: an occurrence
 * in a comment or a script only makes the parse go further). Per kind, the last occurrence counts,
 * and a kind stops counting once the collector holds what it gives (a second <title> or <h1>
 * changes nothing). The one value read from an entity-decoded attribute, a script's JSON-LD `type`,
 * is also found when written with character references (`&#...;`, `&plus;`, `&sol;`), as long as
 * no `>` comes first inside the tag.
 */
import type { MetadataCollector } from "./collector";

const MARKS = /<meta|itemprop|ld\+json|<script[^>]*&(?:#|plus;|sol;)|<title|<h1|<html|<base|<link|<time/gi;
/** Longest mark text: an event ending this far past a mark's start has passed the mark's token. */
const MARK_REACH = 8;

/** The last occurrence of each kind of mark in a page, -1 when there is none. */
export interface MarkPositions {
  always: number;
  title: number;
  h1: number;
  html: number;
  base: number;
  link: number;
  time: number;
}

export function markPositions(html: string): MarkPositions {
  const at: MarkPositions = { always: -1, title: -1, h1: -1, html: -1, base: -1, link: -1, time: -1 };
  for (const m of html.matchAll(MARKS)) {
    const text = m[0].toLowerCase();
    const index = m.index;
    if (text === "<title") at.title = index;
    else if (text === "<h1") at.h1 = index;
    else if (text === "<html") at.html = index;
    else if (text === "<base") at.base = index;
    else if (text === "<link") at.link = index;
    else if (text === "<time") at.time = index;
    else at.always = index;
  }
  return at;
}

/** Where the last mark that could still change the collector starts (-1: none). */
export function lastNeededMark(at: MarkPositions, collected: MetadataCollector): number {
  let last = at.always;
  if (collected.title === null) last = Math.max(last, at.title);
  if (collected.h1 === null) last = Math.max(last, at.h1);
  if (collected.htmlLang === null) last = Math.max(last, at.html);
  if (collected.baseHref === null) last = Math.max(last, at.base);
  if (!collected.meta.has("link:image_src")) last = Math.max(last, at.link);
  if (collected.articleTime === null) last = Math.max(last, at.time);
  return last;
}

/** Whether the parse so far (its last event ended at `parsedTo`) leaves nothing in the page to change the collector. */
export function isSettled(at: MarkPositions, collected: MetadataCollector, parsedTo: number): boolean {
  return collected.idle && parsedTo >= lastNeededMark(at, collected) + MARK_REACH;
}
