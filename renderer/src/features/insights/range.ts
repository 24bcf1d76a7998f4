/**
 * The Insights date range: a preset (the last 7, 30 or 90 days including today, or all) or
 * a custom pair of dates, as the calendar dates main takes in the user's time zone.
 */

/** A range choice. */
export type RangePreset = '7' | '30' | '90' | 'all' | 'custom'

/** Calendar dates (`YYYY-MM-DD`), inclusive; null = unbounded. */
export interface DateRange {
  from: string | null
  to: string | null
}

/** The user's IANA time zone (what the browser or Electron reports). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** `YYYY-MM-DD` of instant `ms` in `timeZone`. */
export function localDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(ms))
}

/** `date` moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * The dates of a preset: the last N days end today (in `timeZone`) and start N-1 days
 * earlier; `custom` uses `custom` as given.
 */
export function rangeOf(
  preset: RangePreset,
  custom: DateRange,
  timeZone: string,
  now = Date.now(),
): DateRange {
  if (preset === 'all') return { from: null, to: null }
  if (preset === 'custom') return custom
  const today = localDate(now, timeZone)
  return { from: addDays(today, 1 - Number(preset)), to: today }
}
