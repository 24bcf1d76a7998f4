/**
 * Select by rule: every session a query names (its scope, filters and search, not only the
 * rows on screen), and the totals a bulk action is judged by: bytes, and how many of the
 * sessions are forks or parents of forks (pi spec 14.5: a fork's header names its parent).
 */
import type { DatabaseSync } from 'node:sqlite'
import type { SessionBrief, SessionQuery, SessionSelection } from '../../preload/contract/library'
import { matchKeys } from './index-query'
import type { RowMarks } from './marks'

/** What the totals need of one session. */
interface Sized {
  key: string
  size: number
  parentKey: string | null
}

/** Bytes, forks and parents of forks among `sessions` (the selection bar's totals). */
function totals(db: DatabaseSync, sessions: readonly Sized[]) {
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
  for (const s of sessions) {
    size += s.size
    if (s.parentKey !== null) forks += 1
    if (withForks.has(s.key)) parents += 1
  }
  return { size, forks, parents }
}

/** The ids and totals of every session `query` matches, in the query's order. */
export function selectSessions(
  db: DatabaseSync,
  query: SessionQuery,
  marks: RowMarks,
): SessionSelection {
  const { ordered, queryError } = matchKeys(db, query, marks)
  const keys = ordered.map((o) => o.key)
  return { ids: keys.map((k) => k.key), ...totals(db, keys), queryError }
}

/** One selected session as {@link describeSelection} reads it. */
export interface SelectedSession extends SessionBrief {
  path: string
}

/** Rows the sample of a description names. */
const SAMPLE = 50

/**
 * The sessions behind `ids` (unknown ids left out) with the selection's totals, the forks
 * outside it that would lose their parent, and the first {@link SAMPLE} by name.
 */
export function describeSelection(db: DatabaseSync, ids: readonly string[]) {
  const rows = db
    .prepare(
      `SELECT key, size, parent_key AS parentKey, path,
        coalesce(name, first_message) AS title
      FROM sessions WHERE key IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as unknown as (Sized & { path: string; title: string })[]
  const orphaned = db
    .prepare(
      `SELECT count(*) AS n FROM sessions WHERE parent_key IN (SELECT value FROM json_each(:ids))
        AND key NOT IN (SELECT value FROM json_each(:ids))`,
    )
    .get({ ids: JSON.stringify(ids) }) as { n: number }
  const sessions: SelectedSession[] = rows.map((r) => ({
    sessionId: r.key,
    title: r.title,
    size: r.size,
    path: r.path,
  }))
  return {
    sessions,
    count: rows.length,
    ...totals(db, rows),
    orphanedForks: orphaned.n,
    sample: sessions.slice(0, SAMPLE).map(({ sessionId, title, size }) => ({
      sessionId,
      title,
      size,
    })),
  }
}
