/**
 * The reader's place in the transcript: the entry across the top of the view, and how far its
 * top is from the view's top. A change of the view's size wraps the entries anew, and those
 * above the view grow or shrink; the list keeps its scroll offset, so without this the reader's
 * entry would move by what they gained or lost.
 */
import { useMemo, useRef, type RefObject } from 'react'
import { putBack } from '../../components/view-offset'

/** An entry, by id, and its top's distance below the top of the view (px; negative above). */
export interface Place {
  id: string
  offset: number
}

const ENTRY = '[data-testid="transcript-entry"]'

/** The entry across the top of `scroller`'s view (the first whose bottom is below it), or null. */
export function placeIn(scroller: HTMLElement): Place | null {
  const top = scroller.getBoundingClientRect().top
  for (const entry of scroller.querySelectorAll(ENTRY)) {
    const r = entry.getBoundingClientRect()
    const id = entry.getAttribute('data-entry-id')
    if (r.bottom > top && id !== null) return { id, offset: r.top - top }
  }
  return null
}

/**
 * Scrolls `scroller` so the entry of `place` is at its offset again; nothing when that entry is
 * not drawn (the list moved far from it).
 */
export function restorePlace(scroller: HTMLElement, place: Place): void {
  const entry = scroller.querySelector(`${ENTRY}[data-entry-id="${CSS.escape(place.id)}"]`)
  if (entry) putBack(scroller, entry, place.offset)
}

/** What {@link usePlaceKeeping} gives the transcript. */
export interface PlaceKeeping {
  /** Notes the place a scroll of `scroller` left (none while keeping: those scrolls are its own). */
  note(scroller: HTMLElement): void
  /**
   * Keeps the place last noted in `scroller` each frame for `ms`, as the entries are wrapped
   * and measured anew; ends early at the reader's next gesture.
   */
  keep(scroller: HTMLElement, ms: number): void
  /** Ends the keeping at once (a jump the reader asked for moves the list elsewhere). */
  stop(): void
}

/**
 * The reader's place, noted as they scroll, and kept through a change of the view's size.
 * @param gestureAt when the reader last used the wheel, a key, a pointer or touch (ms, the
 *   page's clock)
 */
export function usePlaceKeeping(gestureAt: RefObject<number>): PlaceKeeping {
  const place = useRef<Place | null>(null)
  const frame = useRef(0)
  return useMemo(() => {
    const stop = () => {
      cancelAnimationFrame(frame.current)
      frame.current = 0
    }
    return {
      note: (scroller) => {
        if (frame.current === 0) place.current = placeIn(scroller)
      },
      keep: (scroller, ms) => {
        const kept = place.current
        if (!kept) return
        stop()
        const from = performance.now()
        const step = () => {
          restorePlace(scroller, kept)
          const going = gestureAt.current < from && performance.now() - from < ms
          frame.current = going ? requestAnimationFrame(step) : 0
        }
        step()
      },
      stop,
    }
  }, [gestureAt])
}
