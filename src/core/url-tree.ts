/**
 * The URL Tree of one domain (paper §4). The root is the domain node; below it hang the host labels
 * under the registrable domain and then the path segments of URL keys. Every node on a document's
 * branch counts the documents below it (`docs`, the paper's n_s) and, per unique block hash, how
 * many of those documents contained the block (the paper's c(b)).
 *
 * Invariant (tested by recount): at every node, counts[h] equals the number of held documents on
 * that node's subtree whose hash set contains h, and docs equals the number of such documents.
 */

export class TreeNode {
  docs = 0;
  readonly counts = new Map<string, number>();
  readonly children = new Map<string, TreeNode>();
  constructor(readonly segment: string) {}

  count(hash: string): number {
    return this.counts.get(hash) ?? 0;
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

  /** Adds one document: n_s + 1 on every node of its branch and c(b) + 1 per unique hash. */
  insertDocument(branch: readonly string[], uniqueHashes: Iterable<string>): void {
    const path = this.nodes(branch, true);
    for (const node of path) node.docs++;
    this.addHashes(path, uniqueHashes);
  }

  /** Adds hashes without counting a document: a revision's new text (production notes). */
  addRevisionHashes(branch: readonly string[], uniqueHashes: Iterable<string>): void {
    this.addHashes(this.nodes(branch, true), uniqueHashes);
  }

  /** Exactly undoes what insertDocument and addRevisionHashes added for one document; cuts emptied branches. */
  removeDocument(branch: readonly string[], uniqueHashes: Iterable<string>): void {
    const path = this.nodes(branch, false);
    if (path.length !== branch.length + 1) throw new Error("removeDocument: branch not in tree");
    const hashes = [...uniqueHashes];
    for (const node of path) {
      node.docs--;
      for (const h of hashes) {
        const c = node.counts.get(h) ?? 0;
        if (c <= 1) node.counts.delete(h);
        else node.counts.set(h, c - 1);
      }
    }
    for (let i = path.length - 1; i >= 1; i--) {
      const node = path[i]!;
      if (node.docs > 0) break;
      path[i - 1]!.children.delete(node.segment);
    }
  }

  private addHashes(path: TreeNode[], uniqueHashes: Iterable<string>): void {
    const hashes = [...uniqueHashes];
    for (const node of path) {
      for (const h of hashes) node.counts.set(h, (node.counts.get(h) ?? 0) + 1);
    }
  }

  nodeCount(): number {
    let n = 0;
    const stack = [this.root];
    while (stack.length) {
      const node = stack.pop()!;
      n++;
      for (const child of node.children.values()) stack.push(child);
    }
    return n;
  }

  toJSON(): SerializedNode {
    const write = (node: TreeNode): SerializedNode => [
      node.segment,
      node.docs,
      [...node.counts],
      [...node.children.values()].map(write),
    ];
    return write(this.root);
  }

  static fromJSON(data: SerializedNode): UrlTree {
    const tree = new UrlTree(data[0]);
    const read = (into: TreeNode, src: SerializedNode): void => {
      into.docs = src[1];
      for (const [h, c] of src[2]) into.counts.set(h, c);
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
