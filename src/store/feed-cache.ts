/**
 * FeedCache: one Durable Object per feed URL, remembering what a poll of that feed already did: the
 * last feed document with its validators (conditional GET) and the full text of every article
 * processed from it (schema in ./feed-schema.ts). A re-poll therefore fetches neither the unchanged
 * feed body nor the articles it has seen, and inserts nothing into the domain trees again.
 *
 * Three calls per poll: `open` (validators and stored body), `lookup` (which items are known) and
 * `commit` (what the poll learned). Each runs without awaiting, so the input gate serializes them
 * per feed and a commit is all-or-nothing (one transaction).
 */
import { DurableObject } from "cloudflare:workers";
import { migrateFeedCache } from "./feed-schema";

/** Kept well under the 2 MB SQLite row limit; a larger feed is simply fetched in full each time. */
export const FEED_BODY_MAX = 1024 * 1024;
/** Per article; real articles are far smaller, a bigger extraction is served but not cached. */
export const ARTICLE_HTML_MAX = 512 * 1024;
const MAX_ITEMS = 1000;
const MAX_UNSEEN_MS = 30 * 24 * 3600 * 1000;
/** SQLite in Durable Objects binds at most 100 parameters per statement. */
const IN_CHUNK = 90;

export interface UpstreamState {
  etag: string | null;
  lastModified: string | null;
  contentType: string | null;
  body: Uint8Array | null;
  fetchedAt: number;
}

export interface CachedArticle {
  cacheKey: string;
  urlKey: string;
  url: string;
  html: string;
  text: string;
  method: string;
}

export interface CommitRequest {
  feedUrl: string;
  /** The new feed document and validators; null leaves the stored ones (a 304, or none to keep). */
  upstream: UpstreamState | null;
  articles: CachedArticle[];
  /** Cache keys of every item the poll listed: their `last_seen` moves, so they are not pruned. */
  seen: string[];
  now: number;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export class FeedCache extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrateFeedCache(this.sql);
  }

  async open(): Promise<UpstreamState | null> {
    const row = this.sql
      .exec<{
        etag: string | null;
        last_modified: string | null;
        content_type: string | null;
        body: ArrayBuffer | null;
        fetched_at: number;
      }>(`SELECT etag, last_modified, content_type, body, fetched_at FROM upstream WHERE id = 1`)
      .toArray()[0];
    if (!row) return null;
    return {
      etag: row.etag,
      lastModified: row.last_modified,
      contentType: row.content_type,
      body: row.body ? new Uint8Array(row.body) : null,
      fetchedAt: row.fetched_at,
    };
  }

  async lookup(cacheKeys: string[]): Promise<Record<string, CachedArticle>> {
    const out: Record<string, CachedArticle> = {};
    for (const part of chunks([...new Set(cacheKeys)], IN_CHUNK)) {
      const rows = this.sql.exec<{
        cache_key: string;
        url_key: string;
        url: string;
        html: string;
        text: string;
        method: string;
      }>(
        `SELECT cache_key, url_key, url, html, text, method FROM items WHERE cache_key IN (${part.map(() => "?").join(",")})`,
        ...part,
      );
      for (const r of rows)
        out[r.cache_key] = {
          cacheKey: r.cache_key,
          urlKey: r.url_key,
          url: r.url,
          html: r.html,
          text: r.text,
          method: r.method,
        };
    }
    return out;
  }

  async commit(req: CommitRequest): Promise<{ stored: number; pruned: number }> {
    return this.ctx.storage.transactionSync(() => {
      this.sql.exec(`INSERT OR IGNORE INTO meta (name, value) VALUES ('feed_url', ?)`, req.feedUrl);
      if (req.upstream) {
        const keepBody = req.upstream.body !== null && req.upstream.body.byteLength <= FEED_BODY_MAX;
        this.sql.exec(
          `INSERT OR REPLACE INTO upstream (id, etag, last_modified, content_type, body, fetched_at) VALUES (1, ?, ?, ?, ?, ?)`,
          keepBody ? req.upstream.etag : null,
          keepBody ? req.upstream.lastModified : null,
          req.upstream.contentType,
          keepBody ? req.upstream.body : null,
          req.upstream.fetchedAt,
        );
      }
      let stored = 0;
      for (const a of req.articles) {
        if (a.html.length > ARTICLE_HTML_MAX || a.text.length > ARTICLE_HTML_MAX) continue;
        this.sql.exec(
          `INSERT OR REPLACE INTO items (cache_key, url_key, url, html, text, method, created, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          a.cacheKey,
          a.urlKey,
          a.url,
          a.html,
          a.text,
          a.method,
          req.now,
          req.now,
        );
        stored++;
      }
      for (const part of chunks([...new Set(req.seen)], IN_CHUNK)) {
        this.sql.exec(
          `UPDATE items SET last_seen = ? WHERE cache_key IN (${part.map(() => "?").join(",")})`,
          req.now,
          ...part,
        );
      }
      let pruned = this.sql.exec(`DELETE FROM items WHERE last_seen < ?`, req.now - MAX_UNSEEN_MS).rowsWritten;
      pruned += this.sql.exec(
        `DELETE FROM items WHERE rowid IN (SELECT rowid FROM items ORDER BY last_seen DESC, rowid DESC LIMIT -1 OFFSET ?)`,
        MAX_ITEMS,
      ).rowsWritten;
      return { stored, pruned };
    });
  }

  async stats(): Promise<{ feedUrl: string | null; items: number; hasBody: boolean; bytes: number }> {
    const feedUrl =
      this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'feed_url'`).toArray()[0]?.value ?? null;
    const items = this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM items`).one().n;
    const hasBody =
      this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM upstream WHERE body IS NOT NULL`).one().n > 0;
    return { feedUrl, items, hasBody, bytes: this.sql.databaseSize };
  }
}
