/**
 * Every tree row of an opened session, read page by page as the renderer reads them
 * (`session:get-tree`), whatever answers the pages: the handler table or a view core.
 */
import { treeRowsOf, type TreePage } from '../../preload/contract/session-live'
import type { TreeRow } from '../../preload/contract/session-view'

/** The arguments of one `session:get-tree` call. */
export interface TreePageArgs {
  sessionId: string
  revision: number
  offset: number
}

/**
 * The rows of the opened session `overview`, asking `getTree` for each page in turn.
 * @param getTree answers `session:get-tree`
 */
export async function allTreeRows(
  overview: { id: string; revision: number; rowCount: number },
  getTree: (args: TreePageArgs) => Promise<TreePage>,
): Promise<TreeRow[]> {
  const rows: TreeRow[] = []
  while (rows.length < overview.rowCount) {
    const page = await getTree({
      sessionId: overview.id,
      revision: overview.revision,
      offset: rows.length,
    })
    rows.push(...treeRowsOf(page))
  }
  return rows
}
