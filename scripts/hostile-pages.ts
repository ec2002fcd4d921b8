/**
 * Pathological pages just under the 5 MiB cap, generated here, each timed through what the Worker
 * computes per /extract (prepare, interstitial check, cascade without a tree, metadata, text):
 * prints time, blocks, and whether (and by which limit) the page was truncated or refused.
 * `--only NAME[,NAME]` runs some of them.
 */
import { classifyPage, HYBRID } from "../src/core/cascade";
import { isInterstitial } from "../src/core/interstitial";
import { extractMetadata } from "../src/core/metadata";
import { preparePage } from "../src/core/pipeline";
import { renderText } from "../src/core/render-text";
import { parseCli } from "./lib/cli";

const CAP = 5 * 1024 * 1024 - 1024;
const USAGE = "usage: tsx scripts/hostile-pages.ts [--only NAME[,NAME]]";
const { values } = parseCli(USAGE, { only: { type: "string" } });

/** `open` + `unit` repeated while the page stays under the cap, then `close`. */
function fill(open: string, unit: string, close: string, tail = ""): string {
  const n = Math.floor((CAP - open.length - close.length) / (unit.length + tail.length));
  return open + unit.repeat(n) + tail.repeat(n) + close;
}

const HEAD = "<!doctype html><html><head><title>Hostile</title></head><body>";
const END = "</body></html>";
const PAGES: Record<string, () => string> = {
  "nested-divs-100k": () => HEAD + "<div>".repeat(100_000) + "deep text" + "</div>".repeat(100_000) + END,
  "nested-divs-cap": () => fill(HEAD, "<div>", END, "</div>"),
  "sibling-p-600k": () => fill(HEAD, "<p>x</p>", END),
  "br-1m": () => fill(HEAD + "<p>", "<br>", "</p>" + END),
  "huge-attribute": () => HEAD + `<div class="${"a ".repeat(Math.floor(CAP / 2) - 100)}">text</div>` + END,
  "entities-1m": () => fill(HEAD + "<p>", "&amp;", "</p>" + END),
  "nested-inline-spans": () => fill(HEAD, "<span>s", END, "</span>"),
  "table-cells": () => fill(HEAD + "<table><tr><th>h</th></tr><tr>", "<td>1</td>", "</tr></table>" + END),
  "nested-tables": () => fill(HEAD, "<table><tr><td>", END, "</td></tr></table>"),
  "unclosed-a": () => fill(HEAD, '<a href="/x">l', END),
  "cdata-body": () => HEAD + "<p>before</p><![CDATA[ x ]]><p>after the cdata</p>" + "<p>tail text</p>".repeat(10) + END,
};

const only = values.only?.split(",");
for (const [name, make] of Object.entries(PAGES)) {
  if (only && !only.includes(name)) continue;
  const html = make();
  const t0 = performance.now();
  let outcome: string;
  try {
    const prepared = preparePage({ body: html, url: "https://hostile.example/page" });
    isInterstitial(prepared.page);
    const result = classifyPage(prepared.page, null, { classifier: HYBRID, url: prepared.key.key });
    extractMetadata(prepared.html, "https://hostile.example/page");
    const text = renderText(prepared.page.blocks, result.verdicts);
    const truncated = (prepared as { truncated?: unknown }).truncated;
    outcome = `${prepared.page.blocks.length} blocks, ${text.length} chars of text${truncated ? `, truncated ${JSON.stringify(truncated)}` : ""}`;
  } catch (err) {
    outcome = `refused: ${err instanceof Error ? `${err.name}: ${err.message.slice(0, 120)}` : String(err)}`;
  }
  const ms = performance.now() - t0;
  console.log(
    `${name.padEnd(22)} ${(html.length / 1048576).toFixed(2)} MiB  ${ms.toFixed(0).padStart(6)} ms  ${outcome}`,
  );
}
