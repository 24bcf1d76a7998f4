/**
 * Branch (path to the root) and tree views of a session's entries (pi spec 8, 9).
 * Iterative everywhere: a 50,000-deep parent chain is normal, and a parentId cycle must never
 * hang (pi loops forever on both).
 */
import { labelChange } from './labels.js'
import type { SessionEntry, SessionTreeNode } from './types.js'

/** Lookup tables pi keeps beside the entries (pi spec 7). */
export interface EntryLookup {
  /** All entries in file order. */
  readonly entries: readonly SessionEntry[]
  /** id -> entry; a later duplicate replaces an earlier one. */
  readonly byId: ReadonlyMap<string, SessionEntry>
  /** id -> position in `entries` of the entry `byId` holds (built when absent). */
  readonly indexById?: ReadonlyMap<string, number>
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
  // A path longer than the number of ids must repeat an entry: only then pay for a visited set.
  const limit = byId.size + 1
  let current = start
  while (current !== undefined) {
    if (path.length > limit) return walkToRootGuarded(start, byId)
    path.push(current)
    current = parentOf(current, byId)
  }
  return path.reverse()
}

function walkToRootGuarded(
  start: SessionEntry | undefined,
  byId: ReadonlyMap<string, SessionEntry>,
): SessionEntry[] {
  const path: SessionEntry[] = []
  const seen = new Set<SessionEntry>()
  for (
    let current = start;
    current !== undefined && !seen.has(current);
    current = parentOf(current, byId)
  ) {
    seen.add(current)
    path.push(current)
  }
  return path.reverse()
}

function parentOf(
  entry: SessionEntry,
  byId: ReadonlyMap<string, SessionEntry>,
): SessionEntry | undefined {
  const parentId: unknown = entry.parentId
  return typeof parentId === 'string' && parentId ? byId.get(parentId) : undefined
}

/**
 * Direct children of `parentId`: entries of `byId` (first-appearance order, no sorting) whose
 * `parentId` equals it (pi spec 8).
 */
export function childrenOf(
  byId: ReadonlyMap<string, SessionEntry>,
  parentId: string,
): SessionEntry[] {
  const out: SessionEntry[] = []
  for (const entry of byId.values()) if (entry.parentId === parentId) out.push(entry)
  return out
}

/** id -> position of the last entry with that id (pi's index winner). */
export function lastIndexById(entries: readonly SessionEntry[]): Map<string, number> {
  const map = new Map<string, number>()
  for (let i = 0; i < entries.length; i++) {
    const id = (entries[i] as SessionEntry).id
    if (typeof id === 'string') map.set(id, i)
  }
  return map
}

/**
 * The session as a forest (pi spec 8): roots are entries with `parentId` null, equal to their
 * own id, or naming no entry (orphans), in file order; children are sorted by entry timestamp
 * (stable, unparseable times compare equal, exactly as pi's comparator).
 *
 * Deliberately better than pi (pi spec 17, "no silent loss"):
 * - one node per entry: pi keys nodes by id, so of two entries sharing an id the earlier one
 *   vanishes and the later one is shown twice; here children still attach to the later one
 *   (pi's index winner) but the earlier keeps its own node;
 * - entries on a parentId cycle (absent from pi's tree) appear: the cycle's first entry in file
 *   order becomes a root.
 */
