/**
 * What an Insights query covers, in SQL: the rows of `usage_days` (main/insights/days.ts)
 * of the scope's time zone, project(s) and days. Shared by every chart's query.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { InsightsScope } from '../../preload/contract/insights'
import { ApiError } from '../../preload/contract/errors'
import { ensureZone } from './days'
import { checkZone, dayOfDate } from './zone'

/** A scope resolved for SQL over `usage_days d`. */
export interface ResolvedScope {
  /** The WHERE condition (named parameters in `params`). */
  where: string
  params: Record<string, SQLInputValue>
}

/** Day numbers beyond any session's: the bounds of an open range. */
const NO_BOUND = 1e9

/**
 * Resolves a scope against the index, building its zone's rows the first time.
 * @throws ApiError invalid_argument for an unknown time zone, one whose offset is not whole
 *   quarter hours, or a range that ends before it starts
 */
export function resolveScope(db: DatabaseSync, scope: InsightsScope): ResolvedScope {
  checkZone(scope.timeZone)
  const from = scope.from === null ? -NO_BOUND : dayOfDate(scope.from)
  const to = scope.to === null ? NO_BOUND : dayOfDate(scope.to)
  if (to < from)
    throw new ApiError(
      'invalid_argument',
      `The range ends (${scope.to}) before it starts (${scope.from})`,
    )
  ensureZone(db, scope.timeZone)
  const parts = ['d.zone = :zone', 'd.day >= :first', 'd.day <= :last']
  const params: Record<string, SQLInputValue> = { zone: scope.timeZone, first: from, last: to }
  if (scope.projectId !== null) {
    parts.push('d.project_id = :project')
    params.project = scope.projectId
  }
  return { where: parts.join(' AND '), params }
}

/** The FROM clause every chart query reads (its rows carry the project: no join needed). */
export const DAYS_FROM = 'usage_days d'

/** SQL sums of the usage figures over the grouped rows. */
export const USAGE_SUMS = `sum(d.input) AS input, sum(d.output) AS output,
  sum(d.cache_read) AS cacheRead, sum(d.cache_write) AS cacheWrite, sum(d.cost) AS cost`
