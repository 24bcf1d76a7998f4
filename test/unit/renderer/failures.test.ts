/**
 * A bulk action's failures are said once per reason, with how many sessions each held back and
 * the titles of the first few (features/trash/failures.ts), in the order the reasons first came.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { failureLines, failureText } from '../../../renderer/src/features/trash/failures'

const gone = 'This session is no longer in the library: its file was deleted or moved.'
const busy = 'The file is in use by another program.'

test('failures with the same reason make one line that counts them', () => {
  assert.deepEqual(
    failureLines([{ message: gone }, { message: busy }, { message: gone }, { message: gone }]),
    [
      { message: gone, count: 3, names: [] },
      { message: busy, count: 1, names: [] },
    ],
  )
  assert.deepEqual(failureLines([]), [])
})

test('each line names the first three sessions whose titles are known, and counts the rest', () => {
  const titles: Record<string, string> = {
    a: 'Fix the login',
    b: 'Refactor',
    d: 'Docs',
    e: 'Tests',
  }
  const lines = failureLines(
    ['a', 'b', 'c', 'd', 'e'].map((sessionId) => ({ message: gone, sessionId })),
    (id) => titles[id] ?? null,
  )
  assert.deepEqual(lines, [
    { message: gone, count: 5, names: ['Fix the login', 'Refactor', 'Docs'] },
  ])
  assert.equal(
    failureText(lines[0] as (typeof lines)[0], 'Not moved'),
    `Not moved (“Fix the login”, “Refactor”, “Docs” and 2 more): ${gone}`,
  )
  const one = failureLines([{ message: busy, sessionId: 'a' }], (id) => titles[id] ?? null)
  assert.equal(
    failureText(one[0] as (typeof one)[0], 'Not moved'),
    `Not moved (“Fix the login”): ${busy}`,
  )
  // No title known: counted, as before.
  const unnamed = failureLines([{ message: busy }, { message: busy }])
  assert.equal(
    failureText(unnamed[0] as (typeof unnamed)[0], 'Not moved'),
    `Not moved (2 sessions): ${busy}`,
  )
  assert.equal(
    failureText(failureLines([{ message: busy }])[0] as (typeof unnamed)[0], 'Not moved'),
    `Not moved: ${busy}`,
  )
})
