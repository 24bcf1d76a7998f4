/**
 * Three behaviours of the branch tree around reading: the transcript follows the focused entry
 * a moment after arrow keys stop on it (no Enter needed), a search hit's entry is scrolled
 * into the tree's view when the session opens at it, and a selection inside a folded run (a
 * deep link) opens that run and is selected there.
 */
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import type { TreeApi } from 'react-arborist'
import type { TreeRow } from '../../../../preload/contract/session-view'
import { useSessionView } from '../../state/session'
import { itemId, type TreeItem, type TreeLayout } from './layout'

/** How long focus rests on an entry before the transcript shows its path (ms). */
export const BROWSE_DELAY_MS = 150

/**
 * A scheduler that runs only the last of quickly repeated calls, `BROWSE_DELAY_MS` after it
 * (holding ↓ through the tree loads one path, not one per entry passed).
 */
export function useBrowseDelay(): (run: () => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  return useCallback((run: () => void) => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(run, BROWSE_DELAY_MS)
  }, [])
}

/** react-arborist looks for a node it was told to scroll to every 10 ms (its `waitFor`). */
const ARBORIST_POLL_MS = 10

/**
 * Scrolls the tree to the search hit the open path landed on, after react-arborist's own
 * scroll to its selection (the branch's leaf), so the hit stays in view. It scrolls again
 * when react-arborist is given another selection while the landing holds (the path's target
 * arriving in a later render): react-arborist scrolls to every selection it is given. A
 * selection the user makes ends the landing (the path then has no hit), so it is left alone.
 * @param shown whether the tree is on screen (it mounts once its box has a size)
 * @param selection the node id react-arborist is given as its selection
 */
export function useHitInView(
  tree: RefObject<TreeApi<TreeItem> | undefined>,
  rows: readonly TreeRow[],
  layout: TreeLayout,
  shown: boolean,
  selection: string | undefined,
): void {
  const hitPos = useSessionView((s) => {
    const index = s.path?.focusIndex
    return index === null || index === undefined ? null : (s.path?.items.get(index)?.pos ?? null)
  })
  const done = useRef<string | null>(null)
  useEffect(() => {
    const key = `${hitPos} ${selection}`
    if (!shown || hitPos === null || done.current === key) return
    const row = rows.findIndex((r) => r.pos === hitPos)
    if (row < 0) return
    let tries = 0
    let timer: ReturnType<typeof setTimeout>
    const scroll = () => {
      const api = tree.current
      if (!api) return
      // react-arborist scrolls to its selection at its first look after the node is in its
      // list; once it is, the hit's scroll waits two of its looks, so it comes last.
      const pending = selection !== undefined && !(selection in api.idToIndex)
      if (pending && ++tries < 100) {
        timer = setTimeout(scroll, ARBORIST_POLL_MS)
        return
      }
      timer = setTimeout(() => {
        done.current = key
        void tree.current?.scrollTo(itemId(rows[row] as TreeRow), 'center')
      }, 2 * ARBORIST_POLL_MS)
    }
    timer = setTimeout(scroll, 50)
    return () => clearTimeout(timer)
  }, [hitPos, rows, layout, tree, shown, selection])
}

/**
 * Selects `selection` when react-arborist could not: it selects only nodes it shows, so a node
 * inside a run it holds folded (a deep link into a run, or a selection handed over with the
 * rows after the outline) is only scrolled to. Its run is opened, then it is selected.
 */
export function useSelectionInRun(
  tree: RefObject<TreeApi<TreeItem> | undefined>,
  selection: string | undefined,
  data: readonly TreeItem[],
): void {
  useEffect(() => {
    const api = tree.current
    if (!api || !selection || api.isSelected(selection)) return
    api.openParents(selection)
    // The next frame's react-arborist shows the node (each render makes a new tree api).
    const frame = requestAnimationFrame(() => {
      const now = tree.current
      if (now?.get(selection) && !now.isSelected(selection)) now.select(selection, { focus: false })
    })
    return () => cancelAnimationFrame(frame)
  }, [tree, selection, data])
}
