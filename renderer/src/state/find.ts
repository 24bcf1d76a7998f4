/**
 * Find in the session (Ctrl/Cmd+F inside the session view): whether the find bar is open,
 * its text, and which match is the current one. The matches themselves are derived from the
 * shown path (features/find/matches.ts), never stored twice (ARCHITECTURE.md rule 9).
 */
import { create } from 'zustand'

/** State and actions of the find bar. */
export interface FindState {
  open: boolean
  text: string
  /** 0-based index of the current match among the path's matches. */
  current: number
  /** Bumped on every Ctrl/Cmd+F, so the bar focuses its field again. */
  focusTick: number
  show(): void
  close(): void
  setText(text: string): void
  /** Makes the first match the current one (another path is shown: its matches are others). */
  restart(): void
  /** Moves to the next (1) or previous (-1) of `count` matches, wrapping around. */
  step(delta: 1 | -1, count: number): void
}

export const useFind = create<FindState>((set, get) => ({
  open: false,
  text: '',
  current: 0,
  focusTick: 0,
  show: () => set({ open: true, focusTick: get().focusTick + 1 }),
  close: () => set({ open: false, text: '', current: 0 }),
  setText: (text) => set({ text, current: 0 }),
  restart: () => set({ current: 0 }),
  step: (delta, count) => {
    if (count === 0) return
    // A current match past a count that shrank (a path shown anew) steps from the last one.
    const from = Math.min(get().current, count - 1)
    set({ current: (from + delta + count) % count })
  },
}))
