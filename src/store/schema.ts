/**
 * Storage schema of a DomainTree Durable Object (SQLite), versioned.
 *
 * Version 2 (current)
 * - `meta(name, value)`: `schema_version`, and `domain` (the registrable domain the object serves).
 * - `documents(seq, url_key, branch, time, hashes)`: the held documents, in queue order (`seq`,
 *   the rowid: a new row gets max + 1, so order holds without AUTOINCREMENT's extra row write).
 *   `url_key` is the document's identity; `branch` the JSON array of tree segments below the domain
 *   node; `time` the first insertion (ms since epoch); `hashes` every 32-bit block hash the
 *   document added to its branch, 4 bytes each, big-endian, revisions included: exactly what
 *   eviction subtracts.
 *
 * The tables are created by the object's first write (DomainTree), never by a read: an object asked
 * about a domain it never learned stays without storage.
 *
 * The URL Tree's counts are not stored: they are a pure function of the held documents, rebuilt in
 * memory when the object starts. Ingesting a page therefore writes one row instead of one per
 * (node, block) pair, and counts can never disagree with the documents held.
 *
 * Why version 2: version 1 took 1.7 MB per 1,000 documents (stream-ctf), over the 1 MB budget.
 * Almost all of it was hashes (~120 unique blocks per page at 8 bytes) and the UNIQUE index on
 * `url_key`, which copied every key (~85 bytes) and cost a second row write per ingest. The index
 * only enforced what the object's in-memory registry already guarantees (one row per key) and
 * served lookups the object now makes by `seq`, which it keeps per key in memory.
 *
 * 32-bit hashes, the collision risk weighed: two different blocks of one domain share a hash with
 * probability 2^-32 per pair. A domain at the 10,000-document cap holds on the order of 400,000
 * distinct blocks (stream-ctf: ~40 new per document), so about n²/2^33 ≈ 20 colliding pairs.
 * A collision merges the two blocks' counts; it matters only when it lifts a block over the
 * boilerplate threshold: a content block colliding with a template block (p ≈ template blocks on
 * its branch / 2^32 ≈ 10^-7 per block), or two content blocks colliding at a node with under 100
 * documents, where a count of 2 already votes boilerplate (p ≈ blocks held there / 2^32 ≈ 3·10^-6).
 * That is a few blocks per million misjudged, far below the heuristics' own error (F1 ≈ 0.9), for
 * half of the storage. With 64 bits the expected collisions would be ~4·10^-9; we accept the trade.
 */
import { narrowSchema1Hashes } from "./hash-codec";

export const SCHEMA_VERSION = 2;

/** A new object gets the current tables directly: a dropped table would leave free pages behind. */
const CREATE_CURRENT = [
  `CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS documents (
     seq INTEGER PRIMARY KEY,
     url_key TEXT NOT NULL,
     branch TEXT NOT NULL,
     time INTEGER NOT NULL,
     hashes BLOB NOT NULL
   )`,
];

/** Upgrades of a stored object from version v - 1 to v. */
const UPGRADES: Record<number, (sql: SqlStorage) => void> = {
  // 8-byte hashes to their 4-byte prefix; the url_key index goes with the old table. Queue order
  // (seq) is kept as is.
  2(sql) {
    sql.exec(`CREATE TABLE documents_v2 (
      seq INTEGER PRIMARY KEY,
      url_key TEXT NOT NULL,
      branch TEXT NOT NULL,
      time INTEGER NOT NULL,
      hashes BLOB NOT NULL
    )`);
    const rows = sql
      .exec<{ seq: number; url_key: string; branch: string; time: number; hashes: ArrayBuffer }>(
        `SELECT seq, url_key, branch, time, hashes FROM documents ORDER BY seq`,
      )
      .toArray();
    for (const row of rows) {
      sql.exec(
        `INSERT INTO documents_v2 (seq, url_key, branch, time, hashes) VALUES (?, ?, ?, ?, ?)`,
        row.seq,
        row.url_key,
        row.branch,
        row.time,
        narrowSchema1Hashes(row.hashes),
      );
    }
    sql.exec(`DROP TABLE documents`);
    sql.exec(`ALTER TABLE documents_v2 RENAME TO documents`);
  },
};

/** Version 1, as it was created; kept so the upgrade can be tested from a real version-1 store. */
export const SCHEMA_1 = [
  `CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS documents (
     seq INTEGER PRIMARY KEY,
     url_key TEXT NOT NULL UNIQUE,
     branch TEXT NOT NULL,
     time INTEGER NOT NULL,
     hashes BLOB NOT NULL
   )`,
];

export function currentVersion(sql: SqlStorage): number {
  const hasMeta = sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).toArray().length > 0;
  if (!hasMeta) return 0;
  const row = sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'schema_version'`).toArray()[0];
  return row ? Number(row.value) : 0;
}

/**
 * Brings the store to SCHEMA_VERSION; refuses a store newer than this code. The caller runs it in
 * one transaction (transactionSync), so an upgrade is all or nothing.
 */
export function migrate(sql: SqlStorage): void {
  const from = currentVersion(sql);
  if (from > SCHEMA_VERSION) throw new Error(`storage schema ${from} is newer than this code (${SCHEMA_VERSION})`);
  if (from === SCHEMA_VERSION) return;
  if (from === 0) {
    for (const statement of CREATE_CURRENT) sql.exec(statement);
  } else {
    for (let v = from + 1; v <= SCHEMA_VERSION; v++) UPGRADES[v]!(sql);
  }
  sql.exec(`INSERT OR REPLACE INTO meta (name, value) VALUES ('schema_version', ?)`, String(SCHEMA_VERSION));
}
