/**
 * A line between transcript entries where the local calendar day changes, so that the time of
 * day each card shows can be read (the full date is in every card's tooltip as well).
 */
import type { PathItem } from '../../../../preload/contract/session-view'
import { day } from '../../components/format'
import './reading.css'

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

/** The separator above the entry at `index` when it starts a new day. */
export function DaySeparator({
  items,
  index,
}: {
  items: ReadonlyMap<number, PathItem>
  index: number
}) {
  const started = dayStartedBy(items, index)
  if (!started) return null
  return (
    <div className="day-separator" data-testid="day-separator" role="separator" title={started}>
      <span>{started}</span>
    </div>
  )
}
