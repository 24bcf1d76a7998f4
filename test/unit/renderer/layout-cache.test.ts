/**
 * The tree's layout cache: a render that React restarts asks again for the layout of the same
 * rows and options and must get the one already built; grown rows (live follow) or other
 * options get a layout of their own, equal to a fresh build.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import type { TreeRow } from '../../../preload/contract/session-view'
import { FILTER_MODES } from '../../../renderer/src/features/branch-tree/filters'
import {
  encodeTreeOutline,
  readTreeOutline,
} from '../../../renderer/src/features/branch-tree/outline'
import { branchedFixtures, fixtureRows } from './fixture-rows'
import {
  RUN_MIN,
  buildTreeData,
  shownTree,
  type TreeItem,
} from '../../../renderer/src/features/branch-tree/layout'
import {
  cachedShownTree,
  cachedPathMarks,
  cachedRowAt,
  cachedTreeData,
} from '../../../renderer/src/features/branch-tree/layout-cache'

/** A chain of `n` entries, each the child of the one before (pi's linear session). */
function chain(n: number): TreeRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `id${i}`,
    pos: i + 1,
    // The row before's position (positions start at 1 here).
    parentPos: i === 0 ? -1 : i,
    type: 'message',
    role: i % 2 ? 'assistant' : 'user',
    head: i % 2 ? 'assistant:' : 'user:',
    text: `t${i}`,
    time: i,
    line: i + 2,
  }))
}

test('the same rows and options give the layout already built', () => {
  const rows = chain(200)
  const openRuns = new Set<string>()
  const first = cachedTreeData(rows, { mode: 'default', leafRow: 199, runMin: RUN_MIN, openRuns })
  const again = cachedTreeData(rows, { mode: 'default', leafRow: 199, runMin: RUN_MIN, openRuns })
  assert.equal(again, first)
  assert.deepEqual(
    first,
    buildTreeData(rows, { mode: 'default', leafRow: 199, runMin: RUN_MIN, openRuns }),
  )
  // Other options: another layout, and the first is still kept.
  const all = cachedTreeData(rows, { mode: 'all', leafRow: 199, runMin: 0, openRuns })
  assert.notEqual(all, first)
  assert.equal(all.runIds.length, 0)
  assert.equal(
    cachedTreeData(rows, { mode: 'default', leafRow: 199, runMin: RUN_MIN, openRuns }),
    first,
  )
  // Opened runs are state: a new set is a new layout, with the run's entries in.
  const opened = new Set(first.runIds)
  const open = cachedTreeData(rows, {
    mode: 'default',
    leafRow: 199,
    runMin: RUN_MIN,
    openRuns: opened,
  })
  assert.notEqual(open, first)
  assert.ok(open.inData.every((v) => v === 1))
})

test('grown rows get a fresh layout that holds the appended entry', () => {
  const rows = chain(200)
  const before = cachedTreeData(rows, { mode: 'default', leafRow: 199, runMin: RUN_MIN })
  const grown = rows.concat(chain(201).slice(200))
  assert.equal(cachedRowAt(grown, 201), 200)
  const after = cachedTreeData(grown, { mode: 'default', leafRow: 200, runMin: RUN_MIN })
  assert.notEqual(after, before)
  assert.equal(after.inData[200], 1)
  assert.deepEqual(after, buildTreeData(grown, { mode: 'default', leafRow: 200, runMin: RUN_MIN }))
})

test('row lookups and path marks answer per rows array', () => {
  const rows = chain(50)
  assert.equal(cachedRowAt(rows, 10), 9)
  assert.equal(cachedRowAt(rows, 10), 9)
  assert.equal(cachedRowAt(rows, 999), -1)
  for (let pos = 1; pos <= 50; pos++) assert.equal(cachedRowAt(rows, pos), pos - 1)
  const marks = cachedPathMarks(rows, 20)
  assert.equal(cachedPathMarks(rows, 20), marks)
  assert.ok(marks.has(0) && marks.has(20) && !marks.has(21))
  const other = cachedPathMarks(rows, 5)
  assert.ok(other.has(5) && !other.has(6))
})

/** `rows` with a label every 40 entries and a side branch off row 100: runs, folders, marks. */
function branched(): TreeRow[] {
  const rows = chain(300).map((r, i) => (i % 40 === 39 ? { ...r, label: `l${i}` } : r))
  const side = chain(30).map((r, i) => ({
    ...r,
    id: `side${i}`,
    pos: 1000 + i,
    // Off row 100 (position 101), then each the child of the one before.
    parentPos: i === 0 ? 101 : 1000 + i - 1,
  }))
  return [...rows, ...side]
}

