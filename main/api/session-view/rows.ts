/**
 * The branch tree as rows (pi spec 8, 15.6): every entry of the file, in display order —
 * pre-order, roots in file order with the one holding the leaf first, children with the branch
 * holding the leaf first and then by timestamp (the session module's tree already sorts them).
 * Iterative: a 50,000-deep chain needs no recursion.
 */
import type { TreeRow } from '../../../preload/contract/session-view'
import { collectCalls, hasText, rowText, type CallInfo } from './row-text'
import { labelChange } from '../../session'
import {
  pathTo,
  treeOf,
  yieldNow,
  type SessionEntry,
  type SessionTreeNode,
  type ViewSource,
} from './source'

/** Timestamp of an entry in ms, null when missing or unparseable. */
export function entryTime(entry: SessionEntry): number | null {
  const ms = typeof entry.timestamp === 'string' ? Date.parse(entry.timestamp) : NaN
  return Number.isFinite(ms) ? ms : null
}

function isQuiet(entry: SessionEntry): boolean {
  if (entry.type !== 'message') return false
  const m = (entry as { message?: { role?: unknown; content?: unknown; stopReason?: unknown } })
    .message
  if (!m || m.role !== 'assistant') return false
  const errorOrAborted =
    typeof m.stopReason === 'string' && m.stopReason !== 'stop' && m.stopReason !== 'toolUse'
  return !hasText(m.content) && !errorOrAborted
}

/** Children (or roots) with those on the active path first, the rest in their given order. */
function activeFirst(
  nodes: readonly SessionTreeNode[],
  active: ReadonlySet<SessionEntry>,
): readonly SessionTreeNode[] {
  // Most entries have one child (a chain): nothing to order, no arrays to make.
  if (nodes.length < 2) return nodes
  const first: SessionTreeNode[] = []
  const rest: SessionTreeNode[] = []
  for (const node of nodes) (active.has(node.entry) ? first : rest).push(node)
  return first.length === 0 ? rest : [...first, ...rest]
}

/**
 * One entry as a tree row.
 * @param parentPos file position of the parent entry, -1 for a root
 * @param line 1-based physical line of the entry
 * @param label the entry's resolved label (pi spec 10)
 * @param calls tool calls by id, for the heads of tool results
 */
export function toRow(
  entry: SessionEntry,
  pos: number,
  parentPos: number,
  line: number,
  label: string | undefined,
  calls: ReadonlyMap<string, CallInfo>,
): TreeRow {
  const { head, text } = rowText(entry, calls)
  const row: TreeRow = {
    id: typeof entry.id === 'string' ? entry.id : '',
    pos,
    parentPos,
    type: typeof entry.type === 'string' ? entry.type.slice(0, 60) : 'entry',
    head,
    text,
    time: entryTime(entry),
    line,
  }
  const role = (entry as { message?: { role?: unknown } }).message?.role
  if (entry.type === 'message' && typeof role === 'string') row.role = role.slice(0, 60)
  if (label !== undefined) row.label = label
  if (isQuiet(entry)) row.quiet = true
  return row
}

/** Longest stretch of row building before yielding to the event loop (ms). */
const SLICE_MS = 10

/**
 * Builds the rows of a loaded session, yielding to the event loop every ~10 ms so a 50,000-entry
 * session never blocks its thread (the view worker) for long.
 * @param before rows of the same load in another order (pi started a new branch since), built
 *   with the same tool calls: an entry's row is the same object when its label and parent are
 *   unchanged, its text not made again, and a subtree whose order cannot have changed is
 *   taken over as a whole ({@link settledSubtrees})
 * @returns rows in display order (parents first)
 */
