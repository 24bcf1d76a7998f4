/**
 * Reading the transcript by keyboard: j / k focus the next / previous entry, ] / [ the next /
 * previous user message (a turn), scrolling it into view in the virtualized list.
 */
import { useCallback, type KeyboardEvent, type RefObject } from 'react'
import type { VirtuosoHandle } from 'react-virtuoso'
import type { PathState } from '../../state/path-state'

/** Frames to wait for an entry to render after scrolling to it. */
const RENDER_FRAMES = 60

const entryAt = (index: number) =>
  document.querySelector<HTMLElement>(
    `.transcript [data-testid="transcript-entry"][data-index="${index}"]`,
  )

/** Scrolls to the item at `index` and focuses it once it is rendered. */
export function focusEntry(virtuoso: VirtuosoHandle | null, index: number): void {
  const shown = entryAt(index)
  if (shown) shown.scrollIntoView({ block: 'nearest' })
  else virtuoso?.scrollToIndex({ index, align: 'center' })
  let frames = 0
  const focus = () => {
    const el = entryAt(index)
    if (el) el.focus({ preventScroll: shown !== null })
    else if (++frames < RENDER_FRAMES) requestAnimationFrame(focus)
  }
  requestAnimationFrame(focus)
}

/** The index the keys move from: the focused entry's, else the path's target (its end). */
function fromIndex(target: EventTarget, path: PathState): number {
  const entry = (target as HTMLElement).closest?.('[data-testid="transcript-entry"]')
  const index = Number(entry?.getAttribute('data-index') ?? NaN)
  return Number.isInteger(index) ? index : path.total - 1
}

/** The next (+1) or previous (-1) loaded user message from `index`, or null. */
function userTurn(path: PathState, index: number, delta: 1 | -1): number | null {
  for (let i = index + delta; i >= 0 && i < path.total; i += delta) {
    if (path.items.get(i)?.body.kind === 'user') return i
  }
  return null
}

const KEYS = new Set(['j', 'k', '[', ']'])

/** Where `key` moves from the item at `from`: an index, or null (no user message that way). */
function target(path: PathState, from: number, key: string): number | null {
  if (key === 'j') return Math.min(path.total - 1, from + 1)
  if (key === 'k') return Math.max(0, from - 1)
  return userTurn(path, from, key === ']' ? 1 : -1)
}

/** The transcript's key handler for j / k / [ / ]. */
export function useTranscriptKeys(
  path: PathState | null,
  virtuoso: RefObject<VirtuosoHandle | null>,
): (e: KeyboardEvent) => void {
  return useCallback(
    (e: KeyboardEvent) => {
      if (!path || path.total === 0 || e.ctrlKey || e.metaKey || e.altKey) return
      const el = e.target as HTMLElement
      if (el.closest('input, textarea, select, [contenteditable="true"]')) return
      if (!KEYS.has(e.key)) return
      e.preventDefault()
      const to = target(path, fromIndex(e.target, path), e.key)
      if (to !== null) focusEntry(virtuoso.current, to)
    },
    [path, virtuoso],
  )
}
