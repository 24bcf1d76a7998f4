/**
 * Naming an entry another entry points at (labels, context edits: pi spec 10, 12.4) by its tree
 * row; while the rows load, by what the tail preview brought of it.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { entryBrief } from '../../../renderer/src/features/session-view/entry-brief'
import type { TreeRow } from '../../../preload/contract/session-view'

const row: TreeRow = {
  id: 'a1b2c3d4',
  pos: 3,
  parentPos: 2,
  type: 'message',
  role: 'assistant',
  head: 'assistant:',
  text: 'The answer',
  time: null,
  line: 4,
}

test('an entry is named by its row; while the rows load, by the preview’s, else "an entry"', () => {
  const early = [{ id: 'a1b2c3d4', type: 'message', role: 'assistant', text: 'The answer' }]
  assert.equal(entryBrief([row], 'a1b2c3d4'), 'assistant “The answer”')
  assert.equal(entryBrief(null, 'a1b2c3d4', early), 'assistant “The answer”')
  assert.equal(entryBrief(null, 'ffffffff', early), 'an entry')
  assert.equal(entryBrief(null, 'a1b2c3d4'), 'an entry')
  // The rows, once in, are the whole file: what they lack is missing, whatever came early.
  assert.equal(entryBrief([], 'a1b2c3d4', early), 'an entry missing from this file')
})
