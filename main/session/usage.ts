/**
 * A pi Usage object (pi spec 2.3: `usage` on assistant messages, usage entries and summaries)
 * as the counts the app adds up. Odd files carry odd values: a count that is not a finite
 * number, or is below zero, counts 0. Every total the app shows (a library row, the session
 * view's header, Insights' charts) sums these, so no two of them disagree.
 */

/** Token counts and cost (USD) of one Usage object. */
export interface UsageCounts {
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  totalTokens: number
  /** `cost.total`, in USD. */
  cost: number
}

/** `value` when it is a finite number of at least 0, else 0. */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0
}

/** The counts of `usage`, or null when it is not an object (no usage). */
export function usageCounts(usage: unknown): UsageCounts | null {
  if (!usage || typeof usage !== 'object') return null
  const u = usage as Record<string, unknown>
  const cost = u.cost && typeof u.cost === 'object' ? (u.cost as Record<string, unknown>) : null
  return {
    input: count(u.input),
    output: count(u.output),
    cacheRead: count(u.cacheRead),
    cacheWrite: count(u.cacheWrite),
    totalTokens: count(u.totalTokens),
    cost: count(cost?.total),
  }
}
