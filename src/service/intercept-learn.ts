/**
 * Learning from a page the origin served to a browser: the teed copy of its body, read in the
 * background (ctx.waitUntil) up to the byte cap, goes through the same pure stages as an
 * extraction and teaches its domain's tree. Nothing is classified: the browser got the page, and
 * the tree only needs the block hashes. Never throws: a page that cannot teach is simply skipped.
 */
import { isInterstitial } from "../core/interstitial";
import { preparePage } from "../core/pipeline";
import { readBounded } from "../net/bounded-body";
import { Deadline } from "../net/deadline";
import { domainTreeStub } from "../store/stub";
import { treeRequestFor } from "./extract";

export type LearnOutcome =
  | { learned: true; domain: string; ingest: string }
  | { learned: false; reason: "too-large" | "unreadable" | "interstitial" | "declined" | "failed" };

export interface LearnLimits {
  maxBytes: number;
  timeoutMs: number;
}

export async function learnFromBody(
  env: Env,
  page: { url: string; contentType: string | null; body: ReadableStream<Uint8Array> },
  limits: LearnLimits,
  /** Settles when the browser has its bytes: parsing waits for it (a browser that went away never settles it). */
  delivered: Promise<unknown> = Promise.resolve(),
): Promise<LearnOutcome> {
  const deadline = new Deadline(limits.timeoutMs);
  try {
    // Over the cap, readBounded cancels this branch of the tee only: the browser's branch streams on.
    const read = await readBounded(page.body, limits.maxBytes, deadline);
    if (!read.ok) return { learned: false, reason: "too-large" };
    await deadline.race(delivered);
    let prepared;
    try {
      // Only the tree learns from this page, so its metadata is not read.
      prepared = preparePage({ body: read.bytes, contentType: page.contentType, url: page.url, readMetadata: false });
    } catch {
      return { learned: false, reason: "unreadable" };
    }
    // A consent wall or challenge is not the document the URL names (as in extract.ts).
    if (isInterstitial(prepared.page).interstitial) return { learned: false, reason: "interstitial" };
    const answer = await domainTreeStub(env, prepared.key.domain).ingest(treeRequestFor(prepared, true));
    if (answer.declined !== undefined) return { learned: false, reason: "declined" };
    return { learned: true, domain: prepared.key.domain, ingest: answer.ingest?.kind ?? "none" };
  } catch (err) {
    console.warn(`intercept: learning from ${page.url} failed: ${String(err)}`);
    return { learned: false, reason: "failed" };
  } finally {
    deadline.dispose();
  }
}
