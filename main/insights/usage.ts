/**
 * Cost and tokens per day, ISO week or month, split by model or by project: the stacked
 * usage chart. Grouped by local day in SQL, then folded into weeks or months.
 */
import type { DatabaseSync } from 'node:sqlite'
import type { UsageFigures, UsageQuery, UsageResult } from '../../preload/contract/insights'
import { resolveScope, DAYS_FROM, USAGE_SUMS } from './scope'
import { dateOfDay, monthOf, weekOf } from './zone'

type Cell = UsageResult['cells'][number]

/** The label of the period holding local day `day`. */
function periodOf(day: number, period: UsageQuery['period']): string {
  if (period === 'day') return dateOfDay(day)
  if (period === 'week') return dateOfDay(weekOf(day))
  return monthOf(day)
}

function add(into: UsageFigures, more: UsageFigures): void {
  into.input += more.input
  into.output += more.output
  into.cacheRead += more.cacheRead
  into.cacheWrite += more.cacheWrite
  into.cost += more.cost
}

/**
 * Usage of the scope per period and series (a model's `provider/model`, '' when unknown;
 * or a project id), periods ascending then series by cost. Cells with no tokens and no
 * cost are left out.
 * @throws ApiError invalid_argument for a bad zone or range (scope.ts)
 */
export function usageOverTime(db: DatabaseSync, query: UsageQuery): UsageResult {
  const scope = resolveScope(db, query.scope)
  const series = query.stackBy === 'model' ? 'd.model' : 'd.project_id'
  const rows = db
    .prepare(
      `SELECT d.day AS day, ${series} AS series, ${USAGE_SUMS}
      FROM ${DAYS_FROM} WHERE ${scope.where} GROUP BY day, series`,
    )
    .all(scope.params) as unknown as (UsageFigures & { day: number; series: string })[]
  const cells = new Map<string, Cell>()
  for (const { day, series: name, ...figures } of rows) {
    if (
      figures.input + figures.output + figures.cacheRead + figures.cacheWrite + figures.cost ===
      0
    )
      continue
    const period = periodOf(day, query.period)
    const key = `${period}\t${name}`
    const cell = cells.get(key)
    if (cell) add(cell, figures)
    else cells.set(key, { period, series: name, ...figures })
  }
  return {
    cells: [...cells.values()].sort(
      (a, b) =>
        a.period.localeCompare(b.period) || b.cost - a.cost || a.series.localeCompare(b.series),
    ),
  }
}
