/**
 * CPU of blockFeatures alone (and of its repetition part) per page, on pages segmented once up front, so
 * a change to the features can be timed without the rest of the pipeline's noise. `--digest FILE`
 * writes a SHA-256 of each page's feature vectors (cold and with made-up tree evidence); `--check FILE`
 * compares against such a file, so a speed change can show the values stayed bit-identical.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { blockFeatures, FEATURE_NAMES, type TreeEvidence } from "../src/core/features";
import { REPEAT_FEATURES, writeRepeatFeatures } from "../src/core/features-repeat";
import { preparePage } from "../src/core/pipeline";
import type { TextBlock } from "../src/core/types";
import { numberOption, parseCli } from "./lib/cli";
import { loadCorpus } from "./lib/corpus";

const USAGE =
  "usage: tsx scripts/bench-features.ts [--pages N] [--rounds N] [--corpus NAME[,NAME]] [--digest FILE | --check FILE]";
const { values } = parseCli(USAGE, {
  pages: { type: "string" },
  rounds: { type: "string" },
  corpus: { type: "string" },
  digest: { type: "string" },
  check: { type: "string" },
});
const perCorpus = numberOption(USAGE, "pages", values.pages, 150);
const rounds = numberOption(USAGE, "rounds", values.rounds, 10);
const corpora = (values.corpus ?? "single-zyte,single-wcxb-dev").split(",");

const pages: { id: string; blocks: TextBlock[]; title: string }[] = [];
for (const name of corpora) {
  for (const p of loadCorpus(name, perCorpus)) {
    const { page } = preparePage({ body: p.bytes, url: p.url });
    pages.push({ id: `${name}/${p.id}`, blocks: page.blocks, title: page.title });
  }
}

/** Deterministic tree evidence, varied per block, so the digest covers the tree features too. */
function fakeEvidence(blocks: readonly TextBlock[]): TreeEvidence[] {
  return blocks.map((b, i) => ({
    support: 1 + (i % 13),
    count: 1 + (b.text.length % 7),
    domainSupport: 1 + (i % 9),
    voteBoilerplate: i % 3 === 0,
  }));
}

if (values.digest || values.check) {
  const digests: Record<string, string> = {};
  for (const p of pages) {
    const hash = createHash("sha256");
    for (const tree of [null, fakeEvidence(p.blocks)]) {
      for (const f of blockFeatures(p.blocks, p.title, tree))
        hash.update(new Uint8Array(f.buffer, f.byteOffset, f.byteLength));
    }
    digests[p.id] = hash.digest("hex");
  }
  if (values.digest) {
    writeFileSync(values.digest, JSON.stringify(digests, null, 1));
    console.log(`bench-features: wrote digests of ${pages.length} pages to ${values.digest}`);
  } else {
    const expected = JSON.parse(readFileSync(values.check!, "utf8")) as Record<string, string>;
    const differ = pages.filter((p) => expected[p.id] !== digests[p.id]).map((p) => p.id);
    console.log(`bench-features: ${pages.length - differ.length}/${pages.length} pages bit-identical`);
    if (differ.length) {
      console.log(`differ: ${differ.slice(0, 20).join(" ")}`);
      process.exitCode = 1;
    }
  }
} else {
  const width = FEATURE_NAMES.length;
  const at = width - REPEAT_FEATURES.length;
  const outs = pages.map((p) => p.blocks.map(() => new Float64Array(width)));
  const total: number[] = [];
  const repeat: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate the two measurements so that load on the machine spreads over both.
    let t0 = process.cpuUsage();
    for (const p of pages) blockFeatures(p.blocks, p.title, null);
    let used = process.cpuUsage(t0);
    if (r > 0) total.push((used.user + used.system) / 1000 / pages.length);
    t0 = process.cpuUsage();
    pages.forEach((p, i) => writeRepeatFeatures(p.blocks, outs[i]!, at));
    used = process.cpuUsage(t0);
    if (r > 0) repeat.push((used.user + used.system) / 1000 / pages.length);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!.toFixed(3);
  console.log(
    `bench-features: ${pages.length} pages (${corpora.join(",")}) x ${rounds - 1} timed rounds: ` +
      `CPU per page, median of rounds: blockFeatures ${median(total)} ms, repeat features ${median(repeat)} ms`,
  );
}
