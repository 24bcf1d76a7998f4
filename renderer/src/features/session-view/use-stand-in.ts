/**
 * A preview of the path being shown, made of its newest items, for the frames the transcript's
 * list is mounted but hidden: react-virtuoso, opened at the path's end, shows its list only
 * once its scroll there has held still (four frames, then 150 ms without a change). That is a
 * quarter of a second for a session of a few entries and 600-700 ms at 100 MB, where the
 * path's end is already in and could be on screen in a frame.
 */
import { useMemo } from 'react'
import type { TailPreview } from '../../../../preload/contract/session-live'
import type { PathItem } from '../../../../preload/contract/session-view'
import type { PathState } from '../../state/path-state'

/** Newest items shown at most: more than a tall window holds. */
const STAND_IN_ITEMS = 40

/**
 * The newest loaded items of `path` as a preview while its list is not shown, or null: once it
 * shows, and for a path opened at a search hit (its list opens mid-path, not at the end).
 */
export function useStandIn(path: PathState | null, listShown: boolean): TailPreview | null {
  return useMemo(() => {
    if (path === null || listShown || path.focusIndex !== null) return null
    const items: PathItem[] = []
    let i = path.total - 1
    for (; i >= 0 && items.length < STAND_IN_ITEMS; i--) {
      const item = path.items.get(i)
      if (item === undefined) break
      items.push(item)
    }
    if (items.length === 0) return null
    const fromStart = i < 0
    return { items: items.reverse(), leafId: path.targetId, reason: null, bytes: 0, fromStart }
  }, [path, listShown])
}
