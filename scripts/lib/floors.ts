/**
 * eval-floors.json: the F1 each gated figure may not fall below. Floors only go up; lowering one
 * needs a stated reason. Two kinds, because only honest figures are gated:
 *   "tree": {corpus: {config: floor}} for `npm run eval` configurations without training (the URL
 *           Tree rules): their plain stream figures are out-of-sample by construction;
 *   "cv":   {corpus: {"hybrid" | "single-page" | "answer-hybrid" | "answer-single-page": floor}} for
 *           the learned model, site-grouped cross-validated (cv.ts), never its in-sample eval figures:
 *           the cascade's text, and ("answer-") the text answer as served.
 * A file without these keys is read as "tree" floors (the format before the CV gate).
 */
import { readFileSync } from "node:fs";

export type FloorTable = Record<string, Record<string, number>>;

export interface Floors {
  tree: FloorTable;
  cv: FloorTable;
}

export function readFloors(file: string): Floors {
  const raw = JSON.parse(readFileSync(file, "utf8")) as Partial<Floors> & FloorTable;
  if (!("tree" in raw) && !("cv" in raw)) return { tree: raw, cv: {} };
  return { tree: raw.tree ?? {}, cv: raw.cv ?? {} };
}

/** Failures for figures below their floor or missing; passes are printed as they are checked. */
export function checkFloors(kind: string, floors: FloorTable, figures: FloorTable): string[] {
  const failures: string[] = [];
  for (const [corpus, configs] of Object.entries(floors)) {
    for (const [config, floor] of Object.entries(configs)) {
      const got = figures[corpus]?.[config];
      if (got === undefined) failures.push(`${kind} ${corpus}: "${config}" was not measured`);
      else if (got < floor) failures.push(`${kind} ${corpus}: ${config} F1 ${got.toFixed(4)} < floor ${floor}`);
      else console.log(`eval gate: ${kind} ${corpus} ${config} F1 ${got.toFixed(4)} >= floor ${floor}`);
    }
  }
  return failures;
}
