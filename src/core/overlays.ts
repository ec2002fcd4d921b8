/**
 * Overlays: pop-ups, popovers, modal dialogs, lightboxes and cookie-consent panels that a page carries in its
 * markup and shows on demand (a shipping-dates modal, an ad-choices dialog, a OneTrust preference
 * centre). They sit on top of the page and are never its content. The block model reads them as
 * prose (they are sentences); their class/id words say what they are.
 *
 * Held-out CV on the four training corpora (out-of-fold probabilities): on pages of kinds other
 * than article, the blocks the cascade kept inside such containers were about 2k chars of gold
 * against about 90k of other text. Articles are left to the article rules.
 *
 * Consent platforms are also named by their vendor (Fides, Didomi, Usercentrics, TrustArc), and any
 * word that begins with "cookie" (cookiebar, cookiebot) counts: a Fides banner opened a listing's
 * answer. 3-fold CV (page-stage-cv.ts): listing 0.6550 -> 0.6603 (single-wcxb-dev, held out) and
 * 0.6992 -> 0.7002 (train-wcxb-dev), nothing else moved. Not words: "overlay" (a card's or a hero's
 * text sits in one: service pages 0.828 -> 0.768) and "cmp" (Adobe's core components are all
 * `cmp-*`).
 *
 * A block is in an overlay when one of its enclosing elements has such a word and does not enclose
 * the page's headline (its first `<h1>`, else its first long paragraph): `body.modal-open` or
 * `html.has-cookie-banner` mark the page state, not an overlay. Nor is a section whose id anchors
 * its heading (heading-sections.ts): a manual's `section#cookies` under "Cookies" is its content.
 */
import { ancestorsEnclosingHeadline } from "./comments";
import { headingSections } from "./heading-sections";
import { blocksInsideMarked } from "./marked-elements";
import { tokenHas } from "./path-words";
import type { SegmentedPage, TextBlock } from "./types";

const OVERLAY_WORDS = new Set([
  "popup",
  "popups",
  "popover",
  "popovers",
  "modal",
  "modals",
  "dialog",
  "dialogs",
  "lightbox",
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "onetrust",
  "fides",
  "didomi",
  "usercentrics",
  "trustarc",
  "truste",
]);
const OVERLAY_PREFIXES = ["popup", "modal", "onetrust", "cookie"];

export function isOverlayToken(token: string): boolean {
  return tokenHas(token, OVERLAY_WORDS, OVERLAY_PREFIXES);
}

/**
 * Elements whose own class/id words do not mark a role (`namesRole`, the rule's test of a path
 * token): those enclosing the page's headline, and sections named after their heading
 * (heading-sections.ts: a manual's section on cookies).
 */
export function roleNameExempt(blocks: readonly TextBlock[], namesRole: (token: string) => boolean): Set<number> {
  const exempt = ancestorsEnclosingHeadline(blocks);
  for (const element of headingSections(blocks, namesRole)) exempt.add(element);
  return exempt;
}

/** Indices of the blocks inside overlays, in page order. */
export function overlayBlocks(page: SegmentedPage): number[] {
  return blocksInsideMarked(page.blocks, isOverlayToken, roleNameExempt(page.blocks, isOverlayToken));
}
