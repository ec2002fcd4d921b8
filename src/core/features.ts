/**
 * Block features for the single-page extractor and the hybrid classifier: shallow text features
 * (boilerpipe, Web2Text), structure (tag, landmark, depth, class and id words of the path), how much
 * of the page's text sits under each ancestor (a container-density signal in the spirit of
 * Readability and Gottron's LSI), the neighbours (content comes in runs), and, when the domain's
 * URL Tree knows the block, the tree's evidence. No per-language word lists: class and id names
 * are template vocabulary, not the page's language.
 */
import { maxElementId } from "./element-ids";
import { titleMayHold, titleWords, WORD_HASH_PRIME, WORD_HASH_SEED, wordFigures, type TitleWords } from "./block-words";
import { REPEAT_FEATURES, writeRepeatFeatures } from "./features-repeat";
import { pathPrefixes } from "./path-words";
import type { Landmark, TextBlock } from "./types";

/** What the URL Tree says about one block, when the domain has documents. */
export interface TreeEvidence {
  /** n_s of the node consulted (the deepest with enough support, else the domain node). */
  support: number;
  /** c(b) at that node, this document included. */
  count: number;
  /** n_s of the domain node. */
  domainSupport: number;
  /** The production voting rule's verdict. */
  voteBoilerplate: boolean;
}

