/**
 * The articles of a feed that the cache did not know: aggregator wrappers unwrapped, fetched with
 * bounded concurrency inside the subrequest budget (redirects followed and counted), prepared
 * (decode, segment, URL key with `_cid_` from the item title), then sent to their domains' trees
 * one batch per domain (DomainTree.extractMany: all of a feed's pages of a site are inserted
 * before any is classified) and rendered as full text.
 *
 * Every item ends in exactly one outcome; nothing here throws for a bad item, so one broken
 * article cannot take the feed down.
 */
import { renderText } from "../core/render-text";
import { renderHtmlFragment } from "../core/render-html";
import type { FeedItem, FullText } from "../core/feed/types";
import { isInterstitial } from "../core/interstitial";
import { registrableDomain, unwrapAggregator } from "../core/url-key";
import type { PreparedPage } from "../core/pipeline";
import type { CachedArticle } from "../store/feed-cache";
import { domainTreeStub } from "../store/stub";
import { AppException } from "./errors";
import { ARTICLE_FETCH, classifyPrepared, fetchedSource, preparePageSource, treeRequestFor } from "./extract";
import { budgetedFetch, limiter, type SubrequestBudget } from "./feed-budget";
import type { FetchSettings } from "../config";
import type { ExtractOptions } from "./options";
import { safeFetch } from "../net/safe-fetch";

export interface ArticleJob {
  item: FeedItem & { link: string };
  cacheKey: string;
}

export type ArticleOutcome =
  | { kind: "extracted"; full: FullText; cacheable: CachedArticle | null }
  | { kind: "duplicate"; of: number }
  | { kind: "failed"; code: string; message: string }
  | { kind: "skipped"; message: string };

export interface ArticleContext {
  env: Env;
  fetch: FetchSettings;
  budget: SubrequestBudget;
  concurrency: number;
  options: ExtractOptions;
  now: number;
}

interface Prepared {
  job: ArticleJob;
  url: string;
  prepared: PreparedPage;
}

