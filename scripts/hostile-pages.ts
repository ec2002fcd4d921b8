/**
 * Pathological pages just under the 5 MiB cap, generated here, each timed through what the Worker
 * computes per /extract (prepare, the domain's tree, the cascade, metadata, and the article as text,
 * markdown and HTML with its headline chosen and placed): prints time, blocks, and whether (and by
 * which limit) the page was truncated or refused. `--only NAME[,NAME]` runs some of them.
 */
import { isInterstitial } from "../src/core/interstitial";
import { renderAnswer } from "../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS } from "../src/service/options";
import { parseCli } from "./lib/cli";
import { streamedExtraction } from "./lib/service-calls";

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
  // Headline choice compares the <title>'s parts with the page's headings: thousands of both.
  "title-parts-headings": () =>
    `<!doctype html><html><head><title>${Array.from({ length: 3000 }, (_, i) => `Part ${i}`).join(" | ")}</title></head><body>` +
    Array.from(
      { length: 5000 },
      (_, i) => `<h1>Heading ${i}</h1><h2>Part ${i} | Part ${i + 1}</h2><p>Text ${i}.</p>`,
    ).join("") +
    END,
  // Sections whose ids anchor their headings (heading-sections.ts), 250 deep, then paragraphs.
  "deep-anchored-sections": () =>
    fill(
      HEAD +
        Array.from(
          { length: 250 },
          (_, i) => `<section id="s-part-${i}" class="${"c".repeat(40)}"><h2>Part ${i}</h2>`,
        ).join(""),
      "<p>Text here.</p>",
      END,
    ),
  // Elements 250 deep, each with a class name at the budget's name cap, then paragraphs: a path of a megabyte per block unless paths are bounded.
  "long-class-sections": () =>
    fill(
      HEAD + Array.from({ length: 250 }, (_, i) => `<section class="${String(i).padEnd(4000, "c")}">`).join(""),
      "<p>Text here.</p>",
      END,
    ),
  // The same with a distinct class per paragraph: no two blocks share a path.
  "long-class-distinct": () =>
    HEAD +
    Array.from({ length: 250 }, (_, i) => `<section class="${String(i).padEnd(4000, "c")}">`).join("") +
    Array.from({ length: 20_000 }, (_, i) => `<p class="p${i}">Text here.</p>`).join("") +
    END,
  // An old table layout's story, no <h1> and no title in its metadata (leading-line.ts): thousands of short bold lines and cells.
  "table-layout-lines": () =>
    fill(
      HEAD + "<table>",
      "<tr><td><b>Short bold line in a cell</b></td></tr><tr><td>A longer cell of the story that follows the line above it.</td></tr>",
      "</table>" + END,
    ),
  // Past the element cap (30,000 start tags) the rest is read as flat text (segment-past-cap.ts): pages whose rest is hostile.
  "empty-divs-500k": () => fill(HEAD, "<div></div>", END),
  "nested-divs-then-text": () =>
    HEAD + "<div>".repeat(100_000) + "<p>deep text</p>".repeat(1000) + "</div>".repeat(100_000) + END,
  "past-cap-mixed-tags": () =>
    fill(HEAD, '<div class="c"><span><a href="/x">l</a> t<b>b</b></span><p>p</div>', END, "</section>"),
  "past-cap-unclosed-a": () => fill(HEAD + "<div>".repeat(30_000), '<a href="/x">l', END),
  "past-cap-quotes": () => fill(HEAD + "<p>".repeat(30_000), '<i title=">">x</i> <!-- c --> < y ', END),
  // One text run (or one quoted value) of many entities: the scanning tokenizer searches on after each (scanning-tokenizer.ts).
  ...entityRuns(),
  "cdata-body": () => HEAD + "<p>before</p><![CDATA[ x ]]><p>after the cdata</p>" + "<p>tail text</p>".repeat(10) + END,
};

/** A paragraph of `n` entities of each form (`&lt;`, `&amp;`, numeric, and a name that is none), and one value of 136k. */
function entityRuns(): Record<string, () => string> {
  const pages: Record<string, () => string> = {};
  for (const [form, entity] of [
    ["lt", "&lt;"],
    ["amp", "&amp;"],
    ["num", "&#60;"],
    ["bad", "&zz;"],
  ]) {
    for (const n of [10_000, 50_000, 136_000]) {
      pages[`entity-run-${form}-${n / 1000}k`] = () => `${HEAD}<p>${`${entity} y `.repeat(n)}</p>${END}`;
    }
  }
  pages["entity-value-136k"] = () => `${HEAD}<p class="${"&lt; y ".repeat(136_000)}">text</p>${END}`;
  return pages;
}

const only = values.only?.split(",");
for (const [name, make] of Object.entries(PAGES)) {
  if (only && !only.includes(name)) continue;
  const html = make();
  const t0 = performance.now();
  let outcome: string;
  try {
    const url = "https://hostile.example/page";
    const { extraction, text } = streamedExtraction(new Map(), {
      url,
      bytes: new TextEncoder().encode(html),
      index: 0,
    });
    isInterstitial(extraction.prepared.page);
    for (const format of ["text", "markdown", "html"] as const)
      renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format });
    const { truncated } = extraction.prepared;
    outcome = `${extraction.prepared.page.blocks.length} blocks, ${text.length} chars of text${truncated.length ? `, truncated ${JSON.stringify(truncated)}` : ""}`;
  } catch (err) {
    outcome = `refused: ${err instanceof Error ? `${err.name}: ${err.message.slice(0, 120)}` : String(err)}`;
  }
  const ms = performance.now() - t0;
  console.log(
    `${name.padEnd(22)} ${(html.length / 1048576).toFixed(2)} MiB  ${ms.toFixed(0).padStart(6)} ms  ${outcome}`,
  );
}
