/**
 * Headlines: stripping the site's name from a title ("Headline | Site", "Site: Headline") and
 * telling whether a block of text is the headline.
 *
 * A part beside a separator is the site's name when it matches the known site name or the page's
 * host (letters and digits compared, either containing the other), or is the host's domain written
 * out ("CNN.com"). Without such a match only the
 * usual suffix shapes are stripped: after " | ", " :: ", " · ", " • ", " » " or an older site's
 * " -- ", any short tail; after a dash (" - ", " – ", " — "), which headlines use themselves, only a
 * tail of at most four capitalised words ("BBC News", "The Verge"). A colon is never stripped on shape
 * alone ("Review: ..." is a headline). Nothing is stripped unless what remains is a plausible headline:
 * 10 characters or more, or the page's own <h1> ("Kayaks | REI Co-op" over an h1 "Kayaks": a short headline the page itself shows).
 */
import { wordCount } from "../block-words";
import { normalizeHeadline, TITLE_DASHES, TITLE_SEPARATORS } from "../headline";

/** Separators a site name is attached with; the dash forms need more evidence (see above). */
const SEPARATOR = new RegExp(String.raw`\s+(${TITLE_SEPARATORS})\s+`, "g");
const SLASH = "/";
const MIN_HEADLINE = 10;
const MAX_SITE_WORDS = 4;

export interface SiteHints {
  /** The site's name from og:site_name, JSON-LD publisher and the like, when known. */
  siteName: string | null;
  /** The page's host name, e.g. "www.example.com". */
  host: string | null;
  /**
   * A heading the page shows (metadata.ts: its first <h1>; headline-choice.ts: the <title>'s first part
   * when an <h1>-<h3> says it): a shorter head than MIN_HEADLINE may still be the headline.
   */
  h1?: string | null;
}

/** The hints without a "site name" that holds the whole title (og:site_name copied from the title): it names nothing. */
export function hintsFor(title: string, hints: SiteHints): SiteHints {
  if (hints.siteName === null || compact(hints.siteName).length < 0.8 * compact(title).length) return hints;
  return { ...hints, siteName: null };
}

/** Whether `head`, what a strip would leave, can stand as the headline. */
function plausibleHeadline(head: string, hints: SiteHints): boolean {
  if (head.length >= MIN_HEADLINE) return true;
  return hints.h1 != null && normalizeHeadline(head) !== "" && normalizeHeadline(head) === normalizeHeadline(hints.h1);
}

/** `title` without a site-name suffix or prefix; unchanged when no strip leaves a plausible headline. */
export function stripSiteName(title: string, hints: SiteHints): string {
  hints = hintsFor(title, hints);
  let current = stripKnownSite(title, hints);
  if (current === title) current = stripByShape(title, hints);
  return current;
}

/**
 * Whether two titles share at least half of the words (3 letters or more) of the one with fewer:
 * the same headline, one of them reworded for search engines ("Best Scooters 2025" and "The Best
 * Scooters for Commuting in 2025"), rather than a logo or a section name.
 */
export function sameStory(a: string, b: string): boolean {
  const wordsA = significantWords(a);
  const wordsB = significantWords(b);
  if (wordsA.size === 0 || wordsB.size === 0) return false;
  let shared = 0;
  for (const word of wordsA) if (wordsB.has(word)) shared++;
  return shared * 2 >= Math.min(wordsA.size, wordsB.size);
}

function significantWords(text: string): Set<string> {
  return new Set(
    normalizeHeadline(text)
      .split(" ")
      .filter((word) => word.length >= 3),
  );
}

/** Whether a block's text is the headline, ignoring case, whitespace and punctuation. */
export { normalizeHeadline };

export function isHeadline(blockText: string, headline: string | null): boolean {
  if (headline === null) return false;
  const normalized = normalizeHeadline(headline);
  return normalized !== "" && normalizeHeadline(blockText) === normalized;
}

/**
 * Whether `text` names the site: equal to the site name or a host label, contained in one ("Guardian"
 * in "The Guardian"), or containing one with at most one word more ("BBC News" for "BBC").
 */
export function namesSite(text: string, hints: SiteHints): boolean {
  return matchesSite(text, hints, matchesName);
}

/**
 * Whether `text` names the site only by adding a word to its name ("Ansible playbooks" on
 * docs.ansible.com, "Visual Studio Community" of the site "Visual Studio"), not by being it or a part of it.
 */
export function extendsSiteName(text: string, hints: SiteHints): boolean {
  return namesSite(text, hints) && !matchesSite(text, hints, isNameOrPart);
}

/** Whether `text`, compacted, matches the site name or a host label as `matches` tells. */
function matchesSite(text: string, hints: SiteHints, matches: typeof matchesName): boolean {
  const part = compact(text);
  if (part.length < 2) return false;
  const partWords = wordCount(text);
  if (hints.siteName !== null && matches(part, partWords, compact(hints.siteName), wordCount(hints.siteName))) {
    return true;
  }
  if (hints.host === null) return false;
  if (isHostDomain(text, hints.host)) return true;
  return hostLabels(hints.host).some((label) => matches(part, partWords, label, 1));
}