/** Processes the jobs; returns one outcome per job, by item index. */
export async function processArticles(
  jobs: readonly ArticleJob[],
  ctx: ArticleContext,
): Promise<Map<number, ArticleOutcome>> {
  const outcomes = new Map<number, ArticleOutcome>();
  const run = limiter(ctx.concurrency);
  // One tree call per domain is set aside when the domain's first article starts.
  const domainsReserved = new Set<string>();
  const byKey = new Map<string, number>();
  const ready: Prepared[] = [];

  const fetchOne = async (job: ArticleJob): Promise<void> => {
    const index = job.item.index;
    // A wrapper that carries its target (Google News, Facebook's l.php...) costs no hop of its own.
    const target = unwrapAggregator(job.item.link);
    const predicted = registrableDomain(new URL(target).hostname);
    const needDomain = !domainsReserved.has(predicted);
    if (!ctx.budget.take(needDomain ? 2 : 1)) {
      outcomes.set(index, { kind: "skipped", message: `subrequest budget (${ctx.budget.limit}) exhausted` });
      return;
    }
    if (needDomain) domainsReserved.add(predicted);
    const counted = budgetedFetch(ctx.budget);
    // An article over MAX_BYTES is read up to the cap, as on the article routes: the item gets the text
    // of its beginning rather than its summary, and the page teaches no tree (truncated, below).
    const result = await safeFetch(target, { ...ctx.fetch, ...ARTICLE_FETCH, fetchImpl: counted.fetch });
    if (counted.exhausted()) {
      outcomes.set(index, {
        kind: "failed",
        code: "budget",
        message: "subrequest budget exhausted while following redirects",
      });
      return;
    }
    if (!result.ok) {
      outcomes.set(index, { kind: "failed", code: result.failure.kind, message: result.failure.message });
      return;
    }
    let prepared: PreparedPage;
    try {
      prepared = preparePageSource(fetchedSource(result.page), { title: job.item.title });
    } catch (err) {
      const message =
        err instanceof AppException ? err.error.message : err instanceof Error ? err.message : String(err);
      outcomes.set(index, { kind: "failed", code: "bad_page", message });
      return;
    }
    // A consent wall, bot challenge, JavaScript shell or paywall teaser is not the article: it never teaches
    // the tree (as on /extract, src/service/extract.ts), and the item keeps its summary rather than the wall.
    const wall = isInterstitial(prepared.page);
    if (wall.interstitial) {
      outcomes.set(index, {
        kind: "failed",
        code: "interstitial",
        message: `the page is an interstitial (${wall.reason}), not the article`,
      });
      return;
    }
    // Two links (a wrapper and the article, or two wrappers) can land on one document.
    const first = byKey.get(prepared.key.key);
    if (first !== undefined) {
      outcomes.set(index, { kind: "duplicate", of: first });
      return;
    }
    byKey.set(prepared.key.key, index);
    if (!domainsReserved.has(prepared.key.domain)) {
      // Redirected to a domain nobody reserved a tree call for.
      if (!ctx.budget.take(1)) {
        outcomes.set(index, {
          kind: "failed",
          code: "budget",
          message: "subrequest budget exhausted (article redirected to another domain)",
        });
        return;
      }
      domainsReserved.add(prepared.key.domain);
    }
    ready.push({ job, url: result.page.url, prepared });
  };

  await Promise.all(jobs.map((job) => run(() => fetchOne(job))));

  const byDomain = new Map<string, Prepared[]>();
  for (const p of ready) byDomain.set(p.prepared.key.domain, [...(byDomain.get(p.prepared.key.domain) ?? []), p]);
  // Tree calls set aside for domains whose every article failed will not be made.
  for (const domain of domainsReserved) if (!byDomain.has(domain)) ctx.budget.giveBack(1);
  await Promise.all([...byDomain].map(([domain, pages]) => run(() => extractDomain(domain, pages, ctx, outcomes))));
  return outcomes;
}

async function extractDomain(
  domain: string,
  pages: Prepared[],
  ctx: ArticleContext,
  outcomes: Map<number, ArticleOutcome>,
): Promise<void> {
  let trees;
  try {
    ctx.budget.spent++;
    trees = await domainTreeStub(ctx.env, domain).ingestMany(
      // A page cut by its processing budget never teaches (src/service/extract.ts says why).
      pages.map((p) => ({ ...treeRequestFor(p.prepared, p.prepared.truncated.length === 0), now: ctx.now })),
    );
  } catch (err) {
    console.error("domain tree failed", domain, err);
    for (const p of pages)
      outcomes.set(p.job.item.index, {
        kind: "failed",
        code: "internal",
        message: `the ${domain} tree could not be reached`,
      });
    return;
  }
  pages.forEach((p, i) => {
    const tree = classifyPrepared(p.prepared, trees[i]!.evidence, ctx.options);
    const blocks = p.prepared.page.blocks;
    const text = renderText(blocks, tree.verdicts);
    if (text.trim() === "") {
      outcomes.set(p.job.item.index, {
        kind: "failed",
        code: "no_text",
        message: "no content text was found on the page",
      });
      return;
    }
    const full: FullText = {
      html: renderHtmlFragment(blocks, tree.verdicts, {
        headline: p.job.item.title,
        headlineShownElsewhere: true,
      }),
      text,
    };
    // A cold-start answer still carries the template; it is served but redone on the next poll,
    // when the domain's tree knows more, instead of being frozen into the cache.
    const cacheable: CachedArticle | null =
      tree.method === "tree"
        ? {
            cacheKey: p.job.cacheKey,
            urlKey: p.prepared.key.key,
            url: p.url,
            html: full.html,
            text: full.text,
            method: tree.method,
          }
        : null;
    outcomes.set(p.job.item.index, { kind: "extracted", full, cacheable });
  });
}
