/**
 * Display helpers for library rows, following pi's /resume picker (pi spec 15.5): control
 * characters become spaces. Dates live in components/format.ts.
 */

/**
 * Replaces control characters (newlines, tabs, ANSI escapes' ESC...) with spaces, and the
 * bidi embedding, override and isolate controls too: a title holding U+202E would show
 * reversed, as other text than it is (the app strips them from what it writes, edits.ts).
 */
export function oneLine(text: string): string {
  return text.replace(INVISIBLE_RUNS, ' ').trim()
}

/** Runs of C0/C1 controls, line and paragraph separators, and bidi embedding controls. */
// eslint-disable-next-line no-control-regex
const INVISIBLE_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g

/** pi's first-message text of a session without one (pi spec 15.1). */
const NO_MESSAGES = '(no messages)'

/**
 * A row's title: its session name, else its first message, else whatever readable text tells
 * the file apart (its project folder, or its file name when nothing could be read). A damaged
 * file with no header (bytes that are no session: no cwd was read) is not called empty.
 */
export function rowTitle(row: {
  name: string | null
  firstMessage: string
  cwd: string | null
  fileName: string
  status: string
}): string {
  const text = oneLine(row.name ?? row.firstMessage)
  if (text !== NO_MESSAGES) return text || '(empty message)'
  if (row.status === 'unreadable') return `Unreadable file ${row.fileName}`
  if (row.status === 'damaged' && row.cwd === null) return `Damaged file ${row.fileName}`
  const where = row.cwd ? lastSegment(row.cwd) : ''
  return where ? `Empty session in ${where}` : `Empty session ${row.fileName}`
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
