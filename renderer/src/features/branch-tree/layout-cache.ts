/**
 * The tree's layouts and active-path marks, kept per rows array. The tree renders deferred
 * (SessionView's useDeferredValue): React throws such a render away whenever an urgent update
 * comes first, and the render's useMemo results with it. A layout of 50,000 rows costs tens of
 * milliseconds, and while pi writes, each appended entry set off five or six of those restarts:
 * a restarted render must find its layout built. Rows pi appended to get the layout and the
 * active path of the rows before, extended (layout-extend.ts): not 100,000 rows again.
 */
import type { TreeRow } from '../../../../preload/contract/session-view'
import { beginsWith } from '../../state/grown-rows'
import {
  buildTreeData,
  pathMarks,
  type LayoutOptions,
  type PathMarks,
  type RowMarks,
  type TreeLayout,
} from './layout'
import { extendTreeData } from './layout-extend'

/** Layouts kept per rows array (the filters, searches and opened runs switched between). */
const KEEP = 4

const layouts = new WeakMap<readonly TreeRow[], { opts: LayoutOptions; layout: TreeLayout }[]>()
const paths = new WeakMap<readonly TreeRow[], PathMarks>()
const found = new WeakMap<readonly TreeRow[], Map<number, number>>()
/**
 * The layout built last, which live follow's next rows extend (layout-extend.ts). Held until
 * the next layout is built: its rows share their row objects with the rows that replace them.
 */
let last: { rows: readonly TreeRow[]; opts: LayoutOptions; layout: TreeLayout } | null = null
/** The path marked last, which live follow's next leaf extends. */
let lastPath: { rows: readonly TreeRow[]; marks: PathMarks } | null = null

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
  const layout = (last && extendTreeData(last, rows, opts)) ?? buildTreeData(rows, opts)
  layouts.set(rows, [...kept.slice(1 - KEEP), { opts, layout }])
  last = { rows, opts, layout }
  return layout
}

/**
 * {@link pathMarks}, kept for the last row asked of each rows array; the path marked last is
 * extended when the rows grew from its rows (live follow).
 */
export function cachedPathMarks(rows: readonly TreeRow[], index: number): RowMarks {
  const kept = paths.get(rows)
  if (kept?.index === index) return kept
  const before = lastPath && beginsWith(rows, lastPath.rows) ? lastPath.marks : undefined
  const marks = pathMarks(rows, index, before)
  paths.set(rows, marks)
  lastPath = { rows, marks }
  return marks
}

/**
 * The row index of the entry at file position `pos` in `rows`, or -1 (a scan of the rows from
 * the last, kept per rows array for the few positions asked: pi's leaf and the selection).
 */
export function cachedRowAt(rows: readonly TreeRow[], pos: number): number {
  let kept = found.get(rows)
  const hit = kept?.get(pos)
  if (hit !== undefined) return hit
  // From the end: live follow asks for pi's new leaf, the last row.
  const row = rows.findLastIndex((r) => r.pos === pos)
  if (!kept || kept.size >= KEEP) found.set(rows, (kept = new Map()))
  kept.set(pos, row)
  return row
}
