/**
 * A bulk action's failures are said once per reason, with how many sessions each held back
 * (features/trash/failures.ts), in the order the reasons first came.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { failureLines } from '../../../renderer/src/features/trash/failures'

test('failures with the same reason make one line that counts them', () => {
  const gone = 'This session is no longer in the library: its file was deleted or moved.'
  const busy = 'The file is in use by another program.'
  assert.deepEqual(
    failureLines([{ message: gone }, { message: busy }, { message: gone }, { message: gone }]),
    [
      { message: gone, count: 3 },
      { message: busy, count: 1 },
    ],
  )
  assert.deepEqual(failureLines([]), [])
})
