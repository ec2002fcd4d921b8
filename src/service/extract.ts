/**
 * One extraction end to end, as data: the page (fetched by us, or supplied by the caller) goes
 * through the core's pure stages here, its block hashes through its domain's Durable Object
 * (insert before classify; the object answers with the tree's evidence), and the cascade
 * (src/core/cascade.ts) decides every block here in the Worker. Rendering to a format is the HTTP
 * layer's (src/http/extract-response.ts); feeds reuse the same steps (feed-articles.ts).
 */
import { PageBudget, PageTooComplex } from "../core/budget";
import { classifyPage, type PageClassification } from "../core/cascade";
import { isInterstitial } from "../core/interstitial";
import { hashedBlocks, preparePage, type PreparedPage } from "../core/pipeline";
import type { BranchEvidence } from "../core/tree-evidence";
import type { FetchedPage, SafeFetchOptions } from "../net/safe-fetch";
import type { TreeRequest } from "../store/domain-tree";
import { domainTreeStub } from "../store/stub";
import { configOf } from "../config";
import { AppException } from "./errors";
import type { Extraction, PageSource } from "./extraction";
import type { ExtractOptions } from "./options";

export type { Extraction, PageSource };

/**
 * How the service fetches a page to extract (GET /extract, the proxy route, a feed's articles): as
 * HTML, and a page over MAX_BYTES read up to the cap, an HTML page being readable from its
 * beginning, as over the other caps of the processing budget (truncatedBy "bytes").
 */
export const ARTICLE_FETCH = { accept: "html", overCap: "cut" } as const satisfies Partial<SafeFetchOptions>;

/** A page the service fetched, as an extraction's source: one cut at the byte cap says so, and so teaches nothing. */
export function fetchedSource(page: FetchedPage): PageSource {
  const { body, contentType, url, truncated } = page;
  return { body, contentType, url, fetched: true, cutAtBytes: truncated };
}

export interface ExtractContext {
  env: Env;
  /** Whether the request carried a configured key: lets caller-supplied HTML teach. */
  trusted: boolean;
}

/**
 * The pure stages (decode, segment, URL key, hashes) within the page's budget (src/core/budget.ts);
 * a URL the key stage refuses is a 400, a page past the deadline a 422 too_complex.
 */
export function preparePageSource(
  source: PageSource,
  options: Pick<ExtractOptions, "title">,
  budget = new PageBudget(),
): PreparedPage {
  try {
    const { body, contentType, url, cutAtBytes } = source;
    return preparePage({ body, contentType, url, cutAtBytes, title: options.title, budget });
  } catch (err) {
    if (err instanceof TypeError) throw new AppException({ code: "bad_request", message: err.message });
    throw tooComplex(err);
  }
}

/** A PageTooComplex as the service's error; anything else as it was. */
export function tooComplex(err: unknown): unknown {
  return err instanceof PageTooComplex ? new AppException({ code: "too_complex", message: err.message }) : err;
}

/** The budget of one page under this environment's deadline (PAGE_DEADLINE_MS). */
export function pageBudget(env: Env): PageBudget {
  return new PageBudget({ deadlineMs: configOf(env).pageDeadlineMs });
}

/** What the domain's Durable Object needs for one page: identity and block hashes, no text. */
export function treeRequestFor(prepared: PreparedPage, learn: boolean): TreeRequest {
  return {
    domain: prepared.key.domain,
    key: prepared.key.key,
    branch: prepared.key.branch,
    blocks: hashedBlocks(prepared),
    learn,
  };
}

export function classifyPrepared(
  prepared: PreparedPage,
  evidence: BranchEvidence,
  options: Pick<ExtractOptions, "classifier" | "debug">,
): PageClassification {
  return classifyPage(prepared.page, evidence, {
    classifier: options.classifier,
    explain: options.debug,
    url: prepared.key.key,
  });
}

export async function extract(ctx: ExtractContext, source: PageSource, options: ExtractOptions): Promise<Extraction> {
  const budget = pageBudget(ctx.env);
  const prepared = preparePageSource(source, options, budget);
  // A consent wall, challenge or JavaScript shell is not the document the URL names: it never teaches.
  const wall = isInterstitial(prepared.page);
  // Nor does a truncated page: the tree must hold whole documents, or the blocks past the cut (a
  // footer, a template's tail) would count as absent from this one; and truncation means a broken
  // or hostile page, not the site's usual document.
  const learned = options.learn && (source.fetched || ctx.trusted) && !wall.interstitial && !prepared.truncated.length;
  // Everything that does not need the tree's answer runs before the insert, so it cannot fail after it;
  // the deadline is checked last before it: a page refused as too complex has taught nothing.
  const metadata = prepared.metadata;
  try {
    budget.check();
  } catch (err) {
    throw tooComplex(err);
  }
  const started = performance.now();
  const answer = await domainTreeStub(ctx.env, prepared.key.domain).ingest(treeRequestFor(prepared, learned));
  const treeMs = performance.now() - started;
  return {
    source,
    prepared,
    classification: classifyPrepared(prepared, answer.evidence, options),
    metadata,
    ingest: answer.ingest,
    learned: learned && answer.declined === undefined,
    rowsWritten: answer.rowsWritten,
    treeMs,
  };
}
