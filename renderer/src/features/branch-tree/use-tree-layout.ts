/**
 * The layout state of the branch tree: which rows are the leaf, the active path and the
 * selection, the arborist data for the filter and search (pi spec 15.6), and which collapsed
 * runs the user opened. Until every row is in, a large tree shows its outline (outline.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { SessionOverview, TreeRow } from '../../../../preload/contract/session-view'
import type { FilterMode } from './filters'
import {
  RUN_MIN,
  itemId,
  nearestAncestor,
  type RowMarks,
  type TreeItem,
  type TreeLayout,
} from './layout'
import { cachedPathMarks, cachedRowAt, cachedShownTree, cachedTreeData } from './layout-cache'
import type { OutlineView } from './outline'
import type { RowsHold } from './use-rows-hold'
import { stepsInTasks, useLaidRows, type LaidRows } from './use-laid-rows'

/** What the layout asks of the hold on the rows of a user acting on them. */
type TreeHold = Pick<RowsHold, 'held' | 'keptOlder'>

/** The layout while a filter or search waits for the rows the outline does not carry. */
const NO_LAYOUT: TreeLayout = {
  data: [],
  shown: 0,
  runIds: [],
  runOfRow: new Int32Array(0),
  inData: new Uint8Array(0),
  leafShown: -1,
  tail: null,
}

/** What {@link useTreeLayout} gives the tree. */
export interface TreeLayoutState {
  /**
   * The rows laid out: those given, or for a few tasks after rows in a new order came, the
   * rows before them (use-laid-rows.ts). What the tree's rows and callbacks read.
   */
  rows: readonly TreeRow[]
  /** Row index of pi's leaf, -1 when none. */
  leafRow: number
  /** Rows on the path root -> leaf. */
  active: RowMarks
  layout: TreeLayout
  /** The shown node to select: the selected row's, else its nearest shown ancestor's. */
  selection: string | undefined
  /** The row of that node, or -1. */
  selectionRow: number
  /** The id of the run that holds the selected entry in this layout, or null. */
  selectedRun: string | null
  setRunOpen(id: string, open: boolean): void
  /** Opens (true) or closes (false) every collapsed run. */
  setAllRuns(open: boolean): void
  /**
   * The outline while the rows load, and until the layout of every row is built (a task
   * after they are in); then null.
   */
  outline: OutlineView | null
  /** The outline is shown: the rows inside collapsed runs are not in yet. */
  outlined: boolean
  /** The filter or search asks for rows that are not in yet: nothing is laid out meanwhile. */
  waiting: boolean
}

/** The options of the layout of every row that the tree's state decides. */
interface RowsOptions {
  mode: FilterMode
  runMin: number
  openRuns: ReadonlySet<string>
  /** File position of the entry whose label is being typed, or null (LayoutOptions.keepRow). */
  keepPos: number | null
}

/**
 * The layout of every row through the caches (layout-cache.ts): pi's leaf, the active path, the
 * selected row, the layout, and with a selected entry inside a closed run (a deep link, the
 * keyboard) the layout that loads that run's entries. What a render asks for, and what the
 * outline's last task builds ahead of it.
 * @param shown the outline's items for the first rows after it (see {@link useOutlineItems})
 */
function rowsLayout(
  rows: readonly TreeRow[],
  leafPos: number | null,
  selectedPos: number | null,
  opts: RowsOptions,
  shown: TreeItem[] | undefined,
) {
  const leafRow = rowAt(rows, leafPos)
  const active = cachedPathMarks(rows, leafRow)
  const selectedRow = rowAt(rows, selectedPos)
  const { keepPos, ...rest } = opts
  // Kept once pi's leaf has moved on from it: the leaf itself never folds.
  const keepRow = rowAt(rows, keepPos)
  const given = { ...rest, leafRow, ...(keepRow >= 0 && keepRow !== leafRow ? { keepRow } : {}) }
  const base = cachedTreeData(rows, given, shown)
  const inRun = selectedRow >= 0 && (base.runOfRow[selectedRow] ?? -1) >= 0
  const layout = inRun ? cachedTreeData(rows, { ...given, revealRow: selectedRow }) : base
  return { leafRow, active, selectedRow, layout }
}

