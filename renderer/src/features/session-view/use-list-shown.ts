/**
 * Whether react-virtuoso shows its list yet. Opened at an item (the end of pi's path), it keeps
 * the list hidden (`visibility: hidden`) until its scroll there has landed, some frames after
 * the list rendered: on two cores a third of a second. Until then what stood before (the tail
 * preview) stays in sight, and the first transcript paint is the frame the list shows.
 */
import { useEffect, useState, type RefObject } from 'react'

/** The element react-virtuoso hides until it reached its initial item. */
const LIST = '[data-testid="virtuoso-item-list"]'

/**
 * True once the list inside `scroller` is visible, for the list named `key` (null: no list);
 * false again for each new key. Looks once a frame while it waits.
 */
export function useListShown(scroller: RefObject<HTMLElement | null>, key: string | null): boolean {
  const [shown, setShown] = useState<string | null>(null)
  useEffect(() => {
    if (key === null) return
    let frame = 0
    const look = () => {
      const list = scroller.current?.querySelector<HTMLElement>(LIST)
      if (list && list.style.visibility !== 'hidden') setShown(key)
      else frame = requestAnimationFrame(look)
    }
    look()
    return () => cancelAnimationFrame(frame)
  }, [scroller, key])
  return key !== null && shown === key
}
