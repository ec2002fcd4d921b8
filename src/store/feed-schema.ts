/**
 * Storage schemas of the two feed Durable Objects (SQLite), each versioned on its own in its
 * `meta` table, the way `schema.ts` versions DomainTree.
 *
 * FeedCache, one object per feed URL (`idFromName(feed URL)`), version 1
 * - `meta(name, value)`: `schema_version`, `feed_url`.
 * - `upstream(id = 1, etag, last_modified, content_type, body, fetched_at)`: the last feed document
 *   fetched and its validators, for conditional GET. `body` is kept only while it is under
 *   FEED_BODY_MAX bytes; without a body the validators are not sent (a 304 would leave us nothing).
 * - `items(cache_key, url_key, url, html, text, method, created, last_seen)`: one row per article
 *   processed from this feed. `cache_key` is `<URL key of the item's link> <reader hash>` (see
 *   core/feed/item-hash.ts): an item is fetched again only when its link, title, description or
 *   date changed. `url_key` is the key the article got in its domain's tree (after redirects),
 *   `html`/`text` the extracted full text, `method` "tree" (only tree results are cached: a
 *   cold-start result is served but re-done on the next poll, once the domain has learned more).
 *   `last_seen` is the last poll that listed the item; rows unseen for 30 days are pruned, and at
 *   most 1,000 rows are kept (the least recently seen go first).
 *
 * FeedRegistry, a single object (`idFromName("registry")`), version 1
 * - `meta(name, value)`: `schema_version`.
 * - `feeds(id, url, added, interval_minutes, max_items, next_poll, last_poll, last_status,
 *   last_error, polls, errors, items_seen, items_failed)`: the watched feeds. `id` is the first 16
 *   hex digits of the md5 of the feed URL (stable: registering twice finds the same row).
 *   `next_poll` is when the cron trigger polls it next (indexed); `items_seen` counts articles
 *   fetched and extracted for the first time, `items_failed` item failures, `errors` failed polls.
 */

export const FEED_CACHE_SCHEMA_VERSION = 1;
export const FEED_REGISTRY_SCHEMA_VERSION = 1;

const META = `CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID`;

const FEED_CACHE_MIGRATIONS: Record<number, string[]> = {
  1: [
    META,
    `CREATE TABLE IF NOT EXISTS upstream (
       id INTEGER PRIMARY KEY CHECK (id = 1),
       etag TEXT,
       last_modified TEXT,
       content_type TEXT,
       body BLOB,
       fetched_at INTEGER NOT NULL
     )`,
    `CREATE TABLE IF NOT EXISTS items (
       cache_key TEXT NOT NULL UNIQUE,
       url_key TEXT NOT NULL,
       url TEXT NOT NULL,
       html TEXT NOT NULL,
       text TEXT NOT NULL,
       method TEXT NOT NULL,
       created INTEGER NOT NULL,
       last_seen INTEGER NOT NULL
     )`,
    `CREATE INDEX IF NOT EXISTS items_last_seen ON items (last_seen)`,
  ],
};

const FEED_REGISTRY_MIGRATIONS: Record<number, string[]> = {
  1: [
    META,
    `CREATE TABLE IF NOT EXISTS feeds (
       id TEXT PRIMARY KEY,
       url TEXT NOT NULL UNIQUE,
       added INTEGER NOT NULL,
       interval_minutes INTEGER NOT NULL,
       max_items INTEGER NOT NULL,
       next_poll INTEGER NOT NULL,
       last_poll INTEGER,
       last_status TEXT,
       last_error TEXT,
       polls INTEGER NOT NULL DEFAULT 0,
       errors INTEGER NOT NULL DEFAULT 0,
       items_seen INTEGER NOT NULL DEFAULT 0,
       items_failed INTEGER NOT NULL DEFAULT 0
     ) WITHOUT ROWID`,
    `CREATE INDEX IF NOT EXISTS feeds_next_poll ON feeds (next_poll)`,
  ],
};

function storedVersion(sql: SqlStorage): number {
  const hasMeta = sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).toArray().length > 0;
  if (!hasMeta) return 0;
  const row = sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'schema_version'`).toArray()[0];
  return row ? Number(row.value) : 0;
}

function migrateWith(sql: SqlStorage, migrations: Record<number, string[]>, version: number, what: string): void {
  const from = storedVersion(sql);
  if (from > version) throw new Error(`${what} storage schema ${from} is newer than this code (${version})`);
  for (let v = from + 1; v <= version; v++) {
    for (const statement of migrations[v] ?? []) sql.exec(statement);
    sql.exec(`INSERT OR REPLACE INTO meta (name, value) VALUES ('schema_version', ?)`, String(v));
  }
}

export function migrateFeedCache(sql: SqlStorage): void {
  migrateWith(sql, FEED_CACHE_MIGRATIONS, FEED_CACHE_SCHEMA_VERSION, "FeedCache");
}

export function migrateFeedRegistry(sql: SqlStorage): void {
  migrateWith(sql, FEED_REGISTRY_MIGRATIONS, FEED_REGISTRY_SCHEMA_VERSION, "FeedRegistry");
}