/**
 * `overview` and `rows`, or while `hold` holds, those of the last render that was not held
 * (the rows the tree shows stay as they are; the hold's end renders the newer ones).
 */
function useKeptWhileHeld(
  overview: SessionOverview,
  rows: readonly TreeRow[],
  hold: TreeHold | null,
): LaidRows {
  const [kept, setKept] = useState<LaidRows>(() => ({ overview, rows }))
  const newer = kept.overview !== overview || kept.rows !== rows
  if (hold?.held()) {
    if (newer) hold.keptOlder()
    return kept
  }
  // Adjusted in the render, as a state derived from props: no render shows the new rows first.
  if (newer) setKept({ overview, rows })
  return { overview, rows }
}

/** The row of the entry at file position `pos` (cached), or -1 for none. */
function rowAt(rows: readonly TreeRow[], pos: number | null): number {
  return pos === null ? -1 : cachedRowAt(rows, pos)
}

/**
 * The layout of every row in two steps, each one task's work at 100,000 rows, into the caches
 * of layout-cache.ts (the render after them finds it built): pi's leaf path and the rows the
 * filter shows, then the layout (see {@link rowsLayout}).
 * @param shown the outline's items, kept by a layout that comes out the same tree
 */
function layoutSteps(
  { overview, rows }: LaidRows,
  selectedPos: number | null,
  opts: RowsOptions,
  shown?: TreeItem[],
): (() => unknown)[] {
  return [
    () => {
      const leafRow = rowAt(rows, overview.leafPos)
      cachedPathMarks(rows, leafRow)
      cachedShownTree(rows, opts.mode, leafRow)
    },
    () => rowsLayout(rows, overview.leafPos, selectedPos, opts, shown),
  ]
}

/**
 * Lays out the tree rows of `overview` for the tree.
 * @param selectedPos file position of the selected entry, or null
 * @param collapse whether long linear runs collapse (never while searching)
 * @param outlineNow the tree's outline while its rows load (`rows` are then the outline's), or
 *   null
 * @param keepPos file position of the entry whose label is being typed, or null: no run folds it
 * @param hold a user acting on the rows, by pointer or keys (use-rows-hold.ts): rows and
 *   overview that come while it holds wait until it ends; the filter, runs and selection do not
 */
export function useTreeLayout(
  given: SessionOverview,
  givenRows: readonly TreeRow[],
  selectedPos: number | null,
  mode: FilterMode,
  query: string,
  collapse: boolean,
  outlineNow: OutlineView | null,
  keepPos: number | null = null,
  hold: TreeHold | null = null,
): TreeLayoutState {
  const kept = useKeptWhileHeld(given, givenRows, outlineNow === null ? hold : null)
  const [openRuns, setOpenRuns] = useState<ReadonlySet<string>>(() => new Set())
  // While searching, runs stay expanded so every entry can match.
  const runMin = collapse && !query.trim() ? RUN_MIN : 0
  const opts = useMemo(
    () => ({ mode, runMin, openRuns, keepPos }),
    [mode, runMin, openRuns, keepPos],
  )
  const { overview, rows } = useLaidRows(kept.overview, kept.rows, outlineNow !== null, (next) =>
    layoutSteps(next, selectedPos, opts),
  )
  const outline = useOutlineUntilLaidOut(outlineNow, rows, (items) =>
    layoutSteps({ overview, rows }, selectedPos, opts, items),
  )
  // The outline is the tree's first view: pi's leaf, runs collapsed, no search.
  const outlined = outline !== null && outline.mode === mode && collapse && !query.trim()
  const outlineItems = useOutlineItems(outline, rows)
  const fromRows = useMemo(
    () => (outline ? null : rowsLayout(rows, overview.leafPos, selectedPos, opts, outlineItems)),
    [outline, rows, overview.leafPos, selectedPos, opts, outlineItems],
  )
  const leafRow = outline?.leafRow ?? fromRows?.leafRow ?? -1
  const selectedRow = useMemo(
    () => fromRows?.selectedRow ?? rowAt(rows, selectedPos),
    [fromRows, rows, selectedPos],
  )
  const layout = fromRows?.layout ?? (outlined ? (outline as OutlineView).layout : NO_LAYOUT)
  const selectionRow = useMemo(
    () => shownSelection(layout.inData, rows, selectedRow),
    [layout, rows, selectedRow],
  )
  const setRunOpen = useCallback(
    (id: string, open: boolean) =>
      setOpenRuns((old) => {
        if (old.has(id) === open) return old
        const next = new Set(old)
        if (open) next.add(id)
        else next.delete(id)
        return next
      }),
    [],
  )
  const setAllRuns = (open: boolean) => setOpenRuns(new Set(open ? layout.runIds : []))
  const selectedRunIndex = selectedRow < 0 ? -1 : (layout.runOfRow[selectedRow] ?? -1)
  return {
    rows,
    leafRow,
    active: outline?.active ?? (fromRows as NonNullable<typeof fromRows>).active,
    layout,
    selection: selectionRow < 0 ? undefined : itemId(rows[selectionRow] as TreeRow),
    selectionRow,
    selectedRun: selectedRunIndex < 0 ? null : (layout.runIds[selectedRunIndex] ?? null),
    setRunOpen,
    setAllRuns,
    outline,
    outlined,
    waiting: outline !== null && !outlined,
  }
}

