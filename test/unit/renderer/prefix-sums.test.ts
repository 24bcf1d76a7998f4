/**
 * The running sums a find's matches live in: set, total and the k-th unit's position agree
 * with a plain array summed from the start, through growth and counts set again.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { PrefixSums } from '../../../renderer/src/features/find/prefix-sums'

/** The position unit `k` falls in, and the units before it, by walking a plain array. */
function naive(counts: number[], k: number): { position: number; before: number } | null {
  if (k < 0) return null
  let before = 0
  for (let position = 0; position < counts.length; position++) {
    const count = counts[position] ?? 0
    if (k < before + count) return { position, before }
    before += count
  }
  return null
}

test('the k-th unit of running sums is found where a plain walk finds it', () => {
  // A fixed pseudo-random sequence: the same cases on every run.
  let seed = 42
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  const sums = new PrefixSums()
  const counts: number[] = []
  for (let round = 0; round < 2000; round++) {
    // Mostly the next position (pages in path order), sometimes one set again or far ahead.
    const position = next(4) === 0 ? next(counts.length + 50) : counts.length
    const count = next(3) === 0 ? 0 : next(7)
    counts[position] = count
    sums.set(position, count)
    const total = counts.reduce((a, b) => a + (b ?? 0), 0)
    assert.equal(sums.total, total)
    for (const k of [0, next(total + 1), total - 1, total, -1])
      assert.deepEqual(sums.find(k), naive(counts, k), `round ${round}, unit ${k}`)
  }
})
