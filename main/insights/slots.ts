/**
 * Usage and activity of one session by quarter hour (UTC) and model: what the Insights
 * charts add up per day, week or month in the user's time zone. Every UTC offset in use is
 * a multiple of 15 minutes (tz database: +05:45, +08:45, +12:45 are the finest), so a day
 * in any zone is a whole number of quarter hours and a slot never straddles two days.
 * Plain data: kept in the library's digest of a session and resumed on the next append.
 */
import type { UsageCounts } from '../session'

/** Length of one slot in milliseconds (a quarter hour). */
export const SLOT_MS = 15 * 60 * 1000

/** What one slot holds: token counts, cost in USD, and message entries. */
export interface SlotTotals {
  input: number
  output: number
  cacheRead: number
  cacheWrite: number
  cost: number
  messages: number
}

/**
 * Slots of one session: key `<slot start, ms since epoch UTC>\t<provider/model>` to
 * `[input, output, cacheRead, cacheWrite, cost, messages]` (an array keeps the stored
 * digest small).
 */
export type SessionSlots = Record<string, number[]>

/** The start of the slot holding `timeMs`. */
export function slotOf(timeMs: number): number {
  return Math.floor(timeMs / SLOT_MS) * SLOT_MS
}

/**
 * Adds usage (or null) and a message count to the slot of `timeMs` under `model` ('' when
 * no model is known yet).
 */
export function addToSlot(
  slots: SessionSlots,
  timeMs: number,
  model: string,
  usage: UsageCounts | null,
  messages: number,
): void {
  const key = `${slotOf(timeMs)}\t${model}`
  const cell = slots[key] ?? (slots[key] = [0, 0, 0, 0, 0, 0])
  if (usage) {
    cell[0] = (cell[0] as number) + usage.input
    cell[1] = (cell[1] as number) + usage.output
    cell[2] = (cell[2] as number) + usage.cacheRead
    cell[3] = (cell[3] as number) + usage.cacheWrite
    cell[4] = (cell[4] as number) + usage.cost
  }
  cell[5] = (cell[5] as number) + messages
}

/** The slots of a session as rows: start (ms), model and totals. */
export function slotRows(slots: SessionSlots): ({ slot: number; model: string } & SlotTotals)[] {
  return Object.entries(slots).map(
    ([key, [input, output, cacheRead, cacheWrite, cost, messages]]) => {
      const tab = key.indexOf('\t')
      return {
        slot: Number(key.slice(0, tab)),
        model: key.slice(tab + 1),
        input: input ?? 0,
        output: output ?? 0,
        cacheRead: cacheRead ?? 0,
        cacheWrite: cacheWrite ?? 0,
        cost: cost ?? 0,
        messages: messages ?? 0,
      }
    },
  )
}
