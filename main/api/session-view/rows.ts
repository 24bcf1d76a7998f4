/**
 * The branch tree as rows (pi spec 8, 15.6): every entry of the file, in display order —
 * pre-order, roots in file order with the one holding the leaf first, children with the branch
 * holding the leaf first and then by timestamp (the session module's tree already sorts them).
 * Iterative: a 50,000-deep chain needs no recursion.
 */
import type { TreeRow } from '../../../preload/contract/session-view'
import { collectCalls, hasText, rowText, type CallInfo } from './row-text'
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
 *   unchanged, its text not made again
 * @returns rows in display order (parents first)
 */
export async function buildRows(
  source: ViewSource,
  calls: ReadonlyMap<string, CallInfo> = collectCalls(source.entries),
  before: readonly TreeRow[] = [],
): Promise<TreeRow[]> {
  const { entries, posOf, leafPos, loaded } = source
  // Rows before by file position; none on a first build (the usual open).
  const rowBefore = before.length > 0 ? new Array<TreeRow | undefined>(entries.length) : null
  if (rowBefore)
    for (const row of before) if (row.pos >= 0 && row.pos < entries.length) rowBefore[row.pos] = row
  const leaf = leafPos >= 0 ? entries[leafPos] : undefined
  const active = new Set<SessionEntry>(leaf ? pathTo(source, leaf) : [])
  await yieldNow()
  const rows: TreeRow[] = []
  const stack: { node: SessionTreeNode; parentPos: number }[] = []
  const roots = activeFirst(await treeOf(source), active)
  await yieldNow()
  for (let i = roots.length - 1; i >= 0; i--)
    stack.push({ node: roots[i] as SessionTreeNode, parentPos: -1 })
  let sliceStart = performance.now()
  while (stack.length > 0) {
    if ((rows.length & 1023) === 0 && performance.now() - sliceStart > SLICE_MS) {
      await yieldNow()
      sliceStart = performance.now()
    }
    const { node, parentPos } = stack.pop() as { node: SessionTreeNode; parentPos: number }
    const entry = node.entry
    const pos = posOf.get(entry) ?? -1
    const old = rowBefore && pos >= 0 ? rowBefore[pos] : undefined
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
