/**
 * Select by rule: every session a query names (its scope, filters and search, not only the
 * rows on screen), with the totals a bulk action is judged by: bytes, and how many of the
 * sessions are forks or parents of forks (pi spec 14.5: a fork's header names its parent).
 */
import type { DatabaseSync } from 'node:sqlite'
import type { SessionQuery, SessionSelection } from '../../preload/contract/library'
import { matchKeys } from './index-query'
import type { StarMarks } from './stars'

/** The ids and totals of every session `query` matches, in the query's order. */
export function selectSessions(
  db: DatabaseSync,
  query: SessionQuery,
  marks: StarMarks,
): SessionSelection {
  const { ordered, queryError } = matchKeys(db, query, marks)
  const withForks = new Set(
    (
      db.prepare('SELECT DISTINCT parent_key FROM sessions WHERE parent_key IS NOT NULL').all() as {
        parent_key: string
      }[]
    ).map((r) => r.parent_key),
  )
  let size = 0
  let forks = 0
  let parents = 0
  for (const { key } of ordered) {
    size += key.size
    if (key.parentKey !== null) forks += 1
    if (withForks.has(key.key)) parents += 1
  }
  return { ids: ordered.map((o) => o.key.key), size, forks, parents, queryError }
}
