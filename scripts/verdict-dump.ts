/**
 * Dumps what the pipeline decides for a corpus sample, so a speed change can be shown to change
 * nothing: `--out FILE` writes the dump, `--check FILE` compares against one written before.
 * Per page: title, block texts/paths/tags/link shares, URL key, and the hybrid cascade's labels,
 * probabilities, path and page kind, with the pages streamed through per-domain trees in order;
 * the page-kind signals (all but the two read from block probabilities: the kind model trains on
 * their values, so a change to how they are computed must keep the values, not only the kind); the
 * interstitial verdict the service asks for before the tree (reason, own prose, template share) and
 * the reason the cascade's page decision gave; and the page's article metadata (read on the segmentation parse: PreparedPage.metadata), which a speed change to its parse must not move.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { HYBRID } from "../src/core/cascade";
import { DomainState } from "../src/core/domain-state";
import { isInterstitial } from "../src/core/interstitial";
import { pageSignals } from "../src/core/page-kind";
import { preparePage, processPage } from "../src/core/pipeline";
import { numberOption, parseCli } from "./lib/cli";
import { corpusDir, streamCorpus } from "./lib/corpus";

const USAGE = `
usage: tsx scripts/verdict-dump.ts (--out FILE | --check FILE) [--pages N] [--corpus NAME[,NAME]]
  --pages N   pages per corpus (default 300)
  --corpus    default stream-ctf,train-wcxb-dev`;
const { values } = parseCli(USAGE, {
  out: { type: "string" },
  check: { type: "string" },
  pages: { type: "string" },
  corpus: { type: "string" },
});
const limit = numberOption(USAGE, "pages", values.pages, 300);
const corpora = values.corpus?.split(",") ?? ["stream-ctf", "train-wcxb-dev"];

const digest = (value: unknown): string => createHash("sha1").update(JSON.stringify(value)).digest("hex");

const dump: Record<
  string,
  {
    segment: string;
    verdicts: string;
    path: string;
    kind: string;
    signals: string;
    interstitial: string;
    metadata: string;
  }
> = {};
for (const corpus of corpora) {
  const states = new Map<string, DomainState>();
  for (const page of streamCorpus(corpusDir(corpus), limit)) {
    const prepared = preparePage({ body: page.bytes, url: page.url });
    let state = states.get(prepared.key.domain);
    if (!state) states.set(prepared.key.domain, (state = new DomainState(prepared.key.domain)));
    // Asked before the tree, as the service does (src/service/extract.ts); the cascade asks again.
    const wall = isInterstitial(prepared.page);
    const result = processPage(state, prepared, { classifier: HYBRID, now: page.index });
    dump[`${corpus}/${page.row.id}`] = {
      segment: digest([prepared.page, prepared.key, prepared.hashes]),
      verdicts: digest(result.verdicts.map((v) => [v.label, v.p, v.rule, v.node, v.support, v.count])),
      path: result.path,
      kind: result.page?.kind ?? "",
      signals: digest(pageSignals(prepared.page, undefined, page.url)),
      interstitial: digest([wall, result.page?.interstitial ?? null]),
      metadata: digest(prepared.metadata),
    };
  }
}

if (values.out) {
  writeFileSync(values.out, JSON.stringify(dump));
  console.log(`verdict-dump: ${Object.keys(dump).length} pages written to ${values.out}`);
} else if (values.check) {
  const before = JSON.parse(readFileSync(values.check, "utf8")) as typeof dump;
  const ids = new Set([...Object.keys(before), ...Object.keys(dump)]);
  let differ = 0;
  for (const id of ids) {
    if (JSON.stringify(before[id]) !== JSON.stringify(dump[id])) {
      if (++differ <= 10) console.log(`differs: ${id}`, before[id], dump[id]);
    }
  }
  console.log(`verdict-dump: ${ids.size} pages, ${differ} differ`);
  process.exit(differ ? 1 : 0);
} else {
  console.log(USAGE);
  process.exit(2);
}
