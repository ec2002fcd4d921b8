/**
 * A domain's state from its stored rows: what DomainTree does when it wakes (after SQLite's read),
 * kept free of Workers APIs so that the bench (scripts/lib/tree-scale.ts) times this very path.
 */
import { DomainState, type EvictionPolicy, type HeldDocument } from "../core/domain-state";
import { unpackU32 } from "./hash-codec";

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
 * One pass over the rows, in seq order (queue order): each hash blob goes straight into a typed
 * array, each distinct branch is parsed once and its array shared by the documents on it (a site's
 * pages share their directories: one JSON.parse and one array per branch, not per row, and the bulk
 * build finds the branch's nodes once), then the counts are built in bulk (DomainState.restoreAll).
 * `seqs` gets each key's row id.
 */
export function restoreRows(
  domain: string,
  policy: EvictionPolicy,
  rows: Iterable<StoredDocumentRow>,
  seqs: Map<string, number>,
): DomainState {
  const state = new DomainState(domain, policy);
  const docs: HeldDocument[] = [];
  const branches = new Map<string, string[]>();
  for (const row of rows) {
    seqs.set(row.url_key, row.seq);
    let branch = branches.get(row.branch);
    if (!branch) branches.set(row.branch, (branch = JSON.parse(row.branch) as string[]));
    docs.push({ key: row.url_key, branch, time: row.time, hashes: unpackU32(row.hashes) });
  }
  state.restoreAll(docs);
  return state;
}
