/**
 * Focus Tab brings into the transcript lands on what the reader sees. The list draws entries
 * 800 px above and below its view, so Tab from outside would take the first button of an entry
 * drawn out of sight, and the browser would scroll the list far from where the reader was.
 */
import { tabbable, type FocusableElement } from 'tabbable'

/** Whether `el`'s box lies wholly inside `view`'s visible box. */
function wholly(el: Element, view: DOMRect): boolean {
  const box = el.getBoundingClientRect()
  return box.top >= view.top && box.bottom <= view.bottom
}

/** Whether some of `el`'s box shows in `view`. */
function partly(el: Element, view: DOMRect): boolean {
  const box = el.getBoundingClientRect()
  return box.bottom > view.top && box.top < view.bottom
}

/** The transcript's entries drawn in `list` (focusable, no Tab stops: j / k move between them). */
const ENTRIES = '[data-testid="transcript-entry"]'

/**
 * Where focus Tab moved into the entries of the scrolling `list` should land instead of
 * `target`, the element Tab chose. The browser has already scrolled `list` to `target`: it is put
 * back at `restingTop` (px, where the reader left it). Null when `target` is wholly in view
 * there (it stays); else the first element Tab reaches wholly in view, the last when focus came
 * from after the list (`from`, Shift+Tab; null when unknown); when none is (an entry taller than
 * the view, its buttons at its top), the entry in view; null when there is none either (the list
 * is scrolled to `target` again).
 */
export function focusInView(
  list: HTMLElement,
  target: Element,
  from: Element | null,
  restingTop: number,
): FocusableElement | null {
  const scrolled = list.scrollTop
  list.scrollTop = restingTop
  const view = list.getBoundingClientRect()
  if (wholly(target, view)) return null
  const stops = tabbable(list).filter((el) => wholly(el, view))
  const shown = stops.length
    ? stops
    : [...list.querySelectorAll<HTMLElement>(ENTRIES)].filter((el) => partly(el, view))
  const backwards =
    from !== null && (list.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  const chosen = (backwards ? shown.at(-1) : shown[0]) ?? null
  if (chosen === null) list.scrollTop = scrolled
  return chosen
}
