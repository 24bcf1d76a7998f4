/**
 * Whether the branch tree's rows are held still for a pointer aiming at them. While pi writes,
 * the rows near pi's leaf fold into a run and those below move up: a click aimed at a row
 * while the pointer travels would land on another entry.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * How long (ms) after the pointer last moved over the rows they stay held: from the end of a
 * pointer's travel to its click is well under this, and a pointer resting to read lets what pi
 * wrote show soon after.
 */
export const POINTER_HOLD_MS = 1000

/** The handlers the rows' box takes, and whether the rows are held now. */
export interface PointerHold {
  held: boolean
  onPointerMove(): void
  onPointerDown(): void
  onPointerUp(): void
  onPointerLeave(): void
}

/**
 * Held from a pointer's move or press over the box until it has rested there, no button down,
 * for {@link POINTER_HOLD_MS}, or until it leaves the box. A state change only when the hold
 * begins or ends: a move restarts a timer, it does not render.
 */
export function usePointerHold(): PointerHold {
  const [held, setHeld] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pressed = useRef(false)
  const stop = useCallback(() => clearTimeout(timer.current), [])
  useEffect(() => stop, [stop])
  const restart = useCallback(() => {
    stop()
    setHeld(true)
    if (!pressed.current) timer.current = setTimeout(() => setHeld(false), POINTER_HOLD_MS)
  }, [stop])
  const onPointerDown = useCallback(() => {
    pressed.current = true
    restart()
  }, [restart])
  const onPointerUp = useCallback(() => {
    pressed.current = false
    restart()
  }, [restart])
  const onPointerLeave = useCallback(() => {
    pressed.current = false
    stop()
    setHeld(false)
  }, [stop])
  return { held, onPointerMove: restart, onPointerDown, onPointerUp, onPointerLeave }
}
