/**
 * What react-arborist is given while a large tree goes from its outline (outline.ts) to every
 * row: the switch takes two tasks, each tens of ms at 100,000 rows. In the first the rows are
 * laid out while react-arborist keeps the outline; in the next it gets the new layout. A
 * selection the outline could not show (inside a folded run) is given with the new layout,
 * so react-arborist selects it, opens its run and scrolls to it once it has the node.
 */
import { useEffect, useState } from 'react'
import type { TreeItem, TreeLayout } from './layout'
import type { OutlineView } from './outline'

/** The tree's data while react-arborist mounts (the branch tree's stages). */
const NO_ITEMS: TreeItem[] = []

/** What {@link useOutlineHandover} gives react-arborist. */
export interface ArboristInput {
  data: TreeItem[]
  selection: string | undefined
  /** The outline is still shown while every row is being laid out. */
  handingOver: boolean
}

/**
 * @param ready whether react-arborist may have the layout (the branch tree's last stage)
 * @param outline the outline while the rows load, then null
 * @param selectionRow the row of `selection`'s node in `layout`, or -1
 */
export function useOutlineHandover(
  ready: boolean,
  outline: OutlineView | null,
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
  if (!ready) return { data: NO_ITEMS, selection: undefined, handingOver }
  if (!handingOver) return { data: layout.data, selection, handingOver }
  const shows = heldOutline.layout.inData[selectionRow] === 1
  return { data: heldOutline.layout.data, selection: shows ? selection : undefined, handingOver }
}
