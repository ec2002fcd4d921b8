/**
 * How deeply a JSON text nests, found by one iterative scan (no parse, no recursion), so untrusted
 * JSON can be refused before anything recursive touches it. V8's JSON.parse is iterative, but
 * JSON.stringify, structured clone (RPC to a Durable Object) and most tree walks are not: a document
 * nested 100,000 deep parses fine and then overflows the stack where it is written back.
 */

/**
 * Whether `text` opens more than `maxDepth` arrays/objects inside each other. Brackets inside
 * strings do not count; the text need not be valid JSON (invalid JSON fails its parse afterwards).
 */
export function jsonTooDeep(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

/** The nesting a request body or feed may use: far beyond any real document, far below any stack. */
export const MAX_JSON_DEPTH = 200;
