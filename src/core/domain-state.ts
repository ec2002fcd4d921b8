/**
 * Everything known about one domain: its URL Tree, the registry of URL keys already seen
 * (duplicates and revisions), and the queue of held documents that makes eviction exact.
 * Pure and in-memory; the Durable Object persists it, the eval script uses it as is.
 */
import { hashToU32, u32ToHash, uniqueHashes } from "./hash-u32";
import { UrlTree, type SerializedNode, type TreeNode } from "./url-tree";

export interface EvictionPolicy {
  /** Most documents held per domain (production: 10,000). */
  maxDocs: number;
  /** Documents older than this are removed... (production: 14 days) */
  maxAgeMs: number;
  /** ...while at least this many of the most recent are kept (production: 100). */
  keepRecent: number;
}

export const DEFAULT_EVICTION: EvictionPolicy = { maxDocs: 10_000, maxAgeMs: 14 * 24 * 3600 * 1000, keepRecent: 100 };

/** A revision adds its never-seen blocks only when they amount to more than this many characters. */
export const REVISION_MIN_NEW_CHARS = 100;

export interface HeldDocument {
  key: string;
  /** Never changed in place: a restart gives the documents of one branch one array (src/store/restore-rows.ts). */
  branch: readonly string[];
  /** Milliseconds since the epoch when the document was first inserted. */
  time: number;
  /**
   * Every hash this document added to its branch (unique, 32-bit), including later revisions: what
   * removal subtracts. Never changed in place (a revision replaces the array), so a held reference
   * is a consistent snapshot, which a streamed export relies on.
   */
  hashes: Uint32Array;
}

/** A held document as it crosses JSON and RPC: hashes as 8 hex digits each. */
export interface SerializedDocument {
  key: string;
  branch: string[];
  time: number;
  hashes: string[];
}

export interface HashedBlock {
  hash: string;
  /** Length of the block's text: a revision must bring enough new text to count. */
  chars: number;
}

export type IngestOutcome =
  | { kind: "inserted"; evicted: number }
  | { kind: "revision"; addedHashes: number; evicted: number }
  | { kind: "unchanged"; evicted: number };

export interface SerializedDomainState {
  version: 1;
  domain: string;
  tree: SerializedNode;
  documents: SerializedDocument[];
}

export class DomainState {
  /** Insertion order is queue order: the first entry is the oldest document. */
  private readonly documents = new Map<string, HeldDocument>();
  /** Keys removed since the last takeRemoved(): what a persistent store must delete too. */
  private removedKeys: string[] = [];

  constructor(
    readonly domain: string,
    readonly policy: EvictionPolicy = DEFAULT_EVICTION,
    readonly tree: UrlTree = new UrlTree(domain),
  ) {}

  get size(): number {
    return this.documents.size;
  }

  document(key: string): HeldDocument | undefined {
    return this.documents.get(key);
  }

  heldDocuments(): IterableIterator<HeldDocument> {
    return this.documents.values();
  }

  /**
   * Inserts a document before it is classified. A key already held is a revision: it does not count
   * as a new document, but its never-seen blocks are added when they bring enough new text.
   */
  ingest(key: string, branch: readonly string[], blocks: readonly HashedBlock[], now: number): IngestOutcome {
    const held = this.documents.get(key);
    if (held) {
      const own = new Set(held.hashes);
      const fresh = new Map<number, number>();
      for (const b of blocks) {
        const h = hashToU32(b.hash);
        if (own.has(h) || this.tree.root.countOf(h) > 0) continue;
        fresh.set(h, (fresh.get(h) ?? 0) + b.chars);
      }
      let chars = 0;
      for (const n of fresh.values()) chars += n;
      if (chars < REVISION_MIN_NEW_CHARS) return { kind: "unchanged", evicted: this.evict(now, key) };
      const added = Uint32Array.from(fresh.keys());
      this.tree.addRevisionHashes(held.branch, added);
      const hashes = new Uint32Array(held.hashes.length + added.length);
      hashes.set(held.hashes);
      hashes.set(added, held.hashes.length);
      this.documents.set(key, { ...held, hashes });
      return { kind: "revision", addedHashes: added.length, evicted: this.evict(now, key) };
    }
    const unique = uniqueHashes(blocks.map((b) => b.hash));
    this.tree.insertDocument(branch, unique);
    this.documents.set(key, { key, branch: [...branch], time: now, hashes: unique });
    return { kind: "inserted", evicted: this.evict(now, key) };
  }

