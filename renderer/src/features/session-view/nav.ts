/**
 * Jumping inside the transcript (e.g. from a tool call to its result): the transcript provides
 * a function that scrolls to an entry by file position.
 */
import { createContext, useContext } from 'react'

/** Scrolls the transcript to the entry at `pos` when it is on the shown path. */
export type JumpTo = (pos: number) => void

export const TranscriptNav = createContext<JumpTo>(() => {})

/** The transcript's jump function. */
export function useTranscriptNav(): JumpTo {
  return useContext(TranscriptNav)
}
