/**
 * Whitespace handling of segmentation: a block's text is its parts joined, with runs of JavaScript
 * whitespace collapsed to one space and none at the ends.
 */

/**
 * `text.replace(/\s+/g, " ").trim()`: runs of JavaScript whitespace become one space, none at the
 * ends. By hand because it runs once per block and per title; String.prototype.trim strips exactly `\s`.
 * One scan: stretches of words already one space apart are sliced whole (most blocks are one stretch,
 * given back as they are), where cutting every word out and joining them again cost a slice and a
 * concatenation per word.
 */
export function collapseWhitespace(text: string): string {
  const n = text.length;
  let i = 0;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  // The stretch being read starts at `start`; `out` holds the stretches before it, `joined` whether any.
  let start = i;
  let out = "";
  let joined = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    // Most units are printable ASCII: no call for them.
    if ((c > 0x20 && c < 0xa0) || !isSpace(c)) {
      i++;
      continue;
    }
    // One space before a word stays inside the stretch.
    if (c === 0x20 && i + 1 < n && !isSpace(text.charCodeAt(i + 1))) {
      i += 2;
      continue;
    }
    const end = i;
    for (i++; i < n && isSpace(text.charCodeAt(i)); i++);
    out = joined ? out + " " + text.slice(start, end) : text.slice(start, end);
    joined = true;
    start = i;
  }
  if (start >= n) return out;
  if (!joined) return start === 0 ? text : text.slice(start);
  return out + " " + text.slice(start);
}

/** Whether a UTF-16 code unit is one JavaScript's `\s` matches (what collapsing removes). */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `text.replace(/\s/g, "").length` without building the string: this runs once per text node. */
export function visibleLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

/**
 * Whether `text` has more than `limit` characters other than whitespace, read only as far as it takes
 * to tell: for a test against a short text (a headline), a long paragraph is answered in its opening.
 */
export function visibleLengthExceeds(text: string, limit: number): boolean {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i)) && ++n > limit) return true;
  return false;
}

/** Where marks fall in the collapsed text: `before` right after the text so far, `next` where the next word starts. */
export interface MarkOffsets {
  text: string;
  before: number[];
  next: number[];
}

/**
 * collapseWhitespace(parts.join("")), and the offsets of marks placed between parts (mark `k`
 * stands before part `marks[k]`; marks ascend). Used only for blocks with links, images or cells,
 * which need offsets into the collapsed text.
 */
export function collapseWithMarks(parts: readonly string[], marks: readonly number[]): MarkOffsets {
  let out = "";
  let space = false;
  let m = 0;
  const before: number[] = new Array<number>(marks.length);
  const next: number[] = new Array<number>(marks.length);
  let unresolved = 0;
  for (let p = 0; p <= parts.length; p++) {
    while (m < marks.length && marks[m]! <= p) {
      before[m] = out.length;
      m++;
    }
    if (p === parts.length) break;
    const s = parts[p]!;
    let i = 0;
    while (i < s.length) {
      if (isSpace(s.charCodeAt(i))) {
        space = true;
        i++;
        continue;
      }
      let j = i + 1;
      while (j < s.length && !isSpace(s.charCodeAt(j))) j++;
      if (out !== "" && space) out += " ";
      // Marks waiting for a word start here.
      for (; unresolved < m; unresolved++) next[unresolved] = out.length;
      out += s.slice(i, j);
      space = false;
      i = j;
    }
  }
  for (; unresolved < marks.length; unresolved++) next[unresolved] = out.length;
  return { text: out, before, next };
}
