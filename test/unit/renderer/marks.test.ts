/**
 * Marking matched words (renderer logic): main's search patterns become one case-insensitive
 * pattern, a regex that could backtrack for long or matches empty text marks nothing, and
 * find matches are counted per path item in order.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { findPattern, matchRanges, searchPattern } from '../../../renderer/src/components/marks'
import { findMatches } from '../../../renderer/src/features/find/matches'
import type { PathItem } from '../../../preload/contract/session-view'

test('search patterns mark every word, case-insensitively', () => {
  const pattern = searchPattern(['tide', 'exact phrase'])
  assert.ok(pattern)
  assert.deepEqual(matchRanges('Tide and an EXACT phrase, tide', pattern), [
    [0, 4],
    [12, 24],
    [26, 30],
  ])
})

test('patterns that backtrack or match empty text mark nothing', () => {
  assert.equal(searchPattern(['(a+)+b']), null)
  assert.equal(searchPattern(['(x)\\1']), null)
  assert.equal(searchPattern(['a*']), null)
  assert.equal(searchPattern([]), null)
  // A literal that only looks like one is still marked (main escapes words).
  assert.ok(searchPattern(['\\(a\\+\\)\\+']))
})

test('a find matches its text literally and counts matches per item in path order', () => {
  const pattern = findPattern('a.b')
  assert.ok(pattern)
  const item = (text: string): PathItem => ({
    id: text,
    pos: 0,
    line: 1,
    type: 'message',
    time: null,
    inContext: true,
    body: { kind: 'user', content: [{ type: 'text', text }] },
  })
  const items = new Map([
    [3, item('a.b and A.B')],
    [1, item('axb is no match, a.b is')],
  ])
  assert.deepEqual(findMatches(items, pattern), [
    { index: 1, nth: 0 },
    { index: 3, nth: 0 },
    { index: 3, nth: 1 },
  ])
  assert.equal(findPattern('  '), null)
})
