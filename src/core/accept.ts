/**
 * Content negotiation for the origin intercept: does this Accept header prefer our markdown (or
 * text) rendering over the page's HTML? Pure, RFC 9110 §12.5.1 q-values: each media type gets the
 * quality of the most specific range that matches it (`text/html` over `text/*` over `*\/*`).
 */

export type AgentFormat = "markdown" | "text";

interface AcceptRange {
  type: string;
  subtype: string;
  q: number;
}

function parseRanges(accept: string): AcceptRange[] {
  const ranges: AcceptRange[] = [];
  for (const part of accept.split(",")) {
    const [range, ...params] = part.split(";");
    const [type, subtype] = (range ?? "").trim().toLowerCase().split("/");
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=").map((s) => s.trim());
      if (name?.toLowerCase() !== "q") continue;
      const n = Number(value);
      // A malformed q makes the range unusable rather than silently preferred.
      q = value !== undefined && /^[01](\.\d{0,3})?$/.test(value) && n <= 1 ? n : 0;
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** Quality of one media type and whether the header named it exactly (not through a wildcard). */
function qualityOf(ranges: AcceptRange[], type: string, subtype: string): { q: number; named: boolean } {
  let best: { q: number; specificity: number } | null = null;
  for (const r of ranges) {
    let specificity: number;
    if (r.type === type && r.subtype === subtype) specificity = 2;
    else if (r.type === type && r.subtype === "*") specificity = 1;
    else if (r.type === "*" && r.subtype === "*") specificity = 0;
    else continue;
    // The most specific range decides; among equally specific ones, the first written.
    if (!best || specificity > best.specificity) best = { q: r.q, specificity };
  }
  return { q: best?.q ?? 0, named: best?.specificity === 2 };
}

/**
 * The format an agent asked for, or null for a browser (or any client that did not ask).
 * - `text/markdown` must be named explicitly (a wildcard is no request for markdown), with q > 0 and
 *   at least the quality of `text/html`: no browser names it, so a tie means the client wants it.
 * - `text/plain` must be named explicitly and preferred strictly over `text/html`: generic API
 *   clients send `application/json, text/plain, *\/*` (axios' default) and still expect the page.
 * - When both qualify, the higher q wins and markdown wins a tie.
 */
export function agentFormat(accept: string | null | undefined): AgentFormat | null {
  if (!accept) return null;
  const ranges = parseRanges(accept);
  const html = qualityOf(ranges, "text", "html").q;
  const markdown = qualityOf(ranges, "text", "markdown");
  const plain = qualityOf(ranges, "text", "plain");
  const wantsMarkdown = markdown.named && markdown.q > 0 && markdown.q >= html;
  const wantsText = plain.named && plain.q > 0 && plain.q > html;
  if (wantsMarkdown && (!wantsText || markdown.q >= plain.q)) return "markdown";
  if (wantsText) return "text";
  return null;
}
