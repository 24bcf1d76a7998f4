/**
 * A line between transcript entries where the local calendar day changes, so that the time of
 * day each card shows can be read (the full date is in every card's tooltip as well).
 */
import type { PathItem } from '../../../../preload/contract/session-view'
import { dayStartedBy } from './day-start'
import './reading.css'

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
