/**
 * The URL Tree of one domain (paper §4). The root is the domain node; below it hang the host labels
 * under the registrable domain and then the path segments of URL keys. Every node on a document's
 * branch counts the documents below it (`docs`, the paper's n_s) and, per unique block hash, how
 * many of those documents contained the block (the paper's c(b)).
 *
 * Memory (a domain at the 10,000-document cap holds millions of (node, block) counts, ~90% of
 * them 1): a block that only one held document contains, its content, has count 1 on every node of
 * that document's branch and 0 elsewhere. Such a hash is stored once, for the whole tree, with the
 * id of the deepest node of its document's branch (`sole`); every other count is explicit, in the
 * node's CountTable (./count-table.ts). When a second document brings a sole hash, the first
 * document's counts become explicit. The converse is not done (a shared hash whose other documents
 * left stays explicit, with its exact counts), so both forms occur and `countOf` reads both.
 *
 * Invariant (tested by recount): at every node, countOf(h) equals the number of held documents on
 * that node's subtree whose hash set contains h, and docs equals the number of such documents.
 */
import { CountTable } from "./count-table";
import { estimateDistinct, FirstHolders } from "./first-holders";
import { SoleOwners } from "./sole-owners";
import { hashToU32, u32ToHash } from "./hash-u32";

/**
 * Documents for a bulk build, k from 0 to count - 1 in queue order: branches[k], and hashes (unique)
 * chunks[chunkOf[k]] from offsets[k], lengths[k] entries.
 */
export interface PackedDocuments {
  count: number;
  branches: readonly (readonly string[] | undefined)[];
  chunks: readonly Uint32Array[];
  chunkOf: Uint32Array;
  offsets: Uint32Array;
  lengths: Uint32Array;
}

/** A bulk build's state for fillCounts (UrlTree.insertDocuments): per shared hash, per occurrence, per document, and scratch. */
interface BulkCounts {
  /** The hash of each shared index (a hash two documents or more hold). */
  shared: Uint32Array;
  /** Shared index of each occurrence of a shared hash, document after document; document k's from start[k] to start[k + 1]. */
  occ: Uint32Array;
  start: Uint32Array;
  /** A node's documents (by node id): first, then next after each; -1 ends. */
  firstDoc: Int32Array;
  nextDoc: Int32Array;
  /** Count per shared index at the node being filled, 0 again after it. */
  acc: Uint32Array;
  /** The indexes the node counted, and its table's keys and counts (room for every shared hash). */
  touched: Uint32Array;
  keys: Uint32Array;
  counts: Uint32Array;
  /** The (shared index, count) pairs of the nodes filled whose parent is not yet (fillCounts), and its top. */
  stack: Uint32Array;
  top: number;
}

export class TreeNode {
  docs = 0;
  /** Explicit counts; a hash held by one document only may instead be implied (UrlTree.sole). */
  readonly table = new CountTable();
  readonly children = new Map<string, TreeNode>();
  /** Set for nodes of a tree; a detached node (a branch the tree does not have) has none. */
  tree: UrlTree | null = null;
  parent: TreeNode | null = null;
  depth = 0;
  id = 0;
  constructor(readonly segment: string) {}

  /** c(b) by the hash's hex form, as it crosses the RPC boundary. */
  count(hash: string): number {
    return this.countOf(hashToU32(hash));
  }

  countOf(hash: number): number {
    const explicit = this.table.get(hash);
    if (explicit > 0 || !this.tree) return explicit;
    return this.tree.soleCountAt(this, hash);
  }

  /** Every (hash, count) at this node, implied ones included: for serialization and tests, not the hot path. */
  *entries(): IterableIterator<[number, number]> {
    yield* this.table.entries();
    if (this.tree) for (const h of this.tree.soleHashesUnder(this)) yield [h, 1];
  }

  /** Distinct hashes counted at this node (a scan: tests and reports). */
  get distinctHashes(): number {
    let n = 0;
    for (const _ of this.entries()) n++;
    return n;
  }

