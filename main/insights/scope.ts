/**
 * What an Insights query covers, in SQL: the slots (main/insights/slots.ts) of the scope's
 * project(s) between the first and the last day of its range, with the local-day
 * expression of its time zone. Shared by every chart's query.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { InsightsScope } from '../../preload/contract/insights'
import { ApiError } from '../../preload/contract/errors'
import { SLOT_MS } from './slots'
import { checkZone, dayOfDate, dayStart, localDaySql } from './zone'

/** A scope resolved for SQL over `usage_slots u`. */
export interface ResolvedScope {
  /** The WHERE condition (named parameters in `params`). */
  where: string
  params: Record<string, SQLInputValue>
  /** SQL expression: the local day number of the slot `u.slot`. */
  day: string
}

/**
 * Resolves a scope against the index.
 * @throws ApiError invalid_argument for an unknown time zone or a range that ends before it
 *   starts
 */
export function resolveScope(db: DatabaseSync, scope: InsightsScope): ResolvedScope {
  checkZone(scope.timeZone)
  const span = db.prepare('SELECT min(slot) AS lo, max(slot) AS hi FROM usage_slots').get() as {
    lo: number | null
    hi: number | null
  }
  const from =
    scope.from === null ? (span.lo ?? 0) : dayStart(scope.timeZone, dayOfDate(scope.from))
  const to =
    scope.to === null ? (span.hi ?? 0) + SLOT_MS : dayStart(scope.timeZone, dayOfDate(scope.to) + 1)
  if (scope.from !== null && scope.to !== null && to <= from)
    throw new ApiError(
      'invalid_argument',
      `The range ends (${scope.to}) before it starts (${scope.from})`,
    )
  const parts = ['u.slot >= :from', 'u.slot < :to']
  const params: Record<string, SQLInputValue> = { from, to }
  if (scope.projectId !== null) {
    parts.push('u.project_id = :project')
    params.project = scope.projectId
  }
  return {
    where: parts.join(' AND '),
    params,
    day: localDaySql('u.slot', scope.timeZone, from, to),
  }
}

/** The FROM clause every slot query reads (its rows carry the project: no join needed). */
export const SLOTS_FROM = 'usage_slots u'

/** SQL sums of the usage figures over the grouped slots. */
export const USAGE_SUMS = `sum(u.input) AS input, sum(u.output) AS output,
  sum(u.cache_read) AS cacheRead, sum(u.cache_write) AS cacheWrite, sum(u.cost) AS cost`
