/**
 * The URL Tree of one domain (paper §4). The root is the domain node; below it hang the host labels
 * under the registrable domain and then the path segments of URL keys. Every node on a document's
 * branch counts the documents below it (`docs`, the paper's n_s) and, per unique block hash, how
 * many of those documents contained the block (the paper's c(b)), in a compact CountTable keyed
 * by the 32-bit hash (./count-table.ts explains the memory).
 *
 * Invariant (tested by recount): at every node, count(h) equals the number of held documents on
 * that node's subtree whose hash set contains h, and docs equals the number of such documents.
 */
import { CountTable } from "./count-table";
import { hashToU32, u32ToHash } from "./hash-u32";

export class TreeNode {
  docs = 0;
  readonly table = new CountTable();
  readonly children = new Map<string, TreeNode>();
  constructor(readonly segment: string) {}

  /** c(b) by the hash's hex form, as it crosses the RPC boundary. */
  count(hash: string): number {
    return this.table.get(hashToU32(hash));
  }

  countOf(hash: number): number {
    return this.table.get(hash);
  }

  /** Distinct hashes counted at this node. */
  get distinctHashes(): number {
    return this.table.size;
  }

  /** Every (hex hash, count) pair: for serialization and tests, not the hot path. */
  *counts(): IterableIterator<[string, number]> {
    for (const [h, c] of this.table.entries()) yield [u32ToHash(h), c];
  }
}

/** A serialized node: [segment, docs, [hash, count][], children]. Compact for JSON and storage. */
export type SerializedNode = [string, number, [string, number][], SerializedNode[]];

export class UrlTree {
  readonly root: TreeNode;

  constructor(domain: string) {
    this.root = new TreeNode(domain);
  }

  /** Nodes from the root down along `branch`, creating missing ones when `create` is set. */
  nodes(branch: readonly string[], create = false): TreeNode[] {
    const out = [this.root];
    let node = this.root;
    for (const segment of branch) {
      let child = node.children.get(segment);
      if (!child) {
        if (!create) break;
        child = new TreeNode(segment);
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
    addHashes(path, uniqueHashes);
  }

  /**
   * Adds many documents at once (a restart): same counts as inserting them one by one, but each
   * node's table is sized once for all the hashes it will receive, instead of growing step by step.
   */
  insertDocuments(docs: readonly { branch: readonly string[]; hashes: ArrayLike<number> }[]): void {
    const paths = docs.map((d) => this.nodes(d.branch, true));
    const incoming = new Map<TreeNode, number>();
    docs.forEach((d, i) => {
      for (const node of paths[i]!) incoming.set(node, (incoming.get(node) ?? 0) + d.hashes.length);
    });
    for (const [node, n] of incoming) node.table.reserve(node.table.size + n);
    docs.forEach((d, i) => {
      const path = paths[i]!;
      for (const node of path) node.docs++;
      addHashes(path, d.hashes);
    });
    for (const node of incoming.keys()) node.table.fit();
  }

  /** Adds hashes without counting a document: a revision's new text (production notes). */
  addRevisionHashes(branch: readonly string[], uniqueHashes: ArrayLike<number>): void {
    addHashes(this.nodes(branch, true), uniqueHashes);
  }

  /** Exactly undoes what insertDocument and addRevisionHashes added for one document; cuts emptied branches. */
  removeDocument(branch: readonly string[], uniqueHashes: ArrayLike<number>): void {
    const path = this.nodes(branch, false);
    if (path.length !== branch.length + 1) throw new Error("removeDocument: branch not in tree");
    for (const node of path) {
      node.docs--;
      for (let i = 0; i < uniqueHashes.length; i++) node.table.decrement(uniqueHashes[i]!);
    }
    for (let i = path.length - 1; i >= 1; i--) {
      const node = path[i]!;
      if (node.docs > 0) break;
      path[i - 1]!.children.delete(node.segment);
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

  /** Bytes of all count tables (typed arrays only): the bulk of the tree's memory, for reports. */
  tableBytes(): number {
    let n = 0;
    for (const node of this.walk()) n += node.table.byteLength;
    return n;
  }

  toJSON(): SerializedNode {
    const write = (node: TreeNode): SerializedNode => [
      node.segment,
      node.docs,
      [...node.counts()],
      [...node.children.values()].map(write),
    ];
    return write(this.root);
  }

  static fromJSON(data: SerializedNode): UrlTree {
    const tree = new UrlTree(data[0]);
    const read = (into: TreeNode, src: SerializedNode): void => {
      into.docs = src[1];
      for (const [h, c] of src[2]) into.table.set(hashToU32(h), c);
      for (const childData of src[3]) {
        const child = new TreeNode(childData[0]);
        into.children.set(child.segment, child);
        read(child, childData);
      }
    };
    read(tree.root, data);
    return tree;
  }
}

function addHashes(path: TreeNode[], uniqueHashes: ArrayLike<number>): void {
  for (const node of path) {
    for (let i = 0; i < uniqueHashes.length; i++) node.table.increment(uniqueHashes[i]!);
  }
}