  /** Every (hex hash, count) pair. */
  *counts(): IterableIterator<[string, number]> {
    for (const [h, c] of this.entries()) yield [u32ToHash(h), c];
  }
}

/** A serialized node: [segment, docs, [hash, count][], children]. Compact for JSON and storage. */
export type SerializedNode = [string, number, [string, number][], SerializedNode[]];

export class UrlTree {
  readonly root: TreeNode;
  /** Hashes held by exactly one document: hash to the id of the deepest node of that document's branch. */
  private readonly sole = new SoleOwners();
  /** Node by id (ids from 1; 0 means none); ids of removed nodes are reused. */
  private readonly byId: (TreeNode | undefined)[] = [undefined];
  private readonly freeIds: number[] = [];
  /** How many times the last bulk build's hash table grew (./first-holders.ts): 0 when its estimate held (tests). */
  lastBulkGrowths = 0;

  constructor(domain: string) {
    this.root = this.attach(new TreeNode(domain), null);
  }

  /** Nodes from the root down along `branch`, creating missing ones when `create` is set. */
  nodes(branch: readonly string[], create = false): TreeNode[] {
    const out = [this.root];
    let node = this.root;
    for (const segment of branch) {
      let child = node.children.get(segment);
      if (!child) {
        if (!create) break;
        child = this.attach(new TreeNode(segment), node);
        node.children.set(segment, child);
      }
      out.push(child);
      node = child;
    }
    return out;
  }

  /** Adds one document: n_s + 1 on every node of its branch and c(b) + 1 per hash (unique: the caller's duty). */
  insertDocument(branch: readonly string[], uniqueHashes: ArrayLike<number>): void {
    const path = this.nodes(branch, true);
    for (const node of path) node.docs++;
    this.addHashes(path, uniqueHashes);
  }

  /**
   * insertDocument for many documents at once (a restart), into an empty tree, and no table that
   * grows by steps. First: the branches and their support, and every occurrence placed in one table
   * of first holders sized from the documents beforehand (./first-holders.ts), the only hashing of
   * every occurrence; the hashes of one document stay there, as the sole-owner table. Second: each
   * document's shared hashes kept, as their shared index. Third: these are counted up the tree in
   * post-order, in one scratch array indexed by shared index (a node adds its own documents'
   * occurrences and its children's (index, count) lists), and each node's table is filled once,
   * sized for its entries (fillCounts).
   */
  insertDocuments(docs: readonly { branch: readonly string[]; hashes: ArrayLike<number> }[]): void {
    if (this.root.docs !== 0 || this.sole.size !== 0) {
      for (const d of docs) this.insertDocument(d.branch, d.hashes);
      return;
    }
    const n = docs.length;
    const offsets = new Uint32Array(n);
    const lengths = new Uint32Array(n);
    let total = 0;
    for (let k = 0; k < n; k++) {
      offsets[k] = total;
      total += lengths[k] = docs[k]!.hashes.length;
    }
    const all = new Uint32Array(total);
    for (let k = 0; k < n; k++) {
      const h = docs[k]!.hashes;
      for (let i = 0; i < h.length; i++) all[offsets[k]! + i] = h[i]!;
    }
    this.insertPacked({
      count: n,
      branches: docs.map((d) => d.branch),
      chunks: [all],
      chunkOf: new Uint32Array(n),
      offsets,
      lengths,
    });
  }

