/**
 * The branch tree's outline: the tree as it first shows (pi's filter, the leaf, branch points,
 * labels, long linear runs collapsed into closed "N entries" nodes), laid out by the view from
 * every row and sent with only the rows it shows. A tree of 100,000 entries then paints from a
 * few hundred rows while its pages load; once every row is in, the same layout is made from
 * them (layout.ts), so nothing moves. Built in main's view core, read in the renderer: one
 * layout function, one encoding.
 */
import type { TreeRow } from '../../../../preload/contract/session-view'
import { rowOfWire, wireRow, type WireRow } from '../../../../preload/contract/session-live'
import { parentRows } from '../../../../preload/contract/row-parents'
import { wireJson } from '../../../../preload/contract/wire'
import type { FilterMode } from './filters'
import {
  RUN_MIN,
  buildTreeData,
  nearestAncestor,
  pathMarks,
  type RowMarks,
  type TreeItem,
  type TreeLayout,
} from './layout'

/**
 * Outlines of more nodes than this are not built (about 4 MB of JSON, four tree pages): an
 * outline is one reply, and no reply may carry a whole large tree; such a tree's pages are the
 * way. A session of 100,000 entries with a label every 75 has an outline of about 8,500 nodes.
 */
export const OUTLINE_MAX_NODES = 20_000

/** The outline's JSON text (the `text` of a `session:get-tree-outline` reply). */
export interface TreeOutlineBody {
  mode: FilterMode
  /** Row index of pi's leaf, or -1. */
  leafRow: number
  /** Rows the filter shows (of the whole tree). */
  shown: number
  /** The arborist data, every collapsed run closed (layout.ts). */
  data: TreeItem[]
  /**
   * The rows the data shows, then those from pi's leaf up to its nearest shown ancestor when the
   * filter hides the leaf; each with its row index.
   */
  rows: [row: number, wire: WireRow][]
  /** Which of those rows are on the active path (root -> leaf). */
  active: number[]
}

/** Every node of `data`, depth first, or null once there are more than `max`. */
function nodesOf(data: TreeItem[], max: number): TreeItem[] | null {
  const nodes: TreeItem[] = []
  const stack = [data]
  while (stack.length > 0) {
    for (const item of stack.pop() as TreeItem[]) {
      if (nodes.push(item) > max) return null
      if (item.children) stack.push(item.children)
    }
  }
  return nodes
}

/**
 * The outline of `rows` (display order, parents first) in filter `mode`, as JSON text; null
 * when it would show more than {@link OUTLINE_MAX_NODES} nodes.
 * @param leafRow row index of pi's leaf (pi spec 7), or -1
 */
export function encodeTreeOutline(
  rows: readonly TreeRow[],
  leafRow: number,
  mode: FilterMode,
): string | null {
  const layout = buildTreeData(rows, { mode, leafRow, runMin: RUN_MIN })
  const nodes = nodesOf(layout.data, OUTLINE_MAX_NODES)
  if (!nodes) return null
  const marks = pathMarks(rows, leafRow)
  const shownRows = nodes.filter((n) => n.row >= 0).map((n) => n.row)
  // A leaf the filter hides (a label or session name pi appended last) is selected through its
  // nearest shown ancestor, as the tree does: the outline carries the hidden rows up to it.
  const hidden: number[] = []
  const parents = parentRows(rows)
  for (let row = leafRow; row >= 0 && layout.inData[row] !== 1; row = parents[row] ?? -1)
    hidden.push(row)
  const body: TreeOutlineBody = {
    mode,
    leafRow,
    shown: layout.shown,
    data: layout.data,
    rows: [...shownRows, ...hidden].map((row) => [row, wireRow(rows[row] as TreeRow)]),
    active: shownRows.filter((row) => marks.has(row)),
  }
  return wireJson(body)
}

/**
 * Stands for a row the outline does not carry: never shown (it is in no node), and matching
 * no position a view asks for.
 */
const ABSENT: TreeRow = Object.freeze({
  id: '',
  pos: -2,
  parentPos: -1,
  type: '',
  head: '',
  text: '',
  time: null,
  line: 0,
})

/** An outline as the branch tree uses it until every row is in. */
export interface OutlineView {
  mode: FilterMode
  leafRow: number
  /** Every row index of the tree; those the outline does not show hold a stand-in. */
  rows: readonly TreeRow[]
  active: RowMarks
  layout: TreeLayout
}

/** The text of an outline as `session:open` sends it, with the tree's row count. */
export interface OutlineText {
  total: number
  text: string
}

/**
 * The outline's reading in steps (parse, rows, layout): each is tens of ms for a 100,000-entry
 * tree on a slow machine, so a reader may run them in separate tasks.
 * @throws SyntaxError when the text is not JSON (main always sends what it encoded)
 */
function* outlineSteps(outline: OutlineText): Generator<void, OutlineView> {
  const body = JSON.parse(outline.text) as TreeOutlineBody
  yield
  const rows = new Array<TreeRow>(outline.total).fill(ABSENT)
  for (const [row, wire] of body.rows) rows[row] = rowOfWire(wire)
  yield
  const inData = new Uint8Array(outline.total)
  const runIds: string[] = []
  for (const node of nodesOf(body.data, Infinity) as TreeItem[]) {
    if (node.row < 0) runIds.push(node.id)
    else inData[node.row] = 1
  }
  const active = new Set(body.active)
  return {
    mode: body.mode,
    leafRow: body.leafRow,
    rows,
    active: { has: (row) => active.has(row) },
    layout: {
      data: body.data,
      shown: body.shown,
      runIds,
      runOfRow: new Int32Array(outline.total).fill(-1),
      inData,
      leafShown: nearestAncestor(rows, body.leafRow, (row) => inData[row] === 1),
      tail: null,
    },
  }
}

/**
 * Reads a `session:open` reply's outline at once.
 * @throws SyntaxError when the text is not JSON (main always sends what it encoded)
 */
export function readTreeOutline(outline: OutlineText): OutlineView {
  const steps = outlineSteps(outline)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * {@link readTreeOutline} a step per task, so no task holds the window for all of it; null
 * once `wanted` says the outline is no longer needed (another session opened, every row in).
 * @throws SyntaxError as {@link readTreeOutline}
 */
export async function readTreeOutlineInTasks(
  outline: OutlineText,
  wanted: () => boolean,
): Promise<OutlineView | null> {
  const steps = outlineSteps(outline)
  for (;;) {
    await new Promise((next) => setTimeout(next))
    if (!wanted()) return null
    const step = steps.next()
    if (step.done) return step.value
  }
}