const TAG_GROUPS: [string, RegExp][] = [
  ["h1", /^h1$/],
  ["h2", /^h2$/],
  ["h3-6", /^h[3-6]$/],
  ["p", /^p$/],
  ["li", /^(li|dd|dt)$/],
  ["td", /^(td|th)$/],
  ["div", /^(div|section|article|main|center)$/],
  ["inline", /^(span|a|b|strong|em|i|font|u|small|big|#document|body|html)$/],
  ["quote", /^(blockquote|q)$/],
  ["pre", /^(pre|code)$/],
  ["caption", /^(figcaption|caption|figure)$/],
  ["control", /^(label|button|option|select|legend|input|textarea)$/],
];

const LANDMARKS = ["nav", "header", "footer", "aside", "form", "main", "article"] as const;
const LANDMARK_INDEX = new Map<Landmark, number>(LANDMARKS.map((l, i) => [l, i]));

const PATH_WORDS: [string, RegExp][] = [
  ["content", /article|content|story|entry|post|body|text|main|prose|copy|detail/],
  ["comment", /comment|disqus|reply|respond|discussion/],
  ["related", /related|recommend|more|trending|popular|most|also|next|prev|teaser|promo|outbrain|taboola/],
  // Not twitter/facebook: embedded posts (blockquote.twitter-tweet) are often the article's own content.
  ["share", /share|social|sharing|print|email|follow/],
  ["nav", /nav|menu|breadcrumb|crumb|pagination|pager|toc|tabs?\b|masthead|skip/],
  ["side", /sidebar|side-|aside|widget|rail|column|col-/],
  ["footer", /footer|copyright|legal|colophon|bottom/],
  ["header", /header|banner|logo|top-?bar|brand/],
  ["ad", /\bads?\b|advert|sponsor|dfp|ad-|-ad\b|adslot|commercial/],
  ["meta", /byline|author|date|time|meta|dateline|tags?\b|categor|credit|source/],
  ["caption", /caption|credit|photo|image|figure|media|gallery|video/],
  ["form", /newsletter|subscribe|signup|sign-up|login|register|search|cookie|consent|modal|popup|overlay/],
];

const SENTENCE_END = /[.!?。！？…:"”»)]$/;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Names of the single-page features, in vector order (debug output and training use them). */
export const PAGE_FEATURES: string[] = [
  "bias",
  "logChars",
  "logWords",
  "linkShare",
  "allLinks",
  "punctPerWord",
  "sentenceEnd",
  "digitShare",
  "avgWordLen",
  "hardTag",
  "depth",
  "relPosition",
  "titleOverlap",
  "duplicateInPage",
  ...LANDMARKS.map((l) => `landmark:${l}`),
  ...TAG_GROUPS.map(([g]) => `tag:${g}`),
  ...PATH_WORDS.map(([w]) => `path:${w}`),
  ...PATH_WORDS.map(([w]) => `leaf:${w}`),
  "share1",
  "share2",
  "share3",
  "share4",
  "sameParentShare",
  "el1Share",
  "el2Share",
  "el3Share",
  "el4Share",
  "el1Links",
  "el2Links",
  "el3Links",
  "el4Links",
  "el1Blocks",
  "el2Blocks",
  "el3Blocks",
  "el4Blocks",
  "prevLogChars",
  "nextLogChars",
  "prevLinkShare",
  "nextLinkShare",
  "prevSameParent",
  "nextSameParent",
  "pageLogBlocks",
  "pageLinkShare",
  "pageCommentShare",
  "charsOfMax",
];

export const TREE_FEATURES: string[] = [
  "tree:known",
  "tree:logSupport",
  "tree:otherShare",
  "tree:seen",
  "tree:seenKnown",
  "tree:unseenKnown",
  "tree:vote",
  "tree:voteKnown",
  "tree:young",
];

/** Features added later go at the end, so that older vectors keep their indexes. */
export const FEATURE_NAMES: string[] = [...PAGE_FEATURES, ...TREE_FEATURES, ...REPEAT_FEATURES];
const REPEAT_AT = PAGE_FEATURES.length + TREE_FEATURES.length;

/** What a block's path and tag give, computed once per distinct path: pages repeat few paths. */
interface PathInfo {
  depth: number;
  /**
   * The tag:, path: and leaf: features (TAG_GROUPS, then PATH_WORDS of the path, then of its last
   * token), adjacent in the vector: copied into each block's vector at once.
   */
  structure: Float64Array;
  comment: boolean;
  /**
   * The parent path and the tag, joined: the same-parent sums' key, built once per path so that its
   * hash (cached on the string) is not recomputed for every block of every page.
   */
  sameParentKey: string;
}

/**
 * Any PATH_WORDS pattern (they have no flags): most tokens hold none (`div`, `li`, `span.date`) and
 * are answered by this one scan instead of twelve. It matters on sites not met before, whose tokens
 * are not in the caches yet.
 */
const ANY_PATH_WORD = new RegExp(PATH_WORDS.map(([, re]) => `(?:${re.source})`).join("|"));

/** Which PATH_WORDS occur in `lowerText` (a lower-cased path, or one token of it). */
export function pathWordsOf(lowerText: string): Uint8Array {
  if (!ANY_PATH_WORD.test(lowerText)) return new Uint8Array(PATH_WORDS.length);
  return Uint8Array.from(PATH_WORDS, ([, re]) => (re.test(lowerText) ? 1 : 0));
}

/**
 * PATH_WORDS per path token ("div#main.story"), and TAG_GROUPS per tag, kept across pages (bounded):
 * templates reuse their class names under many paths, and pages use few tags.
 */
const tokenWords = new Map<string, Uint8Array>();
const tagGroups = new Map<string, Uint8Array>();

function cached(cache: Map<string, Uint8Array>, key: string, compute: (key: string) => Uint8Array): Uint8Array {
  let value = cache.get(key);
  if (!value) {
    if (cache.size > MAX_CACHED_PATHS) cache.clear();
    cache.set(key, (value = compute(key)));
  }
  return value;
}

const wordsOfToken = (token: string): Uint8Array => pathWordsOf(token.toLowerCase());
const groupsOfTag = (tag: string): Uint8Array => Uint8Array.from(TAG_GROUPS, ([, re]) => (re.test(tag) ? 1 : 0));

/**
 * The path's words are those of its tokens together: no pattern spans a ">", and `\b` sees the same
 * boundary at a ">" as at either end of a lone token (both are non-word). Lower-casing a token alone
 * differs from lower-casing the path only in the Greek final sigma, which no pattern holds.
 */
function pathInfo(path: string, tag: string): PathInfo {
  const tokens = path.split(">");
  const pathWords = new Uint8Array(PATH_WORDS.length);
  let leafWords: Uint8Array = pathWords;
  for (const token of tokens) {
    leafWords = cached(tokenWords, token, wordsOfToken);
    for (let j = 0; j < pathWords.length; j++) pathWords[j] = pathWords[j]! | leafWords[j]!;
  }
  const structure = new Float64Array(TAG_GROUPS.length + 2 * PATH_WORDS.length);
  structure.set(cached(tagGroups, tag, groupsOfTag));
  structure.set(pathWords, TAG_GROUPS.length);
  structure.set(leafWords, TAG_GROUPS.length + PATH_WORDS.length);
  return {
    depth: path ? tokens.length : 0,
    structure,
    comment: pathWords[COMMENT_WORD]! === 1,
    sameParentKey: pathPrefixes(path)[0]! + "|" + tag,
  };
}

/**
 * PathInfo per tag and path, kept across pages (bounded): a site's pages share their template's
 * paths, and one isolate serves many pages of a site, so most paths are met already.
 */
const pathInfos = new Map<string, PathInfos>();

/**
 * The PathInfos of one path: nearly always of one tag (the holder's, which the path's last token
 * names), kept in the entry itself so that a block costs one lookup; other tags in a map.
 */
interface PathInfos {
  tag: string;
  info: PathInfo;
  otherTags: Map<string, PathInfo> | null;
}
const MAX_CACHED_PATHS = 5000;

const COMMENT_WORD = PATH_WORDS.findIndex(([w]) => w === "comment");
const PUNCT_CODES = new Set([..."。，、！？；："].map((c) => c.charCodeAt(0)));
const ONE_DIGIT = /\p{N}/u;

const digitCodes = new Map<number, boolean>();
function isDigitCode(c: number): boolean {
  let d = digitCodes.get(c);
  if (d === undefined) digitCodes.set(c, (d = ONE_DIGIT.test(String.fromCharCode(c))));
  return d;
}

/** Counts of sentence punctuation and of digits (\p{N}) without allocating match arrays. */
function countMarks(text: string): { punct: number; digits: number } {
  let punct = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c >= 48 && c <= 57) digits++;
      else if (c === 46 || c === 44 || c === 59 || c === 58 || c === 33 || c === 63) punct++;
    } else if (PUNCT_CODES.has(c)) punct++;
    else if (isDigitCode(c)) digits++;
  }
  return { punct, digits };
}

