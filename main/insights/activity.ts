/**
 * Sessions and messages per local day: the activity heatmap. A session is active on a day
 * when one of its own entries (messages, or anything carrying usage) is dated that day; a
 * fork's copied history is not its own (main/library/digest.ts).
 */
import type { DatabaseSync } from 'node:sqlite'
import type { ActivityResult, InsightsScope } from '../../preload/contract/insights'
import { resolveScope, DAYS_FROM } from './scope'
import { dateOfDay } from './zone'

/**
 * The scope's active days, ascending.
 * @throws ApiError invalid_argument for a bad zone or range (scope.ts)
 */
export function activityByDay(db: DatabaseSync, scopeIn: InsightsScope): ActivityResult {
  const scope = resolveScope(db, scopeIn)
  const rows = db
    .prepare(
      `SELECT d.day AS day, count(DISTINCT d.session_no) AS sessions,
        sum(d.messages) AS messages
      FROM ${DAYS_FROM} WHERE ${scope.where} GROUP BY day ORDER BY day`,
    )
    .all(scope.params) as { day: number; sessions: number; messages: number }[]
  return {
    days: rows.map((r) => ({ day: dateOfDay(r.day), sessions: r.sessions, messages: r.messages })),
  }
}
