/**
 * The tree's layouts and active-path marks, kept per rows array. The tree renders deferred
 * (SessionView's useDeferredValue): React throws such a render away whenever an urgent update
 * comes first, and the render's useMemo results with it. A layout of 50,000 rows costs tens of
 * milliseconds, and while pi writes, each appended entry set off five or six of those restarts:
 * a restarted render must find its layout built.
 */
import type { TreeRow } from '../../../../preload/contract/session-view'
import {
  buildTreeData,
  pathMarks,
  type LayoutOptions,
  type RowMarks,
  type TreeLayout,
} from './layout'

/** Layouts kept per rows array (the filters, searches and opened runs switched between). */
const KEEP = 4

const layouts = new WeakMap<readonly TreeRow[], { opts: LayoutOptions; layout: TreeLayout }[]>()
const paths = new WeakMap<readonly TreeRow[], { index: number; marks: RowMarks }>()
const found = new WeakMap<readonly TreeRow[], Map<number, number>>()

/** Whether two layout options lay out alike (opened runs compared by identity: state). */
function sameOptions(a: LayoutOptions, b: LayoutOptions): boolean {
  return (
    a.mode === b.mode &&
    a.leafRow === b.leafRow &&
    a.runMin === b.runMin &&
    a.openRuns === b.openRuns &&
    a.revealRow === b.revealRow
  )
}

/**
 * {@link buildTreeData}, built once per rows array and options: the same object again for a
 * render that asks again. Kept while `rows` is referenced (a WeakMap), at most {@link KEEP}.
 */
export function cachedTreeData(rows: readonly TreeRow[], opts: LayoutOptions): TreeLayout {
  const kept = layouts.get(rows) ?? []
  const hit = kept.find((k) => sameOptions(k.opts, opts))
  if (hit) return hit.layout
  const layout = buildTreeData(rows, opts)
  layouts.set(rows, [...kept.slice(1 - KEEP), { opts, layout }])
  return layout
}

/** {@link pathMarks}, kept for the last row asked of each rows array. */
export function cachedPathMarks(rows: readonly TreeRow[], index: number): RowMarks {
  const kept = paths.get(rows)
  if (kept?.index === index) return kept.marks
  const marks = pathMarks(rows, index)
  paths.set(rows, { index, marks })
  return marks
}

/**
 * The row index of the entry at file position `pos` in `rows`, or -1 (a scan of every row,
 * kept per rows array for the few positions asked: pi's leaf and the selection).
 */
export function cachedRowAt(rows: readonly TreeRow[], pos: number): number {
  let kept = found.get(rows)
  const hit = kept?.get(pos)
  if (hit !== undefined) return hit
  const row = rows.findIndex((r) => r.pos === pos)
  if (!kept || kept.size >= KEEP) found.set(rows, (kept = new Map()))
  kept.set(pos, row)
  return row
}