  /**
   * insertDocuments for documents whose hashes are ranges of shared chunks (./held-documents.ts, a
   * restart): no array per document is needed, nor made.
   */
  insertPacked(docs: PackedDocuments): void {
    if (this.root.docs !== 0 || this.sole.size !== 0) {
      for (let k = 0; k < docs.count; k++) {
        const at = docs.offsets[k]!;
        this.insertDocument(docs.branches[k]!, docs.chunks[docs.chunkOf[k]!]!.subarray(at, at + docs.lengths[k]!));
      }
      return;
    }
    const n = docs.count;
    const { chunks, chunkOf, offsets, lengths } = docs;
    // Where each document's entries start in `occ`, one per occurrence, in document order.
    const start = new Uint32Array(n + 1);
    for (let k = 0; k < n; k++) start[k + 1] = start[k]! + lengths[k]!;
    const occ = new Uint32Array(start[n]!);
    // Every distinct hash and its first holder, in a table sized from the documents before any is
    // placed; the hashes one document holds stay there as the sole-owner table (./first-holders.ts).
    const holders = new FirstHolders(estimateDistinct(docs));
    // Documents given one branch array (a restart parses each distinct branch once) find their
    // deepest node by the array itself, and count on its nodes by the parent links: no segment lookups.
    const leaves = new Map<readonly string[], TreeNode>();
    const leafOf = new Uint32Array(n);
    for (let k = 0; k < n; k++) {
      const branch = docs.branches[k]!;
      let leaf = leaves.get(branch);
      if (leaf) for (let node: TreeNode | null = leaf; node; node = node.parent) node.docs++;
      else leaves.set(branch, (leaf = this.supportBranch(branch)));
      leafOf[k] = leaf.id;
      holders.addDocument(chunks[chunkOf[k]!]!, offsets[k]!, lengths[k]!, leaf.id, occ, start[k]!);
    }
    // Documents by their deepest node, as linked lists: the node's own documents in fillCounts.
    const firstDoc = new Int32Array(this.byId.length).fill(-1);
    const nextDoc = new Int32Array(n);
    // `occ` keeps the shared hashes only, as their shared index, in place (the sole ones are placed).
    let w = 0;
    for (let k = 0; k < n; k++) {
      const leaf = leafOf[k]!;
      nextDoc[k] = firstDoc[leaf]!;
      firstDoc[leaf] = k;
      const end = start[k + 1]!;
      const from = start[k]!;
      start[k] = w;
      w = holders.split(occ, from, end, w);
    }
    start[n] = w;
    const shared = holders.shared.subarray(0, holders.sharedCount);
    const sole = holders.soleTable();
    this.sole.adopt(sole.keys, sole.values, sole.size);
    this.lastBulkGrowths = holders.growths;
    if (shared.length === 0) return;
    const scratch: BulkCounts = {
      shared,
      occ,
      start,
      firstDoc,
      nextDoc,
      acc: new Uint32Array(shared.length),
      touched: new Uint32Array(shared.length),
      keys: new Uint32Array(shared.length),
      counts: new Uint32Array(shared.length),
      // Room for one node's pairs; grown (doubled) when siblings' pairs wait for their parent together.
      stack: new Uint32Array(2 * shared.length),
      top: 0,
    };
    this.fillCounts(this.root, scratch);
  }

  /** n_s + 1 on every node of the branch, missing nodes created; answers the deepest node. */
  private supportBranch(branch: readonly string[]): TreeNode {
    let node = this.root;
    node.docs++;
    for (const segment of branch) {
      let child = node.children.get(segment);
      if (!child) {
        child = this.attach(new TreeNode(segment), node);
        node.children.set(segment, child);
      }
      child.docs++;
      node = child;
    }
    return node;
  }

