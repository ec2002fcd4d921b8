/**
 * Why the markdown's first line is not the gold's, on the corpora whose gold starts with the headline
 * (WCXB): for every miss, which title candidate the page offers (the <h1>s, other visible headings,
 * a part of the <title>, og:title, JSON-LD headline/name, twitter:title) equals the gold's first line,
 * and whether our headline's source was shown on the page at all. Prints one line per miss and a
 * tally by category; a diagnostic for src/core/headline-choice.ts, not a gate.
 *
 * With --shown, only the misses whose gold starts with a heading the page shows (an <h1>-<h3>'s text,
 * as eval:article counts them), where reader and gold agree on the headline: each with the page's
 * headings in order, marked + for content and - for not.
 *
 * With --service, every page the kind model calls a service page instead (not only the misses): whether
 * the gold's first line is the headline chosen (its `<title>`'s name, pageName, unless headedAsArticle),
 * the one an article's rules would choose (its `<h1>`), both, or neither; a line per page where the
 * two differ, and the tally. The evidence behind the service rule (headline-choice.ts).
 *
 *   npx tsx scripts/headline-misses.ts [--quiet] [--shown | --service] [CORPUS ...]    # default: single-wcxb-dev train-wcxb-dev
 */
import { collectMetadata, normalizeHeadline } from "../src/core/metadata";
import { TITLE_SEPARATORS } from "../src/core/headline";
import { parseJsonLd } from "../src/core/metadata/json-ld-parse";
import { readJsonLd } from "../src/core/metadata/json-ld";
import { isContent } from "../src/core/render-text";
import { DomainState } from "../src/core/domain-state";
import { articleTitle, renderAnswer } from "../src/service/answer";
import { DEFAULT_EXTRACT_OPTIONS } from "../src/service/options";
import { parseCli } from "./lib/cli";
import { corpusDir, corpusName, streamCorpus } from "./lib/corpus";
import { streamedExtraction } from "./lib/service-calls";

const USAGE = `
usage: npx tsx scripts/headline-misses.ts [--quiet] [--shown | --service] [CORPUS ...]
  --quiet   only the tallies
  --shown   only the pages whose gold starts with a heading the page shows (<h1>-<h3>)
  --service every service page: the gold against the headline chosen and the one an article's rules choose`;
const cli = parseCli(
  USAGE,
  { quiet: { type: "boolean" }, shown: { type: "boolean" }, service: { type: "boolean" } },
  { positionals: true },
);
const corpora = cli.positionals.length ? cli.positionals : ["single-wcxb-dev", "train-wcxb-dev"];

/** Separators of a <title>'s parts: src/core/headline.ts's, and a colon. */
const TITLE_PARTS = new RegExp(String.raw`\s+(?:${TITLE_SEPARATORS}|:)\s+`);

const same = (a: string | null | undefined, b: string) => !!a && normalizeHeadline(a) === normalizeHeadline(b);

