/**
 * Where the local calendar day changes between the transcript's entries (DaySeparator.tsx draws
 * the line), in the full path and in a preview of its end.
 */
import type { PathItem } from '../../../../preload/contract/session-view'
import { day } from '../../components/format'

/** How far back to look for an entry with a time (entries may lack one, pi spec 2.2). */
const LOOK_BACK = 50

/**
 * The day `items[index]` starts, or null when it continues the day of the entry before it.
 * Unknown while the entries before it are not loaded yet (no separator rather than a wrong one).
 * @param items the loaded items of the path by index (the transcript loads them in windows)
 */
export function dayStartedBy(items: ReadonlyMap<number, PathItem>, index: number): string | null {
  const here = day(items.get(index)?.time)
  if (!here) return null
  for (let j = index - 1; j >= Math.max(0, index - LOOK_BACK); j--) {
    const before = items.get(j)
    if (!before) return null
    const then = day(before.time)
    if (then) return then === here ? null : here
  }
  return index < LOOK_BACK ? here : null
}

/**
 * The items of a preview of the path's end (its newest items, `fromStart` when they begin at
 * the path's first item) keyed as {@link dayStartedBy} reads them: a preview that begins
 * mid-path is keyed past the look-back, so its first item's day is unknown, not new.
 */
export function previewDays(
  items: readonly PathItem[],
  fromStart: boolean,
): { days: ReadonlyMap<number, PathItem>; offset: number } {
  const offset = fromStart ? 0 : LOOK_BACK
  return { days: new Map(items.map((item, i) => [i + offset, item])), offset }
}
