/**
 * The parent row of every tree row. A row names its parent by file position
 * (`TreeRow.parentPos`), so a row stays the same object when the rows come in a new order; the
 * layouts walk parents by row index, which this gives.
 */
import type { TreeRow } from './session-view'

/** What {@link parentRows} keeps per rows array. */
interface Parents {
  /** Rows covered (the array's length when built). */
  count: number
  /** Parent row index of each row, -1 for none. */
  parents: Int32Array
  /** Row index by file position, -1 for none. */
  rowOfPos: Int32Array
}

const kept = new WeakMap<readonly TreeRow[], Parents>()

/** `array` copied into a larger one (at least `size`, doubling), the rest filled with -1. */
function grown(array: Int32Array, size: number): Int32Array {
  if (size <= array.length) return array
  const next = new Int32Array(Math.max(size, array.length * 2)).fill(-1)
  next.set(array)
  return next
}

/**
 * The parent row index of every row of `rows` (-1 for a root, an orphan, or a parent not among
 * the rows, such as one an outline does not carry). Rows come parents first (pi spec 8: display
 * order is pre-order), so a parent always has a smaller index.
 *
 * Kept per array: the same array is answered at once, and an array that grew since (main
 * appends rows in place as pi writes) costs only its new rows. A row replaced in place must keep
 * its `pos` and `parentPos` (main replaces a row only to change its label).
 * @returns an array of `rows.length` indices or more (read the first `rows.length`)
 */
export function parentRows(rows: readonly TreeRow[]): Int32Array {
  return tablesOf(rows).parents
}

/**
 * The row index of every file position of `rows` (-1 where no row has it; the last row wins
 * when two share one), kept with {@link parentRows}.
 * @returns an array indexed by position, -1 beyond the rows' largest (read past its end: none)
 */
export function rowsByPos(rows: readonly TreeRow[]): Int32Array {
  return tablesOf(rows).rowOfPos
}

/** The tables of `rows`, built or extended to its length (see {@link parentRows}). */
function tablesOf(rows: readonly TreeRow[]): Parents {
  const known = kept.get(rows)
  if (known && known.count === rows.length) return known
  let { count, parents, rowOfPos } =
    known && known.count < rows.length
      ? known
      : { count: 0, parents: new Int32Array(0), rowOfPos: new Int32Array(0) }
  parents = grown(parents, rows.length)
  for (let i = count; i < rows.length; i++) {
    const pos = (rows[i] as TreeRow).pos
    if (pos < 0) continue
    rowOfPos = grown(rowOfPos, pos + 1)
    rowOfPos[pos] = i
  }
  for (let i = count; i < rows.length; i++) {
    const parentPos = (rows[i] as TreeRow).parentPos
    const parent =
      parentPos >= 0 && parentPos < rowOfPos.length ? (rowOfPos[parentPos] as number) : -1
    parents[i] = parent < i ? parent : -1
  }
  count = rows.length
  const tables = { count, parents, rowOfPos }
  kept.set(rows, tables)
  return tables
}

/**
 * Tells {@link parentRows} that `rows` begin with every row of `from`, unchanged (the view's rows
 * with the rows pi appended): the table kept for `from`, if any, is copied for `rows`, so that
 * only the appended rows are read, not 100,000 rows again (about 5 ms) at each append.
 */
export function carryParentRows(rows: readonly TreeRow[], from: readonly TreeRow[]): void {
  const known = kept.get(from)
  if (!known || known.count !== from.length || rows.length < from.length) return
  kept.set(rows, {
    count: known.count,
    parents: known.parents.slice(),
    rowOfPos: known.rowOfPos.slice(),
  })
}
