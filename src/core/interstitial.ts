/**
 * Interstitials: responses that stand in for the page the URL names, so their text is not that
 * page's content and must never teach the domain's URL Tree: consent walls, bot challenges
 * ("Just a moment..."), "enable JavaScript" shells, paywall teasers ("subscribe to continue").
 *
 * Evidence, strongest first: a challenge title; a wall container (class/id words such as consent,
 * cookie, paywall, captcha) or a wall phrase, on a page with almost no other prose; an empty page;
 * and, given the URL Tree's branch evidence, a page whose text the domain's other documents nearly
 * all carry too (nothing but template: the real content never arrived).
 *
 * Phrase lists: titles and sentences of walls are page text, so no class/id vocabulary can catch a
 * challenge page that has no markup to speak of. The lists below are small and documented on purpose:
 * the phrasings of the common challenge vendors (Cloudflare, DDoS-Guard, Akamai, PerimeterX) and of
 * JS shells and paywalls in English, German, French, Spanish, Italian, Portuguese and Russian. A
 * phrase alone never decides: the page must also carry little other prose.
 */
import { maxElementId } from "./element-ids";
import { memoized } from "./memo";
import { pathTokens, tokenHas } from "./path-words";
import type { BranchEvidence } from "./tree-evidence";
import type { SegmentedPage, TextBlock } from "./types";

export type InterstitialReason = "challenge" | "javascript" | "consent" | "paywall" | "empty" | "template-only";

export interface InterstitialVerdict {
  interstitial: boolean;
  reason: InterstitialReason | null;
  /** Characters of prose outside wall containers, wall phrases and boilerplate tags: the page's own text. */
  ownProse: number;
  /** With evidence: share of the page's characters in blocks most of the domain's documents carry. */
  templateShare: number | null;
}

/** One case-insensitive pattern from a list of alternatives (each a regular expression). */
function anyOf(alternatives: readonly string[], anchored = false): RegExp {
  return new RegExp(`${anchored ? "^" : ""}(?:${alternatives.join("|")})`, "i");
}

/** Titles of challenge pages (vendors' fixed strings and their translations), matched at the start. */
const CHALLENGE_TITLE = anyOf(
  [
    "just a moment",
    "attention required",
    "access denied",
    "are you a robot",
    "security check",
    "ddos-guard",
    "one more step",
    "please wait",
    "verifying you are human",
    "checking your browser",
    "robot check",
    "bot verification",
    "human verification",
    "un instant",
    "einen moment",
    "un momento",
    "um momento",
    "один момент",
    "подождите",
    "доступ запрещен",
  ],
  true,
);

/** Sentences of challenge pages. */
const CHALLENGE_TEXT = anyOf([
  "checking (?:your browser|if the site connection is secure)",
  "verify(?:ing)? (?:that )?you are (?:a )?human",
  "are you a robot",
  "complete the security check",
  "unusual traffic from your",
  "press (?:&|and) hold",
  "enable cookies and reload",
  "ray id:",
]);
/** Sentences of pages that render nothing without JavaScript. */
const JAVASCRIPT_TEXT = anyOf([
  "(?:enable|activate|turn on) javascript",
  "javascript (?:is )?(?:disabled|required|is not enabled)",
  "requires javascript",
  "javascript aktivieren",
  "activez (?:le )?javascript",
  "(?:habilita|activa) (?:el )?javascript",
  "attiva(?:re)? javascript",
  "ative o javascript",
  "включите javascript",
]);
/** Sentences of consent dialogs. */
const CONSENT_TEXT = anyOf([
  "we use cookies",
  "accept (?:all )?cookies",
  "cookie (?:settings|preferences)",
  "your privacy choices",
  "wir verwenden cookies",
  "nous utilisons des cookies",
  "utilizamos cookies",
  "utilizziamo (?:i )?cookie",
  "использует файлы cookie",
]);
/** Sentences of paywalls. */
const PAYWALL_TEXT = anyOf([
  "subscribe to (?:continue|read|keep reading|unlock)",
  "to continue reading",
  "already a subscriber",
  "subscribers only",
  "for subscribers",
  "this (?:article|content|story) is (?:for|available to|reserved for) (?:subscribers|members)",
  "jetzt weiterlesen",
  "abonnez-vous pour",
  "pour lire la suite",
  "suscríbete para",
  "para seguir leyendo",
  "abbonati per",
  "assine para continuar",
  "подпишитесь,? чтобы",
]);

