/**
 * The entry a reader scrolled up is reading: the one across the middle of the transcript's
 * viewport. The view opens the session again at that entry, centred, when it must (a rewrite),
 * so what the reader sees stays where it was; at the top of the list, centring it cannot move
 * the list, and the first entries stay on screen.
 */

/**
 * The id of the transcript entry across the vertical middle of `scroller`'s box (the nearest
 * one when the middle falls between two), or null when no entry is in the box.
 */
export function entryInView(scroller: Element | null): string | null {
  if (!scroller) return null
  const box = scroller.getBoundingClientRect()
  const middle = box.top + box.height / 2
  let best: string | null = null
  let distance = Infinity
  for (const entry of scroller.querySelectorAll('[data-testid="transcript-entry"]')) {
    const r = entry.getBoundingClientRect()
    if (r.bottom < box.top || r.top > box.bottom) continue
    const d =
      r.top <= middle && r.bottom >= middle
        ? 0
        : Math.min(Math.abs(r.top - middle), Math.abs(r.bottom - middle))
    if (d < distance) [distance, best] = [d, entry.getAttribute('data-entry-id')]
  }
  return best
}
