/**
 * The failures of a bulk action as the notice says them: one line per reason, with how many
 * sessions it held back, in the order the reasons first came (thirty sessions whose files
 * went away make one line, not thirty of the same words).
 */

/** One reason a bulk action left sessions where they were, and how many. */
export interface FailureLine {
  message: string
  count: number
}

/** `failed` grouped by message (see the file comment). */
export function failureLines(failed: readonly { message: string }[]): FailureLine[] {
  const lines = new Map<string, FailureLine>()
  for (const { message } of failed) {
    const line = lines.get(message)
    if (line) line.count++
    else lines.set(message, { message, count: 1 })
  }
  return [...lines.values()]
}
