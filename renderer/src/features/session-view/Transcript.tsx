/**
 * The transcript of the selected path, virtualized (react-virtuoso) and paged: only the
 * items around the viewport are fetched (`ensureRange`), so a 50,000-entry path scrolls without
 * holding all of it. Opens at the selected entry (the end of its path). A toggle switches
 * between the model's view (compaction-aware, context edits applied, pi spec 12.3) and the raw
 * entries of the path, including those a compaction hides.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso'
import { MarksContext } from '../../components/marks'
import { registerCommand } from '../../state/commands'
import { markWhenPainted, screenPainted } from '../../state/first-screen'
import { useFind } from '../../state/find'
import { useSessionView } from '../../state/session'
import { useSettings } from '../../state/settings'
import { DaySeparator } from './DaySeparator'
import { FindBar } from '../find/FindBar'
import { useFindInPath } from '../find/use-find'
import { TranscriptNav } from './nav'
import { LeaveEnd } from '../../components/leave-end'
import { focusedInPlace } from '../../components/quiet-focus'
import { NewEntries, PiElsewhere, TailPreview } from './TranscriptFollow'
import { focusInView } from './focus-in-view'
import { TranscriptItem } from './TranscriptItem'
import { TranscriptToolbar } from './TranscriptToolbar'
import { useListShown } from './use-list-shown'
import { entryInView } from './entry-in-view'
import { usePlaceKeeping } from './keep-place'
import { useStandIn } from './use-stand-in'
import { useTranscriptKeys } from './use-transcript-keys'

/**
 * Frames the list height must hold still before the transcript counts as settled: Virtuoso
 * retries its scroll to the initial item while the list changes within 150 ms (up to 1.2 s),
 * and would undo a scroll made before that.
 */
const STILL_FRAMES = 12
const MAX_SETTLE_FRAMES = 90
/** How long after the reader's own wheel, key or pointer a move away from the bottom is theirs (ms). */
const GESTURE_MS = 1000
/** How long after the list grew its new entries' measured heights may still move its end (ms). */
const MEASURED_MS = 1000
/**
 * How long after a jump the reader asked for (a find's match, a link) the list, still at its
 * end until that scroll lands, does not start following again (ms).
 */
const LEAVING_MS = 1000

/**
 * How long after pi's entries were followed to the end a jump away from it (a find's match, a
 * link, a text shown whole) still counts them as unread: they are offered with what comes next.
 */
const JUST_ARRIVED_MS = 2000

/** How far above its end (px) a list still counts as at its end for a change of its size. */
const END_SLACK_PX = 4

/** Whether the list `el` is scrolled to its very end (within {@link END_SLACK_PX}). */
function endInView(el: HTMLElement | null): boolean {
  return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight <= END_SLACK_PX
}

function Placeholder({ index }: { index: number }) {
  return (
    <div
      className="entry placeholder-entry"
      data-testid="transcript-placeholder"
      data-index={index}
    >
      Loading…
    </div>
  )
}