for (const corpus of corpora) {
  const dir = corpusDir(corpus);
  const states = new Map<string, DomainState>();
  const tally = new Map<string, number>();
  let pages = 0;
  let misses = 0;
  let servicePages = 0;
  for (const { row, url, bytes, index } of streamCorpus(dir)) {
    pages++;
    const { extraction } = streamedExtraction(states, { url, bytes, index });
    const markdown = renderAnswer(extraction, { ...DEFAULT_EXTRACT_OPTIONS, format: "markdown" }).body;
    const first = markdown.split("\n", 1)[0]!.replace(/^#\s+/, "");
    const gold = row.gold.trim().split("\n", 1)[0] ?? "";
    if (cli.values.service) {
      const page = extraction.classification.page;
      if (page?.kind !== "service") continue;
      servicePages++;
      const ours = articleTitle(extraction, DEFAULT_EXTRACT_OPTIONS);
      const asArticle = { ...extraction.classification, page: { ...page, kind: "article" as const } };
      const h1Rule = articleTitle({ ...extraction, classification: asArticle }, DEFAULT_EXTRACT_OPTIONS);
      const category =
        ours === h1Rule
          ? same(ours, gold)
            ? "same headline, the gold's"
            : "same headline, not the gold's"
          : same(ours, gold)
            ? "differ: the service rule's is the gold's"
            : same(h1Rule, gold)
              ? "differ: the article rule's is the gold's"
              : "differ: neither is the gold's";
      tally.set(category, (tally.get(category) ?? 0) + 1);
      if (ours !== h1Rule && !cli.values.quiet)
        console.log(
          `${corpusName(dir)} ${row.id} [${category}]\n  gold    ${JSON.stringify(gold.slice(0, 100))}` +
            `\n  service ${JSON.stringify(ours.slice(0, 100))}\n  article ${JSON.stringify(h1Rule.slice(0, 100))}`,
        );
      continue;
    }
    if (same(first, gold)) continue;
    const { blocks } = extraction.prepared.page;
    if (cli.values.shown && !blocks.some((b) => /^h[1-3]$/.test(b.tag) && same(b.text, gold))) continue;
    misses++;
    const ours = articleTitle(extraction, DEFAULT_EXTRACT_OPTIONS);
    const collector = collectMetadata(extraction.prepared.html);
    const ld = readJsonLd(collector.jsonLd.flatMap(parseJsonLd));
    const verdicts = extraction.classification.verdicts;
    const firstContent = verdicts.findIndex((v, i) => isContent(v) && blocks[i]!.text.trim() !== "");
    const headings = blocks
      .map((b, i) => ({ b, i }))
      .filter(({ b }) => /^h[1-6]$/.test(b.tag))
      .map(({ b, i }) => ({ tag: b.tag, text: b.text, content: isContent(verdicts[i]!), before: i < firstContent }));
    const titleParts = (extraction.prepared.page.title ?? "").split(TITLE_PARTS);
    const sources: [string, boolean][] = [
      ["h1-content", headings.some((h) => h.tag === "h1" && h.content && same(h.text, gold))],
      ["h1-boilerplate", headings.some((h) => h.tag === "h1" && !h.content && same(h.text, gold))],
      ["heading-content", headings.some((h) => h.tag !== "h1" && h.content && same(h.text, gold))],
      ["heading-boilerplate", headings.some((h) => h.tag !== "h1" && !h.content && same(h.text, gold))],
      ["title-whole", same(extraction.prepared.page.title, gold)],
      ["title-part", titleParts.some((p) => same(p, gold))],
      ["og", same(collector.meta.get("og:title"), gold)],
      ["ld", ld.headline.some((h) => same(h, gold))],
      ["twitter", same(collector.meta.get("twitter:title"), gold)],
      ["block-content", blocks.some((b, i) => isContent(verdicts[i]!) && same(b.text, gold))],
      ["block-any", blocks.some((b) => same(b.text, gold))],
    ];
    const matched = sources.filter(([, hit]) => hit).map(([name]) => name);
    const oursShown = blocks.some((b) => same(b.text, ours));
    const category =
      (ours === "" ? "no-headline " : "") +
      (matched.find((m) => m.startsWith("h1")) ??
        matched.find((m) => m.startsWith("heading")) ??
        matched.find((m) => m.startsWith("title")) ??
        matched.find((m) => m === "og" || m === "ld" || m === "twitter") ??
        matched.find((m) => m.startsWith("block")) ??
        "not-on-page") +
      (oursShown ? " / ours-shown" : " / ours-not-shown");
    tally.set(category, (tally.get(category) ?? 0) + 1);
    if (!cli.values.quiet) {
      const h1s = headings.filter((h) => h.tag === "h1").map((h) => `${h.content ? "+" : "-"}${h.text.slice(0, 60)}`);
      console.log(
        `${corpusName(dir)} ${row.id} (${extraction.classification.page?.kind ?? "-"}) [${category}] {${matched.join(",")}}\n  gold  ${JSON.stringify(gold.slice(0, 100))}` +
          `\n  first ${JSON.stringify(first.slice(0, 100))}\n  title ${JSON.stringify(extraction.prepared.page.title.slice(0, 100))}` +
          `\n  og    ${JSON.stringify(collector.meta.get("og:title")?.slice(0, 100) ?? null)}` +
          `\n  ld    ${JSON.stringify(ld.headline.slice(0, 2).map((h) => h.slice(0, 80)))}` +
          `\n  h1s   ${JSON.stringify(h1s.slice(0, 4))}`,
      );
      if (cli.values.shown)
        for (const h of headings.filter((h) => /^h[1-3]$/.test(h.tag)).slice(0, 8))
          console.log(
            `    ${h.before ? "before" : "in    "} ${h.content ? "+" : "-"}${h.tag} ${JSON.stringify(h.text.slice(0, 80))}`,
          );
    }
  }
  console.log(
    cli.values.service
      ? `\n${corpus}: ${servicePages} service pages of ${pages}`
      : `\n${corpus}: ${pages} pages, ${misses} first-line misses`,
  );
  for (const [category, n] of [...tally].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(4)}  ${category}`);
}