  /**
   * Removes oldest documents while more than maxDocs are held, or while more than keepRecent are
   * held and the oldest is older than maxAgeMs. `protect` is never evicted (the document being
   * classified right now must stay in the tree it is classified against).
   */
  evict(now: number, protect?: string): number {
    let evicted = 0;
    const { maxDocs, maxAgeMs, keepRecent } = this.policy;
    for (const doc of this.documents.values()) {
      const n = this.documents.size;
      const tooMany = n > maxDocs;
      const tooOld = n > keepRecent && now - doc.time > maxAgeMs;
      if (doc.key === protect) continue;
      if (!tooMany && !tooOld) break;
      this.remove(doc.key);
      evicted++;
    }
    return evicted;
  }

  remove(key: string): boolean {
    const doc = this.documents.get(key);
    if (!doc) return false;
    this.tree.removeDocument(doc.branch, doc.hashes);
    this.documents.delete(key);
    this.removedKeys.push(key);
    return true;
  }

  takeRemoved(): string[] {
    const keys = this.removedKeys;
    this.removedKeys = [];
    return keys;
  }

  /**
   * Restores a held document as stored, without eviction: the way a persistent store reloads, one
   * pass over the documents. Its hashes must be unique, as stored (an import checks it first).
   */
  restore(doc: HeldDocument): void {
    if (this.documents.has(doc.key)) throw new Error(`restore: duplicate key ${doc.key}`);
    this.tree.insertDocument(doc.branch, doc.hashes);
    this.documents.set(doc.key, doc);
  }

  /** restore() for many documents at once, in queue order: one bulk build of the counts (a restart). */
  restoreAll(docs: readonly HeldDocument[]): void {
    if (this.documents.size === 0) {
      // A restart: the map itself finds a duplicate (one pass, no set of keys beside it), and is
      // emptied again before the throw, so a refused restore leaves the state as it was.
      for (const doc of docs) this.documents.set(doc.key, doc);
      if (this.documents.size !== docs.length) {
        this.documents.clear();
        const keys = new Set<string>();
        for (const doc of docs) {
          if (keys.has(doc.key)) throw new Error(`restore: duplicate key ${doc.key}`);
          keys.add(doc.key);
        }
      }
      this.tree.insertDocuments(docs);
      return;
    }
    const keys = new Set<string>();
    for (const doc of docs) {
      if (this.documents.has(doc.key) || keys.has(doc.key)) throw new Error(`restore: duplicate key ${doc.key}`);
      keys.add(doc.key);
    }
    this.tree.insertDocuments(docs);
    for (const doc of docs) this.documents.set(doc.key, doc);
  }

  /** Oldest and newest insertion times of held documents. */
  timeRange(): { oldest: number; newest: number } | null {
    let oldest = Infinity;
    let newest = -Infinity;
    for (const d of this.documents.values()) {
      if (d.time < oldest) oldest = d.time;
      if (d.time > newest) newest = d.time;
    }
    return this.documents.size ? { oldest, newest } : null;
  }

  /** Branch nodes from the domain node down, as far as the tree has them. */
  branchNodes(branch: readonly string[]): TreeNode[] {
    return this.tree.nodes(branch, false);
  }

  toJSON(): SerializedDomainState {
    const documents = [...this.documents.values()].map(serializeDocument);
    return { version: 1, domain: this.domain, tree: this.tree.toJSON(), documents };
  }

  /**
   * The counts are a function of the documents, so they are rebuilt from them rather than read
   * from `data.tree`: a serialized tree that disagreed with its documents cannot come back.
   */
  static fromJSON(data: SerializedDomainState, policy: EvictionPolicy = DEFAULT_EVICTION): DomainState {
    if (data.version !== 1) throw new Error(`unsupported domain state version ${String(data.version)}`);
    const state = new DomainState(data.domain, policy);
    for (const doc of data.documents) state.restore(deserializeDocument(doc));
    return state;
  }
}

export function serializeDocument(doc: HeldDocument): SerializedDocument {
  return { key: doc.key, branch: [...doc.branch], time: doc.time, hashes: Array.from(doc.hashes, u32ToHash) };
}

export function deserializeDocument(doc: SerializedDocument): HeldDocument {
  return { key: doc.key, branch: [...doc.branch], time: doc.time, hashes: Uint32Array.from(doc.hashes, hashToU32) };
}
