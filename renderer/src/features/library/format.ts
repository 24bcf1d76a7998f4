/**
 * Display helpers for library rows, following pi's /resume picker (pi spec 15.5): control
 * characters become spaces, ages read `now`, `5m`, `3h`, `2d`, `1w`, `4mo`, `1y`.
 */

/** Replaces control characters (newlines, tabs, ANSI escapes' ESC...) with spaces. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()
}

/** pi's compact age of a timestamp relative to `now` (both ms since epoch). */
export function age(ms: number, now = Date.now()): string {
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

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A full local date and time, for tooltips and headers. */
export function fullDate(ms: number | null): string {
  return ms === null ? 'unknown' : dateTime.format(new Date(ms))
}

/** The last path segment of a cwd, for the project's title line. */
export function lastSegment(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean)
  return parts[parts.length - 1] ?? path
}

/** A byte count as `812 B`, `4.1 KB`, `2.3 MB`. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

/** A cost in USD: `$0.42`, `$12.30`, `<$0.01`. */
export function cost(usd: number): string {
  if (usd > 0 && usd < 0.01) return '<$0.01'
  return `$${usd.toFixed(2)}`
}

/** A token count as `812`, `4.1k`, `2.3M`. */
export function tokens(n: number): string {
  if (n < 1000) return String(n)
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`
  return `${(n / 1_000_000).toFixed(1)}M`
}
