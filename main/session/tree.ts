/**
 * Branch (path to the root) and tree views of a session's entries (pi spec 8, 9).
 * Iterative everywhere: a 50,000-deep parent chain is normal, and a parentId cycle must never
 * hang (pi loops forever on both).
 */
import type { SessionEntry, SessionTreeNode } from './types.js'

/** Lookup tables pi keeps beside the entries (pi spec 7). */
export interface EntryLookup {
  /** All entries in file order. */
  readonly entries: readonly SessionEntry[]
  /** id -> entry; a later duplicate replaces an earlier one. */
  readonly byId: ReadonlyMap<string, SessionEntry>
  readonly labelsById: ReadonlyMap<string, string>
  readonly labelTimestampsById: ReadonlyMap<string, string>
}

/**
 * Path from the root to `start`, root first, following `parentId` through `byId`
 * (pi spec 9). Stops at a null/missing parent and, unlike pi, at the first entry seen twice
 * (a parentId cycle or self-parent), so it always returns.
 * @param start the entry to walk up from; undefined -> []
 */
export function walkToRoot(
  start: SessionEntry | undefined,
  byId: ReadonlyMap<string, SessionEntry>,
): SessionEntry[] {
  const path: SessionEntry[] = []
  const seen = new Set<SessionEntry>()
  let current = start
  while (current !== undefined && !seen.has(current)) {
    seen.add(current)
    path.push(current)
    const parentId: unknown = current.parentId
    current = typeof parentId === 'string' && parentId ? byId.get(parentId) : undefined
  }
  return path.reverse()
}

/**
 * Direct children of `parentId`: entries of `byId` (first-appearance order, no sorting) whose
 * `parentId` equals it (pi spec 8).
 */
export function childrenOf(byId: ReadonlyMap<string, SessionEntry>, parentId: string): SessionEntry[] {
  const out: SessionEntry[] = []
  for (const entry of byId.values()) if (entry.parentId === parentId) out.push(entry)
  return out
}

/**
 * The session as a forest (pi spec 8): roots are entries with `parentId` null, equal to their
 * own id, or naming no entry (orphans), in file order; children are sorted by entry timestamp
 * (stable, unparseable times compare equal, exactly as pi's comparator).
 *
 * Deliberately better than pi (issue 3, "no silent loss"):
 * - one node per entry: pi keys nodes by id, so of two entries sharing an id the earlier one
 *   vanishes and the later one is shown twice; here children still attach to the later one
 *   (pi's index winner) but the earlier keeps its own node;
 * - entries on a parentId cycle (absent from pi's tree) appear: the cycle's first entry in file
 *   order becomes a root.
 */
export function buildTree(lookup: EntryLookup): SessionTreeNode[] {
  const { entries } = lookup
  const nodes: SessionTreeNode[] = new Array(entries.length)
  const nodeById = new Map<string, SessionTreeNode>()
  const indexOfNode = new Map<SessionTreeNode, number>()
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as SessionEntry
    const id = entry.id
    const node: SessionTreeNode = {
      entry,
      children: [],
      label: lookup.labelsById.get(id),
      labelTimestamp: lookup.labelTimestampsById.get(id),
    }
    nodes[i] = node
    indexOfNode.set(node, i)
    if (typeof id === 'string') nodeById.set(id, node)
  }
  const parentOf: (SessionTreeNode | undefined)[] = new Array(entries.length)
  const isRoot = new Uint8Array(entries.length)
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as SessionEntry
    const parentId: unknown = entry.parentId
    const parent =
      typeof parentId === 'string' && parentId !== entry.id ? nodeById.get(parentId) : undefined
    if (parent === undefined) isRoot[i] = 1
    else {
      parent.children.push(nodes[i] as SessionTreeNode)
      parentOf[i] = parent
    }
  }
  breakCycles(nodes, parentOf, isRoot, indexOfNode)
  sortChildren(nodes, entries)
  const roots: SessionTreeNode[] = []
  for (let i = 0; i < nodes.length; i++) if (isRoot[i]) roots.push(nodes[i] as SessionTreeNode)
  return roots
}

/** Marks everything reachable from a root; unreachable nodes hang on a cycle. */
function breakCycles(
  nodes: SessionTreeNode[],
  parentOf: (SessionTreeNode | undefined)[],
  isRoot: Uint8Array,
  indexOfNode: ReadonlyMap<SessionTreeNode, number>,
): void {
  const reached = new Uint8Array(nodes.length)
  const mark = (from: number) => {
    const stack = [from]
    while (stack.length > 0) {
      const i = stack.pop() as number
      if (reached[i]) continue
      reached[i] = 1
      for (const child of (nodes[i] as SessionTreeNode).children) {
        stack.push(indexOfNode.get(child) as number)
      }
    }
  }
  for (let i = 0; i < nodes.length; i++) if (isRoot[i]) mark(i)
  for (let i = 0; i < nodes.length; i++) {
    if (reached[i]) continue
    // Walk up until a node repeats: that is the cycle; its lowest file position becomes a root.
    const onWalk = new Set<number>()
    let j: number | undefined = i
    while (j !== undefined && !onWalk.has(j) && !reached[j]) {
      onWalk.add(j)
      const parent = parentOf[j]
      j = parent === undefined ? undefined : indexOfNode.get(parent)
    }
    if (j === undefined || reached[j]) continue
    let first = j
    for (let k = indexOfNode.get(parentOf[j] as SessionTreeNode) as number; k !== j; ) {
      if (k < first) first = k
      k = indexOfNode.get(parentOf[k] as SessionTreeNode) as number
    }
    const parent = parentOf[first] as SessionTreeNode
    parent.children.splice(parent.children.indexOf(nodes[first] as SessionTreeNode), 1)
    parentOf[first] = undefined
    isRoot[first] = 1
    mark(first)
  }
}

function sortChildren(nodes: SessionTreeNode[], entries: readonly SessionEntry[]): void {
  // pi compares `new Date(ts).getTime()` on every call; the same numbers, computed once.
  const time = new Map<SessionEntry, number>()
  for (const entry of entries) time.set(entry, new Date(entry.timestamp).getTime())
  for (const node of nodes) {
    if (node.children.length < 2) continue
    node.children.sort(
      (a, b) => (time.get(a.entry) as number) - (time.get(b.entry) as number),
    )
  }
}