/** Word count that does not treat a run of CJK characters as one word. */
function wordCount(text: string, words: number): number {
  if (!CJK.test(text)) return words;
  let cjk = 0;
  for (const ch of text) if (CJK.test(ch)) cjk++;
  return words + cjk / 2;
}

/**
 * What a block's text gives its features, written by textFigures into a Float64Array at these
 * indexes: numbers in a reused array. Returned as an object per block (one literal in each of the two
 * functions), the same scan made blockFeatures and predictBlocks 1.4 times slower, not faster (Node,
 * in-process A/B on stream-ctf).
 */
export const FIG_WORDS = 0; // words split on white space (`wordFigures().count`)
export const FIG_IN_TITLE = 1; // of those, how many the title holds
export const FIG_WC = 2; // words, each CJK character counted as half a word more (`wordCount`)
export const FIG_PUNCT = 3;
export const FIG_DIGITS = 4;
export const FIG_SENTENCE_END = 5; // `SENTENCE_END.test(text)`, as 1 or 0
export const FIG_SLOTS = 6;

/** The last code unit `SENTENCE_END` accepts: all its characters are single UTF-16 units. */
const SENTENCE_END_CODES = new Set([...'.!?。！？…:"”»)'].map((c) => c.charCodeAt(0)));

/** The figures as first written: a scan each (lower-casing, marks, CJK, the closing regex). */
export function textFiguresPlain(text: string, title: TitleWords, out: Float64Array): void {
  const words = wordFigures(text, title);
  const marks = countMarks(text);
  out[FIG_WORDS] = words.count;
  out[FIG_IN_TITLE] = words.inTitle;
  out[FIG_WC] = wordCount(text, words.count);
  out[FIG_PUNCT] = marks.punct;
  out[FIG_DIGITS] = marks.digits;
  out[FIG_SENTENCE_END] = SENTENCE_END.test(text) ? 1 : 0;
}

