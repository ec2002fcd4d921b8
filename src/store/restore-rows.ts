/**
 * A domain's state from its stored rows: what DomainTree does when it wakes (after SQLite's read),
 * kept free of Workers APIs so that the bench (scripts/lib/tree-scale.ts) times this very path.
 */
import { DomainState, type EvictionPolicy } from "../core/domain-state";
import { HASH_BYTES, unpackU32Into } from "./hash-codec";

/** A row of the documents table (./schema.ts), as a cursor yields it. */
export type StoredDocumentRow = {
  seq: number;
  url_key: string;
  /** JSON array of the branch's segments. */
  branch: string;
  time: number;
  hashes: ArrayBuffer | Uint8Array;
};

/**
 * One pass over the rows, in seq order (queue order): each hash blob is decoded straight into the
 * held documents' shared chunks (core/held-documents.ts: no array, buffer or view kept per row),
 * each row's seq is kept as the document's row id (DomainState.rowId), each distinct branch is
 * parsed once and its array shared by the documents on it (a site's pages share their directories:
 * one JSON.parse and one array per branch, not per row, and the bulk build finds the branch's nodes
 * once), then the counts are built in bulk (DomainState.bulkRestore).
 */
export function restoreRows(domain: string, policy: EvictionPolicy, rows: Iterable<StoredDocumentRow>): DomainState {
  const state = new DomainState(domain, policy);
  const bulk = state.bulkRestore();
  const held = state.held;
  const branches = new Map<string, string[]>();
  for (const row of rows) {
    let branch = branches.get(row.branch);
    if (!branch) branches.set(row.branch, (branch = JSON.parse(row.branch) as string[]));
    const length = Math.floor(row.hashes.byteLength / HASH_BYTES);
    const slot = bulk.reserve(row.url_key, branch, row.time, length, row.seq);
    unpackU32Into(row.hashes, held.chunk(slot), held.offset(slot), length);
  }
  bulk.finish();
  return state;
}
