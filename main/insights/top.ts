/**
 * Top projects, models and sessions of a scope by cost or by tokens (input + output +
 * cache read + cache write), over the scope's days: each item's own usage only, a fork's
 * copied history counted in its origin (main/library/digest.ts).
 */
import type { DatabaseSync } from 'node:sqlite'
import type { TopItem, TopQuery, TopResult } from '../../preload/contract/insights'
import { resolveScope, DAYS_FROM, USAGE_SUMS } from './scope'
import { TITLE_COLUMNS, withTitle, type TitleColumns } from './session-title'

/** What each kind groups the slots by. */
const GROUP: Record<TopQuery['kind'], string> = {
  project: 'd.project_id',
  model: 'd.model',
  session: 'd.session_no',
}

const TOKENS = 'sum(d.input) + sum(d.output) + sum(d.cache_read) + sum(d.cache_write)'

/**
 * The top `limit` items of `kind` by `by`, largest first (ties by what they are grouped
 * by); items with nothing to rank by are left out. Sessions are titled as the library list
 * titles them (session-title.ts), read for the top rows only.
 * @throws ApiError invalid_argument for a bad zone or range (scope.ts)
 */
export function topItems(db: DatabaseSync, query: TopQuery): TopResult {
  const scope = resolveScope(db, query.scope)
  const group = GROUP[query.kind]
  const rank = query.by === 'cost' ? 'sum(d.cost)' : TOKENS
  const ranked = `SELECT ${group} AS grp, ${USAGE_SUMS}, ${TOKENS} AS tokens,
      count(DISTINCT d.session_no) AS sessions
    FROM ${DAYS_FROM} WHERE ${scope.where} GROUP BY grp
    HAVING ${rank} > 0 ORDER BY ${rank} DESC, grp LIMIT :limit`
  const sql =
    query.kind === 'session'
      ? `SELECT s.key AS id, ${TITLE_COLUMNS}, s.project_id AS projectId,
          t.input, t.output, t.cacheRead, t.cacheWrite, t.cost, t.tokens, t.sessions
        FROM (${ranked}) t JOIN sessions s ON s.no = t.grp
        ORDER BY ${query.by === 'cost' ? 't.cost' : 't.tokens'} DESC, t.grp`
      : `SELECT grp AS id, grp AS label, NULL AS projectId, input, output, cacheRead, cacheWrite,
          cost, tokens, sessions FROM (${ranked})`
  const rows = db.prepare(sql).all({ ...scope.params, limit: query.limit })
  if (query.kind !== 'session') return { items: rows as unknown as TopItem[] }
  return { items: (rows as unknown as (Omit<TopItem, 'label'> & TitleColumns)[]).map(withTitle) }
}
