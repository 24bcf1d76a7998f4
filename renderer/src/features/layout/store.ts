/**
 * The layout store: which panes show (project sidebar, branch tree, reading mode, the
 * Recently deleted panel). The sidebar and tree choices are remembered per width class in
 * localStorage (zustand's persist middleware); the pane sizes are remembered by the
 * splitters themselves (react-resizable-panels, see AppLayout).
 */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

/**
 * Windows narrower than this (CSS px) fold the project sidebar into a picker and show the
 * branch tree only on request: three panes leave the session too little room.
 */
export const NARROW_WIDTH = 1200

/** The media query of a narrow window (see NARROW_WIDTH). */
export const NARROW_QUERY = `(max-width: ${NARROW_WIDTH - 0.02}px)`

/** Whether the window is narrow right now (see NARROW_WIDTH). */
export function isNarrow(): boolean {
  return window.matchMedia(NARROW_QUERY).matches
}

/** A choice that differs between wide and narrow windows. */
export interface PerWidth {
  wide: boolean
  narrow: boolean
}

/** State and actions of the layout. */
export interface LayoutState {
  /** Whether the project sidebar shows (wide: shown by default; narrow: a picker instead). */
  sidebar: PerWidth
  /** Whether the branch tree shows beside the transcript (narrow: a panel opened on request). */
  tree: PerWidth
  /** Reading mode: the open session takes the whole window (not remembered). */
  reading: boolean
  /** The Recently deleted panel in place of the session list and session (not remembered). */
  trashOpen: boolean
  toggleSidebar(narrow: boolean): void
  toggleTree(narrow: boolean): void
  setReading(on: boolean): void
  setTrashOpen(open: boolean): void
}

const flip = (choice: PerWidth, narrow: boolean): PerWidth =>
  narrow ? { ...choice, narrow: !choice.narrow } : { ...choice, wide: !choice.wide }

export const useLayout = create<LayoutState>()(
  persist(
    (set) => ({
      sidebar: { wide: true, narrow: false },
      tree: { wide: true, narrow: false },
      reading: false,
      trashOpen: false,
      toggleSidebar: (narrow) => set((s) => ({ sidebar: flip(s.sidebar, narrow), reading: false })),
      toggleTree: (narrow) => set((s) => ({ tree: flip(s.tree, narrow) })),
      setReading: (reading) => set({ reading }),
      setTrashOpen: (trashOpen) => set({ trashOpen, reading: false }),
    }),
    {
      name: 'pi-sessions:layout',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ sidebar: s.sidebar, tree: s.tree }),
    },
  ),
)
