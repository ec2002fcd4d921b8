/** The data of one extraction, free of runtime types: what rendering and the scripts work from. */
import type { PageClassification } from "../core/cascade";
import type { IngestOutcome } from "../core/domain-state";
import type { ArticleMetadata } from "../core/metadata";
import type { PreparedPage } from "../core/pipeline";

export interface PageSource {
  body: Uint8Array;
  contentType: string | null;
  /** The response URL (after redirects) or the URL the caller claims for its HTML. */
  url: string;
  /** True when the service fetched the page itself: only such pages teach by default. */
  fetched: boolean;
  /** The body is the page's first MAX_BYTES only (it was longer): answered, never taught (budget.ts `bytes`). */
  cutAtBytes?: boolean;
}

/** One page through its domain's tree and the cascade: what the renderers (and the feed code) work from. */
export interface Extraction {
  source: PageSource;
  prepared: PreparedPage;
  classification: PageClassification;
  /** Headline, byline, dates, lead image, language, site name, excerpt, as the page states them. */
  metadata: ArticleMetadata;
  /** What the ingest did; null when the page did not teach. */
  ingest: IngestOutcome | null;
  learned: boolean;
  rowsWritten: number;
  /** Round trip of the Durable Object call (timers advance across I/O in workerd), for Server-Timing. */
  treeMs?: number;
}
