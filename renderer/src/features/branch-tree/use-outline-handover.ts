/**
 * What react-arborist is given while a large tree goes from its outline (outline.ts) to every
 * row: the switch takes two tasks, each tens of ms at 100,000 rows. In the first the rows are
 * laid out while react-arborist keeps the outline; in the next it gets the new layout. A
 * selection the outline could not show (inside a folded run) is given with the new layout,
 * so react-arborist selects it, opens its run and scrolls to it once it has the node.
 * The rows that read react-arborist's nodes change only with its data: react-arborist builds
 * its whole node tree again whenever a prop changes (tens of ms at 100,000 rows), and the
 * layout from every row may keep the outline's items (cachedTreeData), leaving it nothing to
 * rebuild, unless callbacks made from the new rows were new props.
 */
import { useEffect, useState } from 'react'
import type { TreeRow } from '../../../../preload/contract/session-view'
import type { TreeItem, TreeLayout } from './layout'
import type { OutlineView } from './outline'

/** The tree's data while react-arborist mounts (the branch tree's stages). */
const NO_ITEMS: TreeItem[] = []

/** What {@link useOutlineHandover} gives react-arborist. */
export interface ArboristInput {
  data: TreeItem[]
  selection: string | undefined
  /**
   * The rows as they were when `data` last changed (the outline's while its items are shown):
   * what the callbacks given to react-arborist read, so they change with `data` only.
   */
  rows: readonly TreeRow[]
  /** The outline is still shown while every row is being laid out. */
  handingOver: boolean
}

/**
 * @param ready whether react-arborist may have the layout (the branch tree's last stage)
 * @param outline the outline while the rows load, then null
 * @param rows every row, or the outline's while it loads (the branch tree's `rows`)
 * @param selectionRow the row of `selection`'s node in `layout`, or -1
 */
export function useOutlineHandover(
  ready: boolean,
  outline: OutlineView | null,
  rows: readonly TreeRow[],
  layout: TreeLayout,
  selection: string | undefined,
  selectionRow: number,
): ArboristInput {
  const [heldOutline, setHeldOutline] = useState(outline)
  const handingOver = heldOutline !== null && outline === null
  useEffect(() => {
    if (!handingOver) return
    const task = setTimeout(() => setHeldOutline(null))
    return () => clearTimeout(task)
  }, [handingOver])
  let data = layout.data
  let shownSelection = selection
  if (!ready) {
    data = NO_ITEMS
    shownSelection = undefined
  } else if (handingOver) {
    data = heldOutline.layout.data
    if (heldOutline.layout.inData[selectionRow] !== 1) shownSelection = undefined
  }
  const [paired, setPaired] = useState({ data, rows })
  if (paired.data !== data) setPaired({ data, rows })
  return {
    data,
    selection: shownSelection,
    rows: paired.data === data ? paired.rows : rows,
    handingOver,
  }
}
