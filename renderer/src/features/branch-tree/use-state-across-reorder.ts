/**
 * Keeps what the user folded and the node the keyboard is on when the tree's rows come in
 * another order. Live follow of a new branch reads every row again, in display order (pi spec
 * 15.6: the branch holding the leaf first), and a node's item id names its row: without this,
 * a folded node's state would pass to whatever row took its place.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react'
import type { TreeApi } from 'react-arborist'
import type { TreeRow } from '../../../../preload/contract/session-view'
import type { TreeItem } from './layout'

/** An item id (`e12`, `run12`) and the row it names, or null for another id. */
function parseItemId(id: string): { prefix: string; row: number } | null {
  const m = /^(e|run)(\d+)$/.exec(id)
  return m ? { prefix: m[1] as string, row: Number(m[2]) } : null
}

/**
 * Whether `rows` begin with the entries of `before`, in the same places. A row of `before`
 * without an id (a row a tree outline does not carry) stays where it is.
 */
function sameOrder(rows: readonly TreeRow[], before: readonly TreeRow[]): boolean {
  if (before.length > rows.length) return false
  for (let i = 0; i < before.length; i++) {
    const id = before[i]?.id
    if (id && rows[i]?.id !== id) return false
  }
  return true
}

/**
 * Moves react-arborist's open state and keyboard focus to the rows of the same entries when
 * `rows` (the rows the tree's data is laid out from) change order.
 */
export function useStateAcrossReorder(
  tree: RefObject<TreeApi<TreeItem> | undefined>,
  rows: readonly TreeRow[],
): void {
  const previous = useRef(rows)
  useLayoutEffect(() => {
    const before = previous.current
    previous.current = rows
    const api = tree.current
    if (!api || before === rows || sameOrder(rows, before)) return
    const rowOf = new Map<string, number>()
    rows.forEach((row, i) => rowOf.set(row.id, i))
    const moved = (id: string): string | null => {
      const item = parseItemId(id)
      if (!item) return null
      const entry = before[item.row]?.id
      // A row the outline did not carry keeps its place (outline and rows share the order).
      if (!entry) return id
      const row = rowOf.get(entry)
      return row === undefined ? null : `${item.prefix}${row}`
    }
    const known = { ...api.state.nodes.open.unfiltered }
    const wanted = new Map<string, boolean>()
    for (const [id, open] of Object.entries(known)) {
      const to = moved(id)
      if (to !== null) wanted.set(to, open)
    }
    // Ids whose entry moved away take the default: entries open, runs closed.
    for (const id of new Set([...Object.keys(known), ...wanted.keys()])) {
      const open = wanted.get(id) ?? !id.startsWith('run')
      if (api.isOpen(id) !== open) {
        if (open) api.open(id)
        else api.close(id)
      }
    }
    const focused = api.state.nodes.focus.id
    const to = focused ? moved(focused) : null
    if (to !== null && to !== focused) api.focus(to)
  }, [tree, rows])
}