/** The transcript pane. */
export function Transcript() {
  const sessionId = useSessionView((s) => s.sessionId)
  const path = useSessionView((s) => s.path)
  const status = useSessionView((s) => s.pathStatus)
  const error = useSessionView((s) => s.pathError)
  const showHidden = useSettings((s) => s.settings?.showHidden ?? false)
  const ensureRange = useSessionView((s) => s.ensureRange)
  const readAt = useSessionView((s) => s.readAt)
  const preview = useSessionView((s) => s.preview)
  const piElsewhere = useSessionView((s) => s.piElsewhere)
  // A file with a header and no entry has no path to show: say so rather than stay blank.
  const noEntries = useSessionView((s) => s.overview?.rowCount === 0)
  // An empty or unreadable file has no header either (the diagnostics above say what it holds).
  const noHeader = useSessionView((s) => s.overview?.headerId === null)
  const virtuoso = useRef<VirtuosoHandle>(null)
  const scroller = useRef<HTMLElement | null>(null)
  // One function for the list's life: react-virtuoso re-subscribes to its scroller whenever
  // this prop changes, and reads the scroller's size then (a forced layout on every render).
  const keepScroller = useCallback((el: HTMLElement | Window | null) => {
    scroller.current = el instanceof HTMLElement ? el : null
  }, [])
  // The list's scroll position as its last scroll event left it: the browser scrolls to what
  // Tab focuses before focus events run, and focus coming in puts the list back there.
  const restingTop = useRef(0)
  // Whether its last scroll event left it at its end (a script may scroll a list that follows
  // elsewhere: a change of its size then leaves it there).
  const restingAtEnd = useRef(true)
  // The path whose initial scroll position is settled (the transcript is "ready" after that).
  const [settled, setSettled] = useState<string | null>(null)
  const [unseenFrom, setUnseenFrom] = useState<number | null>(null)
  // Whether the list keeps to the path's end as it grows: until the reader moves away from it
  // (a wheel, key, pointer or touch just before the list left the bottom). Entries arriving
  // fast, their heights measured after they were scrolled to, also leave the list above the
  // bottom for a moment; that must not stop it following. Read at once by the list's handlers;
  // `follows` is the same, for what it renders: new entries followed, or counted and offered.
  const following = useRef(true)
  const [follows, setFollows] = useState(true)
  const setFollowing = useCallback(
    (on: boolean) => {
      following.current = on
      if (on) {
        readAt(null)
        setUnseenFrom(null)
      }
      setFollows(on)
    },
    [readAt],
  )
  const gestureAt = useRef(Number.NEGATIVE_INFINITY)
  // The reader's place as their last scroll left it, kept through a change of the view's size.
  const place = usePlaceKeeping(gestureAt)
  const onGesture = () => {
    gestureAt.current = performance.now()
  }
  // While following, a list left above its end just after it grew goes back to it:
  // react-virtuoso scrolls to the end when the count grows, not when the entries it scrolled to
  // are measured taller a few frames later. Only then: a scroll made later, by a script or a
  // scrollbar, is the reader's own.
  const grewAt = useRef(Number.NEGATIVE_INFINITY)
  const keepToEnd = useCallback(() => {
    if (!following.current || performance.now() - grewAt.current > MEASURED_MS) return
    requestAnimationFrame(() => {
      const el = scroller.current
      if (el && following.current && el.scrollHeight - el.scrollTop - el.clientHeight > 1)
        el.scrollTop = el.scrollHeight
    })
  }, [])

  const total = path?.total ?? 0
  const view = path?.view ?? null
  const hasItems = total > 0
  const focusIndex = path?.focusIndex ?? null
  // A path shown afresh follows its end, unless it opens at a search hit. An effect, once per
  // view: it also tells the session store where the reader is (readAt), which a render must not.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one render more per view shown
    setFollowing(focusIndex === null)
  }, [view, focusIndex, setFollowing])
  // A jump the reader asked for (a find's match, a link to an entry) leaves the end: an entry
  // pi appends before the jump's scroll lands does not take the list back there, nor one
  // appended after it landed near the end; the new entries are offered instead. So does a text
  // the reader shows whole: it grows below where they read.
  const leftAt = useRef(Number.NEGATIVE_INFINITY)
  // The entries pi appended last while the list followed (from the index `from`), and when: a
  // jump made just after takes the reader away from entries only just scrolled to, and those
  // are offered too.
  const arrived = useRef({ at: Number.NEGATIVE_INFINITY, from: 0 })
  const leaveEnd = useCallback(() => {
    const { at, from } = arrived.current
    const unread = following.current && performance.now() - at < JUST_ARRIVED_MS
    place.stop()
    setFollowing(false)
    leftAt.current = performance.now()
    if (unread) setUnseenFrom((seen) => seen ?? from)
  }, [setFollowing, place])
  // The reader moving down at the very end of the list after a jump that had left it near
  // there: react-virtuoso, at its bottom all along, says nothing, and the list follows again.
  const rejoinEnd = () => {
    const el = scroller.current
    if (following.current || performance.now() - leftAt.current < LEAVING_MS) return
    if (endInView(el)) setFollowing(true)
  }
  // Entries added: while the list follows, to the new end once they are drawn, and held there
  // as they are measured (keepToEnd); else counted from the first, and offered. Done here, by
  // the scroller's own position, rather than by react-virtuoso: its `followOutput`, given as a
  // function, also scrolls to the end on its own when an entry grows within 100 ms of any
  // render of the list, even one after the reader left the end; and its `scrollToIndex` scrolls
  // to that index again when the list changes within 1.2 s, whatever happened since. Either
  // took the reader away from a text they had just opened. One effect, reading the ref the
  // list's handlers set: what is followed and what is offered cannot disagree.
  const seenTotal = useRef({ view, total })
  useEffect(() => {
    const before = seenTotal.current
    seenTotal.current = { view, total }
    if (before.view !== view) {
      arrived.current.at = Number.NEGATIVE_INFINITY
      return setUnseenFrom(null)
    }
    if (total <= before.total) return
    if (!following.current) return setUnseenFrom((from) => from ?? before.total)
    grewAt.current = performance.now()
    arrived.current = { at: grewAt.current, from: before.total }
    keepToEnd()
  }, [view, total, keepToEnd])
  const { marks, matches, complete, ownMark } = useFindInPath(path, virtuoso, leaveEnd)
  const onKeyDown = useTranscriptKeys(path, virtuoso)
  useEffect(() => registerCommand('find', () => useFind.getState().show()), [])
  useEffect(() => {
    if (status !== 'ready' || !hasItems) return
    // Virtuoso opens at the selected entry (the end of its path); "ready" once that painted.
    const key = view
    // Heights are estimates until items are measured, and Virtuoso keeps re-aligning the end
    // while they change: wait until the list height holds still (at most ~1.5 s), then put the
    // end of the path at the bottom and call the transcript ready.
    let last = -1
    let still = 0
    let frames = 0
    const settle = () => {
      const el = scroller.current
      const height = el?.scrollHeight ?? -1
      still = height === last ? still + 1 : 0
      last = height
      if (el && (still >= STILL_FRAMES || ++frames > MAX_SETTLE_FRAMES)) {
        // A search hit: the hit in the middle of the view; else the end of the path.
        if (focusIndex !== null)
          virtuoso.current?.scrollToIndex({ index: focusIndex, align: 'center' })
        else el.scrollTop = el.scrollHeight
        setSettled(key)
        return
      }
      frame = requestAnimationFrame(settle)
    }
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(settle)))
    return () => cancelAnimationFrame(frame)
  }, [status, view, hasItems, focusIndex])
  // The path's first render: the transcript's part of the first screen (what waited for it,
  // the tree's pages, may go on while the list scrolls to its initial item).
  useLayoutEffect(() => {
    if (status !== 'ready' || !hasItems) return
    return markWhenPainted('pi:transcript:rendered', () => screenPainted('transcript'))
  }, [status, view, hasItems])
  const listKey = status === 'ready' && hasItems ? `${sessionId}:${view}` : null
  const listShown = useListShown(scroller, listKey)
  // A list that follows, left at its end, stays there when the view changes size: shorter (a
  // notice or the findings above it), or narrower or wider (the window, a pane), its entries
  // then wrapped again and measured anew over the next frames (as after growing: keepToEnd).
  // Anywhere else, the entry across the top of the view stays where it was, over the same
  // frames, until the reader moves. The border box: a scrollbar coming and going is no change
  // of the view.
  useEffect(() => {
    const el = scroller.current
    if (!listShown || !el) return
    let width = el.offsetWidth
    let height = el.offsetHeight
    const observer = new ResizeObserver(() => {
      const same = el.offsetWidth === width && el.offsetHeight === height
      width = el.offsetWidth
      height = el.offsetHeight
      if (same) return
      if (following.current && restingAtEnd.current) {
        grewAt.current = performance.now()
        el.scrollTop = el.scrollHeight
        return
      }
      place.keep(el, MEASURED_MS)
    })
    observer.observe(el, { box: 'border-box' })
    return () => {
      observer.disconnect()
      place.stop()
    }
  }, [listShown, listKey, place])
  // The first frame the reader sees the path in.
  useLayoutEffect(() => {
    if (listShown) return markWhenPainted('pi:transcript:painted')
  }, [listShown])

  // To the path's end, followed from there: the entries not measured yet (one of megabytes is
  // far taller than estimated) are kept to the end as they are (keepToEnd). The click that asked
  // for it is no move away from the end: their measuring leaving the list above it for a moment
  // does not stop it following.
  const followEnd = useCallback(() => {
    place.stop()
    setFollowing(true)
    gestureAt.current = Number.NEGATIVE_INFINITY
    grewAt.current = performance.now()
    keepToEnd()
  }, [setFollowing, keepToEnd, place])
  // The reader asked for the selected entry again: its path's end, followed from there.
  const revealed = useSessionView((s) => s.revealed)
  const seenRevealed = useRef(revealed)
  useEffect(() => {
    if (seenRevealed.current === revealed) return
    seenRevealed.current = revealed
    followEnd()
  }, [revealed, followEnd])

  const jump = useCallback(
    (pos: number) => {
      const items = useSessionView.getState().path?.items
      if (!items) return
      for (const [index, item] of items) {
        if (item.pos === pos) {
          leaveEnd()
          return virtuoso.current?.scrollToIndex({ index, align: 'center', behavior: 'auto' })
        }
      }
    },
    [virtuoso, leaveEnd],
  )

  const ready = status === 'ready' && path !== null && sessionId !== null
  // The preview stays until the list shows (Virtuoso hides it while it finds its place); then
  // it is dropped, so no later path shows it.
  const previewDone = ready && (path.total === 0 || listShown)
  // Ready once the list itself is in sight at its place (what stood in for it is gone).
  const settledNow = previewDone && (path.total === 0 || settled === path.view)
  useEffect(() => {
    if (previewDone && preview !== null) useSessionView.setState({ preview: null })
  }, [previewDone, preview])
  const showPreview = preview !== null && sessionId !== null && status !== 'error' && !previewDone
  // No preview from the file's end (main holds the session): the path's own end stands in.
  const standIn = useStandIn(ready && !showPreview ? path : null, listShown)
  return (
    <section
      className="transcript"
      aria-label="Transcript"
      data-transcript-state={
        settledNow
          ? 'ready'
          : status === 'error'
            ? 'error'
            : showPreview || standIn
              ? 'preview'
              : 'loading'
      }
      data-path-target={path?.targetId}
      data-raw={path?.raw ? 'true' : 'false'}
      data-total={path?.total}
      // Whether growth scrolls the view (the reader is at the bottom) or is offered instead.
      data-at-bottom={follows ? 'true' : 'false'}
      onKeyDown={(e) => {
        onGesture()
        onKeyDown(e)
      }}
      onWheel={(e) => {
        onGesture()
        if (e.deltaY > 0) rejoinEnd()
      }}
      onPointerDown={onGesture}
      onTouchStart={onGesture}
      // Focusable by script only: the find bar hands the focus back here when it closes.
      tabIndex={-1}
    >
      <TranscriptToolbar />
      <FindBar count={matches.count} complete={complete} ownMark={ownMark} />
      {status === 'error' && (
        <p className="error-text">Could not load the path: {error?.message}</p>
      )}
      {ready && path.total === 0 && <p className="muted empty-path">Nothing on this path.</p>}
      {noEntries && status === 'idle' && (
        <p className="muted empty-path" data-testid="no-entries">
          {noHeader
            ? 'This file has no session header and no entries: there is nothing to show.'
            : 'This session has no entries yet: its file holds only the session’s header.'}
        </p>
      )}
      <div
        className="transcript-body"
        onScrollCapture={(e) => {
          const el = scroller.current
          if (e.target !== el) return
          restingTop.current = el.scrollTop
          restingAtEnd.current = endInView(el)
          place.note(el)
          if (performance.now() - gestureAt.current < GESTURE_MS) rejoinEnd()
        }}
        onFocus={(e) => {
          const list = scroller.current
          const from = e.relatedTarget instanceof Element ? e.relatedTarget : null
          // Tab only: a Tab stop focused by keyboard (a click focuses what the reader pointed
          // at; j / k focus entries, which are no Tab stops). From the list itself, a stop of
          // its own, as from outside: into its entries.
          const tabbed = e.target.tabIndex >= 0 && e.target.matches(':focus-visible')
          if (!list || !list.contains(e.target) || !tabbed || focusedInPlace(e.target)) return
          if (from && from !== list && list.contains(from)) return
          const chosen = focusInView(list, e.target, from, restingTop.current)
          chosen?.focus({ preventScroll: true })
        }}
      >
        {showPreview && <TailPreview preview={preview} sessionId={sessionId} over={ready} />}
        {standIn && sessionId !== null && (
          <TailPreview preview={standIn} sessionId={sessionId} over note={false} />
        )}
        {ready && path.total > 0 && (
          <MarksContext.Provider value={marks}>
            <TranscriptNav.Provider value={jump}>
              <LeaveEnd.Provider value={leaveEnd}>
                <Virtuoso
                  key={`${sessionId}:${path.view}`}
                  ref={virtuoso}
                  scrollerRef={keepScroller}
                  className="transcript-list"
                  totalCount={path.total}
                  initialTopMostItemIndex={
                    path.focusIndex !== null
                      ? { index: path.focusIndex, align: 'center' }
                      : { index: path.total - 1, align: 'end' }
                  }
                  atBottomStateChange={(bottom) => {
                    // At the bottom just after a jump (a find's match in the last entry): still
                    // left, what pi appends is offered. At the bottom by no move of the
                    // reader's (a text folded near the end leaves the list within the
                    // threshold of it): following again only with the end itself in view.
                    const now = performance.now()
                    const moved = now - gestureAt.current < GESTURE_MS
                    const left = now - leftAt.current < LEAVING_MS
                    if (bottom && !left && (moved || endInView(scroller.current)))
                      setFollowing(true)
                    else if (moved) setFollowing(false)
                    else setFollowing(following.current)
                    if (!bottom) keepToEnd()
                  }}
                  totalListHeightChanged={keepToEnd}
                  atBottomThreshold={120}
                  defaultItemHeight={140}
                  increaseViewportBy={{ top: 800, bottom: 800 }}
                  computeItemKey={(index) => path.items.get(index)?.pos ?? `p${index}`}
                  rangeChanged={({ startIndex, endIndex }) => {
                    ensureRange(startIndex - 30, endIndex + 30)
                    // The range drawn runs 800 px past the view each way: its middle is not what
                    // the reader sees at the top or the end of the list.
                    const middle = path.items.get(Math.floor((startIndex + endIndex) / 2))
                    const seen = entryInView(scroller.current) ?? middle?.id ?? null
                    readAt(following.current ? null : seen)
                  }}
                  isScrolling={(scrolling) => {
                    // A scroll within the range drawn changes no range: the place, once at rest.
                    if (!scrolling && !following.current) readAt(entryInView(scroller.current))
                  }}
                  itemContent={(index) => {
                    const item = path.items.get(index)
                    // Items are wrapped in a padded slot: Virtuoso measures the item element, and
                    // margins (which it cannot see) make it re-align endlessly.
                    return (
                      <div className="entry-slot">
                        {item && <DaySeparator items={path.items} index={index} />}
                        {item ? (
                          <TranscriptItem
                            item={item}
                            index={index}
                            sessionId={sessionId}
                            showHidden={showHidden}
                            selected={item.pos === path.targetPos}
                          />
                        ) : (
                          <Placeholder index={index} />
                        )}
                      </div>
                    )
                  }}
                />
                {piElsewhere ? (
                  <PiElsewhere
                    onJump={() => {
                      const { overview, selectEntry } = useSessionView.getState()
                      if (overview?.leafPos != null)
                        selectEntry({ id: overview.leafId ?? '', pos: overview.leafPos })
                    }}
                  />
                ) : (
                  unseenFrom !== null &&
                  total > unseenFrom && <NewEntries count={total - unseenFrom} onJump={followEnd} />
                )}
              </LeaveEnd.Provider>
            </TranscriptNav.Provider>
          </MarksContext.Provider>
        )}
      </div>
    </section>
  )
}
