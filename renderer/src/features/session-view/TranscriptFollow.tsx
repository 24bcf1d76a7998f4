/**
 * The transcript's parts for a session open at any size and followed live: the newest entries
 * read from the file's end, shown while the whole file loads, and the "N new entries" button
 * that appears when pi writes while the user reads further up.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { TailPreview as Preview } from '../../../../preload/contract/session-live'
import { useSettings } from '../../state/settings'
import { TranscriptItem } from './TranscriptItem'

/** Preview items rendered in the first frame, and added in each frame after it. */
const PREVIEW_BATCH = 4

/**
 * How many of `total` items to render: a batch in the first frame, a batch more each frame
 * after, so a dozen markdown messages never hold the window in one long task.
 */
function useBatches(total: number, key: unknown): number {
  const [shown, setShown] = useState({ key, count: Math.min(total, PREVIEW_BATCH) })
  const count = shown.key === key ? shown.count : Math.min(total, PREVIEW_BATCH)
  useEffect(() => {
    if (count >= total) return
    const frame = requestAnimationFrame(() =>
      setShown({ key, count: Math.min(total, count + PREVIEW_BATCH) }),
    )
    return () => cancelAnimationFrame(frame)
  }, [count, total, key])
  return count
}

/** The newest items of pi's active path, read from the end of the file (not navigable yet). */
export function TailPreview({ preview, sessionId }: { preview: Preview; sessionId: string }) {
  const showHidden = useSettings((s) => s.settings?.showHidden ?? false)
  const box = useRef<HTMLDivElement>(null)
  const count = useBatches(preview.items.length, preview)
  const from = preview.items.length - count
  // The newest entry is what pi resumes from: start at the bottom, as the full view does.
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight
  }, [preview, count])
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => performance.mark('pi:preview:painted'))
    return () => cancelAnimationFrame(frame)
  }, [preview])
  return (
    <div className="transcript-list tail-preview" data-testid="tail-preview" ref={box}>
      <p className="muted tail-preview-note" role="status">
        Loading the rest of the session… These are its newest entries.
      </p>
      {preview.items.slice(from).map((item, k) => (
        <div className="entry-slot" key={`${item.id}:${from + k}`}>
          <TranscriptItem
            item={item}
            index={from + k}
            sessionId={sessionId}
            showHidden={showHidden}
            selected={from + k === preview.items.length - 1}
          />
        </div>
      ))}
    </div>
  )
}

/** Jumps to the entries that arrived below the part of the transcript being read. */
export function NewEntries({ count, onJump }: { count: number; onJump(): void }) {
  return (
    <button type="button" className="new-entries" data-testid="new-entries" onClick={onJump}>
      {count === 1 ? '1 new entry' : `${count.toLocaleString()} new entries`} ↓
    </button>
  )
}