test('a layout that comes out the same tree as items already shown keeps those very items', () => {
  const rows = branched()
  const opts = { mode: 'default' as const, leafRow: 299, runMin: RUN_MIN }
  const built = buildTreeData(rows, opts)
  assert.ok(built.runIds.length > 3 && built.data.some((i) => i.children?.some((c) => c.head)))
  // The items as the outline's JSON gives them: no field a built item holds undefined.
  const shown = JSON.parse(JSON.stringify(built.data)) as TreeItem[]
  const kept = cachedTreeData(rows, opts, shown)
  assert.equal(kept.data, shown)
  assert.deepEqual({ ...kept, data: built.data }, built)
})

test('items that differ anywhere are not kept: the layout is the one built', () => {
  const rows = branched()
  const opts = { mode: 'default' as const, leafRow: 299, runMin: RUN_MIN }
  const built = buildTreeData(rows, opts)
  const folder = (data: TreeItem[]) => data.find((i) => i.children?.some((c) => c.head)) as TreeItem
  const run = (data: TreeItem[]) => data.find((i) => i.row < 0) as TreeItem
  const changes: [string, (data: TreeItem[]) => void][] = [
    ['an item less', (d) => void d.pop()],
    ['another id', (d) => void ((d[3] as TreeItem).id = 'e999999')],
    ['another row', (d) => void ((d[3] as TreeItem).row += 1)],
    ['another run count', (d) => void ((run(d).count as number) += 1)],
    ['no branch mark', (d) => void delete folder(d).branches],
    ['no side branch head', (d) => void delete (folder(d).children?.[0] as TreeItem).head],
    ['children dropped', (d) => void delete run(d).children],
    ['a nested child less', (d) => void folder(d).children?.[0]?.children?.pop()],
  ]
  for (const [what, change] of changes) {
    const shown = JSON.parse(JSON.stringify(built.data)) as TreeItem[]
    change(shown)
    assert.notDeepEqual(shown, built.data, `${what}: the change took`)
    // Fresh rows each time: the cache must build, not answer from an earlier case.
    const layout = cachedTreeData([...rows], opts, shown)
    assert.notEqual(layout.data, shown, what)
    assert.deepEqual(layout, built, what)
  }
  // Other options, another tree: the outline's items are not the layout of opened runs.
  const opened = { ...opts, openRuns: new Set([built.runIds[0] as string]) }
  const shown = JSON.parse(JSON.stringify(built.data)) as TreeItem[]
  assert.notEqual(cachedTreeData([...rows], opened, shown).data, shown)
})

test("a layout's first part made ahead is used only for its own filter and leaf", () => {
  const rows = branched()
  for (const mode of FILTER_MODES) {
    const opts = { mode, leafRow: 299, runMin: RUN_MIN }
    const built = buildTreeData(rows, opts)
    assert.deepEqual(buildTreeData(rows, opts, shownTree(rows, mode, 299)), built, mode)
    // Made for another filter or another leaf: not this layout's, so made again.
    const other = mode === 'all' ? 'user-only' : 'all'
    assert.deepEqual(buildTreeData(rows, opts, shownTree(rows, other, 299)), built, mode)
    assert.deepEqual(buildTreeData(rows, opts, shownTree(rows, mode, 150)), built, mode)
    // Made ahead through the cache (as the tree does before its layout), then laid out.
    const fresh = [...rows]
    assert.equal(cachedShownTree(fresh, mode, 299), cachedShownTree(fresh, mode, 299))
    assert.deepEqual(cachedTreeData(fresh, opts), built, mode)
  }
})

test("in every fixture and filter, the layout from every row keeps the outline's very items", async () => {
  let checked = 0
  for (const file of branchedFixtures()) {
    const { rows, leafRow } = await fixtureRows(file)
    for (const mode of FILTER_MODES) {
      const text = encodeTreeOutline(rows, leafRow, mode)
      if (!text) continue
      const outline = readTreeOutline({ total: rows.length, text })
      const opts = { mode, leafRow, runMin: RUN_MIN }
      const kept = cachedTreeData([...rows], opts, outline.layout.data)
      assert.equal(kept.data, outline.layout.data, `${file.rel} ${mode}`)
      assert.deepEqual({ ...kept, data: [] }, { ...buildTreeData(rows, opts), data: [] })
      checked++
    }
  }
  assert.ok(checked >= 50, `${checked} outlines checked`)
})
