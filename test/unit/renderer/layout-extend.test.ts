/**
 * Live follow's layout (layout-extend.ts): for every fixture and every filter, entries pi
 * appends after its leaf, one growth at a time, lay out exactly as the whole grown rows do
 * (buildTreeData); growth that is not such a chain (a new branch, a relabelled row, another
 * filter) is left to the full layout. The active path grows the same way, and grown rows
 * are known to hold the rows they grew from.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { TreeRow } from '../../../preload/contract/session-view'
import {
  RUN_MIN,
  buildTreeData,
  pathMarks,
  type LayoutOptions,
  type TreeLayout,
} from '../../../renderer/src/features/branch-tree/layout'
import { extendTreeData } from '../../../renderer/src/features/branch-tree/layout-extend'
import { FILTER_MODES } from '../../../renderer/src/features/branch-tree/filters'
import { appendRows, beginsWith } from '../../../renderer/src/state/grown-rows'
import { branchedFixtures, branchesFixture, fixtureRows } from './fixture-rows'

/** What pi appends in a turn, in the kinds the filters tell apart. */
const KINDS: Partial<TreeRow>[] = [
  { type: 'message', role: 'user', head: 'user:' },
  { type: 'message', role: 'assistant', head: 'assistant:' },
  { type: 'message', role: 'toolResult', head: 'tool:' },
  { type: 'model_change', head: 'model:' },
  { type: 'message', role: 'assistant', head: 'assistant:', quiet: true },
  { type: 'message', role: 'user', head: 'user:', label: 'checkpoint' },
]

/**
 * `count` entries to append to `base`, each the child of the one before, the first of row
 * `parent` of `base` (-1: a root).
 */
function appended(
  base: readonly TreeRow[],
  parent: number,
  count: number,
  seed: number,
): TreeRow[] {
  const from = base.length
  return Array.from({ length: count }, (_, k) => ({
    id: `new${from + k}`,
    pos: 1_000_000 + from + k,
    parentPos: k > 0 ? 1_000_000 + from + k - 1 : parent >= 0 ? (base[parent] as TreeRow).pos : -1,
    text: `appended ${from + k}`,
    time: from + k,
    line: from + k + 2,
    type: 'message',
    head: 'user:',
    ...KINDS[(seed + k * 5) % KINDS.length],
  }))
}

/** Grows `rows` in steps of 1, 3 and 30 entries, checking each extension against a fresh build. */
function followAndCompare(rows: TreeRow[], leafRow: number, base: Omit<LayoutOptions, 'leafRow'>) {
  let opts: LayoutOptions = { ...base, leafRow }
  let prev = { rows, opts, layout: buildTreeData(rows, opts) }
  let extended = 0
  for (const [step, count] of [1, 3, 30, 1, 1, 40].entries()) {
    const grown = appendRows(prev.rows, appended(prev.rows, opts.leafRow, count, step))
    opts = { ...base, leafRow: grown.length - 1 }
    const fresh = buildTreeData(grown, opts)
    const next = extendTreeData(prev, grown, opts)
    if (next) {
      assert.deepEqual(next, fresh, `step ${step} (${count} appended, ${base.mode})`)
      extended++
    }
    prev = { rows: grown, opts, layout: next ?? fresh }
  }
  return extended
}

test('entries appended after the leaf lay out as the whole rows do, in every fixture and filter', async () => {
  const byMode = new Map<string, number>()
  let files = 0
  for (const file of branchedFixtures()) {
    const { rows, leafRow } = await fixtureRows(file)
    for (const mode of FILTER_MODES)
      for (const runMin of [RUN_MIN, 0, 3]) {
        const n = followAndCompare(rows, leafRow, { mode, runMin })
        byMode.set(mode, (byMode.get(mode) ?? 0) + n)
      }
    files++
  }
  assert.ok(files > 5, `${files} fixtures`)
  // Growths are laid out from the layout before, not in full: in "all" every one but those of
  // sessions whose top line does not end at the leaf (a second root), in the other filters
  // those whose new leaf the filter shows.
  const growths = files * 3 * 6
  assert.ok((byMode.get('all') ?? 0) > growths * 0.8, JSON.stringify([...byMode]))
  assert.ok((byMode.get('default') ?? 0) > growths * 0.3, JSON.stringify([...byMode]))
})

test('a long linear session grows its last run without laying out the rest', () => {
  // pi's user and assistant turns, a label every 1,000 entries.
  const rows: TreeRow[] = appended([], -1, 5000, 1).map(({ label: _, quiet: __, ...r }, i) => ({
    ...r,
    type: 'message',
    role: i % 2 ? 'assistant' : 'user',
    ...(i % 1000 === 500 ? { label: `step ${i}` } : {}),
  }))
  const opts: LayoutOptions = { mode: 'default', leafRow: 4999, runMin: RUN_MIN }
  const layout = buildTreeData(rows, opts)
  assert.ok(layout.tail, 'the top line ends at the leaf')
  const grown = rows.concat(appended(rows, 4999, 1, 0))
  const next = extendTreeData({ rows, opts, layout }, grown, { ...opts, leafRow: 5000 })
  assert.ok(next)
  assert.deepEqual(next, buildTreeData(grown, { ...opts, leafRow: 5000 }))
  // Every item before the ending is the very object of the layout before.
  const kept = (next as TreeLayout).tail?.dataStart ?? 0
  assert.equal(next?.tail?.rows[0], 4501, 'the ending starts after the last label')
  for (let i = 0; i < kept; i++) assert.equal(next?.data[i], layout.data[i])
})

