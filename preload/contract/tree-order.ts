/**
 * The branch tree's rows in a new order, told relative to rows the view already holds. When pi
 * starts a new branch, the rows of the whole tree come in a new order (pi spec 15.6: the branch
 * holding the leaf first), but almost every row is the same: sending them all again costs 20
 * pages of JSON at 100,000 entries, and their decoding and garbage held the window for
 * 50-80 ms at a time. A {@link TreeOrder} names the rows kept by their index in the rows before
 * and carries only those that changed. Main writes it with {@link treeOrderOf}; the renderer
 * reads it with {@link applyTreeOrder}.
 */
import { z } from 'zod'
import { encodeTreeRows, treeRowsOf, wireRow } from './session-live'
import type { TreeRow } from './session-view'

/**
 * `session:get-tree-order` result: every row at `revision` (`total` of them), as runs over the
 * rows of revision `from`. `runs` holds pairs `[start, count]`: `count` rows of the rows before
 * from index `start` on, or, with `start` -1, the next `count` rows of `rows` (encoded as a tree
 * page's). A kept row's `parent` is that of its parent's new index.
 */
export const TreeOrder = z.object({
  revision: z.number().int(),
  from: z.number().int(),
  total: z.number().int(),
  runs: z.array(z.number().int()),
  rows: z.string(),
})

export type TreeOrder = z.output<typeof TreeOrder>

/** Whether two rows agree in every field but their parent's index (the wire's fields). */
function sameButParent(a: TreeRow, b: TreeRow): boolean {
  const x = wireRow(a)
  const y = wireRow(b)
  for (let i = 0; i < x.length; i++) if (i !== 2 && x[i] !== y[i]) return false
  return true
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
 * every field, and its parent (by position) is the same; the others travel whole.
 * @param revisions `revision` of `after`, `from` of `before`
 */
export function treeOrderOf(
  before: readonly TreeRow[],
  after: readonly TreeRow[],
  revisions: { revision: number; from: number },
): TreeOrder {
  const indexOfPos = new Map<number, number>()
  before.forEach((row, index) => indexOfPos.set(row.pos, index))
  const parentPos = (rows: readonly TreeRow[], row: TreeRow) =>
    row.parent < 0 ? -1 : (rows[row.parent]?.pos ?? -2)
  const runs: number[] = []
  const fresh: TreeRow[] = []
  for (const row of after) {
    const index = row.pos >= 0 ? indexOfPos.get(row.pos) : undefined
    const old = index === undefined ? undefined : before[index]
    if (
      index !== undefined &&
      old !== undefined &&
      parentPos(before, old) === parentPos(after, row) &&
      sameButParent(old, row)
    ) {
      extendRuns(runs, index)
    } else {
      extendRuns(runs, -1)
      fresh.push(row)
    }
  }
  return { ...revisions, total: after.length, runs, rows: encodeTreeRows(fresh) }
}

/**
 * The rows `order` describes, from `before` (the rows of revision `order.from`): kept rows are
 * the same objects when their parent's index is unchanged, copies with the new index otherwise.
 * @returns null when `order` does not fit `before` (a run beyond its rows, a parent not placed
 *   before its child, a count other than `total`): the caller reads the rows whole instead
 */
export function applyTreeOrder(before: readonly TreeRow[], order: TreeOrder): TreeRow[] | null {
  const fresh = treeRowsOf(order)
  const rows: TreeRow[] = []
  const indexOfPos = new Map<number, number>()
  let next = 0
  const { runs } = order
  for (let r = 0; r + 1 < runs.length; r += 2) {
    const start = runs[r] as number
    const count = runs[r + 1] as number
    if (count < 1) return null
    if (start === -1) {
      if (next + count > fresh.length) return null
      for (let i = 0; i < count; i++) {
        const row = fresh[next++] as TreeRow
        if (row.parent >= rows.length) return null
        indexOfPos.set(row.pos, rows.length)
        rows.push(row)
      }
      continue
    }
    if (start < 0 || start + count > before.length) return null
    for (let i = start; i < start + count; i++) {
      const old = before[i] as TreeRow
      let parent = -1
      if (old.parent >= 0) {
        const parentRow = before[old.parent]
        const placed = parentRow ? indexOfPos.get(parentRow.pos) : undefined
        if (placed === undefined) return null
        parent = placed
      }
      indexOfPos.set(old.pos, rows.length)
      rows.push(parent === old.parent ? old : { ...old, parent })
    }
  }
  return rows.length === order.total && next === fresh.length ? rows : null
}