/**
 * Class/id words of wall containers (template vocabulary). Not "cmp" (consent management platform):
 * Adobe's Core Components prefix every class with it.
 */
const CONSENT_WORDS = new Set([
  "consent",
  "cookie",
  "cookies",
  "gdpr",
  "ccpa",
  "onetrust",
  "cookiebot",
  "usercentrics",
  "didomi",
  "quantcast",
]);
const CHALLENGE_WORDS = new Set(["captcha", "recaptcha", "hcaptcha", "turnstile", "challenge", "ddos", "interstitial"]);
const JS_WORDS = new Set(["noscript", "nojs", "jsrequired"]);
const PAYWALL_WORDS = new Set(["paywall", "regwall", "metered", "piano", "subscriber", "premium"]);

/** Share of the page's characters a wall's blocks must hold to speak for the page. */
export const WALL_MIN_SHARE = 0.15;
/** The page's own prose below this many characters leaves room for nothing but the wall's message. */
export const WALL_MAX_PROSE = 200;
/** A challenge or JS shell may keep some site chrome text (a footer, a help paragraph). */
export const CHALLENGE_MAX_PROSE = 400;
/** A paywall teaser shows a headline and a couple of sentences before "subscribe to continue". */
export const PAYWALL_MAX_PROSE = 500;
/** A page with less text than this (an unrendered JS shell, an empty response) has no content at all. */
export const EMPTY_MAX_CHARS = 30;
/** Template-only: the domain must know this many documents for "most of them carry it" to mean template. */
export const TEMPLATE_MIN_SUPPORT = 8;
/** A block most of the domain's other documents carry (the cascade's template share). */
export const TEMPLATE_BLOCK_SHARE = 0.5;
/** Template-only when at least this share of the page's characters is template and little prose is left. */
export const TEMPLATE_PAGE_SHARE = 0.95;

type Wall = "consent" | "challenge" | "javascript" | "paywall";

/**
 * A wall container holds a dialog's worth of text, and not the page's heading. A bigger element
 * with such a word, or one around the `<h1>`, wraps the page itself (`body.paywall-active`,
 * `main.premium` around a whole article) and says nothing.
 */
export const WALL_MAX_CHARS = 1500;

/** The wall a path token's words name, if any (memoised: pages repeat their tokens). */
const namedWall = memoized((token): Wall | null =>
  tokenHas(token, CONSENT_WORDS)
    ? "consent"
    : tokenHas(token, CHALLENGE_WORDS, ["captcha"])
      ? "challenge"
      : tokenHas(token, JS_WORDS)
        ? "javascript"
        : tokenHas(token, PAYWALL_WORDS, ["paywall"])
          ? "paywall"
          : null,
);

/**
 * A token that can name a wall: one holding a wall word anywhere, or a character outside ASCII
 * (whose lower case may be an ASCII letter). The words tokenHas finds are lower-cased slices of an
 * ASCII token, so a token this misses names none; most tokens are answered here, without splitting
 * them into words or looking them up in the caches (which many sites' tokens overflow).
 */
const MAY_NAME_WALL = new RegExp(
  [...CONSENT_WORDS, ...CHALLENGE_WORDS, ...JS_WORDS, ...PAYWALL_WORDS, "captcha", "paywall", "[^\\x00-\\x7f]"].join(
    "|",
  ),
  "i",
);

const tokenWall = (token: string): Wall | null => (MAY_NAME_WALL.test(token) ? namedWall(token) : null);

/**
 * A word or two every phrase of the four lists holds ("javascript", "cookie", "subscri", ...), with
 * the same flags: a text without any says none of the phrases. Half the cost of the phrases' own
 * scan on the corpora's blocks, and nearly all blocks stop here. A phrase added to a list must hold one.
 */
const WALL_PHRASE_WORDS =
  /checking|human|robot|security check|unusual traffic|hold|cookie|ray id:|javascript|privacy|subscri|members|continue reading|weiterlesen|abonnez|lire la suite|suscr|leyendo|abbonati|assine|подпишитесь/i;

/** Any of the four wall phrase lists: one scan of a block's text finds most blocks say none. */
const ANY_WALL_TEXT = new RegExp(
  [CHALLENGE_TEXT, JAVASCRIPT_TEXT, CONSENT_TEXT, PAYWALL_TEXT].map((re) => re.source).join("|"),
  "i",
);

/** Walls by code in the per-element cache of wallFigures: 0 not looked up yet, 1 none, else WALLS[code - 2]. */
const WALLS: readonly Wall[] = ["consent", "challenge", "javascript", "paywall"];

