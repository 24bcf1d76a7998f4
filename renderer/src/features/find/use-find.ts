/**
 * The transcript side of find in the session: the marks in effect (a find's words while the
 * find bar has text, else the words of the search hit that opened the session), the matches of
 * the shown path, and scrolling to the current one.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react'
import type { VirtuosoHandle } from 'react-virtuoso'
import { unfoldInPlace } from '../../components/fold-in-view'
import { findPattern, searchMarks, type Marks } from '../../components/marks'
import { useFind } from '../../state/find'
import type { PathState } from '../../state/path-state'
import { useSessionView } from '../../state/session'
import { FindTally, NO_MATCHES, type FindMatches } from './matches'

/** Frames to wait for the current match's item to render after scrolling to it. */
const RENDER_FRAMES = 60

/** The transcript's rendered entry of the item at path `index`, or null while it is not rendered. */
function entryAt(index: number): Element | null {
  return document.querySelector(
    `.transcript [data-testid="transcript-entry"][data-index="${index}"]`,
  )
}

/**
 * Marks the `nth` find match of the item at path `index` as the current one (the marks are
 * React's; the current one is a class on one of them, so the items need not re-render). A
 * match past the marks of its text (MARKS_PER_TEXT), or in markdown the text does not show (a
 * link's address), has none: the mark before it stands in (or the one after, or its text).
 * @returns the mark, and whether it is the match's own; null while the item is not rendered
 */
function markCurrent(index: number, nth: number): { chosen: Element; own: boolean } | null {
  const entry = entryAt(index)
  if (!entry) return null
  // The marks in order, and after a text cut at its marks the count of those it left unmarked.
  let seen = 0
  let last: Element | null = null
  let chosen: { chosen: Element; own: boolean } | null = null
  // A match with no mark before any mark (in a link's address at a text's start): the next mark
  // stands in, or the text itself.
  let unshown: Element | null = null
  for (const el of entry.querySelectorAll('mark.find-match, [data-unmarked-matches]')) {
    if (el.tagName === 'MARK') {
      if (unshown) {
        chosen = { chosen: el, own: false }
        break
      }
      if (seen++ === nth) {
        chosen = { chosen: el, own: true }
        break
      }
      last = el
      continue
    }
    seen += Number(el.getAttribute('data-unmarked-matches'))
    if (nth < seen && last) {
      chosen = { chosen: last, own: false }
      break
    }
    if (nth < seen) unshown = el
  }
  const text = unshown?.parentElement
  chosen ??= last ? { chosen: last, own: false } : text ? { chosen: text, own: false } : null
  if (!chosen) return null
  unmarkCurrent()
  if (chosen.chosen.tagName === 'MARK') chosen.chosen.classList.add('find-current')
  return chosen
}

/**
 * The "Show all" buttons of the folded texts of the item at path `index` that hide its matches
 * up to the `nth`: a find counts every match of a text (FindTally), a folded text marks only
 * those it shows, so the marks after a fold would stand for other matches than the find's
 * (CollapsibleText names how many its fold hides). Empty when the item is not rendered.
 */
function foldsBefore(index: number, nth: number): HTMLButtonElement[] {
  const entry = entryAt(index)
  if (!entry) return []
  let seen = 0
  const folds: HTMLButtonElement[] = []
  const counted = 'mark.find-match, [data-unmarked-matches], button[data-hidden-matches]'
  for (const el of entry.querySelectorAll(counted)) {
    if (seen > nth) break
    if (el.tagName === 'MARK') {
      seen++
      continue
    }
    const unmarked = el.getAttribute('data-unmarked-matches')
    if (unmarked !== null) {
      seen += Number(unmarked)
      continue
    }
    folds.push(el as HTMLButtonElement)
    seen += Number(el.getAttribute('data-hidden-matches'))
  }
  return folds
}

/**
 * Unfolds the texts {@link foldsBefore} names.
 * @returns whether a text was unfolded (its marks come with the next render)
 */
function unfoldTo(index: number, nth: number): boolean {
  const folds = foldsBefore(index, nth)
  unfoldInPlace(folds)
  return folds.length > 0
}

/** Takes the current match's mark away (no other mark stands for a match a fold hides). */
function unmarkCurrent(): void {
  for (const old of document.querySelectorAll('.transcript mark.find-current'))
    old.classList.remove('find-current')
}

/** Frames the current match is kept in view after landing on it. */
const KEEP_FRAMES = 20

/** Frames Virtuoso takes to learn the height of an item whose fold opened. */
const SIZING_FRAMES = 2

