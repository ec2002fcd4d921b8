/** What a caller may ask of one extraction, whatever the transport (query, headers, feed defaults). */
import type { Classifier } from "../core/cascade";
import { DEFAULT_HARD_RULES } from "../core/classify";
import { heuristicLabel, HEURISTICS } from "../core/heuristics";

export type Format = "text" | "markdown" | "html" | "json";

export interface ExtractOptions {
  format: Format;
  /**
   * "hybrid" (default): the learned model weighs single-page evidence and the tree's evidence.
   * "tree": a URL Tree heuristic and the hard rules alone. "single-page": the model without the
   * tree (the tree still learns from the page).
   */
  classifier: Classifier;
  /** The caller's wish; the route may still refuse to learn (untrusted HTML). */
  learn: boolean;
  debug: boolean;
  title: string | null;
  /** Keep links (`[text](url)`, `<a href>`) in markdown and HTML (`links=0` strips them). */
  links: boolean;
  /** Keep images in markdown and HTML (`images=0` strips them). */
  images: boolean;
  /** Append the page's comment section, marked as comments (`comments=1`); excluded by default. */
  comments: boolean;
  /** Markdown starts with YAML front matter holding the article's metadata (`frontmatter=1`). */
  frontmatter: boolean;
}

export const DEFAULT_EXTRACT_OPTIONS: ExtractOptions = {
  format: "text",
  classifier: { kind: "hybrid" },
  learn: true,
  debug: false,
  title: null,
  links: true,
  images: true,
  comments: false,
  frontmatter: false,
};

/** The classifier's name as the API reports it (`heuristic` in JSON, `X-Heuristic`). */
export function classifierLabel(classifier: Classifier): string {
  return classifier.kind === "tree" ? heuristicLabel(classifier.heuristic) : classifier.kind;
}

/** The tree rule the paper's production system ran, for callers that name no heuristic. */
export const PRODUCTION_TREE: Classifier = { kind: "tree", heuristic: HEURISTICS.vote, hard: DEFAULT_HARD_RULES };
