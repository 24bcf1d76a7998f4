/**
 * The "live" marker of a session pi is writing to (its file written in the last few seconds,
 * `isLive`). One clock for every badge, ticking only while a badge is mounted; a badge
 * re-renders only when its own state flips.
 */
import { useEffect } from 'react'
import { create } from 'zustand'
import { isLive } from '../../../preload/contract/timing'

const TICK_MS = 2000

const useClock = create<{ now: number }>(() => ({ now: Date.now() }))
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

function useTicking(): void {
  useEffect(() => {
    users++
    if (timer === null) useClock.setState({ now: Date.now() })
    timer ??= setInterval(() => useClock.setState({ now: Date.now() }), TICK_MS)
    return () => {
      users--
      if (users === 0 && timer) {
        clearInterval(timer)
        timer = null
      }
    }
  }, [])
}

/** "live" beside a session whose file was written a moment ago; nothing otherwise. */
export function LiveBadge({ mtimeMs }: { mtimeMs: number }) {
  useTicking()
  const live = useClock((s) => isLive(mtimeMs, s.now))
  if (!live) return null
  return (
    <span
      className="live-badge"
      data-testid="live-badge"
      title="pi wrote to this session in the last few seconds"
    >
      live
    </span>
  )
}
