/**
 * DomainTree: one Durable Object per registrable domain (`idFromName(domain)`), holding that
 * domain's URL Tree. Typed RPC methods; SQLite storage (schema in ./schema.ts).
 *
 * Consistency: every method runs synchronously from start to end (no await between reading and
 * writing), so the runtime's input gate serializes concurrent requests for the domain and none can
 * lose or double-count a document. Insert and the evidence read happen in that one step, insert
 * first. The object never classifies: it answers with counts, and the Worker runs the cascade.
 * Memory is changed only after SQLite accepted the write; if a write throws, the in-memory state
 * is dropped and rebuilt from the documents table on the next call.
 *
 * Nothing is written until the first document: the schema is created by the first write, so a read
 * (stats, export, a classify-only request) of a domain the service never learned leaves no storage
 * behind. The one exception is a store of an older schema, upgraded once when first read.
 */
import { DurableObject } from "cloudflare:workers";
import { configOf } from "../config";
import { documentLine, headerLine } from "../core/domain-export";
import {
  DomainState,
  type EvictionPolicy,
  type HashedBlock,
  type HeldDocument,
  type IngestOutcome,
} from "../core/domain-state";
import { isTemplateOnly } from "../core/interstitial";
import { domainFigures, type DomainFigures } from "../core/domain-figures";
import { branchEvidence, type BranchEvidence } from "../core/tree-evidence";
import { packU32 } from "./hash-codec";
import { restoreRows, type StoredDocumentRow } from "./restore-rows";
import { currentVersion, migrate, SCHEMA_VERSION } from "./schema";

/** What the Worker sends for one page: its identity and block hashes, no text. */
export interface TreeRequest {
  domain: string;
  key: string;
  branch: string[];
  blocks: HashedBlock[];
  /** Insert the page before answering (insert before classify); false: read the evidence only. */
  learn: boolean;
  now?: number;
}

/** The tree's answer: its evidence for the page (src/core/tree-evidence.ts), and what the ingest did. */
export interface TreeAnswer {
  evidence: BranchEvidence;
  ingest: IngestOutcome | null;
  rowsWritten: number;
  /** Set when the page asked to teach but was not inserted: it is nothing but the domain's template (a wall). */
  declined?: "template-only";
}

export interface DomainStats {
  domain: string | null;
  schemaVersion: number;
  documents: number;
  nodes: number;
  bytes: number;
  oldest: number | null;
  newest: number | null;
  policy: EvictionPolicy;
}

/** What an import did, or why it refused (the route maps `conflict` to 409). */
export type ImportResult = { ok: true; imported: number } | { ok: false; code: "conflict"; message: string };

const DAY_MS = 24 * 3600 * 1000;
/** Document lines per chunk of a streamed export: ~100 KB, so memory stays flat at any size. */
const EXPORT_LINES_PER_CHUNK = 100;