  /**
   * Fills the tables of `node`'s subtree (post-order): a node's counts of shared hashes are its own
   * documents' occurrences plus its children's counts. Leaves the node's (shared index, count) pairs, side
   * by side, on top of `s.stack` for its parent, in place of its children's, and answers how many
   * (0: none). One stack for the whole build, not an array per node: a node's children are done
   * before it, so their pairs are always the top of the stack when it reads them.
   */
  private fillCounts(node: TreeNode, s: BulkCounts): number {
    const base = s.top;
    let lists = 0;
    let childPairs = 0;
    for (const child of node.children.values()) {
      const m = this.fillCounts(child, s);
      if (m > 0) {
        lists++;
        childPairs = m;
      }
    }
    const { occ, start, acc, touched, keys, counts } = s;
    const hashes = s.shared;
    let t = 0;
    for (let k = s.firstDoc[node.id]!; k >= 0; k = s.nextDoc[k]!) {
      for (let o = start[k]!; o < start[k + 1]!; o++) {
        const id = occ[o]!;
        if (acc[id]!++ === 0) touched[t++] = id;
      }
    }
    let stack = s.stack;
    if (t === 0 && lists === 1) {
      // No document of its own and one child below: the child's counts are the node's (a chain),
      // and its pairs stay on the stack as the node's.
      for (let j = 0; j < childPairs; j++) {
        keys[j] = hashes[stack[base + 2 * j]!]!;
        counts[j] = stack[base + 2 * j + 1]!;
      }
      node.table.fill(keys, counts, childPairs);
      return childPairs;
    }
    for (let j = base; j < s.top; j += 2) {
      const id = stack[j]!;
      if (acc[id] === 0) touched[t++] = id;
      acc[id]! += stack[j + 1]!;
    }
    s.top = base;
    if (t === 0) return 0;
    if (base + 2 * t > stack.length) {
      stack = new Uint32Array(Math.max(2 * stack.length, base + 2 * t));
      stack.set(s.stack.subarray(0, base));
      s.stack = stack;
    }
    for (let j = 0; j < t; j++) {
      const id = touched[j]!;
      const c = acc[id]!;
      acc[id] = 0;
      keys[j] = hashes[id]!;
      counts[j] = c;
      stack[base + 2 * j] = id;
      stack[base + 2 * j + 1] = c;
    }
    s.top = base + 2 * t;
    node.table.fill(keys, counts, t);
    return t;
  }

  /** Adds hashes without counting a document: a revision's new text (production notes). */
  addRevisionHashes(branch: readonly string[], uniqueHashes: ArrayLike<number>): void {
    this.addHashes(this.nodes(branch, true), uniqueHashes);
  }

  /** Exactly undoes what insertDocument and addRevisionHashes added for one document; cuts emptied branches. */
  removeDocument(branch: readonly string[], uniqueHashes: ArrayLike<number>): void {
    const path = this.nodes(branch, false);
    if (path.length !== branch.length + 1) throw new Error("removeDocument: branch not in tree");
    const leaf = path[path.length - 1]!;
    for (let i = 0; i < uniqueHashes.length; i++) {
      const h = uniqueHashes[i]!;
      const owner = this.sole.get(h);
      if (owner !== 0) {
        // Only one document holds h, and this document holds it: it is this one's.
        if (owner !== leaf.id) throw new Error("removeDocument: a sole hash of another branch");
        this.sole.delete(h);
      } else {
        for (const node of path) node.table.decrement(h);
      }
    }
    for (const node of path) node.docs--;
    for (let i = path.length - 1; i >= 1; i--) {
      const node = path[i]!;
      if (node.docs > 0) break;
      path[i - 1]!.children.delete(node.segment);
      this.detach(node);
    }
  }

  /** 1 when `hash` is held by one document only and `node` is on that document's branch, else 0. */
  soleCountAt(node: TreeNode, hash: number): number {
    const owner = this.sole.get(hash);
    if (owner === 0) return 0;
    let n = this.byId[owner]!;
    while (n.depth > node.depth) n = n.parent!;
    return n === node ? 1 : 0;
  }

  /** The sole hashes whose document is below `node` (a scan of the whole table). */
  *soleHashesUnder(node: TreeNode): IterableIterator<number> {
    for (const [h, owner] of this.sole.entries()) {
      let n = this.byId[owner]!;
      while (n.depth > node.depth) n = n.parent!;
      if (n === node) yield h;
    }
  }

  nodeCount(): number {
    let n = 0;
    for (const _ of this.walk()) n++;
    return n;
  }

