/**
 * Streams a gold-annotated corpus through exactly the Worker's pipeline (URL key, segment, insert,
 * classify, text out), one DomainState per registrable domain as the Durable Objects hold them,
 * and scores every page with the team's scorer: mean P/R/F1 per configuration, F1 per site, and
 * the learning curve. The hybrid configurations use the shipped model, so on its training corpora
 * their figures are in-sample; the cross-validated ones come from cv.ts.
 */
import { Readability } from "@mozilla/readability";
import DefuddleModule from "defuddle";
import { parseHTML } from "linkedom";
import { DEFAULT_HARD_RULES, NO_HARD_RULES, type HardRules } from "../../src/core/classify";
import { decodeHtml } from "../../src/core/decode";
import { DomainState } from "../../src/core/domain-state";
import { HEURISTICS, parseHeuristic, type Heuristic } from "../../src/core/heuristics";
import { preparePage, type PreparedPage } from "../../src/core/pipeline";
import { corpusName, streamCorpus } from "./corpus";
import { CURVE } from "./curve";
import type { Scores } from "./scorer";
import { ingestForEval, shippedModelText, treeRuleText } from "./service-calls";

export interface Config {
  name: string;
  /** "tree": the URL Tree heuristic alone; "hybrid": model + tree evidence; "single-page": model alone. */
  classifier?: "tree" | "hybrid" | "single-page";
  heuristic: Heuristic;
  hard: HardRules;
}

/** What the closing notes compare: the paper's heuristics as published, and the authors' production rules. */
export const CONFIGS: Record<string, Config> = {
  strict: { name: "strict", heuristic: HEURISTICS.strict, hard: NO_HARD_RULES },
  "strict-support-100": { name: "strict-support-100", heuristic: HEURISTICS["strict-support"], hard: NO_HARD_RULES },
  "strict-at-domain": { name: "strict-at-domain", heuristic: HEURISTICS["strict-at-domain"], hard: NO_HARD_RULES },
  "relaxed-at-domain-500": {
    name: "relaxed-at-domain-500",
    heuristic: HEURISTICS["relaxed-at-domain"],
    hard: NO_HARD_RULES,
  },
  "strict+hard": { name: "strict+hard", heuristic: HEURISTICS.strict, hard: DEFAULT_HARD_RULES },
  production: { name: "production", heuristic: HEURISTICS.vote, hard: DEFAULT_HARD_RULES },
  "single-page": { name: "single-page", classifier: "single-page", heuristic: HEURISTICS.vote, hard: NO_HARD_RULES },
  hybrid: { name: "hybrid", classifier: "hybrid", heuristic: HEURISTICS.vote, hard: NO_HARD_RULES },
};

/** A named configuration, or any heuristic the service accepts (`strict-support-50`), with hard rules. */
export function configByName(name: string): Config {
  if (CONFIGS[name]) return CONFIGS[name];
  const parsed = parseHeuristic(name);
  if (!parsed.ok) throw new Error(parsed.error);
  return { name, heuristic: parsed.heuristic, hard: DEFAULT_HARD_RULES };
}

export interface ConfigReport extends Scores {
  sites: Record<string, number>;
  curve: Record<string, number>;
}

export interface CorpusReport {
  corpus: string;
  pages: number;
  msPerPage: number;
  configs: Record<string, ConfigReport>;
}

type Prf = (extracted: string, gold: string) => Scores;

/** MERGE POINT (with service-calls.ts): the text one configuration extracts at this point of the stream. */
function classifyForEval(state: DomainState, prepared: PreparedPage, config: Config): string {
  if (config.classifier === "hybrid" || config.classifier === "single-page") {
    return shippedModelText(state, prepared, config.classifier === "hybrid");
  }
  return treeRuleText(state, prepared, config.heuristic, config.hard);
}

/**
 * The peer users would pick: Readability on linkedom, given the same decoded HTML, read as its
 * reader view shows it: its title, then its content's blocks as lines (as defuddle's below). Its
 * textContent glued `<p>end</p><p>Next` into one word; on 2026-11-27 the block lines scored single-zyte
 * 0.9518 -> 0.9536, single-wcxb-dev 0.7567 -> 0.7705, stream-ctf 0.9228 -> 0.9230, and the title line
 * then 0.9416 / 0.7766 / 0.9249 (zyte's golds leave the headline out).
 */
export function readabilityText(body: Uint8Array): string {
  const { document } = parseHTML(decodeHtml(body).html);
  try {
    const parsed = new Readability(document).parse();
    const title = (parsed?.title ?? "").trim();
    const content = blockText(parsed?.content ?? "");
    return titledText(title, content);
  } catch {
    return ""; // a page Readability cannot handle answers nothing
  }
}

// defuddle ships a UMD bundle: under tsx's CommonJS interop its class arrives as the module's `default`.
const Defuddle = (DefuddleModule as unknown as { default?: typeof DefuddleModule }).default ?? DefuddleModule;

/** Elements that start a line where a browser lays them out as blocks (and table cells, kept apart). */
const BLOCKS = new Set(
  (
    "address article aside blockquote br caption dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 " +
    "h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul"
  ).split(" "),
);

/**
 * An answer's HTML as a reader sees it: each block element on lines of its own, runs of spaces folded,
 * empty lines dropped. textContent would glue `<p>end</p><p>Next` into one word "endNext", which the
 * word scorer counts as neither.
 */
