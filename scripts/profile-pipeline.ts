/**
 * What the Worker computes per /extract, in Node, over stream-ctf pages, for `node --cpu-prof`:
 * prepare (decode, segment with the metadata read on its parse, key, hashes), interstitial check,
 * ingest + evidence, cascade, text. Prints the median and mean CPU time (process.cpuUsage, so a loaded machine skews it less than
 * wall time) per page. `--pages N` (default 300), `--rounds N` (default 3).
 */
import { HYBRID, classifyPage } from "../src/core/cascade";
import { DomainState } from "../src/core/domain-state";
import { isInterstitial } from "../src/core/interstitial";
import { ingestPage, pageEvidence, preparePage } from "../src/core/pipeline";
import { renderText } from "../src/core/render-text";
import { numberOption, parseCli } from "./lib/cli";
import { loadCorpus } from "./lib/corpus";

const USAGE = "usage: tsx scripts/profile-pipeline.ts [--pages N] [--rounds N] [--corpus NAME]";
const { values } = parseCli(USAGE, {
  pages: { type: "string" },
  rounds: { type: "string" },
  corpus: { type: "string" },
});
const pages = loadCorpus(values.corpus ?? "stream-ctf", numberOption(USAGE, "pages", values.pages, 300));
const rounds = numberOption(USAGE, "rounds", values.rounds, 3);

const times: number[] = [];
for (let r = 0; r < rounds; r++) {
  const states = new Map<string, DomainState>();
  for (const [i, p] of pages.entries()) {
    const t0 = process.cpuUsage();
    const prepared = preparePage({ body: p.bytes, url: p.url });
    isInterstitial(prepared.page);
    let state = states.get(prepared.key.domain);
    if (!state) states.set(prepared.key.domain, (state = new DomainState(prepared.key.domain)));
    ingestPage(state, prepared, i);
    const result = classifyPage(prepared.page, pageEvidence(state, prepared), {
      classifier: HYBRID,
      url: prepared.key.key,
    });
    renderText(prepared.page.blocks, result.verdicts);
    const used = process.cpuUsage(t0);
    if (r > 0) times.push((used.user + used.system) / 1000);
  }
}
times.sort((a, b) => a - b);
const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
console.log(
  `profile-pipeline: ${pages.length} pages x ${rounds - 1} timed rounds: CPU per page median ${times[times.length >> 1]?.toFixed(2)} ms, mean ${mean.toFixed(2)} ms, p90 ${times[Math.floor(times.length * 0.9)]?.toFixed(2)} ms`,
);
