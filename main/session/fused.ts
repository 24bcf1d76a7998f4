/**
 * Recovery of entries from lines where two writes were glued together (pi spec 6.1).
 */

/**
 * Recovers entries from a line where a write was glued onto an unterminated line (pi 0.73.1
 * appends `JSON + "\n"` without repairing a missing newline, pi spec 6.1): such a line is a
 * prefix (a complete or truncated object) followed by exactly one complete object. Tries the
 * split points (`{"type":` or `}{`) in order and takes the first whose suffix parses as an
 * object with a string `type`; returns [] when there is none. At most 64 split points are tried
 * so a huge broken line cannot make this quadratic.
 */
export function splitFused(text: string): unknown[] {
  let tried = 0
  for (let i = text.indexOf('{', 1); i !== -1 && tried < 64; i = text.indexOf('{', i + 1)) {
    if (!text.startsWith('{"type":', i) && text.charCodeAt(i - 1) !== 0x7d) continue
    tried++
    const suffix = tryParseObject(text.slice(i))
    if (suffix === undefined || typeof (suffix as { type?: unknown }).type !== 'string') continue
    const prefix = tryParseObject(text.slice(0, i))
    return prefix === undefined ? [suffix] : [prefix, suffix]
  }
  return []
}
function tryParseObject(text: string): unknown {
  try {
    const v: unknown = JSON.parse(text)
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : undefined
  } catch {
    return undefined
  }
}