/**
 * Scrolls the transcript so `el` (in the item at path `index`) is at its middle. Through
 * Virtuoso, from the item's start, when it can: scrolled by the browser, right after a fold
 * of the item opened (its new height not yet in Virtuoso's sizes), the list drew the items
 * Virtuoso expected there instead of the item, and the match was gone.
 */
function centerIn(el: Element, index: number, list: VirtuosoHandle | null): void {
  const entry = entryAt(index)
  const box = el.closest('.transcript-list')
  if (!entry || !box || !list) return el.scrollIntoView({ block: 'center' })
  const within = el.getBoundingClientRect().top - entry.getBoundingClientRect().top
  list.scrollToIndex({ index, align: 'start', offset: within - box.clientHeight / 2 })
}

/** Whether `el` is inside the visible part of the transcript's list. */
function inView(el: Element): boolean {
  const list = el.closest('.transcript-list')
  if (!list) return false
  const box = el.getBoundingClientRect()
  const frame = list.getBoundingClientRect()
  return box.top >= frame.top && box.bottom <= frame.bottom
}

/** What {@link useFindInPath} gives the transcript. */
export interface FindInPath {
  marks: Marks | null
  matches: FindMatches
  /** Every item of the path is loaded (the count is final). */
  complete: boolean
  /**
   * False when the current match lies past the marks of its text (MARKS_PER_TEXT): it is
   * counted, and its item's last mark stands in for it.
   */
  ownMark: boolean
}

/** The find's pattern while the find bar is open with text, else null. */
function useFindPattern(): RegExp | null {
  const open = useFind((s) => s.open)
  const text = useFind((s) => s.text)
  return useMemo(() => (open ? findPattern(text) : null), [open, text])
}

/**
 * The marks of the session view (transcript and tree): a find's words while the find bar has
 * text, else the words of the search hit that opened the session; null when neither.
 */
export function useViewMarks(): Marks | null {
  const find = useFindPattern()
  const hitPatterns = useSessionView((s) => s.hitPatterns)
  return useMemo<Marks | null>(() => {
    if (find) return { pattern: find, className: 'find-match' }
    return hitPatterns ? searchMarks(hitPatterns) : null
  }, [find, hitPatterns])
}

/**
 * The matches of `find` in the path shown as `view` (PathState.view), counted in every item
 * the session view receives for it, as it receives them (FindTally).
 */
