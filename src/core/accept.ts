/**
 * Content negotiation by Accept, pure, RFC 9110 §12.5.1 q-values: each media type gets the quality
 * of the most specific range that matches it (`text/html` over `text/*` over `*\/*`), and q=0 means
 * "not acceptable". Two questions: which of the API's formats a client names and prefers
 * (`preferredNamedType`, GET /extract and the proxy route), and, for the origin intercept, does this
 * header prefer our markdown (or text) rendering over the page's HTML (`agentFormat`). The
 * inspector's "page or usage text" reads `acceptQuality` (src/http/inspector.ts).
 */

export type AgentFormat = "markdown" | "text";

interface AcceptRange {
  type: string;
  subtype: string;
  q: number;
  /** Position in the header: ties between equally good types go to the one written first. */
  at: number;
}

/** RFC 9110 §12.4.2: `0` to `1` with at most three decimals. */
const QVALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

function parseRanges(accept: string): AcceptRange[] {
  const ranges: AcceptRange[] = [];
  accept.split(",").forEach((part, at) => {
    const [range, ...params] = part.split(";");
    const [type, subtype] = (range ?? "").trim().toLowerCase().split("/");
    if (!type || !subtype) return;
    let q = 1;
    for (const param of params) {
      const [name, value = ""] = param.split("=").map((s) => s.trim());
      if (name?.toLowerCase() !== "q") continue;
      // A malformed q (`q=high`, `q=1.5`, `q=`) drops the whole range. The RFC defines no recovery,
      // and both alternatives misread the client: q=1 would let a garbled range win the negotiation,
      // and q=0 would make the type "not acceptable", overriding a wildcard of the same header that
      // accepts it. Dropped, the well-formed ranges decide, as if the client had not written it.
      if (!QVALUE.test(value)) return;
      q = Number(value);
    }
    ranges.push({ type, subtype, q, at });
  });
  return ranges;
}

/**
 * Quality of one media type, whether the header named it exactly (not through a wildcard), and
 * where the deciding range stands in the header.
 */
function qualityOf(ranges: AcceptRange[], type: string, subtype: string): { q: number; named: boolean; at: number } {
  let best: { q: number; specificity: number; at: number } | null = null;
  for (const r of ranges) {
    let specificity: number;
    if (r.type === type && r.subtype === subtype) specificity = 2;
    else if (r.type === type && r.subtype === "*") specificity = 1;
    else if (r.type === "*" && r.subtype === "*") specificity = 0;
    else continue;
    // The most specific range decides; among equally specific ones, the first written.
    if (!best || specificity > best.specificity) best = { q: r.q, specificity, at: r.at };
  }
  return { q: best?.q ?? 0, named: best?.specificity === 2, at: best?.at ?? Infinity };
}

/**
 * The quality one media type (lower case `type/subtype`) gets from the header, whether the header
 * names it exactly, and where the deciding range stands (Infinity when none matches).
 */
export function acceptQuality(
  accept: string | null | undefined,
  media: string,
): { q: number; named: boolean; at: number } {
  const [type = "", subtype = ""] = media.split("/");
  return qualityOf(parseRanges(accept ?? ""), type, subtype);
}

/**
 * Of the `offered` media types (lower case `type/subtype`), the one the header names with the highest
 * quality; ties go to the one named first. Null when it names none of them acceptably (absent, only
 * through wildcards, or with q=0), so the caller's default answers: a wildcard is no request for a
 * particular format (`*\/*` is curl's and every generic client's), and the default is what such
 * clients have always got. Without q-values this is the first offered type the header names.
 */
export function preferredNamedType(accept: string | null | undefined, offered: readonly string[]): string | null {
  if (!accept) return null;
  const ranges = parseRanges(accept);
  let best: { type: string; q: number; at: number } | null = null;
  for (const media of offered) {
    const [type = "", subtype = ""] = media.split("/");
    const quality = qualityOf(ranges, type, subtype);
    if (!quality.named || quality.q <= 0) continue;
    if (!best || quality.q > best.q || (quality.q === best.q && quality.at < best.at))
      best = { type: media, q: quality.q, at: quality.at };
  }
  return best?.type ?? null;
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
