/**
 * The transcript's parts for a session open at any size and followed live: the newest entries
 * read from the file's end, shown while the whole file loads, and the "N new entries" button
 * that appears when pi writes while the user reads further up.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { TailPreview as Preview } from '../../../../preload/contract/session-live'
import type { PathItem } from '../../../../preload/contract/session-view'
import { markWhenPainted, screenPainted, whenPainted } from '../../state/first-screen'
import { useSettings } from '../../state/settings'
import { nextCount } from './preview-batches'
import { TranscriptItem } from './TranscriptItem'
import { DaySeparator } from './DaySeparator'
import { previewDays } from './day-start'
import { counted } from '../../components/format'

/**
 * How many of the newest `items` to render: a frame's worth in the first frame, a frame's
 * worth more in each frame after, so a dozen long markdown messages never hold the window in
 * one long task. Once they fill the view (`filled`, set after each frame's layout), the
 * older ones, above it, wait for the branch tree's first paint (or for its wait to end): on 2
 * cores their markdown took the window's thread from the tree's outline, for text nobody sees
 * yet.
 */
function useBatches(items: readonly PathItem[], filled: { readonly current: boolean }): number {
  const [shown, setShown] = useState(() => ({ items, count: nextCount(items, 0) }))
  // New items (another preview) start again from the newest.
  const count = shown.items === items ? shown.count : nextCount(items, 0)
  useEffect(() => {
    if (count >= items.length) return
    let frame = 0
    let gone = false
    const more = () => {
      if (!gone)
        frame = requestAnimationFrame(() => setShown({ items, count: nextCount(items, count) }))
    }
    if (filled.current) void whenPainted('tree').then(more)
    else more()
    return () => {
      gone = true
      cancelAnimationFrame(frame)
    }
  }, [count, items, filled])
  return count
}

/**
 * The newest items of pi's active path, read from the end of the file (not navigable yet).
 * With `over`, it lies over the transcript's list while that list is mounted but not shown.
 * With `note` (the default), it says the rest of the session is loading: a preview of a path
 * already in (use-stand-in.ts) has nothing more to load and says nothing.
 */
export function TailPreview({
  preview,
  sessionId,
  over = false,
  note = true,
}: {
  preview: Preview
  sessionId: string
  over?: boolean
  note?: boolean
}) {
  const showHidden = useSettings((s) => s.settings?.showHidden ?? false)
  const box = useRef<HTMLDivElement>(null)
  const full = useRef(false)
  const count = useBatches(preview.items, full)
  const from = preview.items.length - count
  const { days, offset } = useMemo(
    () => previewDays(preview.items, preview.fromStart === true),
    [preview],
  )
  // The newest entry is what pi resumes from: start at the bottom, as the full view does.
  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    el.scrollTop = el.scrollHeight
    full.current = el.scrollHeight > el.clientHeight
  }, [preview, count])
  useLayoutEffect(
    () => markWhenPainted('pi:preview:painted', () => screenPainted('transcript')),
    [preview],
  )
  return (
    <div
      className={`transcript-list tail-preview${over ? ' tail-preview-over' : ''}`}
      data-testid="tail-preview"
      ref={box}
    >
      {note && (
        <p className="muted tail-preview-note" role="status">
          Loading the rest of the session… These are its newest entries.
        </p>
      )}
      {preview.items.slice(from).map((item, k) => (
        <div className="entry-slot" key={`${item.id}:${from + k}`}>
          <DaySeparator items={days} index={offset + from + k} />
          <TranscriptItem
            item={item}
            index={from + k}
            sessionId={sessionId}
            showHidden={showHidden}
            selected={from + k === preview.items.length - 1}
            preview
          />
        </div>
      ))}
    </div>
  )
}

/**
 * Shown when pi started a new branch while the reader was scrolled up on the branch it left:
 * goes to pi's newest entry (the path to pi's leaf), and follows pi from there.
 */
export function PiElsewhere({ onJump }: { onJump(): void }) {
  return (
    <button
      type="button"
      className="new-entries"
      data-testid="pi-elsewhere"
      title="Show the path to pi’s newest entry, and follow pi from there"
      onClick={(e) => jumpFrom(e.currentTarget, onJump)}
    >
      pi went on in another branch ↓
    </button>
  )
}

/** Jumps to the entries that arrived below the part of the transcript being read. */
export function NewEntries({ count, onJump }: { count: number; onJump(): void }) {
  return (
    <button
      type="button"
      className="new-entries"
      data-testid="new-entries"
      onClick={(e) => jumpFrom(e.currentTarget, onJump)}
    >
      {counted(count, 'new entry', 'new entries')} ↓
    </button>
  )
}

/**
 * Runs `jump`, which removes `button`: focus that was on it goes to the transcript it was in
 * (a keyboard reader goes on from there, with j / k or Tab), not to the page's body.
 */
function jumpFrom(button: HTMLElement, jump: () => void): void {
  const transcript =
    button === document.activeElement ? button.closest<HTMLElement>('.transcript') : null
  jump()
  transcript?.focus({ preventScroll: true })
}
