/**
 * Where an element stands in a scrolled list's view, and putting it back there: what the
 * transcript keeps while a text opens or folds (hold-place.ts) and while the view changes size
 * (keep-place.ts).
 */

/** How far `el`'s top is below the top of `scroller`'s view (px; negative above it). */
export function offsetIn(scroller: Element, el: Element): number {
  return el.getBoundingClientRect().top - scroller.getBoundingClientRect().top
}

/**
 * Scrolls `scroller` so `el`'s top is `offset` px below the top of its view again (a move under
 * a pixel is left alone).
 */
export function putBack(scroller: HTMLElement, el: Element, offset: number): void {
  const moved = offsetIn(scroller, el) - offset
  if (Math.abs(moved) >= 1) scroller.scrollTop += moved
}