test('a row whose label is being typed is kept out of runs as pi writes on, laid out alike both ways', () => {
  // pi's user and assistant turns, nothing labelled: the old leaf, where the user types a
  // label, would fold into a run.
  const plain = (more: TreeRow[], from: number) =>
    more.map(({ label: _, quiet: __, ...r }, i) => ({
      ...r,
      type: 'message',
      role: (from + i) % 2 ? 'assistant' : 'user',
    }))
  const rows = plain(appended([], -1, 200, 0), 0)
  const opts: LayoutOptions = { mode: 'default', leafRow: 199, runMin: RUN_MIN }
  const grown = rows.concat(plain(appended(rows, 199, 40, 0), 200))
  const without = buildTreeData(grown, { ...opts, leafRow: 239 })
  assert.ok((without.runOfRow[199] ?? -1) >= 0, 'the old leaf folds into a run')
  const kept = { ...opts, leafRow: 239, keepRow: 199 }
  const fresh = buildTreeData(grown, kept)
  assert.equal(fresh.runOfRow[199], -1)
  assert.equal(fresh.inData[199], 1, 'the row is a node of the tree')
  // pi writes on: the growth extends the layout kept around the row, as a full layout does.
  const more = appendRows(grown, plain(appended(grown, 239, 30, 0), 240))
  const next = extendTreeData({ rows: grown, opts: kept, layout: fresh }, more, {
    ...kept,
    leafRow: 269,
  })
  assert.ok(next)
  assert.deepEqual(next, buildTreeData(more, { ...kept, leafRow: 269 }))
  // The label typed or given up: the layout before was made around the row, laid out in full.
  assert.equal(
    extendTreeData({ rows: grown, opts: kept, layout: fresh }, more, { ...opts, leafRow: 269 }),
    null,
  )
})

test('growth that is not a chain from the leaf is laid out in full', () => {
  const rows = appended([], -1, 100, 0)
  const opts: LayoutOptions = { mode: 'all', leafRow: 99, runMin: RUN_MIN }
  const prev = { rows, opts, layout: buildTreeData(rows, opts) }
  // A new branch from an older entry.
  const branch = rows.concat(appended(rows, 50, 1, 0))
  assert.equal(extendTreeData(prev, branch, { ...opts, leafRow: 100 }), null)
  // A relabelled row (a new row object) with an appended entry.
  const relabelled = rows.concat(appended(rows, 99, 1, 0))
  relabelled[10] = { ...(relabelled[10] as TreeRow), label: 'new' }
  assert.equal(extendTreeData(prev, relabelled, { ...opts, leafRow: 100 }), null)
  // Another filter.
  const grown = rows.concat(appended(rows, 99, 1, 0))
  assert.equal(extendTreeData(prev, grown, { ...opts, mode: 'default', leafRow: 100 }), null)
  assert.ok(extendTreeData(prev, grown, { ...opts, leafRow: 100 }))
})

test('the active path of grown rows extends the path before, and equals a fresh walk', async () => {
  const { rows, leafRow } = await fixtureRows(branchesFixture())
  const before = pathMarks(rows, leafRow)
  const grown = rows.concat(appended(rows, leafRow, 5, 0))
  const after = pathMarks(grown, grown.length - 1, before)
  assert.deepEqual(after.marks, pathMarks(grown, grown.length - 1).marks)
  // A leaf on another branch (not reached from the path before through appended rows).
  const other = rows.findIndex((_, i) => !before.has(i))
  const side = rows.concat(appended(rows, other, 2, 0))
  const sideLeaf = side.length - 1
  assert.deepEqual(pathMarks(side, sideLeaf, before).marks, pathMarks(side, sideLeaf).marks)
  assert.ok(!pathMarks(side, sideLeaf, before).has(leafRow))
})

test('grown rows are known to begin with the rows they grew from; relabelled ones are not', () => {
  const rows = appended([], -1, 50, 0)
  const once = appendRows(rows, appended(rows, 49, 2, 0))
  const twice = appendRows(once, appended(once, 51, 1, 0))
  assert.ok(beginsWith(twice, rows))
  assert.ok(beginsWith(twice, once))
  assert.ok(!beginsWith(rows, once), 'shorter rows do not begin with longer ones')
  // Grown another way: the rows are compared.
  assert.ok(beginsWith(rows.concat(appended(rows, 49, 1, 0)), rows))
  const relabelled = rows.concat(appended(rows, 49, 1, 0))
  relabelled[3] = { ...(relabelled[3] as TreeRow), label: 'new' }
  assert.ok(!beginsWith(relabelled, rows))
})

test('a damaged parent link among the appended rows ends the walk up (no hang)', () => {
  const rows = appended([], -1, 10, 0)
  const before = pathMarks(rows, 9)
  const grown = rows.concat(appended(rows, 9, 2, 0))
  // The last row names itself as its parent.
  grown[11] = { ...(grown[11] as TreeRow), parentPos: (grown[11] as TreeRow).pos }
  const marks = pathMarks(grown, 11, before)
  assert.ok(marks.has(11))
  assert.ok(!marks.has(9), 'the path before is not claimed through a broken link')
})
