/**
 * The tail preview renders its items a frame at a time, newest first
 * (renderer/src/features/session-view/preview-batches.ts): the first frame, which shares its
 * task with the arriving preview, takes the smaller share; every item is rendered in the end.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  FIRST_FRAME_CHARS,
  FRAME_CHARS,
  nextCount,
} from '../../../renderer/src/features/session-view/preview-batches'
import type { PathItem } from '../../../preload/contract/session-view'

/** A user message of `chars` characters. */
const message = (i: number, chars: number) =>
  ({
    id: `e${i}`,
    body: { kind: 'user', content: [{ type: 'text', text: 'x'.repeat(chars) }] },
  }) as PathItem

/** The frames' counts until every item is rendered. */
function frames(items: readonly PathItem[]): number[] {
  const counts: number[] = []
  for (let count = 0; count < items.length;) counts.push((count = nextCount(items, count)))
  return counts
}

test('the first frame takes the smaller share, later frames the larger, newest first', () => {
  // Twelve messages of 400 characters: 800 fit the first frame, 2,500 each later one.
  const items = Array.from({ length: 12 }, (_, i) => message(i, 400))
  assert.equal(FIRST_FRAME_CHARS, 800)
  assert.deepEqual(frames(items), [2, 8, 12])
})

test('a message larger than a frame is rendered alone in its frame', () => {
  const items = [message(0, 100), message(1, FRAME_CHARS * 3), message(2, FIRST_FRAME_CHARS * 2)]
  // The newest (index 2) alone, then the very long one alone, then the rest.
  assert.deepEqual(frames(items), [1, 2, 3])
})

test('items without text (a model change) cost nothing and ride along', () => {
  const marker = { id: 'm', body: { kind: 'modelChange', provider: 'p', modelId: 'm' } } as PathItem
  const items = [message(0, 700), marker, marker, message(1, 700)]
  assert.deepEqual(frames(items), [3, 4])
})
