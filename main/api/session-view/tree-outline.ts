/**
 * The branch tree's outline as `session:open` sends it when asked (the branch tree's
 * outline.ts: the layout the tree first shows, with only the rows it shows), encoded once per
 * opened session, revision and filter (tree-pages.ts `encodedOnce`).
 */
import type { TreeFilter } from '../../../preload/contract/app'
import { TREE_PAGE_ROWS, type TreeOutline } from '../../../preload/contract/session-live'
import { encodeTreeOutline } from '../../../renderer/src/features/branch-tree/outline'
import type { OpenedSession } from './overview'
import { encodedOnce } from './tree-pages'

/** Row index of pi's leaf in `view`'s rows, or -1 (pi spec 7). */
function leafRowOf(view: OpenedSession): number {
  return view.leafPos === null ? -1 : (view.follow.rowOfPos[view.leafPos] ?? -1)
}

/**
 * The outline `session:open` sends for `view` at its current revision in filter `mode`: null
 * when one tree page holds the whole tree (the page is as quick) or the outline would be too
 * large to help (outline.ts).
 */
export function treeOutlineOf(view: OpenedSession, mode: TreeFilter): TreeOutline | null {
  if (view.rows.length <= TREE_PAGE_ROWS) return null
  const text = encodedOnce(view, `outline ${mode}`, () =>
    encodeTreeOutline(view.rows, leafRowOf(view), mode),
  )
  return text === null ? null : { revision: view.revision, total: view.rows.length, text }
}