/**
 * `textFiguresPlain`, in one scan when the text is ASCII (most block texts are): words are split at
 * ASCII white space (the only `\s` below 128) and hashed lower-cased as wordFigures hashes them, a
 * word is built only when its hash is in the title's bitmap, and an ASCII text has no CJK and no
 * digit or mark outside ASCII. It replaces a copy of each text lower-cased, three more scans of it
 * (marks, the CJK regex, the closing regex, which V8 tries at every position) and the match objects.
 * At the first unit from 128 on, the plain figures are taken instead.
 */
export function textFigures(text: string, title: TitleWords, out: Float64Array): void {
  const n = text.length;
  let words = 0;
  let inTitle = 0;
  let punct = 0;
  let digits = 0;
  let start = -1;
  let h = 0;
  for (let i = 0; i <= n; i++) {
    let c = i < n ? text.charCodeAt(i) : 0x20;
    if (c >= 128) return textFiguresPlain(text, title, out);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      if (start < 0) continue;
      words++;
      if (titleMayHold(title, h) && title.words.has(text.slice(start, i).toLowerCase())) inTitle++;
      start = -1;
      continue;
    }
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 || c === 44 || c === 59 || c === 58 || c === 33 || c === 63) punct++;
    else if (c >= 65 && c <= 90) c += 32;
    if (start < 0) {
      start = i;
      h = WORD_HASH_SEED;
    }
    h = Math.imul(h ^ c, WORD_HASH_PRIME);
  }
  out[FIG_WORDS] = words;
  out[FIG_IN_TITLE] = inTitle;
  out[FIG_WC] = words;
  out[FIG_PUNCT] = punct;
  out[FIG_DIGITS] = digits;
  out[FIG_SENTENCE_END] = n > 0 && SENTENCE_END_CODES.has(text.charCodeAt(n - 1)) ? 1 : 0;
}

/**
 * 1 for each block whose text another block of the page has too. Only texts whose length another
 * block shares are hashed: most of a page's texts have a length of their own, and hashing every
 * text cost a pass over the page's characters.
 */
function repeatedTexts(blocks: readonly TextBlock[]): Uint8Array {
  const out = new Uint8Array(blocks.length);
  const firstOfLength = new Map<number, number>();
  const sameLength: number[] = [];
  blocks.forEach((b, i) => {
    const first = firstOfLength.get(b.text.length);
    if (first === undefined) return void firstOfLength.set(b.text.length, i);
    // -1: the length's first block is listed already.
    if (first >= 0) sameLength.push(first);
    firstOfLength.set(b.text.length, -1);
    sameLength.push(i);
  });
  const firstWithText = new Map<string, number>();
  for (const i of sameLength) {
    const text = blocks[i]!.text;
    const first = firstWithText.get(text);
    if (first === undefined) firstWithText.set(text, i);
    else out[first] = out[i] = 1;
  }
  return out;
}

/** Text, link text and blocks under one element. */
interface Container {
  good: number;
  chars: number;
  links: number;
  blocks: number;
  /** `Math.log1p(blocks) / 6` once the counts are complete, computed on first use (-1 until then). */
  logBlocks: number;
}

/**
 * One feature vector per block. `tree` gives each block's tree evidence, or null where the
 * domain's tree has nothing (a cold start): the tree features are then all zero.
 */
