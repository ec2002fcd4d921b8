/**
 * Storage schema of a DomainTree Durable Object (SQLite), versioned.
 *
 * Version 1
 * - `meta(name, value)`: `schema_version`, and `domain` (the registrable domain the object serves).
 * - `documents(seq, url_key, branch, time, hashes)`: the held documents, in queue order (`seq`,
 *   the rowid: a new row gets max + 1, so order holds without AUTOINCREMENT's extra row write).
 *   `url_key` is unique: the URL-key registry used for duplicates and revisions. `branch` is the
 *   JSON array of tree segments below the domain node; `time` the first insertion (ms since epoch);
 *   `hashes` every 64-bit block hash the document added to its branch, 8 bytes each, big-endian,
 *   revisions included: exactly what eviction subtracts.
 *
 * The URL Tree's counts are not stored: they are a pure function of the held documents, rebuilt in
 * memory when the object starts. Ingesting a page therefore writes one row (plus its key index)
 * instead of one per (node, block) pair, and counts can never disagree with the documents held.
 */
export const SCHEMA_VERSION = 1;

const MIGRATIONS: Record<number, string[]> = {
  1: [
    `CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID`,
    `CREATE TABLE IF NOT EXISTS documents (
       seq INTEGER PRIMARY KEY,
       url_key TEXT NOT NULL UNIQUE,
       branch TEXT NOT NULL,
       time INTEGER NOT NULL,
       hashes BLOB NOT NULL
     )`,
  ],
};

export function currentVersion(sql: SqlStorage): number {
  const hasMeta = sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).toArray().length > 0;
  if (!hasMeta) return 0;
  const row = sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'schema_version'`).toArray()[0];
  return row ? Number(row.value) : 0;
}

/** Applies every migration above the stored version; refuses a store newer than this code. */
export function migrate(sql: SqlStorage): void {
  const from = currentVersion(sql);
  if (from > SCHEMA_VERSION) throw new Error(`storage schema ${from} is newer than this code (${SCHEMA_VERSION})`);
  for (let v = from + 1; v <= SCHEMA_VERSION; v++) {
    for (const statement of MIGRATIONS[v] ?? []) sql.exec(statement);
    sql.exec(`INSERT OR REPLACE INTO meta (name, value) VALUES ('schema_version', ?)`, String(v));
  }
}
