/**
 * parentRows: the parent row index of every tree row, from the parent's file position; kept per
 * rows array, and extended when main appends rows to the same array as pi writes.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { carryParentRows, parentRows, rowsByPos } from '../../../preload/contract/row-parents'
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

test('rows grown into a new array carry the parents known for the rows they grew from', () => {
  let reads = 0
  /** `r` with its position and parent position counted as they are read. */
  const counted = (r: TreeRow): TreeRow => {
    const { pos, parentPos, ...rest } = r
    return Object.defineProperties(rest, {
      pos: { enumerable: true, get: () => (reads++, pos) },
      parentPos: { enumerable: true, get: () => (reads++, parentPos) },
    }) as TreeRow
  }
  const held = [row(0, -1), row(4, 0), row(1, 0)].map(counted)
  const before = parentsOf(held)
  const next = held.concat([row(2, 1), row(5, 4)])
  carryParentRows(next, held)
  reads = 0
  assert.deepEqual(parentsOf(next), [-1, 0, 0, 2, 1])
  assert.equal(reads, 0, 'the rows held are not read again')
  // The rows grown from keep their own answer.
  assert.deepEqual(parentsOf(held), before)
  // Nothing known yet for the rows grown from: the new array is read whole, as any other.
  const fresh = [row(0, -1), row(1, 0)].map(counted)
  const grown = fresh.concat([row(2, 1)])
  carryParentRows(grown, fresh)
  reads = 0
  assert.deepEqual(parentsOf(grown), [-1, 0, 1])
  assert.equal(reads, 4)
})

test('rowsByPos gives the row of each file position, and grows with the rows appended', () => {
  const rows = [row(0, -1), row(4, 0), row(2, 0)]
  const at = (pos: number) => rowsByPos(rows)[pos] ?? -1
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(at), [0, -1, 2, -1, 1, -1])
  rows.push(row(7, 4))
  assert.deepEqual([4, 6, 7].map(at), [1, -1, 3])
  assert.deepEqual(parentsOf(rows), [-1, 0, 0, 1], 'the parents read the same table')
})
