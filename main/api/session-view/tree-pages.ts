/**
 * The branch tree's pages as `session:get-tree` sends them: JSON text of `TREE_PAGE_ROWS`
 * rows, encoded once per page while the opened session keeps its revision (the one cache of
 * such texts: the outline's too). Reopening a session (or a second window) is then a copy of
 * strings, and no request encodes a whole tree.
 */
import { TREE_PAGE_ROWS, encodeTreeRows } from '../../../preload/contract/session-live'
import type { OpenedSession } from './overview'

/** Texts encoded for one opened session at one revision, by key. */
interface Encoded {
  revision: number
  texts: Map<string, string | null>
}

const encoded = new WeakMap<OpenedSession, Encoded>()

/**
 * The text `encode` makes of `view` under `key`, made once while the session keeps its
 * revision: a growth (live follow) gives it a new one, and every text is made again when asked
 * for (appended rows and relabelled ones change pages and outlines in place).
 */
export function encodedOnce(
  view: OpenedSession,
  key: string,
  encode: () => string | null,
): string | null {
  let cache = encoded.get(view)
  if (!cache || cache.revision !== view.revision) {
    cache = { revision: view.revision, texts: new Map() }
    encoded.set(view, cache)
  }
  let text = cache.texts.get(key)
  if (text === undefined) {
    text = encode()
    cache.texts.set(key, text)
  }
  return text
}

/** JSON text of rows [offset, offset + TREE_PAGE_ROWS) of `view` at its current revision. */
export function treePageText(view: OpenedSession, offset: number): string {
  return encodedOnce(view, `page ${offset}`, () =>
    encodeTreeRows(view.rows.slice(offset, offset + TREE_PAGE_ROWS)),
  ) as string
}