/**
 * The outline while the rows load, and for a few tasks more once every row is in: those tasks
 * lay out every row (`steps`, one per task, into the caches of layout-cache.ts), and the render
 * after them finds the layout built. At 100,000 rows the layout is tens of ms, the render that
 * hands the rows to the tree as much again: in one task they held the window past 100 ms.
 * @param steps the steps, given the outline's items; asked again as each runs (they see the
 *   tree's filter of that moment)
 */
function useOutlineUntilLaidOut(
  outline: OutlineView | null,
  rows: readonly TreeRow[],
  steps: (shown: TreeItem[]) => (() => unknown)[],
): OutlineView | null {
  const [held, setHeld] = useState(outline)
  if (outline && outline !== held) setHeld(outline)
  const pending = outline ? null : held
  const latest = useRef(steps)
  useLayoutEffect(() => {
    latest.current = steps
  })
  useEffect(() => {
    if (!pending) return
    const current = () => latest.current(pending.layout.data)
    return stepsInTasks(
      current().map((_, k) => () => current()[k]?.()),
      () => setHeld(null),
    )
  }, [pending, rows])
  return outline ?? held
}

/**
 * The row of the node to select: the selected row when it is a shown node, else its nearest
 * shown ancestor (as pi's /tree does); -1 for none.
 */
function shownSelection(inData: Uint8Array, rows: readonly TreeRow[], selectedRow: number): number {
  if (selectedRow < 0) return -1
  return nearestAncestor(rows, selectedRow, (r) => inData[r] === 1)
}

/**
 * The outline's items while the layout is made from the first rows after it (the outline then
 * gave way to every row), else undefined: laid out alike, that layout keeps the very items
 * (cachedTreeData) and react-arborist its nodes. Later rows (pi appended, a label changed) are
 * laid out afresh: the items of a kept array would read rows of another revision.
 */
function useOutlineItems(
  outline: OutlineView | null,
  rows: readonly TreeRow[],
): TreeItem[] | undefined {
  const [held, setHeld] = useState(() => ({
    items: outline?.layout.data,
    rows: null as readonly TreeRow[] | null,
  }))
  const firstRows = held.rows ?? (outline ? null : rows)
  if (outline && held.items !== outline.layout.data)
    setHeld({ items: outline.layout.data, rows: null })
  else if (held.items && held.rows !== firstRows) setHeld({ items: held.items, rows: firstRows })
  return !outline && firstRows === rows ? held.items : undefined
}
