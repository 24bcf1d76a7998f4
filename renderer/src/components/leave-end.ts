/**
 * How an entry tells the transcript that the reader acted on it in place: a text asked for
 * whole grows below where it starts, and the reader means to read it from there. The
 * transcript then stops following pi's appends to the path's end (as a jump to an entry
 * does); a list that fits the window is at its end until the text grows, and a timing rule
 * alone (a gesture just before the list left its end) fails on a busy machine. A no-op
 * outside a transcript (the tail preview, tests).
 */
import { createContext } from 'react'

/** Stops the transcript following the path's end; the reader's place holds. */
export const LeaveEnd = createContext<() => void>(() => {})