export function buildTree(lookup: EntryLookup): SessionTreeNode[] {
  const steps = buildTreeSteps(lookup)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Entries handled between two pauses of {@link buildTreeSteps}. */
const STEP_ENTRIES = 4096

/**
 * {@link buildTree}'s work in steps: pauses (yields) every few thousand entries, so a caller
 * that must stay responsive can let other work run in between; returns the roots.
 */
export function* buildTreeSteps(lookup: EntryLookup): Generator<void, SessionTreeNode[]> {
  return (yield* buildForestSteps(lookup)).roots
}

/**
 * The tree of {@link buildTree} with what lets entries appended later join it
 * ({@link growForest}) instead of building it again: a 100,000-entry tree takes tens of ms to
 * build, an appended entry a few µs to place.
 */
export interface EntryForest {
  roots: SessionTreeNode[]
  /** Each entry's node, by position in the entries. */
  nodes: SessionTreeNode[]
  /** How many distinct ids the entries have (the lookup's `byId.size`). */
  ids: number
  /** Whether two entries share an id: a label then names several nodes. */
  sharedIds: boolean
  /** Parent ids that named no entry (their entries are roots): such an id appended re-parents them. */
  missingParents: Set<string>
}

/** {@link buildTreeSteps}, returning the whole {@link EntryForest}. */
export function* buildForestSteps(lookup: EntryLookup): Generator<void, EntryForest> {
  const { entries, labelsById, labelTimestampsById } = lookup
  const indexById = lookup.indexById ?? lastIndexById(entries)
  const n = entries.length
  const nodes: SessionTreeNode[] = new Array(n)
  for (let i = 0; i < n; i++) {
    if (i % STEP_ENTRIES === STEP_ENTRIES - 1) yield
    nodes[i] = nodeOf(entries[i] as SessionEntry, labelsById, labelTimestampsById)
  }
  const parent = new Int32Array(n)
  const missingParents = new Set<string>()
  let forward = false
  let withId = 0
  for (let i = 0; i < n; i++) {
    if (i % STEP_ENTRIES === STEP_ENTRIES - 1) yield
    const entry = entries[i] as SessionEntry
    if (typeof entry.id === 'string') withId++
    const named = parentNamed(entry)
    const p = named === null ? -1 : (indexById.get(named) ?? -1)
    parent[i] = p
    if (p >= 0) {
      ;(nodes[p] as SessionTreeNode).children.push(nodes[i] as SessionTreeNode)
      // Append-only writers always name an earlier parent; only a later one can close a cycle.
      if (p >= i) forward = true
    } else if (named !== null) {
      missingParents.add(named)
    }
  }
  if (forward) breakCycles(nodes, parent)
  yield
  sortChildren(nodes)
  const roots: SessionTreeNode[] = []
  for (let i = 0; i < n; i++) if (parent[i] === -1) roots.push(nodes[i] as SessionTreeNode)
  const ids = indexById.size
  return { roots, nodes, ids, sharedIds: ids !== withId, missingParents }
}

/**
 * The id `entry` names as its parent (pi spec 8): its `parentId` when that is a string other
 * than its own id; null for a root by its own account.
 */
function parentNamed(entry: SessionEntry): string | null {
  const parentId: unknown = entry.parentId
  return typeof parentId === 'string' && parentId !== entry.id ? parentId : null
}

/** A tree node of `entry`, with its label (pi spec 10). */
function nodeOf(
  entry: SessionEntry,
  labelsById: ReadonlyMap<string, string>,
  labelTimestampsById: ReadonlyMap<string, string>,
): SessionTreeNode {
  return labelsById.size > 0
    ? {
        entry,
        children: [],
        label: labelsById.get(entry.id),
        labelTimestamp: labelTimestampsById.get(entry.id),
      }
    : { entry, children: [], label: undefined, labelTimestamp: undefined }
}

/**
 * Adds to `forest` the entries `lookup` holds after those it was built from (appended to the
 * file since), placing each as {@link buildForestSteps} over all of them would: under its
 * parent, among its siblings by timestamp (after those of the same time: it comes last in file
 * order), or as a new root; a label entry relabels its target's node.
 * @returns false, leaving `forest` as it was, when the entries could change more than that (the
 *   caller builds the forest again): `lookup` does not begin with the forest's entries, a new
 *   entry repeats an id, names a later parent, carries the id entries already named as a
 *   missing parent, or lacks a timestamp its siblings are ordered by; or a label names a shared id
 */
export function growForest(forest: EntryForest, lookup: EntryLookup): boolean {
  const { entries, labelsById, labelTimestampsById } = lookup
  const indexById = lookup.indexById ?? lastIndexById(entries)
  const { nodes } = forest
  const from = nodes.length
  if (entries.length < from || (from > 0 && nodes[from - 1]?.entry !== entries[from - 1]))
    return false
  const parents = new Int32Array(entries.length - from)
  let withId = 0
  for (let i = from; i < entries.length; i++) {
    const entry = entries[i] as SessionEntry
    if (typeof entry.id === 'string') {
      withId++
      if (forest.missingParents.has(entry.id)) return false
    }
    const named = parentNamed(entry)
    const p = named === null ? -1 : (indexById.get(named) ?? -1)
    if (p >= i) return false
    parents[i - from] = p
    if (forest.sharedIds && labelChange(entry)) return false
    if (p >= 0 && !Number.isFinite(timeOf(entry))) return false
    if (p >= 0 && p < from && !nodes[p]?.children.every((c) => Number.isFinite(timeOf(c.entry))))
      return false
  }
  // An id appended again would take the children of the entry that held it.
  if (indexById.size !== forest.ids + withId) return false
  for (let i = from; i < entries.length; i++) {
    const entry = entries[i] as SessionEntry
    const node = nodeOf(entry, labelsById, labelTimestampsById)
    nodes.push(node)
    const p = parents[i - from] as number
    if (p >= 0) placeChild((nodes[p] as SessionTreeNode).children, node)
    else {
      forest.roots.push(node)
      const named = parentNamed(entry)
      if (named !== null) forest.missingParents.add(named)
    }
    const change = labelChange(entry)
    const target = change ? indexById.get(change.targetId) : undefined
    if (change && target !== undefined && target < nodes.length) {
      const targetNode = nodes[target] as SessionTreeNode
      targetNode.label = labelsById.get(change.targetId)
      targetNode.labelTimestamp = labelTimestampsById.get(change.targetId)
    }
  }
  forest.ids = indexById.size
  return true
}

/**
 * Puts `node` (the last in file order) among `children` (sorted by {@link sortChildren}, every
 * timestamp a number): after the last sibling not later than it, where the stable sort puts it.
 */
function placeChild(children: SessionTreeNode[], node: SessionTreeNode): void {
  const time = timeOf(node.entry)
  let at = children.length
  while (at > 0 && timeOf((children[at - 1] as SessionTreeNode).entry) > time) at--
  children.splice(at, 0, node)
}

/**
 * Entries not reachable from any root hang on a parentId cycle: walk up from each until a
 * position repeats, and make the cycle's first entry in file order a root.
 */
function breakCycles(nodes: SessionTreeNode[], parent: Int32Array): void {
  const n = nodes.length
  const position = new Map<SessionTreeNode, number>()
  nodes.forEach((node, i) => position.set(node, i))
  const reached = new Uint8Array(n)
  const mark = (from: number) => {
    const stack = [from]
    while (stack.length > 0) {
      const i = stack.pop() as number
      if (reached[i]) continue
      reached[i] = 1
      for (const child of (nodes[i] as SessionTreeNode).children)
        stack.push(position.get(child) as number)
    }
  }
  for (let i = 0; i < n; i++) if (parent[i] === -1) mark(i)
  for (let i = 0; i < n; i++) {
    if (reached[i]) continue
    const onWalk = new Set<number>()
    let j = i
    while (!onWalk.has(j) && !reached[j] && parent[j] !== -1) {
      onWalk.add(j)
      j = parent[j] as number
    }
    if (reached[j] || !onWalk.has(j)) continue
    let first = j
    for (let k = parent[j] as number; k !== j; k = parent[k] as number) if (k < first) first = k
    const p = nodes[parent[first] as number] as SessionTreeNode
    p.children.splice(p.children.indexOf(nodes[first] as SessionTreeNode), 1)
    parent[first] = -1
    mark(first)
  }
}

/** What siblings are ordered by (pi's comparator: ms of the entry's timestamp, NaN when none). */
function timeOf(entry: SessionEntry): number {
  return new Date(entry.timestamp).getTime()
}

/** Each node's children by {@link timeOf}, stable (file order among equal times), as pi sorts. */
function sortChildren(nodes: SessionTreeNode[]): void {
  for (const node of nodes) {
    if (node.children.length < 2) continue
    // pi compares `new Date(ts).getTime()` on every call; the same numbers, computed once.
    const time = new Map<SessionTreeNode, number>()
    for (const c of node.children) time.set(c, timeOf(c.entry))
    node.children.sort((a, b) => (time.get(a) as number) - (time.get(b) as number))
  }
}

/** One row of a flattened tree (see {@link flattenTree}). */
export interface FlatTreeRow {
  node: SessionTreeNode
  /** 0 for roots. */
  depth: number
  /** Index of the parent row in the result, -1 for roots. */
  parentRow: number
}

/**
 * The tree as rows in depth-first pre-order (roots in order, children in their sorted order),
 * built iteratively: serialise or render these instead of recursing through a 50,000-deep
 * tree, which would overflow the stack (JSON.stringify of `getTree()` does).
 */
export function flattenTree(roots: readonly SessionTreeNode[]): FlatTreeRow[] {
  const rows: FlatTreeRow[] = []
  const stack: { node: SessionTreeNode; depth: number; parentRow: number }[] = []
  for (let i = roots.length - 1; i >= 0; i--)
    stack.push({ node: roots[i] as SessionTreeNode, depth: 0, parentRow: -1 })
  while (stack.length > 0) {
    const item = stack.pop() as FlatTreeRow
    const row = rows.push(item) - 1
    const children = item.node.children
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i] as SessionTreeNode, depth: item.depth + 1, parentRow: row })
    }
  }
  return rows
}
