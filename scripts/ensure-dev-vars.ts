/**
 * `npm run dev` runs this first (predev): wrangler dev reads secrets and local overrides from .dev.vars,
 * which is git-ignored, so a fresh clone gets a copy of .dev.vars.example (local-friendly values) instead of
 * a manual step. An existing .dev.vars is never touched.
 */
import { copyFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const target = resolve(root, ".dev.vars");
if (!existsSync(target)) {
  copyFileSync(resolve(root, ".dev.vars.example"), target);
  console.log("Created .dev.vars from .dev.vars.example (local defaults; edit it to change keys or limits).");
}
