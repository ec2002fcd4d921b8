/**
 * Lenient reading of `<script type="application/ld+json">` bodies. Pages ship JSON-LD wrapped in
 * HTML comments or CDATA, with trailing commas, raw newlines inside strings, or several objects
 * one after another; such bodies are repaired where the intent is unambiguous and skipped
 * otherwise. Nothing here throws, and nothing recurses (V8's JSON.parse is itself iterative), so a
 * body nested 100,000 levels deep costs time proportional to its size and no stack.
 */

/** Bodies beyond these sizes are not read at all: a page's real JSON-LD is a few KiB. */
export const LD_SCRIPT_LIMIT = 256 * 1024;
export const LD_TOTAL_LIMIT = 1024 * 1024;

const OPENING_WRAPPER = /^\s*(?:<!--|(?:\/\/|\/\*)?\s*<!\[CDATA\[(?:\s*\*\/)?)/;
const CLOSING_WRAPPER = /(?:-->|(?:\/\/|\/\*)?\s*\]\]>(?:\s*\*\/)?)\s*$/;

/** The JSON values a script body holds: one normally, several when objects were concatenated. */
export function parseJsonLd(body: string): unknown[] {
  const text = unwrap(body);
  if (text === "") return [];
  try {
    return [JSON.parse(text)];
  } catch {
    return parseRepaired(text);
  }
}

function unwrap(body: string): string {
  let text = body;
  for (let i = 0; i < 3; i++) {
    const next = text.replace(OPENING_WRAPPER, "").replace(CLOSING_WRAPPER, "");
    if (next === text) break;
    text = next;
  }
  return text.trim();
}

/**
 * One string-aware pass: drops commas that directly precede `}` or `]`, turns control characters
 * inside strings into spaces, and cuts the text into its top-level values, each parsed on its own.
 */
function parseRepaired(text: string): unknown[] {
  const values: unknown[] = [];
  let out = "";
  let depth = 0;
  let inString = false;
  let start = 0;
  // A comma is written only once the next significant character shows it is not a trailing one.
  let pendingComma = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === "\\") {
        out += ch + (text[i + 1] ?? "");
        i++;
      } else {
        if (ch === '"') inString = false;
        out += ch.charCodeAt(0) < 0x20 ? " " : ch;
      }
      continue;
    }
    if (ch === " " || ch === "\n" || ch === "\r" || ch === "\t") {
      out += ch;
      continue;
    }
    if (ch === "}" || ch === "]") {
      pendingComma = false;
      out += ch;
      if (depth > 0 && --depth === 0) parseValue(out.slice(start));
      continue;
    }
    if (pendingComma) out += ",";
    pendingComma = ch === ",";
    if (pendingComma) continue;
    if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") {
      if (depth === 0) start = out.length;
      depth++;
    }
    out += ch;
  }
  return values;

  function parseValue(candidate: string): void {
    try {
      values.push(JSON.parse(candidate));
    } catch {
      // An invalid value is skipped; the others may still be fine.
    }
  }
}
