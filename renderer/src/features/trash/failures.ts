/**
 * The failures of a bulk action as the notice says them: one line per reason, with how many
 * sessions it held back and the titles of the first few, in the order the reasons first came
 * (thirty sessions whose files went away make one line, not thirty of the same words).
 */

/** One reason a bulk action left sessions where they were, how many, and whose. */
export interface FailureLine {
  message: string
  count: number
  /** The titles of the first {@link NAMED} sessions it held back whose titles are known. */
  names: string[]
}

/** Sessions named per line; the rest are counted. */
const NAMED = 3

/**
 * `failed` grouped by message (see the file comment).
 * @param titleOf a session's title by its id, null when the list does not hold it
 */
export function failureLines(
  failed: readonly { message: string; sessionId?: string }[],
  titleOf: (sessionId: string) => string | null = () => null,
): FailureLine[] {
  const lines = new Map<string, FailureLine>()
  for (const { message, sessionId } of failed) {
    let line = lines.get(message)
    if (!line) {
      line = { message, count: 0, names: [] }
      lines.set(message, line)
    }
    line.count++
    const title = sessionId === undefined ? null : titleOf(sessionId)
    if (title !== null && line.names.length < NAMED) line.names.push(title)
  }
  return [...lines.values()]
}

/**
 * One line in words: `Not moved (“A”, “B” and 2 more): <reason>`, or with no title known,
 * `Not moved (4 sessions): <reason>`.
 * @param verb what did not happen ("Not moved", "Not restored")
 */
export function failureText(line: FailureLine, verb: string): string {
  const quoted = line.names.map((name) => `“${name}”`).join(', ')
  const rest = line.count - line.names.length
  const who =
    line.names.length === 0
      ? line.count > 1
        ? ` (${line.count} sessions)`
        : ''
      : ` (${quoted}${rest > 0 ? ` and ${rest} more` : ''})`
  return `${verb}${who}: ${line.message}`
}