  /** Every node, depth first, the root first. */
  *walk(): IterableIterator<TreeNode> {
    const stack = [this.root];
    while (stack.length) {
      const node = stack.pop()!;
      yield node;
      for (const child of node.children.values()) stack.push(child);
    }
  }

  /** Bytes of the count tables and the sole-owner table (typed arrays): the bulk of the tree's memory. */
  tableBytes(): number {
    let n = this.sole.byteLength;
    for (const node of this.walk()) n += node.table.byteLength;
    return n;
  }

  /** Counts held: explicit entries, and sole hashes (each stands for one count per node of its branch). */
  countStats(): { explicit: number; explicitOnes: number; sole: number } {
    let explicit = 0;
    let explicitOnes = 0;
    for (const node of this.walk()) {
      for (const [, c] of node.table.entries()) {
        explicit++;
        if (c === 1) explicitOnes++;
      }
    }
    return { explicit, explicitOnes, sole: this.sole.size };
  }

  toJSON(): SerializedNode {
    // Sole hashes listed per node in one pass over the table, not one scan per node.
    const implied = new Map<TreeNode, [string, number][]>();
    for (const [h, owner] of this.sole.entries()) {
      for (let n: TreeNode | null = this.byId[owner]!; n; n = n.parent) {
        let list = implied.get(n);
        if (!list) implied.set(n, (list = []));
        list.push([u32ToHash(h), 1]);
      }
    }
    // Counts sorted by hash: the same tree serializes the same whichever form its counts are in.
    const write = (node: TreeNode): SerializedNode => [
      node.segment,
      node.docs,
      [
        ...[...node.table.entries()].map(([h, c]): [string, number] => [u32ToHash(h), c]),
        ...(implied.get(node) ?? []),
      ].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      [...node.children.values()].map(write),
    ];
    return write(this.root);
  }

  /** A tree as serialized; every count is explicit (a serialized tree does not say which document holds a hash). */
  static fromJSON(data: SerializedNode): UrlTree {
    const tree = new UrlTree(data[0]);
    const read = (into: TreeNode, src: SerializedNode): void => {
      into.docs = src[1];
      for (const [h, c] of src[2]) into.table.set(hashToU32(h), c);
      for (const childData of src[3]) {
        const child = tree.attach(new TreeNode(childData[0]), into);
        into.children.set(child.segment, child);
        read(child, childData);
      }
    };
    read(tree.root, data);
    return tree;
  }

  private addHashes(path: TreeNode[], uniqueHashes: ArrayLike<number>): void {
    const leaf = path[path.length - 1]!;
    const root = this.root.table;
    for (let i = 0; i < uniqueHashes.length; i++) {
      const h = uniqueHashes[i]!;
      // A hash with explicit counts is never sole too (a sole hash has no explicit count anywhere).
      if (root.get(h) === 0) {
        const owner = this.sole.getOrAdd(h, leaf.id);
        if (owner === 0) continue; // a hash new to the tree: this document is its sole owner
        // A second document brings h: the first one's count of 1 becomes explicit along its branch.
        this.sole.delete(h);
        for (let n: TreeNode | null = this.byId[owner]!; n; n = n.parent) n.table.increment(h);
      }
      for (const node of path) node.table.increment(h);
    }
  }

  private attach(node: TreeNode, parent: TreeNode | null): TreeNode {
    node.tree = this;
    node.parent = parent;
    node.depth = parent ? parent.depth + 1 : 0;
    node.id = this.freeIds.pop() ?? this.byId.length;
    this.byId[node.id] = node;
    return node;
  }

  /** A node cut from the tree, with its subtree (empty by then: no document below, so no sole hash). */
  private detach(node: TreeNode): void {
    for (const child of node.children.values()) this.detach(child);
    this.byId[node.id] = undefined;
    this.freeIds.push(node.id);
    node.tree = null;
  }
}
