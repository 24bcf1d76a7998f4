/**
 * Tree rows that live follow grew: the rows the view held, then the rows pi appended. The
 * tree lays such rows out by extending the layout before (layout-extend.ts), which needs to
 * know that the rows before are still there, unchanged; each grown array remembers the array
 * it grew from, so that is known without comparing 100,000 rows per appended entry.
 */
import type { TreeRow } from '../../../preload/contract/session-view'
import { carryParentRows } from '../../../preload/contract/row-parents'

const grownFrom = new WeakMap<readonly TreeRow[], readonly TreeRow[]>()

/**
 * `rows` followed by `added`, a new array that remembers it grew from `rows`, and takes over
 * the parent rows known for `rows` (row-parents.ts).
 */
export function appendRows(rows: readonly TreeRow[], added: readonly TreeRow[]): TreeRow[] {
  const next = rows.concat(added)
  grownFrom.set(next, rows)
  carryParentRows(next, rows)
  return next
}

/**
 * Whether `rows` begin with every row of `before`, the same objects at the same indices:
 * at once when `rows` grew from `before` by {@link appendRows}, else by comparing them.
 */
export function beginsWith(rows: readonly TreeRow[], before: readonly TreeRow[]): boolean {
  if (before.length > rows.length) return false
  for (let r: readonly TreeRow[] | undefined = rows; r; r = grownFrom.get(r))
    if (r === before) return true
  for (let i = 0; i < before.length; i++) if (before[i] !== rows[i]) return false
  return true
}
