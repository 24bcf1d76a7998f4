/**
 * parentRows: the parent row index of every tree row, from the parent's file position; kept per
 * rows array, and extended when main appends rows to the same array as pi writes.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parentRows } from '../../../preload/contract/row-parents'
import type { TreeRow } from '../../../preload/contract/session-view'

/** The row of the entry at file position `pos`, under the entry at `parentPos`. */
function row(pos: number, parentPos: number): TreeRow {
  return {
    id: `e${pos}`,
    pos,
    parentPos,
    type: 'message',
    head: 'user:',
    text: '',
    time: null,
    line: pos + 2,
  }
}

const parentsOf = (rows: readonly TreeRow[]) =>
  Array.from(parentRows(rows).subarray(0, rows.length))

test('each row gets the index of the row at its parent position, in any display order', () => {
  // Display order is not file order: the branch holding pi's leaf (positions 4, 5) comes first.
  const rows = [row(0, -1), row(4, 0), row(5, 4), row(1, 0), row(2, 1), row(3, 2)]
  assert.deepEqual(parentsOf(rows), [-1, 0, 1, 0, 3, 4])
})

test('a parent not among the rows, after its child, or the row itself is no parent', () => {
  // 9 is not a row (an outline carries only some rows); 3 comes after its child; 2 names itself.
  const rows = [row(0, -1), row(1, 9), row(2, 2), row(4, 3), row(3, 0)]
  assert.deepEqual(parentsOf(rows), [-1, -1, -1, -1, 0])
})

test('rows appended to the same array are added to what was kept for it', () => {
  const rows = [row(0, -1), row(1, 0)]
  const first = parentsOf(rows)
  rows.push(row(2, 1), row(3, 0))
  assert.deepEqual(first, [-1, 0])
  assert.deepEqual(parentsOf(rows), [-1, 0, 1, 0])
  // A new array of the same rows is answered on its own.
  assert.deepEqual(parentsOf(rows.slice(1)), [-1, 0, -1])
})