/** Per page: what decides whether an enclosing element is a wall container. */
interface WallContext {
  blocks: readonly TextBlock[];
  /** Characters under each element, by id: worked out when a token first names a wall (most pages have none). */
  elementChars: Float64Array | null;
  heading: ReadonlySet<number>;
  /**
   * By element id, the wall of the outermost wall container among the element and its ancestors
   * (0 not worked out yet, 1 none, else WALLS[code - 2]): the blocks under an element share its
   * chain, so each element is resolved once per page, from its parent's answer.
   */
  chainWalls: Int8Array;
}

/** The wall an enclosing element's token names, when the element is a wall container's size and not around the `<h1>`. */
function containerWall(context: WallContext, id: number, token: string): Wall | null {
  const wall = tokenWall(token);
  if (!wall || context.heading.has(id) || charsUnder(context, id) > WALL_MAX_CHARS) return null;
  return wall;
}

function charsUnder(context: WallContext, id: number): number {
  if (!context.elementChars) {
    const chars = new Float64Array(context.chainWalls.length);
    for (const b of context.blocks) for (const el of b.ancestors ?? []) chars[el]! += b.text.length;
    context.elementChars = chars;
  }
  return context.elementChars[id] ?? 0;
}

/** The wall of the outermost wall container around a block, or null. */
function enclosingWall(b: TextBlock, context: WallContext): Wall | null {
  const ids = b.ancestors ?? [];
  const { chainWalls } = context;
  const innermost = ids.length ? chainWalls[ids[ids.length - 1]!]! : 0;
  if (innermost !== 0) return innermost === 1 ? null : WALLS[innermost - 2]!;
  const tokens = pathTokens(b.path);
  // Tokens that do not line up with the element ids (a test's hand-made block): each token on its own.
  if (ids.length !== tokens.length) {
    for (const token of tokens) {
      const wall = containerWall(context, -1, token);
      if (wall) return wall;
    }
    return null;
  }
  if (ids.length === 0) return null;
  let k = ids.length - 1;
  while (k > 0 && chainWalls[ids[k - 1]!] === 0) k--;
  let code = k > 0 ? chainWalls[ids[k - 1]!]! : 1;
  for (; k < ids.length; k++) {
    if (code === 1) {
      const wall = containerWall(context, ids[k]!, tokens[k]!);
      if (wall) code = WALLS.indexOf(wall) + 2;
    }
    chainWalls[ids[k]!] = code;
  }
  return code === 1 ? null : WALLS[code - 2]!;
}

function wallOf(b: TextBlock, context: WallContext): Wall | null {
  const wall = enclosingWall(b, context);
  if (wall) return wall;
  if (!WALL_PHRASE_WORDS.test(b.text) || !ANY_WALL_TEXT.test(b.text)) return null;
  if (CHALLENGE_TEXT.test(b.text)) return "challenge";
  if (JAVASCRIPT_TEXT.test(b.text)) return "javascript";
  if (CONSENT_TEXT.test(b.text)) return "consent";
  if (PAYWALL_TEXT.test(b.text)) return "paywall";
  return null;
}

/** Share of the page's characters in blocks most of the domain's other documents also hold. */
export function templateShare(page: SegmentedPage, evidence: BranchEvidence): number | null {
  return templateShareOf(
    page.blocks.map((b) => b.text.length),
    evidence,
  );
}

/** The same from each block's length alone: what the domain's Durable Object knows of a page. */
export function templateShareOf(chars: readonly number[], evidence: BranchEvidence): number | null {
  const support = evidence.support[0] ?? 0;
  const depth = evidence.nodes.length;
  if (support < TEMPLATE_MIN_SUPPORT || evidence.counts.length !== chars.length * depth) return null;
  let total = 0;
  let template = 0;
  chars.forEach((n, i) => {
    total += n;
    // This document is counted once in both figures; the share is over the other documents.
    const count = evidence.counts[i * depth]!;
    if ((count - 1) / (support - 1) >= TEMPLATE_BLOCK_SHARE) template += n;
  });
  return total > 0 ? template / total : null;
}

/**
 * A page that is nothing but the site's template (a wall served at every URL): by share, and by
 * the little it says besides, so a short real page on a site with a heavy template still counts.
 */