export function blockText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const out: string[] = [];
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) out.push(child.textContent ?? "");
      else if (child.nodeType === 1) {
        const tag = (child as Element).localName;
        if (tag === "script" || tag === "style" || tag === "template") continue;
        const block = BLOCKS.has(tag);
        if (block) out.push("\n");
        walk(child);
        if (block) out.push("\n");
      }
    }
  };
  walk(document.body);
  return out
    .join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** A peer's answer as its reader sees it: its title (when it has one) as the first line, then its content. */
export function titledText(title: string, content: string): string {
  return title ? `${title}\n${content}` : content;
}

/** What defuddle answers, both ways a reader might take it. */
export interface DefuddleAnswer {
  /** Its title, as it gives it (from the page's metadata, site name removed). */
  title: string;
  /** Its content HTML as block lines; defuddle drops a first H1/H2 that matches its title. */
  content: string;
}

export function defuddleAnswer(body: Uint8Array, url: string): DefuddleAnswer {
  const { document } = parseHTML(decodeHtml(body).html);
  try {
    const parsed = new Defuddle(document, { url }).parse();
    return { title: (parsed.title ?? "").trim(), content: blockText(parsed.content ?? "") };
  } catch {
    return { title: "", content: "" };
  }
}

/**
 * The peer the issue names best on the corpora we never saw: defuddle on linkedom, given the same
 * decoded HTML and the page's URL. Its users see the title above the content (the Web Clipper's note
 * title, the reader's heading): defuddle removes the H1 that repeats the title from its content for
 * that reason, so the title is the answer's first line, as our article answer starts with its headline.
 */
export function defuddleText(body: Uint8Array, url: string): string {
  const { title, content } = defuddleAnswer(body, url);
  return titledText(title, content);
}

/** The peers `--peers` scores, in column order. */
export const PEERS = ["readability", "defuddle"] as const;

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

export function runCorpus(dir: string, configs: Config[], prf: Prf, limit = Infinity, peers = false): CorpusReport {
  const states = new Map<string, DomainState>();
  const perPage: { site: string; position: number; scores: Scores[] }[] = [];
  const start = Date.now();
  let pipelineMs = 0;
  for (const { row, index, positionInSite, site, url, bytes } of streamCorpus(dir, limit)) {
    const t0 = performance.now();
    const prepared = preparePage({ body: bytes, url });
    let state = states.get(prepared.key.domain);
    if (!state) states.set(prepared.key.domain, (state = new DomainState(prepared.key.domain)));
    // Stream order is time order: one millisecond per page keeps age-based eviction out of the way.
    ingestForEval(state, prepared, start + index);
    const texts = configs.map((c) => classifyForEval(state, prepared, c));
    pipelineMs += performance.now() - t0;
    if (peers) texts.push(readabilityText(bytes), defuddleText(bytes, url));
    perPage.push({ site, position: positionInSite, scores: texts.map((t) => prf(t, row.gold)) });
  }
  const pages = perPage.length;
  const msPerPage = pipelineMs / Math.max(1, pages);
  const report: CorpusReport = { corpus: corpusName(dir), pages, msPerPage, configs: {} };
  const scored = peers ? [...configs.map((c) => c.name), ...PEERS] : configs.map((c) => c.name);
  scored.forEach((name, ci) => {
    const pick = (of: typeof perPage, k: keyof Scores) => mean(of.map((p) => p.scores[ci]![k]));
    const sites: Record<string, number> = {};
    for (const site of new Set(perPage.map((p) => p.site))) {
      sites[site] = pick(
        perPage.filter((p) => p.site === site),
        "f1",
      );
    }
    const curve: Record<string, number> = {};
    for (const b of CURVE) {
      curve[b.name] = pick(
        perPage.filter((p) => p.position >= b.from && p.position <= b.to),
        "f1",
      );
    }
    report.configs[name] = { p: pick(perPage, "p"), r: pick(perPage, "r"), f1: pick(perPage, "f1"), sites, curve };
  });
  return report;
}

export function printReport(report: CorpusReport): void {
  const names = Object.keys(report.configs);
  const ms = report.msPerPage.toFixed(1);
  console.log(`\n== ${report.corpus}: ${report.pages} pages, pipeline ${ms} ms/page (all configs classified)`);
  const curveHead = CURVE.map((b) => `F1[${b.name}]`.padStart(10)).join(" ");
  console.log(`${"config".padEnd(24)} ${"P".padStart(6)} ${"R".padStart(6)} ${"F1".padStart(6)}   ${curveHead}`);
  const f = (x: number, width: number) => x.toFixed(3).padStart(width);
  for (const name of names) {
    const c = report.configs[name]!;
    const curve = CURVE.map((b) => f(c.curve[b.name]!, 10)).join(" ");
    console.log(`${name.padEnd(24)} ${f(c.p, 6)} ${f(c.r, 6)} ${f(c.f1, 6)}   ${curve}`);
  }
  const sites = Object.keys(report.configs[names[0]!]!.sites);
  if (sites.length > 1 && sites.length <= 40) {
    console.log(`per-site F1: ${"site".padEnd(20)} ${names.map((n) => n.slice(0, 12).padStart(12)).join(" ")}`);
    for (const site of sites) {
      const cells = names.map((n) => f(report.configs[n]!.sites[site]!, 12)).join(" ");
      console.log(`             ${site.padEnd(20)} ${cells}`);
    }
  }
}
