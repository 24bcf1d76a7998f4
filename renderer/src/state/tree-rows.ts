/**
 * Loads the tree rows of an opened session: every page of `session:get-tree`, a few at a time,
 * or, for rows in a new order, the runs of `session:get-tree-order` over the rows held.
 */
import type { SessionOverview, TreeRow } from '../../../preload/contract/session-view'
import { TREE_PAGE_ROWS, treeRowsOf } from '../../../preload/contract/session-live'
import { treeOrderSteps, type TreeOrder } from '../../../preload/contract/tree-order'
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
      // Each page is read in a task of its own: replies that arrive together would otherwise
      // be read one after another in one task, holding the window for all of them.
      await new Promise((next) => setTimeout(next))
      pages[index] = treeRowsOf(page)
    }
  }
  await Promise.all(Array.from({ length: TREE_FETCHES }, worker))
  return pages.flat()
}

/**
 * Every tree row of `overview` when pi started a new branch: the new order as runs over the
 * rows the view holds (`held`, of revision `from`), with only the rows that changed; every page
 * when main no longer has those rows, or its runs do not fit them.
 * @throws ApiError as `session:get-tree` does (`conflict` when the session was read again)
 */
export async function loadRowsInNewOrder(
  overview: SessionOverview,
  held: readonly TreeRow[],
  from: number,
): Promise<TreeRow[]> {
  const order = await call('session:get-tree-order', {
    sessionId: overview.id,
    revision: overview.revision,
    from,
  })
  const rows = order ? await placeInTasks(held, order) : null
  return rows ?? (await loadTreeRows(overview))
}

/** The rows `order` gives over `held`, a step per task (100,000 rows took 30-100 ms at once). */
async function placeInTasks(held: readonly TreeRow[], order: TreeOrder): Promise<TreeRow[] | null> {
  const steps = treeOrderSteps(held, order)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await new Promise((next) => setTimeout(next))
  }
}
