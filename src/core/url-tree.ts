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
import { CountTally } from "./count-tally";
import { SoleOwners } from "./sole-owners";
import { hashToU32, u32ToHash } from "./hash-u32";

/** A bulk build's mark for a hash found in two documents (never a node id: ids count up from 1). */
const SHARED = 0xffffffff;

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
   * insertDocument for many documents at once (a restart), into an empty tree. First pass: the
   * branches and their support, and each hash's first document as its sole owner; a hash found a
   * second time is marked SHARED (in the sole-owner table, and in a small set of its own). Second
   * pass: each shared hash is tallied once, at its document's deepest node, and the tallies are
   * summed up the tree, each node's table filled in one go (fillCounts): an occurrence costs a
   * probe or two rather than one count update per node of its branch, and no table grows by steps.
   */
  insertDocuments(docs: readonly { branch: readonly string[]; hashes: ArrayLike<number> }[]): void {
    if (this.root.docs !== 0 || this.sole.size !== 0) {
      for (const d of docs) this.insertDocument(d.branch, d.hashes);
      return;
    }
    let total = 0;
    for (const d of docs) total += d.hashes.length;
    this.sole.reserve(total);
    const leaves: TreeNode[] = [];
    const shared = new CountTally();
    for (const d of docs) {
      const path = this.nodes(d.branch, true);
      for (const node of path) node.docs++;
      const leaf = path[path.length - 1]!;
      leaves.push(leaf);
      for (let i = 0; i < d.hashes.length; i++) {
        const h = d.hashes[i]!;
        const owner = this.sole.getOrAdd(h, leaf.id);
        if (owner !== 0 && owner !== SHARED) {
          this.sole.update(h, SHARED);
          shared.add(h, 1);
        }
      }
    }
    this.sole.dropOwner(SHARED);
    if (shared.size === 0) return;
    const tallies = new Map<TreeNode, CountTally>();
    docs.forEach((d, k) => {
      const leaf = leaves[k]!;
      let tally = tallies.get(leaf);
      for (let i = 0; i < d.hashes.length; i++) {
        const h = d.hashes[i]!;
        if (shared.get(h) === 0) continue;
        if (!tally) tallies.set(leaf, (tally = new CountTally(d.hashes.length)));
        tally.add(h, 1);
      }
    });
    this.fillCounts(this.root, tallies);
  }

  /**
   * Fills the tables of `node`'s subtree from the documents' tallies (their deepest nodes'): a
   * node's counts are its own documents' plus its children's. Answers the node's tally, which the
   * parent may take over and add to (the node's table is filled by then).
   */
  private fillCounts(node: TreeNode, tallies: ReadonlyMap<TreeNode, CountTally>): CountTally | null {
    let tally = tallies.get(node) ?? null;
    for (const child of node.children.values()) {
      const sub = this.fillCounts(child, tallies);
      if (!sub) continue;
      if (!tally) tally = sub;
      else if (sub.size > tally.size) {
        sub.merge(tally);
        tally = sub;
      } else tally.merge(sub);
    }
    if (tally) node.table.fill(tally);
    return tally;
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