export function blockFeatures(
  blocks: readonly TextBlock[],
  title: string,
  tree: readonly (TreeEvidence | null)[] | null,
): Float64Array[] {
  const n = blocks.length;
  const chars = blocks.map((b) => b.text.length);
  const goodChars = blocks.map((b, i) => (b.linkShare < 0.5 ? chars[i]! : 0));
  let totalGood = 0;
  let totalChars = 0;
  let linkChars = 0;
  for (let i = 0; i < n; i++) {
    totalGood += goodChars[i]!;
    totalChars += chars[i]!;
    linkChars += chars[i]! * blocks[i]!.linkShare;
  }
  // Text under each ancestor prefix: one pass per level over the blocks' paths (prefixes interned).
  const prefixes = blocks.map((b) => pathPrefixes(b.path));
  // One Map lookup per block and level: each block keeps its prefix's running sum.
  const under = [0, 1, 2, 3].map((level) => {
    const sums = new Map<string, { chars: number }>();
    const held = prefixes.map((p, i) => {
      const key = p[level]!;
      let sum = sums.get(key);
      if (!sum) sums.set(key, (sum = { chars: 0 }));
      sum.chars += goodChars[i]!;
      return sum;
    });
    return held.map((sum) => (totalGood > 0 ? sum.chars / totalGood : 0));
  });
  // The same per real element (ancestor chains): text, link text and blocks under each container.
  // Element ids are small document-order numbers: the containers fit an array indexed by id.
  const containers = new Array<Container | undefined>(maxElementId(blocks) + 1).fill(undefined);
  blocks.forEach((b, i) => {
    for (const id of b.ancestors ?? []) {
      let c = containers[id];
      if (!c) containers[id] = c = { good: 0, chars: 0, links: 0, blocks: 0, logBlocks: -1 };
      c.good += goodChars[i]!;
      c.chars += chars[i]!;
      c.links += chars[i]! * b.linkShare;
      c.blocks++;
    }
  });
  const parents = prefixes.map((p) => p[0]!);
  const infoOf = (b: TextBlock): PathInfo => {
    const entry = pathInfos.get(b.path);
    if (!entry) {
      if (pathInfos.size > MAX_CACHED_PATHS) pathInfos.clear();
      const info = pathInfo(b.path, b.tag);
      pathInfos.set(b.path, { tag: b.tag, info, otherTags: null });
      return info;
    }
    if (entry.tag === b.tag) return entry.info;
    let info = (entry.otherTags ??= new Map<string, PathInfo>()).get(b.tag);
    if (!info) entry.otherTags.set(b.tag, (info = pathInfo(b.path, b.tag)));
    return info;
  };
  const infos = blocks.map(infoOf);
  const sameParentChars = new Map<string, number>();
  infos.forEach((info, i) =>
    sameParentChars.set(info.sameParentKey, (sameParentChars.get(info.sameParentKey) ?? 0) + goodChars[i]!),
  );
  const repeated = repeatedTexts(blocks);
  const titleTokens = titleWords(title);
  const pageLogBlocks = Math.log1p(n) / 8;
  const pageLinkShare = totalChars > 0 ? linkChars / totalChars : 0;
  // How much of the page is comments: on a forum thread they are the content, under an article not.
  let commentChars = 0;
  let maxChars = 1;
  blocks.forEach((_, i) => {
    if (infos[i]!.comment) commentChars += goodChars[i]!;
    if (chars[i]! > maxChars) maxChars = chars[i]!;
  });
  const pageCommentShare = totalGood > 0 ? commentChars / totalGood : 0;
  // log1p is a libm call: each block's length is read three times (its own, and as a neighbour's)
  // and a container's block count by each block under it, so each is computed once. Same values.
  const logChars = new Float64Array(n);
  for (let i = 0; i < n; i++) logChars[i] = Math.log1p(chars[i]!) / 8;

  const out: Float64Array[] = [];
  // All vectors are views of one zeroed buffer: a Float64Array of its own per block costs an
  // off-heap backing store each (too big for V8's on-heap typed arrays), and their garbage.
  const width = FEATURE_NAMES.length;
  const all = new ArrayBuffer(n * width * 8);
  // The four enclosing containers of the block at hand, reused from block to block.
  const levels: (Container | undefined)[] = [undefined, undefined, undefined, undefined];
  const figures = new Float64Array(FIG_SLOTS);
  for (let i = 0; i < n; i++) {
    const b = blocks[i]!;
    textFigures(b.text, titleTokens, figures);
    const wc = figures[FIG_WC]!;
    const info = infos[i]!;
    const f = new Float64Array(all, i * width * 8, width);
    let k = 0;
    f[k++] = 1;
    f[k++] = logChars[i]!;
    f[k++] = Math.log1p(wc) / 6;
    f[k++] = b.linkShare;
    f[k++] = b.linkShare >= 0.999 ? 1 : 0;
    f[k++] = Math.min(1, figures[FIG_PUNCT]! / Math.max(1, wc));
    f[k++] = figures[FIG_SENTENCE_END]!;
    f[k++] = figures[FIG_DIGITS]! / Math.max(1, chars[i]!);
    f[k++] = Math.min(2, chars[i]! / Math.max(1, wc) / 10);
    f[k++] = b.hardTag ? 1 : 0;
    f[k++] = Math.min(1, info.depth / 30);
    f[k++] = n > 1 ? i / (n - 1) : 0;
    f[k++] = titleTokens.words.size && figures[FIG_WORDS]! ? figures[FIG_IN_TITLE]! / figures[FIG_WORDS] : 0;
    f[k++] = repeated[i]!;
    // The vector starts zeroed: only the block's landmark is written.
    if (b.landmark !== null) f[k + LANDMARK_INDEX.get(b.landmark)!] = 1;
    k += LANDMARKS.length;
    f.set(info.structure, k);
    k += info.structure.length;
    for (const level of under) f[k++] = level[i]!;
    f[k++] = totalGood > 0 ? sameParentChars.get(info.sameParentKey)! / totalGood : 0;
    const chain = b.ancestors ?? [];
    for (let up = 1; up <= 4; up++) levels[up - 1] = containers[chain[chain.length - 1 - up] ?? -1];
    for (const c of levels) f[k++] = c && totalGood > 0 ? c.good / totalGood : 0;
    for (const c of levels) f[k++] = c && c.chars > 0 ? c.links / c.chars : 0;
    for (const c of levels)
      f[k++] = c ? (c.logBlocks >= 0 ? c.logBlocks : (c.logBlocks = Math.log1p(c.blocks) / 6)) : 0;
    f[k++] = i > 0 ? logChars[i - 1]! : 0;
    f[k++] = i + 1 < n ? logChars[i + 1]! : 0;
    f[k++] = i > 0 ? blocks[i - 1]!.linkShare : 1;
    f[k++] = i + 1 < n ? blocks[i + 1]!.linkShare : 1;
    f[k++] = i > 0 && parents[i - 1] === parents[i] ? 1 : 0;
    f[k++] = i + 1 < n && parents[i + 1] === parents[i] ? 1 : 0;
    f[k++] = pageLogBlocks;
    f[k++] = pageLinkShare;
    f[k++] = pageCommentShare;
    f[k++] = chars[i]! / maxChars;
    const t = tree?.[i];
    if (t && t.domainSupport > 1) {
      const known = t.domainSupport >= 5 ? 1 : 0;
      const seen = t.count > 1 ? 1 : 0;
      f[k++] = known;
      f[k++] = Math.log1p(t.support) / Math.log(1001);
      f[k++] = t.support > 1 ? (t.count - 1) / (t.support - 1) : 0;
      f[k++] = seen;
      f[k++] = seen * known;
      f[k++] = (1 - seen) * known;
      f[k++] = t.voteBoilerplate ? 1 : 0;
      f[k++] = t.voteBoilerplate ? known : 0;
      f[k++] = known ? 0 : 1;
    }
    out.push(f);
  }
  writeRepeatFeatures(blocks, out, REPEAT_AT);
  return out;
}
