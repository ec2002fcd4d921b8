/**
 * What the service answers for one golden page on a COLD domain (no tree knowledge): the markdown
 * and a compact JSON. The whole computation lives in this one function so that it can follow the
 * core's API as that changes, and the golden files always record what the Worker would serve.
 */
import { HYBRID } from "../../src/core/cascade";
import { preparePage, processPage } from "../../src/core/pipeline";
import { renderAnswer } from "../../src/service/answer";
import type { Extraction } from "../../src/service/extraction";
import { DEFAULT_EXTRACT_OPTIONS } from "../../src/service/options";

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
  // Cold domain: no tree at all, exactly what the Worker's cascade does before the domain knows another page.
  const { text: _text, ingest, ...classification } = processPage(null, prepared, { classifier: HYBRID, learn: false });
  const extraction: Extraction = {
    source: { body: source, contentType: meta.contentType ?? null, url: meta.url, fetched: true },
    prepared,
    classification,
    metadata: prepared.metadata,
    ingest,
    learned: false,
    rowsWritten: 0,
  };
  const markdown = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "markdown" }).body;
  const answer = JSON.parse(renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "json" }).body) as Record<
    string,
    unknown
  >;
  // Volatile or configuration-dependent fields (support, heuristic, learned) are left out; the
  // key order here is the order in the file, so review diffs stay small.
  const { support: _support, heuristic: _heuristic, learned: _learned, ...stable } = answer;
  const json = {
    ...stable,
    blocks: prepared.page.blocks.map((block, i) => ({
      text: block.text,
      tag: block.tag,
      label: classification.verdicts[i]!.label,
    })),
  };
  return { markdown, json };
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
