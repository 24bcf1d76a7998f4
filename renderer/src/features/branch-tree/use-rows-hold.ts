/**
 * Whether the branch tree's rows are held still for a user acting on them. While pi writes,
 * the rows near pi's leaf fold into a run and those below move up: a click aimed at a row
 * while the pointer travels would land on another entry, and a row the arrow keys just
 * focused would fold away, taking the keyboard focus with it.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'

/**
 * How long (ms) after the pointer last moved over the rows, or a key was last pressed in them,
 * they stay held: from the end of a pointer's travel to its click, or between two presses of
 * an arrow key, is well under this; the focused row is selected after its browse delay
 * (use-tree-browse.ts, far shorter), and a selected row never folds; a pointer resting to read
 * lets what pi wrote show soon after.
 */
export const HOLD_MS = 1000

/** The handlers the rows' box takes, and what a render asks of the hold. */
export interface RowsHold {
  /** Whether the rows are held now; read while rendering. */
  held(): boolean
  /**
   * Says a render showed held rows in place of newer ones: the hold's end renders again so
   * the newer rows show. Idempotent, safe to call while rendering.
   */
  keptOlder(): void
  onPointerMove(): void
  onPointerDown(): void
  onPointerUp(): void
  onPointerLeave(): void
  /** A key pressed in the rows (focus moves on arrows, Home, End, Page keys). */
  onKey(): void
}

/**
 * Held from a pointer's move or press over the box, or a key pressed in it, until the pointer
 * has rested there, no button down, and no key come, for {@link HOLD_MS}, or until the pointer
 * leaves the box. A press, a move or a key never renders: a render then would also let
 * react-window put back a scroll offset it asked for earlier, in the frame before it hears of
 * a newer scroll, and move the row pressed away from the pointer. Only a hold's end renders,
 * and only after a render kept older rows.
 */
export function useRowsHold(): RowsHold {
  const [, render] = useReducer((n: number) => n + 1, 0)
  const holding = useRef(false)
  const pressed = useRef(false)
  const older = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const end = useCallback(() => {
    clearTimeout(timer.current)
    holding.current = false
    if (!older.current) return
    older.current = false
    render()
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  const restart = useCallback(() => {
    clearTimeout(timer.current)
    holding.current = true
    if (!pressed.current) timer.current = setTimeout(end, HOLD_MS)
  }, [end])
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
    end()
  }, [end])
  const held = useCallback(() => holding.current, [])
  const keptOlder = useCallback(() => {
    older.current = true
  }, [])
  return useMemo(
    () => ({
      held,
      keptOlder,
      onPointerMove: restart,
      onPointerDown,
      onPointerUp,
      onPointerLeave,
      onKey: restart,
    }),
    [held, keptOlder, restart, onPointerDown, onPointerUp, onPointerLeave],
  )
}
