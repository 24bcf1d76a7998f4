/**
 * Recovery of entries from lines where several writes were glued together (pi spec 6.1).
 */

/** What {@link splitFused} recovered from one glued line. */
export interface FusedLine {
  /** The complete records, in line order. */
  records: Record<string, unknown>[]
  /** Characters (UTF-16 code units) of an incomplete record that could not be read; 0 if none. */
  lostChars: number
}

/** At most this many resynchronisation points are tried, so a huge broken line stays linear-ish. */
const MAX_SPLITS = 64

/**
 * Recovers the records of a line where writes were glued together: pi 0.73.1 appends
 * `JSON + "\n"` without repairing a missing newline (pi spec 6.1), so such a line is any
 * number of complete objects, possibly after one truncated object (a torn write). Every
 * complete object is recovered; `lostChars` says how much of the line was an unreadable
 * (truncated) record. Returns null when the line holds no complete record at all (plain
 * malformed JSON).
 */
export function splitFused(text: string): FusedLine | null {
  const whole = chainFrom(text, 0)
  if (whole !== null && whole.length > 1) return { records: whole, lostChars: 0 }
  // The line starts with a damaged record: keep the complete records in front of the damage,
  // then resynchronise at the next record start whose rest of the line is all complete records.
  const head: Record<string, unknown>[] = []
  let start = 0
  for (;;) {
    const end = objectEnd(text, start)
    const value = end < 0 ? undefined : parseObject(text.slice(start, end))
    if (value === undefined) break
    head.push(value)
    start = skipSpace(text, end)
  }
  let tried = 0
  for (let i = text.indexOf('{', start + 1); i !== -1 && tried < MAX_SPLITS;) {
    if (text.startsWith('{"type":', i) || text.charCodeAt(i - 1) === 0x7d) {
      tried++
      const rest = chainFrom(text, i)
      if (rest !== null && looksLikeRecord(rest[0]))
        return { records: [...head, ...rest], lostChars: i - start }
    }
    i = text.indexOf('{', i + 1)
  }
  // Complete records followed by a truncated one (a torn last write): keep what is whole.
  return head.length > 0 ? { records: head, lostChars: text.length - start } : null
}

/**
 * A record (header or entry) rather than a nested content block: blocks carry `type` (and a
 * tool call an `id`) but never `parentId` or a `timestamp` string, which pi writes on each line.
 */
function looksLikeRecord(value: Record<string, unknown> | undefined): boolean {
  if (value === undefined || typeof value.type !== 'string') return false
  return 'parentId' in value || typeof value.timestamp === 'string'
}

/** Parses `text[from..]` as back-to-back complete objects; null if anything else is there. */
function chainFrom(text: string, from: number): Record<string, unknown>[] | null {
  const out: Record<string, unknown>[] = []
  let at = from
  while (at < text.length) {
    const end = objectEnd(text, at)
    if (end < 0) return null
    const value = parseObject(text.slice(at, end))
    if (value === undefined) return null
    out.push(value)
    at = skipSpace(text, end)
  }
  return out.length > 0 ? out : null
}

/**
 * End (exclusive) of the JSON object starting at `start`, found by brace depth outside strings;
 * -1 when `text[start]` is not `{` or the object never closes. JSON.parse still validates it.
 */
function objectEnd(text: string, start: number): number {
  if (text.charCodeAt(start) !== 0x7b) return -1
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) depth++
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) return i + 1
  }
  return -1
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at] as string)) at++
  return at
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text)
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
