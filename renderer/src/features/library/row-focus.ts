/**
 * Gives the keyboard back to a row of the library list once the list shows it: after quick
 * open (the opened session's row) and after a bulk action took the focused rows away (the
 * list's row in the tab order). The browser puts the focus where it was before a dialog, or
 * drops it to the page with a row that left; either way the session's one-key shortcuts and
 * the arrow keys would go nowhere, or be typed as text.
 */

/** The row of session `id` in the library list, or the list's row in the tab order. */
export function listRow(sessionId?: string): HTMLElement | null {
  const which = sessionId ? `[data-session-id="${CSS.escape(sessionId)}"]` : '[tabindex="0"]'
  return document.querySelector<HTMLElement>(`[data-testid="session-item"]${which}`)
}

/**
 * For up to `ms`, at each frame, focuses `row()` while the keyboard is nowhere (on the page).
 * With `overGivenBack`, the focus as the first frame finds it (where the browser gave it back
 * as a dialog closed) is not the user's either: the row takes it over, and a text field lets
 * go of it at once, so no key is typed into it meanwhile. A row found and focused is looked
 * after until the time is up, as it may be one on its way out. A focus the user moves out of
 * the list stays theirs: the looking stops.
 * @returns stops looking
 */
export function focusRowWhenShown(
  row: () => HTMLElement | null,
  { ms, overGivenBack = false }: { ms: number; overGivenBack?: boolean },
): () => void {
  const until = performance.now() + ms
  let frame = 0
  let givenBack: Element | null | undefined
  const look = () => {
    const active = document.activeElement
    if (givenBack === undefined) {
      givenBack = overGivenBack ? active : null
      const field = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      if (overGivenBack && field) active.blur()
    }
    if (!active || active === document.body || active === givenBack) row()?.focus()
    else if (!active.closest('.session-list')) return
    if (performance.now() < until) frame = requestAnimationFrame(look)
  }
  frame = requestAnimationFrame(look)
  return () => cancelAnimationFrame(frame)
}
