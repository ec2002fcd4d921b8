/**
 * A page's paths (`html>body>div#main>p`), one string per distinct path where it is cheap to tell:
 * siblings of one token (a story's paragraphs, a list's items) and the same children of such
 * siblings (each card's title) get one string object. Each new path string is hashed in full by the
 * first path-keyed cache that meets it (features.ts, and the caches of the decision after it), a
 * rope of one concatenation per level; the same string met again costs only the lookup.
 */
export interface PathNode {
  readonly path: string;
  readonly token: string;
  /** The paths made under this one so far, for the next element of one of their tokens. */
  children: PathNode[] | null;
}

/**
 * Past this length a path stops growing: deeper elements share their ancestor's path. Each distinct
 * path is flattened and hashed in full by the caches, so a hostile page of long tokens 250 deep
 * (a megabyte per path) with thousands of distinct leaves would take gigabytes. The corpora's
 * longest path is about 2,000 characters.
 */
const MAX_PATH_CHARS = 4_096;

/** Children a path node keeps for sharing: a card holds a few kinds of element, a list repeats them. */
const MAX_SHARED_CHILDREN = 8;

/** The path of a top-level element: its token. */
export function topPath(token: string): PathNode {
  return { path: token, token, children: null };
}

/** The path of a `token` element under `parent`'s path: one made already for that token, or a new one. */
export function childPath(parent: PathNode, token: string): PathNode {
  if (parent.path.length >= MAX_PATH_CHARS) return parent;
  const children = (parent.children ??= []);
  for (let k = 0; k < children.length; k++) if (children[k]!.token === token) return children[k]!;
  // One concatenation per level: the budget's depth cap (budget.ts) keeps the chain short.
  const node: PathNode = { path: parent.path + ">" + token, token, children: null };
  if (children.length < MAX_SHARED_CHILDREN) children.push(node);
  return node;
}