/** Longer text is no domain name (253 characters at most), with room for the space around it. */
const MAX_DOMAIN = 260;
/** A domain name written out ("CNN.com", "news.example.co.uk"), as older sites name themselves in their `<title>`. */
const DOMAIN_NAME = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

/**
 * Whether `text` is the page's host or a parent domain of it, written out ("CNN.com" on www.cnn.com):
 * the site's name even when the host's label is too short to match as a word ("cnn", under the four
 * letters matchesName asks of a name inside longer text). Not the public suffix alone ("co.uk"):
 * one of its labels must be one hostLabels keeps.
 */
function isHostDomain(text: string, host: string): boolean {
  // No domain name is longer; a hostile title's long part is not lower-cased for nothing.
  if (text.length > MAX_DOMAIN) return false;
  const domain = text.trim().toLowerCase();
  if (!DOMAIN_NAME.test(domain)) return false;
  const labels = host.toLowerCase().split(".");
  const named = domain.split(".");
  if (named.length > labels.length || labels.slice(-named.length).join(".") !== domain) return false;
  return hostLabels(domain).length > 0;
}

/** matchesName without its word more: the name itself or a part of it. */
function isNameOrPart(part: string, partWords: number, name: string, nameWords: number): boolean {
  return matchesName(part, partWords, name, nameWords) && name.includes(part);
}

/** Whether `text` contains the site's name or a host label as a whole word run ("Quillrun Community Documentation"). */
function mentionsSite(text: string, hints: SiteHints): boolean {
  const words = compact(text);
  const names = [
    ...(hints.siteName === null ? [] : [compact(hints.siteName)]),
    ...(hints.host ? hostLabels(hints.host) : []),
  ];
  return names.some((name) => name.length >= 4 && words.includes(name));
}

function matchesName(part: string, partWords: number, name: string, nameWords: number): boolean {
  if (name.length < 2) return false;
  if (part === name) return true;
  if (part.length >= 3 && name.includes(part)) return true;
  return name.length >= 4 && part.includes(name) && partWords <= nameWords + 1;
}

function stripKnownSite(title: string, hints: SiteHints): string {
  if (hints.siteName === null && hints.host === null) return title;
  const parts = splitOnSeparators(title);
  let current = title;
  // Suffixes first ("Headline | Section | Site" loses only what names the site), then a prefix.
  for (let i = parts.length - 1; i > 0; i--) {
    const part = parts[i]!;
    if (!namesSite(part.text, hints)) break;
    const head = title.slice(0, part.separatorStart).trim();
    if (!plausibleHeadline(head, hints)) break;
    current = head;
  }
  const prefix = /^([^:|]{2,60}?)\s*(?::|\||::|-|–|—|»)\s+(.+)$/su.exec(current);
  // Not when the rest names the site too ("Quillrun playbooks — Quillrun Documentation"): then the prefix is the page's.
  const rest = prefix?.[2]!.trim() ?? "";
  if (prefix && namesSite(prefix[1]!, hints) && !namesSite(rest, hints) && !mentionsSite(rest, hints)) {
    if (plausibleHeadline(rest, hints)) current = rest;
  }
  return current;
}

function stripByShape(title: string, hints: SiteHints): string {
  const parts = splitOnSeparators(title);
  if (parts.length < 2) return title;
  const last = parts[parts.length - 1]!;
  const head = title.slice(0, last.separatorStart).trim();
  // A tail longer than the head is more likely the headline's own second half, unless the page's h1 is the head.
  const headIsH1 = head.length < MIN_HEADLINE && plausibleHeadline(head, hints);
  if (!headIsH1 && (head.length < MIN_HEADLINE || last.text.length >= head.length)) return title;
  if (last.separator === SLASH) return title;
  if (TITLE_DASHES.has(last.separator) && !looksLikeName(last.text)) return title;
  return head;
}

interface Part {
  text: string;
  separator: string;
  /** Index in the title where the separator before this part begins. */
  separatorStart: number;
}

function splitOnSeparators(title: string): Part[] {
  const parts: Part[] = [];
  let start = 0;
  let separator = "";
  let separatorStart = 0;
  for (const match of title.matchAll(SEPARATOR)) {
    parts.push({ text: title.slice(start, match.index).trim(), separator, separatorStart });
    separator = match[1]!;
    separatorStart = match.index!;
    start = match.index + match[0].length;
  }
  parts.push({ text: title.slice(start).trim(), separator, separatorStart });
  return parts;
}

/** A short run of capitalised words or digits: the shape of a name, not of a clause. */
function looksLikeName(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  // A word that is a number ("Autumn 2019", "Part 2") belongs to the headline, not to a site's name.
  if (words.some((word) => /^\p{N}+$/u.test(word))) return false;
  return words.length > 0 && words.length <= MAX_SITE_WORDS && words.every((word) => /^[\p{Lu}\p{N}]/u.test(word));
}

function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The labels of a host that can name the site: not "www", not the public suffix's short labels. */
function hostLabels(host: string): string[] {
  const labels = host.toLowerCase().split(".");
  return labels
    .slice(0, -1)
    .filter((label) => label.length >= 3 && label !== "www")
    .map(compact);
}
