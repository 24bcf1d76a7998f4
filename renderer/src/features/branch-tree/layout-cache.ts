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
import type { FilterMode } from './filters'
import {
  buildTreeData,
  pathMarks,
  shownTree,
  type ShownTree,
  type LayoutOptions,
  type PathMarks,
  type RowMarks,
  type TreeItem,
  type TreeLayout,
} from './layout'
import { extendTreeData } from './layout-extend'

/** Layouts kept per rows array (the filters, searches and opened runs switched between). */
const KEEP = 4

const layouts = new WeakMap<readonly TreeRow[], { opts: LayoutOptions; layout: TreeLayout }[]>()
const paths = new WeakMap<readonly TreeRow[], PathMarks>()
const shownTrees = new WeakMap<readonly TreeRow[], ShownTree>()
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
    a.revealRow === b.revealRow &&
    a.keepRow === b.keepRow
  )
}

/**
 * Whether two item lists are the same tree: ids, rows, counts, branch marks and children
 * (present or not, then item by item). Iterative; items are compared field by field, as an
 * item read from JSON lacks the fields a built one holds undefined.
 */
function sameItems(a: readonly TreeItem[], b: readonly TreeItem[]): boolean {
  const stack: [readonly TreeItem[], readonly TreeItem[]][] = [[a, b]]
  while (stack.length > 0) {
    const [xs, ys] = stack.pop() as [readonly TreeItem[], readonly TreeItem[]]
    if (xs.length !== ys.length) return false
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as TreeItem
      const y = ys[i] as TreeItem
      if (x.id !== y.id || x.row !== y.row || x.count !== y.count) return false
      if (x.branches !== y.branches || !x.head !== !y.head) return false
      if (!x.children !== !y.children) return false
      if (x.children && y.children) stack.push([x.children, y.children])
    }
  }
  return true
}

/**
 * {@link buildTreeData}, built once per rows array and options: the same object again for a
 * render that asks again. Kept while `rows` is referenced (a WeakMap), at most {@link KEEP}.
 * @param shown items already shown (the outline's, outline.ts): a layout that comes out the
 *   same tree keeps them, the very array, so react-arborist, which builds its whole node tree
 *   again for every new array (tens of ms at 100,000 rows), has nothing to rebuild
 */
export function cachedTreeData(
  rows: readonly TreeRow[],
  opts: LayoutOptions,
  shown?: TreeItem[],
): TreeLayout {
  const kept = layouts.get(rows) ?? []
  const hit = kept.find((k) => sameOptions(k.opts, opts))
  if (hit) return hit.layout
  let layout =
    (last && extendTreeData(last, rows, opts)) ?? buildTreeData(rows, opts, shownTrees.get(rows))
  if (shown && layout.data !== shown && sameItems(shown, layout.data))
    layout = { ...layout, data: shown }
  layouts.set(rows, [...kept.slice(1 - KEEP), { opts, layout }])
  last = { rows, opts, layout }
  return layout
}

/** Whether a layout of `rows` was built (for any options): a render that asks finds it. */
export function isLaidOut(rows: readonly TreeRow[]): boolean {
  return layouts.has(rows)
}

/**
 * {@link shownTree}, kept for the last filter and leaf asked of each rows array: the first part
 * of a layout, made ahead in a task of its own for the layout that follows.
 */
export function cachedShownTree(
  rows: readonly TreeRow[],
  mode: FilterMode,
  leafRow: number,
): ShownTree {
  const kept = shownTrees.get(rows)
  if (kept?.mode === mode && kept.leafRow === leafRow) return kept
  const made = shownTree(rows, mode, leafRow)
  shownTrees.set(rows, made)
  return made
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
