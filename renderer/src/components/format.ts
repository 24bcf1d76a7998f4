/**
 * Number and date formatting for the session view.
 */

/** `950`, `1.2k`, `3.4M` tokens. */
export function tokens(n: number): string {
  if (n < 1000) return String(Math.round(n))
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`
  return `${(n / 1_000_000).toFixed(1)}M`
}

/** US dollars with enough digits for small amounts. */
export function cost(usd: number): string {
  if (usd === 0) return '$0'
  if (usd < 0.01) return `$${usd.toFixed(4)}`
  return `$${usd.toFixed(2)}`
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })

/** Local date and time, or `unknown`. */
export function when(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms)
    ? 'unknown'
    : dateTime.format(new Date(ms))
}

/** Local time of day, or ''. */
export function clock(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? '' : time.format(new Date(ms))
}

/** `812 B`, `4.1 KB`, `2.3 MB`. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}
