/**
 * The layout state of the branch tree: which rows are the leaf, the active path and the
 * selection, the arborist data for the filter and search (pi spec 15.6), and which collapsed
 * runs the user opened. Until every row is in, a large tree shows its outline (outline.ts).
 */
import { useCallback, useMemo, useState } from 'react'
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
import { cachedPathMarks, cachedRowAt, cachedTreeData } from './layout-cache'
import type { OutlineView } from './outline'

/** The layout while a filter or search waits for the rows the outline does not carry. */
const NO_LAYOUT: TreeLayout = {
  data: [],
  shown: 0,
  runIds: [],
  runOfRow: new Int32Array(0),
  inData: new Uint8Array(0),
  tail: null,
}

/** What {@link useTreeLayout} gives the tree. */
export interface TreeLayoutState {
  /** Row index of pi's leaf, -1 when none. */
  leafRow: number
  /** Rows on the path root -> leaf. */
  active: RowMarks
  layout: TreeLayout
  /** The shown node to select: the selected row's, else its nearest shown ancestor's. */
  selection: string | undefined
  /** The row of that node, or -1. */
  selectionRow: number
  setRunOpen(id: string, open: boolean): void
  /** Opens (true) or closes (false) every collapsed run. */
  setAllRuns(open: boolean): void
  /** The outline is shown: the rows inside collapsed runs are not in yet. */
  outlined: boolean
  /** The filter or search asks for rows that are not in yet: nothing is laid out meanwhile. */
  waiting: boolean
}

/**
 * Lays out the tree rows of `overview` for the tree.
 * @param selectedPos file position of the selected entry, or null
 * @param collapse whether long linear runs collapse (never while searching)
 * @param outline the tree's outline while its rows load (`rows` are then the outline's), or null
 */
export function useTreeLayout(
  overview: SessionOverview,
  rows: readonly TreeRow[],
  selectedPos: number | null,
  mode: FilterMode,
  query: string,
  collapse: boolean,
  outline: OutlineView | null,
): TreeLayoutState {
  // The outline is the tree's first view: pi's leaf, runs collapsed, no search.
  const outlined = outline !== null && outline.mode === mode && collapse && !query.trim()
  const leafRow = useMemo(
    () =>
      outline?.leafRow ?? (overview.leafPos === null ? -1 : cachedRowAt(rows, overview.leafPos)),
    [outline, rows, overview.leafPos],
  )
  const active = useMemo(
    () => outline?.active ?? cachedPathMarks(rows, leafRow),
    [outline, rows, leafRow],
  )
  const selectedRow = useMemo(
    () => (selectedPos === null ? -1 : cachedRowAt(rows, selectedPos)),
    [rows, selectedPos],
  )
  const [openRuns, setOpenRuns] = useState<ReadonlySet<string>>(() => new Set())
  // While searching, runs stay expanded so every entry can match.
  const runMin = collapse && !query.trim() ? RUN_MIN : 0
  const outlineItems = useOutlineItems(outline, rows)
  const base = useMemo(() => {
    if (outline) return outlined ? outline.layout : NO_LAYOUT
    return cachedTreeData(rows, { mode, leafRow, runMin, openRuns }, outlineItems)
  }, [outline, outlined, rows, mode, leafRow, runMin, openRuns, outlineItems])
  // A selected entry inside a closed run (deep link, keyboard) loads that run's entries.
  const revealRow =
    !outline && selectedRow >= 0 && (base.runOfRow[selectedRow] ?? -1) >= 0 ? selectedRow : -1
  const layout = useMemo(
    () =>
      revealRow < 0 ? base : cachedTreeData(rows, { mode, leafRow, runMin, openRuns, revealRow }),
    [base, rows, mode, leafRow, runMin, openRuns, revealRow],
  )
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
  return {
    leafRow,
    active,
    layout,
    selection: selectionRow < 0 ? undefined : itemId(selectionRow),
    selectionRow,
    setRunOpen,
    setAllRuns,
    outlined,
    waiting: outline !== null && !outlined,
  }
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
