/**
 * Builds scripts/bench.ts into dist/bench/bench.mjs the way wrangler builds the Worker: one esbuild
 * bundle of our TypeScript with keepNames off (wrangler.toml's keep_names = false). Run under tsx, our
 * code would pay for tsx's keepNames (an Object.defineProperty each time a named closure is made) that
 * the deployed Worker does not, while Readability and the other peers, plain JS from node_modules, never
 * do. Packages stay external, loaded from node_modules as they are.
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

const root = resolve(import.meta.dirname, "..");
const outfile = resolve(root, "dist/bench/bench.mjs");

/**
 * In a bundle, import.meta is the bundle's; the scripts find the corpora and their report folder
 * relative to their own source file, so each file gets its own location written in.
 */
const sourceLocation: Plugin = {
  name: "source-location",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, "utf8");
      const contents = source
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(path)))
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href));
      return { contents, loader: "ts" };
    });
  },
};

await build({
  entryPoints: [resolve(root, "scripts/bench.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: `node${process.versions.node}`,
  packages: "external",
  keepNames: false,
  logLevel: "warning",
  plugins: [sourceLocation],
});
