/**
 * Focus the app moves itself (the Show less that takes the place of the Show all pressed), told
 * apart from focus the reader moves with Tab: the transcript puts Tab's landing on what the
 * reader sees (focus-in-view.ts), and leaves an element the app focused where the app put it.
 */

/** The element being focused by {@link focusInPlace}, while its focus events run. */
let moving: Element | null = null

/** Focuses `el` without scrolling, as the app's own move (focus events run within the call). */
export function focusInPlace(el: HTMLElement): void {
  moving = el
  try {
    el.focus({ preventScroll: true })
  } finally {
    moving = null
  }
}

/** Whether `el` is being focused by {@link focusInPlace}: its focus events are the app's. */
export function focusedInPlace(el: Element): boolean {
  return moving === el
}