export class DomainTree extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly policy: EvictionPolicy;
  private state: DomainState | null = null;
  /** Whether the schema exists in storage; null until first checked. */
  private hasStore: boolean | null = null;
  /**
   * The meta row 'domain' as last read or written; undefined until read. Every insert used to read
   * it again (a SELECT per page): each write of the row sets it, forget() and reset() clear it.
   */
  private domainRow: string | null | undefined = undefined;
  /**
   * True once an alarm is known to be scheduled (getAlarm answered one, or setAlarm was called), so
   * an insert skips getAlarm. Cleared when the alarm runs, on reset() and forget(); `alarmEpoch`
   * keeps a getAlarm answer that arrives after such a clear from setting it again.
   */
  private alarmKnown = false;
  private alarmEpoch = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.policy = configOf(env).eviction;
  }

  /** Whether anything was ever stored; reading sqlite_master writes nothing. Upgrades an older schema once. */
  private stored(): boolean {
    if (this.hasStore === null) {
      const version = currentVersion(this.sql);
      if (version !== 0 && version !== SCHEMA_VERSION) this.ctx.storage.transactionSync(() => migrate(this.sql));
      this.hasStore = version !== 0;
    }
    return this.hasStore;
  }

  /**
   * After a failed write: memory may be ahead of storage (and the schema a rolled-back first write
   * created may be gone), so both are read again on the next call.
   */
  private forget(): void {
    this.state = null;
    this.hasStore = null;
    this.domainRow = undefined;
    this.forgetAlarm();
  }

  private forgetAlarm(): void {
    this.alarmKnown = false;
    this.alarmEpoch++;
  }

  /** Creates the schema on the first write; the caller is inside that write's transaction. */
  private ensureSchema(): void {
    if (this.stored()) return;
    migrate(this.sql);
    this.hasStore = true;
  }

  private storedDomain(): string | null {
    if (!this.stored()) return null;
    if (this.domainRow === undefined) {
      const row = this.sql.exec<{ value: string }>(`SELECT value FROM meta WHERE name = 'domain'`).toArray()[0];
      this.domainRow = row?.value ?? null;
    }
    return this.domainRow;
  }

  /** The domain's state, rebuilt from the documents table when the object (re)starts. */
  private load(domain: string): DomainState {
    if (this.state) {
      if (this.state.domain !== domain) throw new Error(`this object holds ${this.state.domain}, not ${domain}`);
      return this.state;
    }
    const stored = this.storedDomain();
    if (stored && stored !== domain) throw new Error(`this object holds ${stored}, not ${domain}`);
    // Each document's row id (seq) is kept in the state (DomainState.rowId): schema 2 has no url_key index.
    const state = this.stored()
      ? restoreRows(
          domain,
          this.policy,
          this.sql.exec<StoredDocumentRow & { hashes: ArrayBuffer }>(
            `SELECT seq, url_key, branch, time, hashes FROM documents ORDER BY seq`,
          ),
        )
      : new DomainState(domain, this.policy);
    this.state = state;
    return state;
  }

  /**
   * One page: inserted when `req.learn`, then the tree's evidence for it (counts and supports along
   * its branch), in one uninterrupted step. Classification runs in the Worker (src/core/cascade.ts).
   */
  async ingest(req: TreeRequest): Promise<TreeAnswer> {
    const state = this.load(req.domain);
    const now = req.now ?? Date.now();
    let ingest: IngestOutcome | null = null;
    let rowsWritten = 0;
    if (req.learn && templateOnly(state, req)) {
      return { evidence: evidenceFor(state, req), ingest, rowsWritten, declined: "template-only" };
    }
    if (req.learn) {
      try {
        ingest = state.ingest(req.key, req.branch, req.blocks, now);
        rowsWritten = this.ctx.storage.transactionSync(() => this.persist(state, req, ingest!, now));
      } catch (err) {
        this.forget();
        throw err;
      }
    }
    return { evidence: evidenceFor(state, req), ingest, rowsWritten };
  }

  /**
   * Several pages of this domain at once (a feed's articles): all are inserted first, in one
   * transaction, and only then is each one's evidence read. A feed of a site the tree has never
   * seen thus teaches the tree its template before any of its articles is judged, instead of the
   * first articles going out as cold starts. One uninterrupted step, like `ingest`.
   */
  async ingestMany(reqs: TreeRequest[]): Promise<TreeAnswer[]> {
    if (reqs.length === 0) return [];
    const domain = reqs[0]!.domain;
    if (reqs.some((r) => r.domain !== domain)) throw new Error("ingestMany: all pages must belong to one domain");
    const state = this.load(domain);
    const ingests: (IngestOutcome | null)[] = [];
    const rows: number[] = [];
    try {
      this.ctx.storage.transactionSync(() => {
        for (const req of reqs) {
          const now = req.now ?? Date.now();
          const ingest =
            req.learn && !templateOnly(state, req) ? state.ingest(req.key, req.branch, req.blocks, now) : null;
          ingests.push(ingest);
          rows.push(ingest ? this.persist(state, req, ingest, now) : 0);
        }
      });
    } catch (err) {
      this.forget();
      throw err;
    }
    return reqs.map((req, i) => ({ evidence: evidenceFor(state, req), ingest: ingests[i]!, rowsWritten: rows[i]! }));
  }

  private persist(state: DomainState, req: TreeRequest, ingest: IngestOutcome, now: number): number {
    let written = 0;
    this.ensureSchema();
    if (this.storedDomain() === null) {
      written += this.sql.exec(`INSERT INTO meta (name, value) VALUES ('domain', ?)`, req.domain).rowsWritten;
      // A rolled-back transaction undoes this row: every caller calls forget() when the write throws.
      this.domainRow = req.domain;
    }
    const doc = state.document(req.key)!;
    if (ingest.kind === "inserted") {
      const cursor = this.sql.exec<{ seq: number }>(
        `INSERT INTO documents (url_key, branch, time, hashes) VALUES (?, ?, ?, ?) RETURNING seq`,
        doc.key,
        JSON.stringify(doc.branch),
        doc.time,
        packU32(doc.hashes),
      );
      state.setRowId(doc.key, cursor.one().seq);
      written += cursor.rowsWritten;
    } else if (ingest.kind === "revision") {
      written += this.sql.exec(
        `UPDATE documents SET hashes = ? WHERE seq = ?`,
        packU32(doc.hashes),
        state.rowId(doc.key),
      ).rowsWritten;
    }
    written += this.deleteRemoved(state);
    if (ingest.kind === "inserted") this.ensureAlarm(now);
    return written;
  }

  private deleteRemoved(state: DomainState): number {
    let written = 0;
    for (const seq of state.takeRemovedRows().rowIds) {
      written += this.sql.exec(`DELETE FROM documents WHERE seq = ?`, seq).rowsWritten;
    }
    return written;
  }

  /** Age-based eviction also runs when no page arrives: a daily alarm while documents are held. */
  private ensureAlarm(now: number): void {
    if (this.alarmKnown) return;
    const epoch = this.alarmEpoch;
    void this.ctx.storage.getAlarm().then((at) => {
      if (epoch === this.alarmEpoch) this.alarmKnown = true;
      if (at === null) return this.ctx.storage.setAlarm(now + DAY_MS);
    });
  }

  /** Read-only figures for the inspector: documents, nodes, support along `branch`, learning curve. */
  async figures(branch: string[]): Promise<DomainFigures & { bytes: number }> {
    const domain = this.storedDomain();
    if (!domain) return { documents: 0, nodes: 0, oldest: null, newest: null, branch: [], curve: [], bytes: 0 };
    return { ...domainFigures(this.load(domain), branch), bytes: this.sql.databaseSize };
  }

  override async alarm(): Promise<void> {
    // This alarm has fired: none is scheduled until the one set below (or an insert's).
    this.forgetAlarm();
    const domain = this.storedDomain();
    if (!domain) return;
    const state = this.load(domain);
    try {
      state.evict(Date.now());
      this.ctx.storage.transactionSync(() => this.deleteRemoved(state));
    } catch (err) {
      this.forget();
      throw err;
    }
    if (state.size > 0) {
      const epoch = this.alarmEpoch;
      await this.ctx.storage.setAlarm(Date.now() + DAY_MS);
      if (epoch === this.alarmEpoch) this.alarmKnown = true;
    }
  }

  /** Read-only: an object that never stored anything answers `domain: null` and stays empty. */
  async stats(): Promise<DomainStats> {
    const domain = this.storedDomain();
    const state = domain ? this.load(domain) : null;
    const range = state?.timeRange() ?? null;
    return {
      domain,
      schemaVersion: SCHEMA_VERSION,
      documents: state?.size ?? 0,
      nodes: state?.tree.nodeCount() ?? 0,
      bytes: domain ? this.sql.databaseSize : 0,
      oldest: range?.oldest ?? null,
      newest: range?.newest ?? null,
      policy: this.policy,
    };
  }

  /**
   * JSON text of SerializedDomainState (the tree's recursive type is too deep for RPC typing): the
   * original export, built whole in memory; `exportStream` is the bounded one.
   */
  async exportTree(): Promise<string | null> {
    const domain = this.storedDomain();
    return domain ? JSON.stringify(this.load(domain).toJSON()) : null;
  }

  /**
   * The held documents as NDJSON (src/core/domain-export.ts), a chunk of lines per pull. The list of
   * documents is taken when the call arrives; held documents are never changed in place, so the
   * export is that moment's state even while pages keep arriving. Null when nothing is stored.
   */
  async exportStream(): Promise<ReadableStream<Uint8Array> | null> {
    const domain = this.storedDomain();
    if (!domain) return null;
    // A snapshot of the slots (core/held-documents.ts), not an object per document: each line's
    // document is made when its chunk is pulled, and is garbage right after.
    const docs = this.load(domain).held.snapshot();
    const encoder = new TextEncoder();
    let next = 0;
    return new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(encoder.encode(headerLine(domain, docs.size)));
        },
        pull(controller) {
          if (next >= docs.size) {
            controller.close();
            return;
          }
          let text = "";
          const end = Math.min(docs.size, next + EXPORT_LINES_PER_CHUNK);
          for (; next < end; next++) text += documentLine(docs.document(next));
          controller.enqueue(encoder.encode(text));
        },
      },
      { highWaterMark: 1 },
    );
  }

  /**
   * Restores an export (validated by the caller, src/core/domain-export.ts) into an empty domain,
   * in queue order, in one transaction: all documents or none. A domain that holds documents is
   * refused, so an import never merges two histories.
   */
  async importDocuments(domain: string, docs: HeldDocument[]): Promise<ImportResult> {
    const stored = this.storedDomain();
    if (stored && stored !== domain) throw new Error(`this object holds ${stored}, not ${domain}`);
    if (stored && this.load(domain).size > 0) {
      return { ok: false, code: "conflict", message: `${domain} holds documents: reset it before importing` };
    }
    if (docs.length > this.policy.maxDocs) throw new Error(`import of ${docs.length} documents over the cap`);
    if (docs.length === 0) return { ok: true, imported: 0 };
    const state = new DomainState(domain, this.policy);
    try {
      this.ctx.storage.transactionSync(() => {
        this.ensureSchema();
        this.sql.exec(`INSERT OR REPLACE INTO meta (name, value) VALUES ('domain', ?)`, domain);
        for (const doc of docs) {
          state.restore(doc);
          const row = this.sql
            .exec<{ seq: number }>(
              `INSERT INTO documents (url_key, branch, time, hashes) VALUES (?, ?, ?, ?) RETURNING seq`,
              doc.key,
              JSON.stringify(doc.branch),
              doc.time,
              packU32(doc.hashes),
            )
            .one();
          state.setRowId(doc.key, row.seq);
        }
      });
    } catch (err) {
      this.forget();
      throw err;
    }
    this.state = state;
    this.domainRow = domain;
    this.ensureAlarm(Date.now());
    return { ok: true, imported: docs.length };
  }

  /** Empties the object. One that never stored anything is left untouched (no write). */
  async reset(): Promise<{ removed: number }> {
    if (!this.stored()) return { removed: 0 };
    const removed = this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM documents`).one().n;
    this.forgetAlarm();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.state = null;
    this.domainRow = null;
    // The schema is created again by the next write, not now: a reset object stores nothing.
    this.hasStore = false;
    return { removed };
  }
}

function evidenceFor(state: DomainState, req: TreeRequest): BranchEvidence {
  return branchEvidence(state, { key: req.key, branch: req.branch, hashes: req.blocks.map((b) => b.hash) });
}

/**
 * A page whose blocks nearly all recur on most of the domain's documents is a wall served at many
 * URLs (consent, challenge), not a document: it must not teach the tree. Read at the domain node
 * only, before the insert, which is one lookup per block.
 */
function templateOnly(state: DomainState, req: TreeRequest): boolean {
  const atDomain = branchEvidence(state, { key: req.key, branch: [], hashes: req.blocks.map((b) => b.hash) });
  return isTemplateOnly(
    req.blocks.map((b) => b.chars),
    atDomain,
  );
}
