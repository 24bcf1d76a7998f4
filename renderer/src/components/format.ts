/**
 * Number and date formatting: the one home of how the app writes dates (list rows, the
 * session view, the trash), so every unknown date reads the same.
 */
import { cutAt } from './grapheme-cut'

/** `950`, `1.2k`, `3.4M`, `5.6B` tokens. */
export function tokens(n: number): string {
  if (n < 1000) return String(Math.round(n))
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`
  if (n < 1_000_000_000) return `${(n / 1_000_000).toFixed(1)}M`
  return `${(n / 1_000_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })}B`
}

/** US dollars with enough digits for small amounts, thousands separated (`$1,234.50`). */
export function cost(usd: number): string {
  if (usd === 0) return '$0'
  if (usd < 0.01) return `$${usd.toFixed(4)}`
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })
const longDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' })

/** What every date shows when it is not known (a missing or invalid timestamp). */
export const UNKNOWN_DATE = '—'

/**
 * Whether `ms` (ms since epoch) is a known time. 0 counts as unknown: the library reports 0
 * for a file nothing could be read from (pi spec 15.1 `modified` falls back to nothing).
 */
function known(ms: number | null | undefined): ms is number {
  return ms !== null && ms !== undefined && Number.isFinite(ms) && ms > 0
}

/** Local date and time (`1 Dec 2026, 13:40`), or {@link UNKNOWN_DATE}. */
export function when(ms: number | null | undefined): string {
  return known(ms) ? dateTime.format(new Date(ms)) : UNKNOWN_DATE
}

/** Local time of day, or ''. */
export function clock(ms: number | null | undefined): string {
  return known(ms) ? time.format(new Date(ms)) : ''
}

/** Days spelled out so far, by local calendar day (formatting is slow; a transcript asks often). */
const spelledDays = new Map<number, string>()

/** The local calendar day of `ms` spelled out (`Tuesday, 1 December 2026`), or ''. */
export function day(ms: number | null | undefined): string {
  if (!known(ms)) return ''
  const date = new Date(ms)
  const key = (date.getFullYear() * 12 + date.getMonth()) * 31 + date.getDate()
  let spelled = spelledDays.get(key)
  if (spelled === undefined) {
    if (spelledDays.size >= 4096) spelledDays.clear()
    spelled = longDay.format(date)
    spelledDays.set(key, spelled)
  }
  return spelled
}

/**
 * pi's compact age of a timestamp relative to `now` (both ms since epoch), as pi's /resume
 * picker writes it (pi spec 15.5): `now`, `5m`, `3h`, `2d`, `1w`, `4mo`, `1y`; or
 * {@link UNKNOWN_DATE} when the time is not known.
 */
export function age(ms: number | null | undefined, now = Date.now()): string {
  if (!known(ms)) return UNKNOWN_DATE
  const minutes = Math.floor(Math.max(0, now - ms) / 60_000)
  if (minutes < 1) return 'now'
  if (minutes < 60) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours}h`
  const days = Math.floor(hours / 24)
  if (days < 7) return `${days}d`
  if (days < 30) return `${Math.floor(days / 7)}w`
  if (days < 365) return `${Math.floor(days / 30)}mo`
  return `${Math.floor(days / 365)}y`
}

/** `812 B`, `4.1 KB`, `2.3 MB`. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

/**
 * `text` cut to at most `max` characters at a grapheme's start, then an ellipsis (a hand-typed
 * link can be any length).
 */
export function clipped(text: string, max: number): string {
  return text.length > max ? `${cutAt(text, max)}…` : text
}

/**
 * What the user typed, quoted for a sentence ("No entry matches “x”."), cut to `max`
 * characters: a phrase they already put in double quotes keeps only its own quotes.
 */
export function quotedInput(text: string, max: number): string {
  const shown = clipped(text, max)
  return /^["“].*["”]$/s.test(text) && text.length > 1 ? shown : `“${shown}”`
}

/** One formatter for every count: `toLocaleString` builds a new one per call (tens of µs). */
const COUNT = new Intl.NumberFormat()

/** `n` with the user's digit grouping ("12,345"). */
export function formatCount(n: number): string {
  return COUNT.format(n)
}

/** `n` and its noun, singular for one ("1 msg", "3 msgs"; `many` defaults to `one` + "s"). */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`
}