function useFindTally(
  find: RegExp | null,
  view: string | null,
  ensureRange: (start: number, end: number, sweep?: boolean) => void,
): { matches: FindMatches; scanned: number } {
  const text = useFind((s) => s.text)
  const tally = useMemo(
    () =>
      find && view !== null
        ? // A text sent cut is found in whole: fetched (later, not while the store notifies).
          new FindTally(find, (index) => {
            queueMicrotask(() => void useSessionView.getState().wholeItem(index))
          })
        : null,
    [find, view],
  )
  // Main counts the whole path at once; only where it cannot is every item fetched to be
  // counted here (the store keeps up to its limit).
  const [, seeded] = useState(0)
  useEffect(() => {
    if (!tally) return
    let stale = false
    useSessionView
      .getState()
      .findCounts(text)
      .then(
        (counts) => {
          if (stale || !counts) return
          tally.seed(counts)
          seeded((n) => n + 1)
        },
        () => {
          const total = useSessionView.getState().path?.total ?? 0
          if (!stale && total > 0) ensureRange(0, total - 1, true)
        },
      )
    return () => {
      stale = true
    }
    // The tally is made for this text (its pattern): one count per tally.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tally])
  // Counted on every change of the store, as it happens: items a later page pushes out of the
  // store before the next render are counted all the same.
  const subscribe = useCallback(
    (changed: () => void) =>
      useSessionView.subscribe((state) => {
        if (tally && state.path?.view === view) {
          const before = tally.version
          if (tally.add(state.path.items) !== before) changed()
        }
      }),
    [tally, view],
  )
  // The tally's version says when it counted more (counting what is there already changes
  // nothing another read would see differently).
  useSyncExternalStore(subscribe, () => {
    const path = useSessionView.getState().path
    return tally && path?.view === view ? tally.add(path.items) : 0
  })
  return { matches: tally?.matches() ?? NO_MATCHES, scanned: tally?.scanned ?? 0 }
}

/**
 * Marks, matches and the scroll to the current match, for the transcript of `path`.
 * @param leaveEnd called before the list is scrolled to a match, and when a match is first
 *   marked: a list following the path's end (live follow) stops following, or it would be
 *   taken back to the end, away from the match
 */
export function useFindInPath(
  path: PathState | null,
  virtuoso: RefObject<VirtuosoHandle | null>,
  leaveEnd: () => void,
): FindInPath {
  const current = useFind((s) => s.current)
  const ensureRange = useSessionView((s) => s.ensureRange)
  const find = useFindPattern()
  const marks = useViewMarks()
  const view = path?.view ?? null
  const total = path?.total ?? 0
  const { matches, scanned } = useFindTally(find, view, ensureRange)
  const complete = view !== null && scanned >= total

  // Another path shown (another branch or view): its matches are others, the first is current.
  const restart = useFind((s) => s.restart)
  const shownView = useRef(view)
  useEffect(() => {
    if (shownView.current === view) return
    shownView.current = view
    if (find) restart()
  }, [view, find, restart])

  const target = matches.at(Math.min(current, matches.count - 1))
  const targetIndex = target?.index
  const targetNth = target?.nth
  // The match that has no mark of its own, as "<index>:<nth>" (see markCurrent).
  const [unmarked, setUnmarked] = useState<string | null>(null)
  useEffect(() => {
    if (targetIndex === undefined || targetNth === undefined) return
    // Rendered already: scrolled into view at once; else Virtuoso brings it first (scrolling
    // both ways at once, Virtuoso's estimate would win over the exact position).
    // Frames to wait after a fold opened before scrolling to the match: Virtuoso takes an
    // item's new height a frame after it was drawn, and scrolled before that, it draws the
    // items it expects there instead of the item (whose new height it then never learns).
    let sizing = 0
    const unfold = (): boolean => {
      const opened = unfoldTo(targetIndex, targetNth)
      if (opened) sizing = SIZING_FRAMES
      return opened
    }
    if (!unfold() && !markCurrent(targetIndex, targetNth)) {
      leaveEnd()
      virtuoso.current?.scrollToIndex({ index: targetIndex, align: 'center' })
    }
    let frames = 0
    let kept = 0
    let frame = 0
    // Landed: the match was marked. A fold hiding it after that is the reader's (Show less):
    // the match stays hidden, unmarked.
    let landed = false
    const land = () => {
      if (foldsBefore(targetIndex, targetNth).length > 0) {
        if (landed) return unmarkCurrent()
        // A fold rendered since (the item came into view) is unfolded before its marks count.
        unfold()
        if (++frames < RENDER_FRAMES) frame = requestAnimationFrame(land)
        return
      }
      const marked = markCurrent(targetIndex, targetNth)
      if (!marked || sizing-- > 0) {
        if (++frames < RENDER_FRAMES) frame = requestAnimationFrame(land)
        return
      }
      // The reader went to this match, even one on screen already: what pi appends is offered
      // from now on, not scrolled to (it would take the match out of view).
      if (!landed) leaveEnd()
      landed = true
      const { chosen, own } = marked
      setUnmarked(own ? null : `${targetIndex}:${targetNth}`)
      // A match in folded thinking or tool arguments: unfold it to show it.
      for (let d = chosen.closest('details'); d; d = d.parentElement?.closest('details') ?? null)
        d.open = true
      // Virtuoso may still be finishing an earlier scroll: the match stays in view meanwhile.
      if (!inView(chosen)) {
        leaveEnd()
        centerIn(chosen, targetIndex, virtuoso.current)
      }
      if (++kept < KEEP_FRAMES) frame = requestAnimationFrame(land)
    }
    const landAgain = () => {
      cancelAnimationFrame(frame)
      frames = 0
      kept = 0
      frame = requestAnimationFrame(land)
    }
    landAgain()
    // The list re-renders its items (scrolling, resizing): the current mark is marked again.
    // A text fetched whole while landing (it was sent cut) may hide the match in its fold:
    // unfolded, it is landed on again.
    const list = document.querySelector('.transcript')
    const observer = new MutationObserver(() => {
      if (foldsBefore(targetIndex, targetNth).length > 0) {
        if (landed) unmarkCurrent()
        else if (unfold()) landAgain()
      } else if (!list?.querySelector('mark.find-current')) markCurrent(targetIndex, targetNth)
    })
    if (list) observer.observe(list, { childList: true, subtree: true })
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
    }
    // A path shown anew is landed on at its current match, even one at the same index.
  }, [targetIndex, targetNth, virtuoso, marks, leaveEnd, view])
  const ownMark = unmarked !== `${targetIndex}:${targetNth}`
  return { marks, matches, complete, ownMark }
}