export function isTemplateOnly(chars: readonly number[], evidence: BranchEvidence): boolean {
  const share = templateShareOf(chars, evidence);
  const total = chars.reduce((a, b) => a + b, 0);
  return share !== null && share >= TEMPLATE_PAGE_SHARE && total * (1 - share) < WALL_MAX_PROSE;
}

export function isInterstitial(page: SegmentedPage, evidence?: BranchEvidence | null): InterstitialVerdict {
  const { total, ownProse, walls } = wallFigures(page);
  const share = evidence ? templateShare(page, evidence) : null;
  const verdict = (reason: InterstitialReason | null): InterstitialVerdict => ({
    interstitial: reason !== null,
    reason,
    ownProse,
    templateShare: share,
  });
  if (CHALLENGE_TITLE.test(page.title) && ownProse < CHALLENGE_MAX_PROSE * 4) return verdict("challenge");
  // A wall must also be a fair part of what the page says: a cookie banner over a product grid
  // (no prose, all links and buttons) leaves the grid as the page.
  const shown = (wall: Wall) => walls.has(wall) && walls.get(wall)! >= WALL_MIN_SHARE * total;
  if (shown("challenge") && ownProse < CHALLENGE_MAX_PROSE) return verdict("challenge");
  if (shown("javascript") && ownProse < CHALLENGE_MAX_PROSE) return verdict("javascript");
  if (shown("consent") && ownProse < WALL_MAX_PROSE) return verdict("consent");
  if (shown("paywall") && ownProse < PAYWALL_MAX_PROSE) return verdict("paywall");
  // An empty page whose <noscript> asks for JavaScript (`<noscript>You need to enable JavaScript to run
  // this app.</noscript><div id="root"></div>`) is a JavaScript shell: the reason says what a client
  // can do about it. Only the reason: the page was an interstitial as empty already.
  if (total < EMPTY_MAX_CHARS) return verdict(JAVASCRIPT_TEXT.test(page.noscriptNote ?? "") ? "javascript" : "empty");
  // Both: a share alone would flag a short real page on a site with a heavy template.
  if (
    evidence &&
    isTemplateOnly(
      page.blocks.map((b) => b.text.length),
      evidence,
    )
  )
    return verdict("template-only");
  return verdict(null);
}

interface WallFigures {
  total: number;
  ownProse: number;
  /**
   * Characters in blocks of each kind of wall. The walls of blocks that are no prose are counted only
   * when ownProse is below WALLS_NEED_PROSE_BELOW: with more prose no wall speaks for the page.
   */
  walls: Map<Wall, number>;
}

/** A wall speaks for the page (isInterstitial) only when the page's own prose is below this. */
const WALLS_NEED_PROSE_BELOW = Math.max(CHALLENGE_MAX_PROSE, WALL_MAX_PROSE, PAYWALL_MAX_PROSE);

/**
 * What the page's own blocks say about walls, without the tree: the service asks before the tree
 * (may this page teach?) and the page kind asks again with the tree's evidence, so it is kept per page.
 */
const wallFiguresOf = new WeakMap<SegmentedPage, WallFigures>();

function wallFigures(page: SegmentedPage): WallFigures {
  const known = wallFiguresOf.get(page);
  if (known) return known;
  let total = 0;
  let ownProse = 0;
  const walls = new Map<Wall, number>();
  // Element ids are document-order numbers, so figures per element fit arrays.
  const context: WallContext = {
    blocks: page.blocks,
    elementChars: null,
    heading: new Set(page.blocks.find((b) => b.tag === "h1")?.ancestors ?? []),
    chainWalls: new Int8Array(maxElementId(page.blocks) + 1),
  };
  const addWall = (wall: Wall, b: TextBlock) => walls.set(wall, (walls.get(wall) ?? 0) + b.text.length);
  const notProse: TextBlock[] = [];
  for (const b of page.blocks) {
    total += b.text.length;
    // Own prose: what a reader came for; link lists, forms, nav and footers are chrome on any page.
    if (b.linkShare >= 0.5 || b.hardTag) {
      notProse.push(b);
      continue;
    }
    const wall = wallOf(b, context);
    if (wall) addWall(wall, b);
    else ownProse += b.text.length;
  }
  // The other blocks' walls change no verdict on a page with this much prose: most pages, whose menus
  // and footers then need no scan.
  if (ownProse < WALLS_NEED_PROSE_BELOW)
    for (const b of notProse) {
      const wall = wallOf(b, context);
      if (wall) addWall(wall, b);
    }
  const figures = { total, ownProse, walls };
  wallFiguresOf.set(page, figures);
  return figures;
}