export async function buildRows(
  source: ViewSource,
  calls: ReadonlyMap<string, CallInfo> = collectCalls(source.entries),
  before: readonly TreeRow[] = [],
): Promise<TreeRow[]> {
  const { entries, posOf, leafPos, loaded } = source
  const leaf = leafPos >= 0 ? entries[leafPos] : undefined
  const activePath = leaf ? pathTo(source, leaf) : []
  const active = new Set<SessionEntry>(activePath)
  // Rows before by file position, and the end of each one's subtree among them; none on a
  // first build (the usual open).
  const settled = before.length > 0 ? settledSubtrees(source, before, activePath) : null
  await yieldNow()
  const rows: TreeRow[] = []
  const stack: { node: SessionTreeNode; parentPos: number }[] = []
  const roots = activeFirst(await treeOf(source), active)
  await yieldNow()
  for (let i = roots.length - 1; i >= 0; i--)
    stack.push({ node: roots[i] as SessionTreeNode, parentPos: -1 })
  let sliceStart = performance.now()
  // Steps, not rows: a subtree taken over whole adds many rows in one.
  for (let step = 1; stack.length > 0; step++) {
    if ((step & 1023) === 0 && performance.now() - sliceStart > SLICE_MS) {
      await yieldNow()
      sliceStart = performance.now()
    }
    const { node, parentPos } = stack.pop() as { node: SessionTreeNode; parentPos: number }
    const entry = node.entry
    const pos = posOf.get(entry) ?? -1
    const index = settled && pos >= 0 ? (settled.indexOfPos[pos] as number) : -1
    const old = index >= 0 ? before[index] : undefined
    if (old !== undefined && old.parentPos === parentPos && settled?.touched[pos] === 0) {
      // Its subtree's rows, in the order they had (none of them changed).
      const end = settled.ends[index] as number
      for (let i = index; i < end; i++) rows.push(before[i] as TreeRow)
      continue
    }
    const row =
      old !== undefined && old.label === node.label && old.parentPos === parentPos
        ? old
        : toRow(entry, pos, parentPos, loaded.lines[pos] ?? 0, node.label, calls)
    rows.push(row)
    const children = activeFirst(node.children, active)
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i] as SessionTreeNode, parentPos: pos })
    }
  }
  return rows
}

/**
 * Which subtrees of `before` (rows of the same load in display order, before pi's newest
 * entries) a new build may take over whole. A subtree keeps its rows and their order unless
 * one of its entries is on the path to the leaf then or now (the branch holding the leaf goes
 * first, pi spec 15.6), gained a child, or was relabelled (pi spec 10): those entries, and every
 * entry above them, are `touched` and built again; the rest are the same rows in the same order,
 * each subtree's rows one run of `before` (display order: the rows live follow appended after
 * pi's leaf are below touched entries).
 * @param activePath the path to pi's leaf now (root first)
 * @returns per file position the row index in `before` (-1: none) and whether it is touched;
 *   per row index the index after its subtree's last row
 */
export function settledSubtrees(
  source: ViewSource,
  before: readonly TreeRow[],
  activePath: readonly SessionEntry[],
): { indexOfPos: Int32Array; touched: Uint8Array; ends: Int32Array } {
  const { entries, byId, posOf } = source
  const n = entries.length
  const indexOfPos = new Int32Array(n).fill(-1)
  let newest = -1
  before.forEach((row, i) => {
    if (row.pos < 0 || row.pos >= n) return
    indexOfPos[row.pos] = i
    newest = Math.max(newest, row.pos)
  })
  // Pre-order: every row's subtree ends where the last of its descendants' ends.
  const ends = new Int32Array(before.length)
  for (let i = before.length - 1; i >= 0; i--) {
    const row = before[i] as TreeRow
    ends[i] = Math.max(ends[i] as number, i + 1)
    const parent =
      row.parentPos >= 0 && row.parentPos < n ? (indexOfPos[row.parentPos] as number) : -1
    if (parent >= 0 && parent < i)
      ends[parent] = Math.max(ends[parent] as number, ends[i] as number)
  }
  const touched = new Uint8Array(n)
  // From an entry up by parentId, stopping at one marked already (a cycle stops there too).
  const touchUp = (entry: SessionEntry | undefined) => {
    for (let e = entry; e !== undefined;) {
      const pos = posOf.get(e)
      if (pos === undefined || touched[pos] === 1) return
      touched[pos] = 1
      const parentId: unknown = e.parentId
      e = typeof parentId === 'string' ? byId.get(parentId) : undefined
    }
  }
  for (const entry of activePath) touchUp(entry)
  // The path to pi's leaf then, the newest entry the rows had (pi spec 7): live follow appended
  // the entries that continued it at the rows' end, not in display order.
  if (newest >= 0) touchUp(entries[newest])
  for (let pos = 0; pos < n; pos++) {
    if (indexOfPos[pos] !== -1) continue
    const entry = entries[pos] as SessionEntry
    touchUp(entry)
    const change = labelChange(entry)
    if (change) touchUp(byId.get(change.targetId))
  }
  return { indexOfPos, touched, ends }
}
