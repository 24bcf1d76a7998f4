/**
 * A state shown only once it has lasted: a sign for work under way that appears after `ms`,
 * so quick work (most searches take a few ms) never flickers it, and goes the moment the work
 * ends.
 */
import { useEffect, useState } from 'react'

/** True once `active` has been true for `ms` milliseconds; false as soon as it is not. */
export function useShownAfter(active: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setShown(true), ms)
    return () => {
      clearTimeout(timer)
      setShown(false)
    }
  }, [active, ms])
  return active && shown
}
