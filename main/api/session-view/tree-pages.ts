/**
 * The branch tree's pages as `session:get-tree` sends them: JSON text of `TREE_PAGE_ROWS`
 * rows, encoded once per page while the opened session keeps its revision. Reopening a session
 * (or a second window) is then a copy of strings, and no request encodes a whole tree.
 */
import { TREE_PAGE_ROWS, encodeTreeRows } from '../../../preload/contract/session-live'
import type { OpenedSession } from './overview'

/** Encoded pages of one opened session at one revision. */
interface Encoded {
  revision: number
  pages: Map<number, string>
}

const encoded = new WeakMap<OpenedSession, Encoded>()

/**
 * JSON text of rows [offset, offset + TREE_PAGE_ROWS) of `view` at its current revision. A
 * growth (live follow) gives the session a new revision, and its pages are encoded again when
 * asked for: appended rows and relabelled ones change pages in place.
 */
export function treePageText(view: OpenedSession, offset: number): string {
  let cache = encoded.get(view)
  if (!cache || cache.revision !== view.revision) {
    cache = { revision: view.revision, pages: new Map() }
    encoded.set(view, cache)
  }
  let text = cache.pages.get(offset)
  if (text === undefined) {
    text = encodeTreeRows(view.rows.slice(offset, offset + TREE_PAGE_ROWS))
    cache.pages.set(offset, text)
  }
  return text
}
