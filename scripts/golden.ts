/**
 * Regenerates the golden files (test/golden/<case>/expected.md and expected.json) from each case's
 * source.html and meta.json, or checks them.
 *
 * usage: npm run golden [-- [--check] [--case NAME]]
 *   --check    writes nothing; prints a unified diff per differing file and exits 1 if any differs.
 *   --case N   only that case (repeatable).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { goldenFiles, goldenOutputs } from "./lib/golden";
import { listGoldenCases, readExpected, readGoldenCase } from "./lib/golden-cases";
import { unifiedDiff } from "./lib/line-diff";

const { values } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    case: { type: "string", multiple: true },
  },
});

const all = listGoldenCases();
const wanted = values.case ?? all;
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`unknown case(s): ${unknown.join(", ")} (have: ${all.join(", ")})`);
  process.exit(2);
}

let differing = 0;
for (const name of wanted) {
  const goldenCase = readGoldenCase(name);
  const files = goldenFiles(goldenOutputs(goldenCase.source, goldenCase.meta));
  for (const [file, text] of Object.entries(files)) {
    const before = readExpected(goldenCase, file);
    if (before === text) continue;
    differing++;
    if (values.check) {
      const label = `${name}/${file}`;
      process.stdout.write(unifiedDiff(before ?? "", text, { from: `a/${label}`, to: `b/${label}` }));
    } else {
      writeFileSync(join(goldenCase.dir, file), text);
      console.log(`wrote ${name}/${file}`);
    }
  }
}

if (values.check) {
  const verdict = differing ? `${differing} golden file(s) differ; run npm run golden to accept` : "all match";
  console.log(`${wanted.length} case(s): ${verdict}`);
  process.exit(differing ? 1 : 0);
}
console.log(`${wanted.length} case(s), ${differing} file(s) written`);
