/**
 * Days in the user's time zone. A zone is an IANA name ("Europe/Istanbul") or a UTC offset
 * ("+05:30"), as `Intl.DateTimeFormat` takes them. Local days are numbered like epoch days
 * (day 0 = 1970-01-01 in the zone); the offset in force is found with Intl, and its
 * changes (daylight saving) within a span become a piecewise SQL expression, so SQLite
 * groups by local day without a callback per row.
 */
import { ApiError } from '../../preload/contract/errors'
import { SLOT_MS } from './slots'

/** One day in milliseconds. */
export const DAY_MS = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The formatter of `zone` (cached).
 * @throws ApiError invalid_argument when the zone is not one Intl knows
 */
function formatterOf(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone)
  if (format) return format
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
  } catch {
    throw new ApiError(
      'invalid_argument',
      `Unknown time zone "${zone}" (expected e.g. Europe/Istanbul or +05:30)`,
    )
  }
  formatters.set(zone, format)
  return format
}

/** Checks that `zone` is a time zone Intl knows. @throws ApiError invalid_argument */
export function checkZone(zone: string): void {
  formatterOf(zone)
}

/** The offset of `zone` from UTC at instant `ms`, in ms (east positive), to the minute. */
export function offsetAt(zone: string, ms: number): number {
  const parts: Record<string, number> = {}
  for (const p of formatterOf(zone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day,
    parts.hour,
    parts.minute,
  )
  return wall - Math.floor(ms / 60_000) * 60_000
}

/** The local day number of instant `ms` in `zone`. */
export function dayOf(zone: string, ms: number): number {
  return Math.floor((ms + offsetAt(zone, ms)) / DAY_MS)
}

/** `YYYY-MM-DD` of a local day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** The local day number of a `YYYY-MM-DD` date. */
export function dayOfDate(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
}

/** The instant local day `day` starts in `zone` (ms since epoch). */
export function dayStart(zone: string, day: number): number {
  const wall = day * DAY_MS
  let guess = wall - offsetAt(zone, wall)
  guess = wall - offsetAt(zone, guess)
  return guess
}

/** A span of instants with one offset: from `start` (ms) on, `offset` ms. */
interface OffsetPiece {
  start: number
  offset: number
}

/** The first slot start in (lo, hi] whose offset differs from lo's (hi's differs). */
function transition(zone: string, lo: number, hi: number): number {
  const before = offsetAt(zone, lo)
  while (hi - lo > SLOT_MS) {
    const mid = lo + Math.floor((hi - lo) / SLOT_MS / 2) * SLOT_MS
    if (offsetAt(zone, mid) === before) lo = mid
    else hi = mid
  }
  return hi
}

/** The last span asked for (a view asks six times for the same one). */
let lastPieces: { key: string; pieces: OffsetPiece[] } | null = null

/** The offsets in force between `from` and `to` (ms), sampled daily, changes to the slot. */
export function offsetPieces(zone: string, from: number, to: number): OffsetPiece[] {
  const key = `${zone}\t${from}\t${to}`
  if (lastPieces?.key !== key) lastPieces = { key, pieces: findPieces(zone, from, to) }
  return lastPieces.pieces
}

function findPieces(zone: string, from: number, to: number): OffsetPiece[] {
  const start = Math.floor(from / SLOT_MS) * SLOT_MS
  const pieces: OffsetPiece[] = [{ start, offset: offsetAt(zone, start) }]
  for (let t = start; t < to;) {
    const next = Math.min(t + DAY_MS, Math.ceil(to / SLOT_MS) * SLOT_MS)
    const last = pieces[pieces.length - 1] as OffsetPiece
    if (offsetAt(zone, next) !== last.offset) {
      const at = transition(zone, t, next)
      pieces.push({ start: at, offset: offsetAt(zone, at) })
    }
    t = next
  }
  return pieces
}

/**
 * Checks that `zone`'s offsets between `from` and `to` (ms) are whole quarter hours, so
 * slots fall into its days whole.
 * @throws ApiError invalid_argument naming the offset otherwise
 */
export function checkQuarterOffsets(zone: string, from: number, to: number): void {
  const odd = offsetPieces(zone, from, to).find((p) => p.offset % SLOT_MS !== 0)
  if (odd)
    throw new ApiError(
      'invalid_argument',
      `The time zone "${zone}" is ${odd.offset / 60_000} minutes from UTC there, not a whole number of quarter hours`,
    )
}

/**
 * A SQL expression for the local day number of the instant in `column` (ms), exact for
 * instants between `from` and `to`.
 */
export function localDaySql(column: string, zone: string, from: number, to: number): string {
  const pieces = offsetPieces(zone, from, to)
  if (pieces.length === 1)
    return `CAST((${column} + ${pieces[0]?.offset ?? 0}) / ${DAY_MS} AS INTEGER)`
  const cases = pieces
    .slice(1)
    .map((p, i) => `WHEN ${column} < ${p.start} THEN ${pieces[i]?.offset ?? 0}`)
    .join(' ')
  const lastOffset = pieces[pieces.length - 1]?.offset ?? 0
  return `CAST((${column} + CASE ${cases} ELSE ${lastOffset} END) / ${DAY_MS} AS INTEGER)`
}

/**
 * The local day numbers of instants between `from` and `to` (ms) as a function: the same
 * offsets as {@link localDaySql}, for code that holds the instants itself.
 */
export function localDays(zone: string, from: number, to: number): (ms: number) => number {
  const pieces = offsetPieces(zone, from, to)
  return (ms) => {
    let offset = pieces[0]?.offset ?? 0
    for (const p of pieces) if (ms >= p.start) offset = p.offset
    return Math.floor((ms + offset) / DAY_MS)
  }
}

/** The ISO week (Monday first) holding local day `day`, as its Monday's day number. */
export function weekOf(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7)
}

/** `YYYY-MM` of local day `day`. */
export function monthOf(day: number): string {
  return dateOfDay(day).slice(0, 7)
}
