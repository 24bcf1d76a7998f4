/**
 * The branch tree's rows in a new order, told relative to rows the view already holds. When pi
 * starts a new branch, the rows of the whole tree come in a new order (pi spec 15.6: the branch
 * holding the leaf first), but almost every row is the same: sending them all again costs 20
 * pages of JSON at 100,000 entries, and their decoding and garbage held the window for
 * 50-80 ms at a time. A {@link TreeOrder} names the rows kept by their index in the rows before
 * and carries only those that changed. Main writes it with {@link treeOrderOf}; the renderer
 * reads it with {@link treeOrderSteps} ({@link applyTreeOrder} reads it at once).
 */
import { z } from 'zod'
import { rowsByPos } from './row-parents'
import { encodeTreeRows, treeRowsOf } from './session-live'
import type { TreeRow } from './session-view'

/**
 * `session:get-tree-order` result: every row at `revision` (`total` of them), as runs over the
 * rows of revision `from`. `runs` holds pairs `[start, count]`: `count` rows of the rows before
 * from index `start` on, or, with `start` -1, the next `count` rows of `rows` (encoded as a tree
 * page's).
 */
export const TreeOrder = z.object({
  revision: z.number().int(),
  from: z.number().int(),
  total: z.number().int(),
  runs: z.array(z.number().int()),
  rows: z.string(),
})

export type TreeOrder = z.output<typeof TreeOrder>

/** Whether two rows agree in every field (absent fields alike). */
function sameRow(a: TreeRow, b: TreeRow): boolean {
  if (a === b) return true
  let fields = 0
  for (const key in a) {
    fields++
    if (a[key as keyof TreeRow] !== b[key as keyof TreeRow]) return false
  }
  for (const _key in b) fields--
  return fields === 0
}

/** Appends one row to the runs: to the last run when it continues it. */
function extendRuns(runs: number[], start: number): void {
  const n = runs.length
  if (n > 0) {
    const last = runs[n - 2] as number
    const count = runs[n - 1] as number
    if ((start === -1 && last === -1) || (start !== -1 && last !== -1 && last + count === start)) {
      runs[n - 1] = count + 1
      return
    }
  }
  runs.push(start, 1)
}

/**
 * The order of `after` told relative to `before` (rows of the same session, each entry named by
 * its file position `pos`): a row is kept when the row of its position before agrees with it in
 * every field (its parent included: rows name it by position); the others travel whole.
 * @param revisions `revision` of `after`, `from` of `before`
 */
export function treeOrderOf(
  before: readonly TreeRow[],
  after: readonly TreeRow[],
  revisions: { revision: number; from: number },
): TreeOrder {
  // Kept with the rows' parents: main counted the tree with them when it opened `before`.
  const indexOfPos = rowsByPos(before)
  const runs: number[] = []
  const fresh: TreeRow[] = []
  for (const row of after) {
    const index = row.pos >= 0 && row.pos < indexOfPos.length ? (indexOfPos[row.pos] as number) : -1
    const old = index >= 0 ? before[index] : undefined
    if (old !== undefined && sameRow(old, row)) {
      extendRuns(runs, index)
    } else {
      extendRuns(runs, -1)
      fresh.push(row)
    }
  }
  return { ...revisions, total: after.length, runs, rows: encodeTreeRows(fresh) }
}

/** Rows {@link treeOrderSteps} places between two of its steps. */
const ROWS_PER_STEP = 8192

/**
 * {@link applyTreeOrder} in steps of a few thousand rows: the caller may yield between them
 * (a renderer placing 100,000 rows in one task held the window for 30-100 ms).
 */
export function* treeOrderSteps(
  before: readonly TreeRow[],
  order: TreeOrder,
): Generator<void, TreeRow[] | null> {
  const fresh = treeRowsOf(order)
  const rows: TreeRow[] = []
  // Whether the row of each file position is placed yet: a parent must come before its children.
  const placedPos = new Uint8Array(order.total + before.length)
  const place = (row: TreeRow) => {
    if (row.pos < 0 || row.pos >= placedPos.length) return false
    if (row.parentPos >= 0 && placedPos[row.parentPos] !== 1) return false
    placedPos[row.pos] = 1
    rows.push(row)
    return true
  }
  let next = 0
  let placed = 0
  const { runs } = order
  for (let r = 0; r + 1 < runs.length; r += 2) {
    const start = runs[r] as number
    const count = runs[r + 1] as number
    if (count < 1) return null
    if (start === -1) {
      if (next + count > fresh.length) return null
      for (let i = 0; i < count; i++) if (!place(fresh[next++] as TreeRow)) return null
      continue
    }
    if (start < 0 || start + count > before.length) return null
    for (let i = start; i < start + count; i++) {
      if (++placed % ROWS_PER_STEP === 0) yield
      if (!place(before[i] as TreeRow)) return null
    }
  }
  return rows.length === order.total && next === fresh.length ? rows : null
}

/**
 * The rows `order` describes, from `before` (the rows of revision `order.from`): kept rows are
 * the same objects.
 * @returns null when `order` does not fit `before` (a run beyond its rows, a parent not placed
 *   before its child, a count other than `total`): the caller reads the rows whole instead
 */
export function applyTreeOrder(before: readonly TreeRow[], order: TreeOrder): TreeRow[] | null {
  const steps = treeOrderSteps(before, order)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}
