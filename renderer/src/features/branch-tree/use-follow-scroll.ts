/**
 * The branch tree follows pi's leaf as the transcript does: while the selected row is in the
 * tree's view, a selection live follow moves to pi's new leaf is scrolled to; once the user
 * scrolled the selected row out of view (to read older entries), the new leaf is selected
 * where it is and the tree stays where the user left it. Scrolling back to the selected row
 * follows again. A selection the user makes is always scrolled to.
 */
import { useCallback, useRef, type RefObject } from 'react'
import type { TreeApi } from 'react-arborist'
import { useSessionView } from '../../state/session'
import type { TreeItem } from './layout'

/** What react-arborist takes: its list's scroll handler and its `selectionScroll`. */
export interface FollowScroll {
  onScroll(): void
  selectionScroll(): boolean
}

/**
 * Whether the tree's selected row is in view: at least part of it between the list's top and
 * bottom. No selection, or one react-arborist does not show (in a folded run), is not.
 * @param rowHeight the tree's row height (px)
 */
export function selectionInView(api: TreeApi<TreeItem> | undefined, rowHeight: number): boolean {
  const list = api?.listEl.current
  const id = api?.mostRecentNode?.id
  const index = id === undefined ? undefined : api?.idToIndex[id]
  if (!list || index === undefined) return false
  const top = index * rowHeight
  return top + rowHeight > list.scrollTop && top < list.scrollTop + list.clientHeight
}

/**
 * The tree's follow of pi's leaf (see the module comment). Both callbacks keep their identity:
 * react-arborist lays the whole tree out again when a prop changes identity.
 * @param rowHeight the tree's row height (px)
 */
export function useFollowScroll(
  tree: RefObject<TreeApi<TreeItem> | undefined>,
  rowHeight: number,
): FollowScroll {
  // Set at each scroll, by the user or by react-arborist: its own scroll to a selection puts
  // that row in view, so following goes on until the user scrolls away from it.
  const away = useRef(false)
  const onScroll = useCallback(() => {
    away.current = !selectionInView(tree.current, rowHeight)
  }, [tree, rowHeight])
  const selectionScroll = useCallback(() => {
    const { leafFollowed, selected } = useSessionView.getState()
    return !(away.current && leafFollowed !== null && leafFollowed === selected)
  }, [])
  return { onScroll, selectionScroll }
}
