/**
 * What the service answers for one golden page on a COLD domain (no tree knowledge): the markdown
 * and a compact JSON. The whole computation lives in this one function so that it can follow the
 * core's API as that changes, and the golden files always record what the Worker would serve.
 */
import { classifyPageHybrid, preparePage } from "../../src/core/pipeline";
import { renderMarkdown } from "../../src/core/render-markdown";
import { renderText } from "../../src/core/render";

export interface GoldenMeta {
  url: string;
  /** The Content-Type header the page is served with; absent means none (decoding sniffs). */
  contentType?: string;
  notes?: string;
}

export interface GoldenOutputs {
  markdown: string;
  json: unknown;
}

export function goldenOutputs(source: Uint8Array, meta: GoldenMeta): GoldenOutputs {
  const prepared = preparePage({ body: source, contentType: meta.contentType ?? null, url: meta.url });
  // Cold domain: the Worker ignores tree evidence until the domain holds more than this page.
  const { verdicts, method } = classifyPageHybrid(null, prepared, false);
  const { page, key } = prepared;
  const title = page.title;
  // Volatile or configuration-dependent fields (support, heuristic, learned) are left out; the
  // key order here is the order in the file, so review diffs stay small.
  const json = {
    title,
    url: meta.url,
    urlKey: key.key,
    domain: key.domain,
    charset: prepared.charset,
    method,
    text: renderText(page.blocks, verdicts),
    blocks: page.blocks.map((block, i) => ({ text: block.text, tag: block.tag, label: verdicts[i]!.label })),
  };
  return { markdown: renderMarkdown(page.blocks, verdicts, { title }), json };
}

/** The files as written: 2-space JSON and markdown, each ending in exactly one newline. */
export function goldenFiles(outputs: GoldenOutputs): { "expected.md": string; "expected.json": string } {
  return {
    "expected.md": outputs.markdown.replace(/\n*$/, "\n"),
    "expected.json": stringifyGolden(outputs.json) + "\n",
  };
}

/**
 * JSON with 2-space indent, except that an object whose values are all scalars is written on one
 * line: each block is then one line, and a changed verdict is a one-line change in review diffs.
 */
export function stringifyGolden(value: unknown, indent = ""): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return "[\n" + value.map((item) => inner + stringifyGolden(item, inner)).join(",\n") + "\n" + indent + "]";
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  if (entries.every(([, v]) => v === null || typeof v !== "object")) {
    return "{" + entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ") + "}";
  }
  const lines = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${stringifyGolden(v, inner)}`);
  return "{\n" + lines.join(",\n") + "\n" + indent + "}";
}
