/** The golden cases on disk: one folder per case under test/golden with source.html and meta.json. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { GoldenMeta } from "./golden";

export const GOLDEN_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../test/golden");

export interface GoldenCase {
  name: string;
  dir: string;
  /** The page's bytes as served: not decoded here, so the non-UTF-8 case exercises decoding. */
  source: Uint8Array;
  meta: GoldenMeta;
}

export function listGoldenCases(root = GOLDEN_DIR): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "source.html")))
    .map((entry) => entry.name)
    .sort();
}

export function readGoldenCase(name: string, root = GOLDEN_DIR): GoldenCase {
  const dir = join(root, name);
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as GoldenMeta;
  if (typeof meta.url !== "string") throw new Error(`${name}/meta.json: "url" is required`);
  return { name, dir, source: new Uint8Array(readFileSync(join(dir, "source.html"))), meta };
}

/** The expected file's current text, or null when it has not been generated yet. */
export function readExpected(goldenCase: GoldenCase, file: string): string | null {
  const path = join(goldenCase.dir, file);
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}
