/**
 * Day separators in the transcript and in the preview of its end: a preview that holds the whole
 * path marks the first day as the full view does; one that begins mid-path does not know it.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { dayStartedBy, previewDays } from '../../../renderer/src/features/session-view/day-start'
import type { PathItem } from '../../../preload/contract/session-view'

const DAY = 86_400_000
const start = new Date(2026, 1, 1, 12).getTime()

function item(i: number, time: number | null): PathItem {
  return {
    id: `e${i}`,
    pos: i,
    line: i + 2,
    type: 'message',
    time,
    inContext: true,
    body: { kind: 'message', role: 'user', blocks: [] },
  } as unknown as PathItem
}

/** The indices, among `items`, that a separator stands above. */
function separated(days: ReadonlyMap<number, PathItem>, count: number, offset: number): number[] {
  return [...Array(count).keys()].filter((i) => dayStartedBy(days, i + offset) !== null)
}

// Two days: four entries on the first, two on the next.
const path = [0, 1, 2, 3, 4, 5].map((i) => item(i, start + (i < 4 ? i : DAY + i) * 60_000))
const full = new Map(path.map((it, i) => [i, it]))

test('a preview of the whole path marks its days where the full view does', () => {
  const { days, offset } = previewDays(path, true)
  assert.deepEqual(separated(full, 6, 0), [0, 4])
  assert.deepEqual(separated(days, 6, offset), [0, 4])
})

test('a preview that begins mid-path marks only the day changes it sees', () => {
  const tail = path.slice(2)
  const { days, offset } = previewDays(tail, false)
  // The full view's entries 2..5: no separator above entry 2 (its day began before it).
  assert.deepEqual(
    separated(full, 6, 0)
      .filter((i) => i >= 2)
      .map((i) => i - 2),
    [2],
  )
  assert.deepEqual(separated(days, 4, offset), [2])
})

test('an entry without a time gets no separator, and does not end the look back', () => {
  const timeless = [item(0, start), item(1, null), item(2, start + DAY)]
  const { days, offset } = previewDays(timeless, false)
  assert.deepEqual(separated(days, 3, offset), [2])
})
