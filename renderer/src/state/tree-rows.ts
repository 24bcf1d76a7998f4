/**
 * Loads the tree rows of an opened session: every page of `session:get-tree`, a few at a time,
 * once the tree's outline (sent with `session:open`) is on screen.
 */
import type { SessionOverview, TreeRow } from '../../../preload/contract/session-view'
import { TREE_PAGE_ROWS, treeRowsOf } from '../../../preload/contract/session-live'
import { call } from '../api/client'

/**
 * Tree pages requested at once: one in flight while the next is encoded, no more (main
 * answers other requests in between).
 */
const TREE_FETCHES = 4

/**
 * Every tree row of `overview`, a few pages at a time.
 * @throws ApiError as `session:get-tree` does (`conflict` when the session was read again)
 */
export async function loadTreeRows(overview: SessionOverview): Promise<TreeRow[]> {
  const pages: TreeRow[][] = []
  const offsets: number[] = []
  for (let offset = 0; offset < overview.rowCount; offset += TREE_PAGE_ROWS) offsets.push(offset)
  let next = 0
  const worker = async () => {
    while (next < offsets.length) {
      const index = next++
      const page = await call('session:get-tree', {
        sessionId: overview.id,
        revision: overview.revision,
        offset: offsets[index] as number,
      })
      pages[index] = treeRowsOf(page)
    }
  }
  await Promise.all(Array.from({ length: TREE_FETCHES }, worker))
  return pages.flat()
}

/**
 * Longest wait for the branch tree to paint an outline before the pages are asked for (ms):
 * the tree pane may be hidden.
 */
const PAINT_WAIT_MS = 1000

let painted: (() => void) | null = null

/** Says that the branch tree painted a tree (an outline or every row): the pages may come. */
export function treePainted(): void {
  painted?.()
  painted = null
}

/** Resolves at the next {@link treePainted}, or after {@link PAINT_WAIT_MS}. */
export function whenTreePainted(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_MS)
    painted = () => {
      clearTimeout(timer)
      resolve()
    }
  })
}
