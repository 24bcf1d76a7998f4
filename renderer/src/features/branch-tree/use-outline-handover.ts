/**
 * What react-arborist is given while a large tree goes from its outline (outline.ts) to every
 * row (the layout of every row is made ahead, in the tasks use-tree-layout.ts holds the
 * outline for). A selection the outline could not show (inside a folded run) is given with the
 * new layout, so react-arborist selects it, opens its run and scrolls to it once it has the
 * node. The rows that read react-arborist's nodes change only with its data: react-arborist
 * builds its whole node tree again whenever a prop changes (tens of ms at 100,000 rows), and
 * the layout from every row may keep the outline's items (cachedTreeData), leaving it nothing
 * to rebuild, unless callbacks made from the new rows were new props.
 */
import { useState } from 'react'
import type { TreeRow } from '../../../../preload/contract/session-view'
import type { TreeItem, TreeLayout } from './layout'

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
}

/**
 * @param ready whether react-arborist may have the layout (the branch tree's last stage)
 * @param rows every row, or the outline's while it loads (the branch tree's `rows`)
 * @param layout the outline's layout, then the layout of every row
 */
export function useOutlineHandover(
  ready: boolean,
  rows: readonly TreeRow[],
  layout: TreeLayout,
  selection: string | undefined,
): ArboristInput {
  const data = ready ? layout.data : NO_ITEMS
  const [paired, setPaired] = useState({ data, rows })
  if (paired.data !== data) setPaired({ data, rows })
  return {
    data,
    selection: ready ? selection : undefined,
    rows: paired.data === data ? paired.rows : rows,
  }
}
