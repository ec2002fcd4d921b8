/**
 * What a page declares it is, as far as the page kind uses it: its Open Graph `og:type`, in a few
 * groups. Evidence, not a rule: service pages say "article", most sites say "website" on every page.
 * The page-kind model weighs the groups that measured well with the rest of the page (page-kind.ts
 * DECLARED_SIGNALS: og:type product and product.group).
 *
 * Read by the segmentation walk from each `<meta property="og:type">` it meets (segment-walk.ts).
 * schema.org types were read too (JSON-LD `@type` from the scripts the strip pass removes, microdata
 * `itemtype`) and measured as kind signals: every set tried with them lost on train-wcxb-dev (-0.0008
 * to -0.0034, 3-fold CV, 2026-11-26): they are the types of everything a page embeds (a review's
 * Product, an FAQ block, a comment widget), not of the page. So they are not read.
 */
import type { DeclaredGroup, DeclaredTypes } from "./types";

/** og:type values (lower case) by the group they declare; "website" is most sites' default for any page. */
const OPEN_GRAPH_GROUPS: Readonly<Record<DeclaredGroup, readonly string[]>> = {
  product: ["product", "product.item", "og:product"],
  article: ["article", "blog", "news"],
  listing: ["product.group"],
  website: ["website"],
};

const DECLARED_GROUPS = Object.keys(OPEN_GRAPH_GROUPS) as DeclaredGroup[];
const OPEN_GRAPH_GROUP_OF = new Map(
  DECLARED_GROUPS.flatMap((g) => OPEN_GRAPH_GROUPS[g].map((name) => [name, g] as const)),
);

export function openGraphGroup(type: string): DeclaredGroup | undefined {
  return OPEN_GRAPH_GROUP_OF.get(type.trim().toLowerCase());
}

/** Collects one page's declared types as segmentation meets them. */
export class DeclaredTypeReader {
  private openGraph = 0;

  /** A `<meta>`: only `property="og:type"` (or `name="og:type"`, which some pages write) is read. */
  meta(property: string | undefined, content: string | undefined): void {
    if (content === undefined || property?.trim().toLowerCase() !== "og:type") return;
    const group = openGraphGroup(content);
    if (group) this.openGraph |= 1 << DECLARED_GROUPS.indexOf(group);
  }

  /** What the page declared, or undefined when it declared nothing any group holds. */
  types(): DeclaredTypes | undefined {
    if (this.openGraph === 0) return undefined;
    return { openGraph: DECLARED_GROUPS.filter((_, g) => this.openGraph & (1 << g)) };
  }
}
