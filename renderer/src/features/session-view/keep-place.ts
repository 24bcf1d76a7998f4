/**
 * The reader's place in the transcript: the entry across the top of the view, and how far its
 * top is from the view's top. A change of the view's size wraps the entries anew, and those
 * above the view grow or shrink; the list keeps its scroll offset, so without this the reader's
 * entry would move by what they gained or lost.
 */

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
  if (!entry) return
  const moved =
    entry.getBoundingClientRect().top - scroller.getBoundingClientRect().top - place.offset
  if (Math.abs(moved) >= 1) scroller.scrollTop += moved
}
