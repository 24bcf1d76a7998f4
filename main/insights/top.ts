/**
 * Top projects, models and sessions of a scope by cost or by tokens (input + output +
 * cache read + cache write), over the scope's days: each item's own usage only, a fork's
 * copied history counted in its origin (main/library/digest.ts).
 */
import type { DatabaseSync } from 'node:sqlite'
import type { TopItem, TopQuery, TopResult } from '../../preload/contract/insights'
import { resolveScope, SLOTS_FROM, USAGE_SUMS } from './scope'

/** What each kind groups by, and the SQL of its label and project. */
const KINDS: Record<TopQuery['kind'], { group: string; label: string; project: string }> = {
  project: { group: 's.project_id', label: 's.project_id', project: 'NULL' },
  model: { group: 'u.model', label: 'u.model', project: 'NULL' },
  session: {
    group: 'u.session_no',
    label: 'coalesce(max(s.name), max(s.first_message))',
    project: 'max(s.project_id)',
  },
}

/**
 * The top `limit` items of `kind` by `by`, largest first (ties by id); items with nothing
 * to rank by are left out.
 * @throws ApiError invalid_argument for a bad zone or range (scope.ts)
 */
export function topItems(db: DatabaseSync, query: TopQuery): TopResult {
  const scope = resolveScope(db, query.scope)
  const kind = KINDS[query.kind]
  const id = query.kind === 'session' ? 'max(s.key)' : kind.group
  const tokens = 'sum(u.input) + sum(u.output) + sum(u.cache_read) + sum(u.cache_write)'
  const rank = query.by === 'cost' ? 'sum(u.cost)' : tokens
  const items = db
    .prepare(
      `SELECT ${id} AS id, ${kind.label} AS label, ${kind.project} AS projectId, ${USAGE_SUMS},
        ${tokens} AS tokens, count(DISTINCT u.session_no) AS sessions
      FROM ${SLOTS_FROM} WHERE ${scope.where} GROUP BY ${kind.group}
      HAVING ${rank} > 0 ORDER BY ${rank} DESC, id LIMIT :limit`,
    )
    .all({ ...scope.params, limit: query.limit }) as unknown as TopItem[]
  return { items }
}
