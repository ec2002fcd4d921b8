/**
 * FeedRegistry: the watched feeds (the paper's RSS readers), in one Durable Object
 * (`idFromName("registry")`; schema in ./feed-schema.ts). The cron trigger asks it which feeds are
 * due and reports back how each poll went. The list is small (capped at MAX_WATCHED), so one
 * object is enough; each feed's poll state lives in its own FeedCache.
 */
import { DurableObject } from "cloudflare:workers";
import { migrateFeedRegistry } from "./feed-schema";

export const MAX_WATCHED = 500;

export interface WatchedFeed {
  id: string;
  url: string;
  added: number;
  intervalMinutes: number;
  maxItems: number;
  nextPoll: number;
  lastPoll: number | null;
  lastStatus: string | null;
  lastError: string | null;
  polls: number;
  errors: number;
  itemsSeen: number;
  itemsFailed: number;
}

export interface NewWatchedFeed {
  id: string;
  url: string;
  intervalMinutes: number;
  maxItems: number;
  now: number;
}

export type AddResult =
  { ok: true; feed: WatchedFeed; created: boolean } | { ok: false; reason: "full"; message: string };

export interface PollRecord {
  id: string;
  /** `ok`, `not_modified` (the feed answered 304) or `error`. */
  status: "ok" | "not_modified" | "error";
  error: string | null;
  newItems: number;
  failedItems: number;
}

// A type alias, not an interface: SqlStorage rows need the implicit index signature.
type Row = {
  id: string;
  url: string;
  added: number;
  interval_minutes: number;
  max_items: number;
  next_poll: number;
  last_poll: number | null;
  last_status: string | null;
  last_error: string | null;
  polls: number;
  errors: number;
  items_seen: number;
  items_failed: number;
};

const COLUMNS = `id, url, added, interval_minutes, max_items, next_poll, last_poll, last_status, last_error, polls, errors, items_seen, items_failed`;

function fromRow(r: Row): WatchedFeed {
  return {
    id: r.id,
    url: r.url,
    added: r.added,
    intervalMinutes: r.interval_minutes,
    maxItems: r.max_items,
    nextPoll: r.next_poll,
    lastPoll: r.last_poll,
    lastStatus: r.last_status,
    lastError: r.last_error,
    polls: r.polls,
    errors: r.errors,
    itemsSeen: r.items_seen,
    itemsFailed: r.items_failed,
  };
}

export class FeedRegistry extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    migrateFeedRegistry(this.sql);
  }

  private row(id: string): WatchedFeed | null {
    const r = this.sql.exec<Row>(`SELECT ${COLUMNS} FROM feeds WHERE id = ?`, id).toArray()[0];
    return r ? fromRow(r) : null;
  }

  /** Registers a feed, due at once; registering a known URL returns it unchanged. */
  async add(feed: NewWatchedFeed): Promise<AddResult> {
    const existing = this.row(feed.id);
    if (existing) return { ok: true, feed: existing, created: false };
    const count = this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM feeds`).one().n;
    if (count >= MAX_WATCHED) return { ok: false, reason: "full", message: `at most ${MAX_WATCHED} watched feeds` };
    this.sql.exec(
      `INSERT INTO feeds (id, url, added, interval_minutes, max_items, next_poll) VALUES (?, ?, ?, ?, ?, ?)`,
      feed.id,
      feed.url,
      feed.now,
      feed.intervalMinutes,
      feed.maxItems,
      feed.now,
    );
    return { ok: true, feed: this.row(feed.id)!, created: true };
  }

  async list(): Promise<WatchedFeed[]> {
    return this.sql.exec<Row>(`SELECT ${COLUMNS} FROM feeds ORDER BY added, id`).toArray().map(fromRow);
  }

  async get(id: string): Promise<WatchedFeed | null> {
    return this.row(id);
  }

  async remove(id: string): Promise<boolean> {
    return this.sql.exec(`DELETE FROM feeds WHERE id = ?`, id).rowsWritten > 0;
  }

  /** Feeds whose time has come, the longest-waiting first. */
  async due(now: number, limit: number): Promise<WatchedFeed[]> {
    return this.sql
      .exec<Row>(`SELECT ${COLUMNS} FROM feeds WHERE next_poll <= ? ORDER BY next_poll, id LIMIT ?`, now, limit)
      .toArray()
      .map(fromRow);
  }

  /** Outcomes of a cron run; a feed deleted meanwhile is simply not updated. */
  async record(records: PollRecord[], now: number): Promise<number> {
    return this.ctx.storage.transactionSync(() => {
      let updated = 0;
      for (const r of records) {
        updated += this.sql.exec(
          `UPDATE feeds SET last_poll = ?, next_poll = ? + interval_minutes * 60000, last_status = ?, last_error = ?,
             polls = polls + 1, errors = errors + ?, items_seen = items_seen + ?, items_failed = items_failed + ?
           WHERE id = ?`,
          now,
          now,
          r.status,
          r.error,
          r.status === "error" ? 1 : 0,
          r.newItems,
          r.failedItems,
          r.id,
        ).rowsWritten;
      }
      return updated;
    });
  }
}
