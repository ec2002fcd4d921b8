/**
 * Per-request options: output format, heuristic and its parameters, hard rules, learning, debug.
 * Read from the query string on /extract, and from X-* headers on the proxy-style route, where the
 * whole query belongs to the target URL.
 */
import { preferredNamedType } from "../core/accept";
import type { Classifier } from "../core/cascade";
import { DEFAULT_HARD_RULES, NO_HARD_RULES } from "../core/classify";
import { parseHeuristic } from "../core/heuristics";
import { badRequest } from "../service/errors";
import type { ExtractOptions, Format } from "../service/options";

const FORMAT_ALIASES: Record<string, Format> = {
  text: "text",
  txt: "text",
  plain: "text",
  "text/plain": "text",
  markdown: "markdown",
  md: "markdown",
  "text/markdown": "markdown",
  html: "html",
  "text/html": "html",
  json: "json",
  "application/json": "json",
};

/** The media types Accept can choose a format by. */
const ACCEPT_TYPES = Object.keys(FORMAT_ALIASES).filter((name) => name.includes("/"));

/**
 * The format of the media type Accept names with the highest q-value (q=0: not acceptable), the
 * first named on a tie (src/core/accept.ts); null when it names none, and the caller answers text.
 */
export function formatFromAccept(accept: string | undefined): Format | null {
  const type = preferredNamedType(accept, ACCEPT_TYPES);
  return type === null ? null : FORMAT_ALIASES[type]!;
}

/** The words a flag option takes (any case); the error message lists them all. */
const TRUE_WORDS = ["1", "true", "yes", "on"];
const FALSE_WORDS = ["0", "false", "no", "off"];

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (TRUE_WORDS.includes(value.toLowerCase())) return true;
  if (FALSE_WORDS.includes(value.toLowerCase())) return false;
  return badRequest(
    `${name} takes ${TRUE_WORDS.join(", ")} (to turn it on) or ${FALSE_WORDS.join(", ")} (to turn it off); got "${value}"`,
  );
}

const NUMERIC = ["nMin", "cMax", "support", "domainSupport", "relaxedCMax", "divisor"] as const;

/** `get` reads one option by name (query parameter or header); `accept` is the Accept header. */
export function parseOptions(get: (name: string) => string | undefined, accept: string | undefined): ExtractOptions {
  const formatParam = get("format");
  let format: Format;
  if (formatParam) {
    const f = FORMAT_ALIASES[formatParam.toLowerCase()];
    if (!f) badRequest(`format must be one of text, markdown, html, json; got "${formatParam}"`);
    format = f;
  } else format = formatFromAccept(accept) ?? "text";

  const overrides: Partial<Record<(typeof NUMERIC)[number], number>> = {};
  for (const name of NUMERIC) {
    const raw = get(name);
    if (raw === undefined || raw === "") continue;
    const n = Number(raw);
    if (!Number.isFinite(n)) badRequest(`${name} must be a number, got "${raw}"`);
    overrides[name] = n;
  }
  const requested = get("heuristic") || "hybrid";
  const kind = requested === "hybrid" || requested === "single-page" ? requested : "tree";
  // Parameters are validated whatever the classifier, as before: they apply to the tree's vote.
  const parsed = parseHeuristic(kind === "tree" ? requested : "vote", overrides);
  if (!parsed.ok) badRequest(parsed.error);
  const hard = flag("hard", get("hard"), true) ? DEFAULT_HARD_RULES : NO_HARD_RULES;
  const classifier: Classifier = kind === "tree" ? { kind, heuristic: parsed.heuristic, hard } : { kind };

  return {
    format,
    classifier,
    learn: flag("learn", get("learn"), true),
    debug: flag("debug", get("debug"), false),
    title: get("title")?.trim() || null,
    links: flag("links", get("links"), true),
    images: flag("images", get("images"), true),
    comments: flag("comments", get("comments"), false),
    frontmatter: flag("frontmatter", get("frontmatter"), false),
  };
}

/** Options of the proxy-style route travel in headers: X-Format, X-Heuristic, X-Learn, X-Debug... */
export function headerGetter(header: (name: string) => string | undefined): (name: string) => string | undefined {
  return (name) => header(`x-${name.replace(/[A-Z]/g, (m) => "-" + m.toLowerCase())}`);
}

/**
 * The request headers the proxy-style route reads its options from: every name parseOptions asks for,
 * as headerGetter spells it, so an option added there is listed here without anyone remembering it.
 * Its answers name them in `Vary` (with Accept): a browser's or shared cache must not hand the JSON
 * asked for with `X-Format: json` to a request for the same URL without it.
 */
export const PROXY_OPTION_HEADERS: readonly string[] = (() => {
  const names: string[] = [];
  parseOptions(
    headerGetter((header) => {
      names.push(header);
      return undefined;
    }),
    undefined,
  );
  return names;
})();
