/**
 * The team's scorer, ../shared/eval/score.mjs (word-level LCS P/R/F1), loaded from beside the
 * repository so that every script scores with the very measure the gold corpora are judged by.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const SCORER_PATH = resolve(join(import.meta.dirname, "../../../shared/eval/score.mjs"));

export interface Scores {
  p: number;
  r: number;
  f1: number;
}

export interface Scorer {
  prf: (extracted: string, gold: string) => Scores;
  tokens: (text: string) => string[];
}

/** The scorer, or null when ../shared/eval is not there. */
export async function loadScorer(): Promise<Scorer | null> {
  if (!existsSync(SCORER_PATH)) return null;
  return (await import(pathToFileURL(SCORER_PATH).href)) as Scorer;
}
