/**
 * Holds the transcript's list where the reader is while a text they opened whole, or folded, is
 * laid out.
 * The list (react-virtuoso) scrolls by what an entry grew whenever its last scroll was upward
 * ("upward scrolling compensation", meant for entries above the view measured taller as the
 * reader scrolls up): a text of megabytes opened at the top of the view would take the reader to
 * its end. The list makes that scroll with the scroller's `scrollBy`, which nothing else of ours
 * calls and which has no other use in a list that only grows at its end; while held, the
 * scroller's `scrollBy` keeps the text's top (or its Show all) where it was instead.
 */
import { offsetIn, putBack } from './view-offset'

/** How long the held element's size must hold still before the hold ends on its own (ms). */
export const QUIET_MS = 5000

/**
 * The hold in effect by scroller, as its end: a second text opened or folded before the first's
 * hold ended takes the list over (one place is kept, the last one the reader chose).
 */
const holds = new WeakMap<HTMLElement, () => void>()

/** The reader's own moves: the hold ends at the first, and the list is theirs again. */
const GESTURES = ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const

/**
 * Sets react-virtuoso's scroll compensation aside in `scroller` while `box` (a text opened, or
 * the Show all of one folded) or what is around it changes size: each time it would scroll,
 * `box` is kept at its distance from the view's top.
 * Ends at the reader's first wheel, key, pointer or touch in `root`, once `box` is out of the
 * page, {@link QUIET_MS} after its size last changed, or when another hold starts there.
 * @returns ends the hold at once (safe to call more than once)
 */
export function holdPlace(box: Element, scroller: HTMLElement, root: Element): () => void {
  holds.get(scroller)?.()
  let stopped = false
  let quiet = setTimeout(stop, QUIET_MS)
  const resized = new ResizeObserver(() => {
    clearTimeout(quiet)
    quiet = box.isConnected ? setTimeout(stop, QUIET_MS) : setTimeout(stop)
  })
  resized.observe(box)
  // An own property shadows the element's method; deleting it gives the method back. In its
  // place, the list's compensation puts `box` back where it was: entries above it measured
  // shorter than estimated move it up, and that is undone; its own growth moves nothing.
  const place = offsetIn(scroller, box)
  holds.set(scroller, stop)
  scroller.scrollBy = () => putBack(scroller, box, place)
  for (const gesture of GESTURES) root.addEventListener(gesture, stop, { capture: true })
  function stop(): void {
    if (stopped) return
    stopped = true
    clearTimeout(quiet)
    resized.disconnect()
    // Ended by a later hold, the scroller's `scrollBy` is that hold's now.
    if (holds.get(scroller) === stop) {
      holds.delete(scroller)
      delete (scroller as { scrollBy?: unknown }).scrollBy
    }
    for (const gesture of GESTURES) root.removeEventListener(gesture, stop, { capture: true })
  }
  return stop
}
