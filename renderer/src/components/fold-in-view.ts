/**
 * Where the list is left when a long text folds or opens: the reader sees the button that took
 * the place of the one they pressed (Show all after a fold, Show less after an opening), not
 * the far end of a text of megabytes.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { holdPlace } from './hold-place'
import { focusInPlace } from './quiet-focus'

/** Room left above a text opened from its top (px): its Show less's focus ring shows whole. */
const ABOVE_PX = 8

/**
 * Folds a text (`fold`), then brings its fold into view when the reader was below it: folded
 * from the end of a text of megabytes, the list would otherwise be left far past it.
 */
export function useFoldInView(setFolded: () => void) {
  const ref = useRef<HTMLDivElement>(null)
  const [folds, setFolds] = useState(0)
  useLayoutEffect(() => {
    if (folds === 0) return
    const shown = (): void =>
      (ref.current?.querySelector('[data-testid="show-all"]') ?? ref.current)?.scrollIntoView({
        block: 'nearest',
      })
    shown()
    // Once more after the list measured the shorter entry.
    const frame = requestAnimationFrame(shown)
    return () => cancelAnimationFrame(frame)
  }, [folds])
  const folding = useRef(0)
  const fold = () => {
    const folded = () => {
      setFolded()
      setFolds((n) => n + 1)
    }
    const box = ref.current
    const scroller = box?.closest('[data-virtuoso-scroller]')
    const at = box?.getBoundingClientRect()
    const view = scroller?.getBoundingClientRect()
    if (!box || !scroller || !at || !view || at.top >= view.top) return folded()
    // Its top above the view (the reader folds it from its end). react-virtuoso takes the
    // height a shrinking item lost off the scroll position ("upward scrolling compensation")
    // when the list's last scroll was upward, which a list left shorter than where it stood
    // makes it (the browser moves it up): the list went to its top, the entry out of it. So
    // the list first scrolls to where the text's top is in view and the folded list is still
    // tall enough to hold it (it loses less than the text's height), then one pixel down a
    // frame later (its last scroll is downward), and the text folds in the frame after.
    const top = scroller.scrollTop + at.top - view.top
    const end = scroller.scrollHeight - scroller.clientHeight
    scroller.scrollTop = Math.max(0, Math.min(top, end - at.height - 1))
    cancelAnimationFrame(folding.current)
    folding.current = requestAnimationFrame(() => {
      scroller.scrollTop += 1
      folding.current = requestAnimationFrame(folded)
    })
  }
  useEffect(() => () => cancelAnimationFrame(folding.current), [])
  return { ref, fold }
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
  const release = useRef(() => {})
  useEffect(() => () => release.current(), [])
  return (focused: boolean) => {
    const box = ref.current
    const scroller = box?.closest<HTMLElement>('[data-virtuoso-scroller]')
    if (box && scroller) {
      const above = scroller.getBoundingClientRect().top - box.getBoundingClientRect().top
      if (above > 0 && !inPlace) scroller.scrollTop -= above + ABOVE_PX
      release.current()
      release.current = holdPlace(box, scroller, scroller.closest('.transcript') ?? scroller)
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
