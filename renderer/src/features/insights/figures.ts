/**
 * The figures behind the usage chart: which measure a cell is read by, how figures are
 * written (exact in tables and CSV, short on axes), and the series kept apart (the largest;
 * the rest are added up as "Other").
 */
import type { UsageQuery, UsageResult } from '../../../../preload/contract/insights'

type Cell = UsageResult['cells'][number]
type Period = UsageQuery['period']

/** What the usage chart shows: cost, or one kind of tokens, or all tokens. */
export type Measure = 'cost' | 'tokens' | 'input' | 'output' | 'cacheRead' | 'cacheWrite'

/** Series drawn apart at most; smaller ones are summed as "Other". */
export const MAX_SERIES = 8
/** The name of the summed small series. */
export const OTHER = 'Other'

/** Human names of the measures. */
export const MEASURES: Record<Measure, string> = {
  cost: 'Cost (USD)',
  tokens: 'All tokens',
  input: 'Input tokens',
  output: 'Output tokens',
  cacheRead: 'Cache read tokens',
  cacheWrite: 'Cache write tokens',
}

/** A cell's value in `measure`. */
export function valueOf(cell: Cell, measure: Measure): number {
  if (measure === 'tokens') return cell.input + cell.output + cell.cacheRead + cell.cacheWrite
  return cell[measure]
}

/**
 * An exact figure as the tables show it: USD to 4 decimals (6 below a cent), tokens whole;
 * thousands separated (`$12,345.6789`, `1,234,567`).
 */
export function exact(value: number, measure: Measure | 'bytes'): string {
  if (measure === 'cost') {
    const digits = value !== 0 && Math.abs(value) < 0.01 ? 6 : 4
    return `$${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`
  }
  return Math.round(value).toLocaleString('en-US')
}

/** A short figure for an axis: `$1.20`, `$120`, `$1.2k`, `12k`, `3.4M`. */
export function short(value: number, measure: Measure | 'bytes'): string {
  const unit = measure === 'bytes' ? ['B', 'KB', 'MB', 'GB', 'TB'] : ['', 'k', 'M', 'G', 'T']
  const base = measure === 'bytes' ? 1024 : 1000
  if (measure === 'cost') {
    if (Math.abs(value) < 10) return `$${value.toFixed(2)}`
    if (Math.abs(value) < 1000) return `$${Math.round(value)}`
    return `$${short(value, 'tokens')}`
  }
  let n = value
  let i = 0
  while (Math.abs(n) >= base && i < unit.length - 1) {
    n /= base
    i += 1
  }
  return `${n < 10 && i > 0 ? n.toFixed(1) : Math.round(n)}${measure === 'bytes' ? ' ' : ''}${unit[i]}`
}

/** The usage chart's table: periods ascending, series in the chart's order. */
export interface UsageTable {
  periods: string[]
  series: string[]
  /** values[series][period index], in the measure. */
  values: Map<string, number[]>
}

/** The period after `label` (a day or a week's Monday `YYYY-MM-DD`, or a month `YYYY-MM`). */
function nextPeriod(label: string, period: Period): string {
  if (period === 'month') {
    const [y, m] = label.split('-').map(Number) as [number, number]
    return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
  }
  const ms = Date.parse(`${label}T00:00:00Z`) + (period === 'week' ? 7 : 1) * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}

/** Every period from the first to the last of `labels` (empty ones included), ascending. */
export function periodsBetween(labels: readonly string[], period: Period): string[] {
  const sorted = [...new Set(labels)].sort()
  const first = sorted[0]
  const last = sorted[sorted.length - 1]
  if (first === undefined || last === undefined) return []
  const out = [first]
  while ((out[out.length - 1] as string) < last && out.length < 100_000)
    out.push(nextPeriod(out[out.length - 1] as string, period))
  return out
}

/**
 * Arranges cells for the chart: every period from the first to the last (so gaps show),
 * the largest series by total, then "Other".
 */
export function usageTable(cells: readonly Cell[], measure: Measure, period: Period): UsageTable {
  const periods = periodsBetween(
    cells.map((c) => c.period),
    period,
  )
  const totals = new Map<string, number>()
  for (const c of cells) totals.set(c.series, (totals.get(c.series) ?? 0) + valueOf(c, measure))
  const ranked = [...totals.entries()]
    .filter(([, total]) => total > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name]) => name)
  const kept = ranked.length > MAX_SERIES ? ranked.slice(0, MAX_SERIES - 1) : ranked
  const series = ranked.length > kept.length ? [...kept, OTHER] : kept
  const at = new Map(periods.map((p, i) => [p, i]))
  const values = new Map(series.map((s) => [s, periods.map(() => 0)]))
  for (const c of cells) {
    const row = values.get(kept.includes(c.series) ? c.series : OTHER)
    const i = at.get(c.period)
    if (row && i !== undefined) row[i] = (row[i] as number) + valueOf(c, measure)
  }
  return { periods, series, values }
}
