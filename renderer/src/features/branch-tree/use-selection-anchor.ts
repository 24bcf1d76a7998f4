/**
 * Keeps the selected row where it is on screen when the tree's items change around it. When
 * pi starts a new branch, the branch holding pi's leaf comes first among its siblings (pi spec
 * 8), so rows appear or move above the row the user selected, and a list that kept its scroll
 * offset would carry that row down, or out of view.
 */
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react'
import type { TreeApi } from 'react-arborist'
import type { TreeItem } from './layout'

/**
 * Scrolls the tree by as much as the selected row moved when `data` changed, if the row was in
 * view; a selection out of view, or a new selection, is left to react-arborist. Looks at every
 * render of the tree's pane; a fold, react-arborist's own state, moves rows without one: call
 * the returned function on each (the next render looks afresh).
 * @param rowHeight the tree's row height (px)
 */
export function useSelectionAnchor(
  tree: RefObject<TreeApi<TreeItem> | undefined>,
  data: readonly TreeItem[],
  selection: string | undefined,
  rowHeight: number,
): () => void {
  const last = useRef<{ data: readonly TreeItem[]; id: string; index: number } | null>(null)
  useLayoutEffect(() => {
    const api = tree.current
    const list = api?.listEl.current
    const index = selection === undefined ? undefined : api?.idToIndex[selection]
    if (!list || selection === undefined || index === undefined) {
      last.current = null
      return
    }
    const before = last.current
    last.current = { data, id: selection, index }
    // A fold moves the rows below the node the user clicked, which stays under the pointer:
    // only new items are anchored.
    if (!before || before.id !== selection || before.data === data || before.index === index) return
    // Where the row was before this render, at the offset the user still sees.
    const top = before.index * rowHeight - list.scrollTop
    if (top < 0 || top >= list.clientHeight) return
    // Through react-window, which keeps the offset it renders from in its own state.
    api?.list.current?.scrollTo(list.scrollTop + (index - before.index) * rowHeight)
  })
  return useCallback(() => {
    last.current = null
  }, [])
}
