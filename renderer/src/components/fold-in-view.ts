/**
 * Where the list is left when a long text folds or opens: the reader sees the button that took
 * the place of the one they pressed (Show all after a fold, Show less after an opening), not
 * the far end of a text of megabytes.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { holdPlace } from './hold-place'
import { focusInPlace } from './quiet-focus'
import { offsetIn } from './view-offset'

/** Room left above a text opened from its top (px): its Show less's focus ring shows whole. */
const ABOVE_PX = 8

/**
 * Folds a text (`setFolded`), then brings its Show all into view when the reader was below its
 * top: folded from the end of a text of megabytes, the list would otherwise be left far past it.
 * With `focused` (focus was on the Show less pressed), focus moves to the Show all that takes
 * its place.
 */
export function useFoldInView(setFolded: () => void) {
  const ref = useRef<HTMLDivElement>(null)
  const [folds, setFolds] = useState<{ focused: boolean } | null>(null)
  const hold = useHold()
  useLayoutEffect(() => {
    const all = folds && ref.current?.querySelector<HTMLElement>('[data-testid="show-all"]')
    if (!folds || !all) return
    all.scrollIntoView({ block: 'nearest' })
    if (folds.focused) focusInPlace(all)
    // Held there while the list measures the shorter entry: react-virtuoso takes the height it
    // lost off the scroll position when the list's last scroll was upward (as the one above).
    const scroller = all.closest<HTMLElement>('[data-virtuoso-scroller]')
    if (scroller) hold(all, scroller)
  }, [folds, hold])
  const fold = (focused: boolean) => {
    const box = ref.current
    const scroller = box?.closest<HTMLElement>('[data-virtuoso-scroller]')
    // Its top above the view (the reader folds it from its end): the list first scrolls up to
    // that top, so the folded text is where the reader is, not far above a list left shorter
    // than where it stood (which the browser then pulls up to fit).
    const above = box && scroller ? -offsetIn(scroller, box) : 0
    if (scroller && above > 0) scroller.scrollTop -= above + ABOVE_PX
    setFolded()
    setFolds({ focused })
  }
  return { ref, fold }
}

/**
 * Holds the list where the reader is while a text opens or folds (holdPlace), until the hold
 * ends or the component goes: `hold(box, scroller)` keeps `box` in place.
 */
function useHold(): (box: Element, scroller: HTMLElement) => void {
  const release = useRef(() => {})
  useEffect(() => () => release.current(), [])
  return useCallback((box: Element, scroller: HTMLElement) => {
    release.current()
    release.current = holdPlace(box, scroller, scroller.closest('.transcript') ?? scroller)
  }, [])
}

/**
 * Shows a text whole (`setOpen`) from its top, as folding brings its Show all back into view
 * (useFoldInView): asked for under its first lines with their top above the view (the reader
 * came up to it, or the list keeps to its end), the list first scrolls up to the text's top, and
 * the text opens below it, its Show less in view; the list holds there while it measures the
 * text (holdPlace). With `focused` (focus was on the Show all), focus moves to the Show less
 * that takes its place.
 */
export function useUnfoldInView(ref: RefObject<HTMLDivElement | null>, setOpen: () => void) {
  const [opened, setOpened] = useState(0)
  useLayoutEffect(() => {
    const less = opened > 0 ? ref.current?.querySelector<HTMLElement>(':scope > button') : null
    if (less) focusInPlace(less)
  }, [opened, ref])
  const hold = useHold()
  return (focused: boolean) => {
    const box = ref.current
    const scroller = box?.closest<HTMLElement>('[data-virtuoso-scroller]')
    if (box && scroller) {
      const above = -offsetIn(scroller, box)
      if (above > 0 && !inPlace) scroller.scrollTop -= above + ABOVE_PX
      hold(box, scroller)
    }
    setOpen()
    if (focused) setOpened((n) => n + 1)
  }
}

/** Set while {@link unfoldInPlace} clicks: those texts open where they are. */
let inPlace = false

/**
 * Opens the texts whose Show all buttons are `folds` where they are, at once: the caller (a
 * find landing on a match one of them hides) scrolls to what it wants in view.
 */
export function unfoldInPlace(folds: readonly HTMLButtonElement[]): void {
  inPlace = true
  try {
    for (const fold of folds) fold.click()
  } finally {
    inPlace = false
  }
}
