/**
 * The Node version the project asks for (package.json's engines, README's quick start) is one every
 * dependency runs on: a fresh machine that follows the quick start gets a working `npm test`.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

type Version = [number, number, number];
const parse = (v: string): Version => {
  const [a = 0, b = 0, c = 0] = v.split(".").map(Number);
  return [a, b, c];
};
const compare = (x: Version, y: Version) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/** The first Node 20 release a range (`>=20.3.0`, `^20.19.0 || >=22.12.0`, `>= 18`) admits; null for none. */
function first20(range: string): Version | null {
  let best: Version | null = null;
  for (const alternative of range.split("||")) {
    const m = /^\s*(>=|\^)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(alternative);
    if (!m) throw new Error(`engines range not understood: ${range}`);
    const v = parse(m[2]!);
    let admitted: Version | null = null;
    if (m[1] === ">=") admitted = v[0] < 20 ? [20, 0, 0] : v[0] === 20 ? v : null;
    else admitted = v[0] === 20 ? v : null;
    if (admitted && (!best || compare(admitted, best) < 0)) best = admitted;
  }
  return best;
}

describe("the Node version asked for", () => {
  it("is one every direct dependency (and vitest's vite) admits, in package.json and in README's quick start", () => {
    const ours = first20(pkg.engines.node)!;
    // vite is vitest's: `npm test` runs on it.
    const names = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies), "vite"];
    for (const name of names) {
      // Read as a file: many packages do not export their package.json.
      const manifest = new URL(`node_modules/${name}/package.json`, root);
      const { engines } = JSON.parse(readFileSync(manifest, "utf8")) as { engines?: { node?: string } };
      if (!engines?.node) continue;
      const theirs = first20(engines.node);
      expect(theirs, `${name} (${engines.node}) runs on no Node 20`).not.toBeNull();
      expect(
        compare(ours, theirs!),
        `${name} needs ${engines.node}, package.json says ${pkg.engines.node}`,
      ).toBeGreaterThanOrEqual(0);
    }
    const readme = readFileSync(new URL("README.md", root), "utf8");
    const said = /with Node 20 \((20\.\d+) or later\)/.exec(readme)?.[1];
    expect(said, "README's quick start names the Node version").toBeDefined();
    expect(compare(parse(said!), ours), `README says ${said}, package.json ${pkg.engines.node}`).toBe(0);
  });
});
