/**
 * Us against the peers, page by page, on honest figures only. `--dump` runs the peers (defuddle and
 * Mozilla Readability, as `npm run eval -- --peers` scores them) on every page of the corpora and
 * writes one JSON line per page; `--gap` reads that dump beside a per-page dump of our held-out
 * answers (scripts/generalise-cv.ts --dump: mode "cv" for the site-grouped folds, "loco" for a corpus
 * left out of training) and prints, per corpus and per page type, both sides' P/R/F1 with the
 * difference and its 95% site-resampled interval, then the pages where the peer beats us by most.
 * Our in-sample `npm run eval` figure is never the comparison: the peers never saw these sites.
 *
 *   npx tsx scripts/peer-gap.ts --dump PEERS.jsonl [CORPUS ...]
 *   npx tsx scripts/peer-gap.ts --gap PEERS.jsonl --ours OURS.jsonl [--mode cv] [--answer] [--causes FILE]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir, corpusName, streamCorpus } from "./lib/corpus";
import { loadScorer, SCORER_PATH, type Scores } from "./lib/scorer";
import { siteInterval } from "./lib/site-interval";
import { mean } from "./lib/stats";
import { readHeldOut } from "./lib/held-out-dump";
import { defuddleAnswer, readabilityText, titledText } from "./lib/stream-eval";
import { TRAINING_CORPORA } from "./lib/training";

const USAGE = `
usage: npx tsx scripts/peer-gap.ts --dump PEERS.jsonl [CORPUS ...]
       npx tsx scripts/peer-gap.ts --gap PEERS.jsonl --ours OURS.jsonl [options]
  --dump FILE     score the peers on every page (default corpora: ${TRAINING_CORPORA.join(", ")}); one JSON
                  line per page: "defuddle" (title, then content blocks as lines, as --peers scores it),
                  "defuddle-content" (its content alone), "readability" (title, then content blocks as lines)
  --gap FILE      a --dump file, read against --ours
  --ours FILE     our per-page held-out figures (scripts/generalise-cv.ts --dump: hybrid, hybridP, hybridR)
  --mode M        which of our rows: cv (site-grouped folds, default) or loco (corpus left out)
  --peer NAME     the peer to compare (default defuddle)
  --top N         pages listed where the peer wins by most (default 40)
  --answer        our text answer as served (page-stage-cv dumps' hybridAnswer), as the peers' title + content
                  are scored, not the cascade's text
  --causes FILE   lines "ID<TAB>cause" (a reader's name for why the peer wins: headline, comments,
                  a table, ...): the listed pages show it, and the F1 the peer gains is summed by cause`;

const { values, positionals } = parseCli(
  USAGE,
  {
    dump: { type: "string" },
    gap: { type: "string" },
    ours: { type: "string" },
    mode: { type: "string" },
    peer: { type: "string" },
    top: { type: "string" },
    causes: { type: "string" },
    answer: { type: "boolean" },
  },
  { positionals: true },
);

export interface PeerRow {
  corpus: string;
  site: string;
  id: string;
  type?: string;
  peers: Record<string, Scores>;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

async function dump(out: string, corpora: string[]): Promise<number> {
  const scorer = await loadScorer();
  if (!scorer) {
    console.error(`peer-gap: the scorer ${SCORER_PATH} is missing`);
    return 2;
  }
  const lines: string[] = [];
  for (const name of corpora) {
    const dir = corpusDir(name);
    const start = Date.now();
    let n = 0;
    for (const { row, site, url, bytes } of streamCorpus(dir)) {
      const { title, content } = defuddleAnswer(bytes, url);
      const peers = {
        defuddle: scorer.prf(titledText(title, content), row.gold),
        "defuddle-content": scorer.prf(content, row.gold),
        readability: scorer.prf(readabilityText(bytes), row.gold),
      };
      const line: PeerRow = { corpus: corpusName(dir), site, id: row.id, type: row.type, peers };
      lines.push(JSON.stringify(line));
      n++;
    }
    console.log(`${corpusName(dir)}: ${n} pages (${((Date.now() - start) / 1000).toFixed(0)} s)`);
  }
  writeFileSync(out, lines.join("\n") + "\n");
  return 0;
}

const f3 = (x: number) => x.toFixed(3);

function gap(
  peerFile: string,
  oursFile: string,
  mode: string,
  peer: string,
  top: number,
  causesFile?: string,
  answer = false,
): number {
  const ours = new Map(
    readHeldOut(oursFile, { answer })
      .filter((r) => r.mode === mode)
      .map((r) => [`${r.corpus}/${r.id}`, r]),
  );
  const pairs = readJsonl<PeerRow>(peerFile)
    .filter((r) => r.peers[peer] && ours.has(`${r.corpus}/${r.id}`))
    .map((r) => {
      const o = ours.get(`${r.corpus}/${r.id}`)!;
      const p = r.peers[peer]!;
      return { r, us: { p: o.hybridP, r: o.hybridR, f1: o.hybrid }, them: p, delta: p.f1 - o.hybrid };
    });
  if (!pairs.length) {
    console.error(`peer-gap: no page is in both files with mode "${mode}" and peer "${peer}"`);
    return 2;
  }
  type Pair = (typeof pairs)[number];
  const causes = new Map<string, string>();
  if (causesFile) {
    for (const line of readFileSync(causesFile, "utf8").split("\n")) {
      const [id, cause] = line.split("\t");
      if (id?.trim() && cause?.trim()) causes.set(id.trim(), cause.trim());
    }
  }
  console.log(
    `ours: hybrid${answer ? " text answer as served" : ""}, mode "${mode}" (${oursFile}); peer: ${peer} (${peerFile})`,
  );
  const head = `${"corpus / type".padEnd(30)} ${"pages".padStart(5)}  ${"ours P    R     F1".padEnd(19)}  ${`${peer} P    R     F1`.padEnd(19 + peer.length)}  F1 diff (95% sites)   peer>us  us>peer (by 0.1)`;
  console.log(head);
  const line = (label: string, group: Pair[]) => {
    const [low, high] = siteInterval(group.map((g) => ({ site: g.r.site, delta: g.delta })));
    const us = `${f3(mean(group.map((g) => g.us.p)))} ${f3(mean(group.map((g) => g.us.r)))} ${f3(mean(group.map((g) => g.us.f1)))}`;
    const them = `${f3(mean(group.map((g) => g.them.p)))} ${f3(mean(group.map((g) => g.them.r)))} ${f3(mean(group.map((g) => g.them.f1)))}`;
    const d = mean(group.map((g) => g.delta));
    const sign = (x: number) => (x >= 0 ? "+" : "") + f3(x);
    console.log(
      `${label.padEnd(30)} ${String(group.length).padStart(5)}  ${us}  ${" ".repeat(peer.length)}${them}  ` +
        `${sign(d)} (${sign(low)}..${sign(high)})  ${String(group.filter((g) => g.delta > 0.1).length).padStart(7)}  ` +
        `${String(group.filter((g) => g.delta < -0.1).length).padStart(7)}`,
    );
  };
  const corpora = [...new Set(pairs.map((p) => p.r.corpus))];
  for (const corpus of corpora) {
    const group = pairs.filter((p) => p.r.corpus === corpus);
    line(corpus, group);
    const types = [...new Set(group.map((p) => p.r.type).filter((t): t is string => !!t))].sort();
    for (const type of types)
      line(
        `  ${type}`,
        group.filter((p) => p.r.type === type),
      );
  }
  const wins = pairs.filter((p) => p.delta > 0).sort((a, b) => b.delta - a.delta);
  console.log(
    `\nthe ${Math.min(top, wins.length)} pages where ${peer} beats us by most (F1), of ${wins.length} it wins:`,
  );
  console.log(
    `${"corpus".padEnd(16)} ${"id".padEnd(44)} ${"type".padEnd(13)} ours P/R/F1     peer P/R/F1     diff   cause`,
  );
  for (const w of wins.slice(0, top)) {
    // Without a cause file, the side the answer falls short on: text we drop (recall) or keep too much of.
    const hint = w.them.r - w.us.r >= w.them.p - w.us.p ? "(we drop text it keeps)" : "(we keep text it drops)";
    console.log(
      `${w.r.corpus.padEnd(16)} ${w.r.id.padEnd(44)} ${(w.r.type ?? "-").padEnd(13)} ` +
        `${[w.us.p, w.us.r, w.us.f1].map((x) => x.toFixed(2)).join("/")}  ${[w.them.p, w.them.r, w.them.f1].map((x) => x.toFixed(2)).join("/")}  ` +
        `${w.delta.toFixed(2).padStart(5)}  ${causes.get(w.r.id) ?? hint}`,
    );
  }
  if (causes.size) {
    console.log(
      `\nby cause: pages the peer wins, and its F1 gain summed over them (per corpus: points of the mean F1)`,
    );
    const byCause = new Map<string, Pair[]>();
    for (const w of wins) {
      const cause = causes.get(w.r.id);
      if (cause) byCause.set(cause, [...(byCause.get(cause) ?? []), w]);
    }
    const pagesIn = new Map(corpora.map((c) => [c, pairs.filter((p) => p.r.corpus === c).length]));
    for (const [cause, group] of [...byCause].sort((a, b) => b[1].length - a[1].length)) {
      const perCorpus = corpora
        .map((c) => {
          const mine = group.filter((g) => g.r.corpus === c);
          const points = (mine.reduce((s, g) => s + g.delta, 0) / pagesIn.get(c)!) * 100;
          return mine.length ? `${c} ${mine.length} (+${points.toFixed(2)})` : "";
        })
        .filter(Boolean)
        .join(", ");
      console.log(
        `  ${cause.padEnd(28)} ${String(group.length).padStart(3)} pages, summed gain ${group.reduce((s, g) => s + g.delta, 0).toFixed(2)}: ${perCorpus}`,
      );
    }
  }
  return 0;
}

async function main(): Promise<number> {
  if (values.dump) {
    return dump(values.dump, positionals.length ? positionals : [...TRAINING_CORPORA]);
  }
  if (values.gap && values.ours) {
    const top = numberOption(USAGE, "top", values.top, 40);
    return gap(
      values.gap,
      values.ours,
      values.mode ?? "cv",
      values.peer ?? "defuddle",
      top,
      values.causes,
      values.answer === true,
    );
  }
  console.error(`error: give --dump FILE, or --gap FILE with --ours FILE\n\n${USAGE.trim()}`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
