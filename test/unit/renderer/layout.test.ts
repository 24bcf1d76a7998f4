/**
 * The branch-tree layout (renderer logic): every shown entry appears once under its parent,
 * pi's filters apply, long runs collapse, and a 50,000-deep chain or a deep comb of side
 * branches lays out without recursion and with bounded nesting.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildOverview } from '../../../main/api/session-view/overview'
import { loadViewSource } from '../../../main/api/session-view/source'
import type { TreeRow } from '../../../preload/contract/session-view'
import {
  MAX_DEPTH,
  RUN_MIN,
  buildTreeData,
  nearestAncestor,
  pathMarks,
  type TreeItem,
} from '../../../renderer/src/features/branch-tree/layout'
import { passesFilter, type FilterMode } from '../../../renderer/src/features/branch-tree/filters'
import { headerLine, messageLine } from '../../helpers/append'
import { branchedFixtures, branchesFixture, fixtureRows } from './fixture-rows'

/** Row `i` (position `i`: these rows are built in file order) under row `parent` (-1: a root). */
function row(i: number, parent: number, extra: Partial<TreeRow> = {}): TreeRow {
  return {
    id: `id${i}`,
    pos: i,
    parentPos: parent,
    type: 'message',
    role: i % 2 ? 'assistant' : 'user',
    head: 'user:',
    text: `t${i}`,
    time: i,
    line: i + 2,
    ...extra,
  }
}

/** Walks the data iteratively: item -> (depth, the item that contains it or precedes it). */
function walk(data: TreeItem[]) {
  const seen: {
    item: TreeItem
    depth: number
    container: TreeItem | null
    prev: TreeItem | null
  }[] = []
  const stack = [{ list: data, depth: 0, container: null as TreeItem | null }]
  while (stack.length > 0) {
    const { list, depth, container } = stack.pop()!
    list.forEach((item, k) => {
      seen.push({ item, depth, container, prev: k > 0 ? (list[k - 1] as TreeItem) : null })
      if (item.children) stack.push({ list: item.children, depth: depth + 1, container: item })
    })
  }
  return seen
}

test('every row of a branched fixture appears once, each under its tree parent', async () => {
  const { rows, leafRow } = await fixtureRows(branchesFixture())
  const { data, shown } = buildTreeData(rows, { mode: 'all', leafRow, runMin: 0 })
  const items = walk(data).filter((x) => x.item.row >= 0)
  assert.equal(shown, rows.length)
  assert.deepEqual(
    items.map((x) => x.item.row).sort((a, b) => a - b),
    rows.map((_, i) => i),
  )
  const rowOfPos = new Map(rows.map((r, i) => [r.pos, i]))
  for (const { item, container, prev } of items) {
    const parentPos = (rows[item.row] as TreeRow).parentPos
    const parent = parentPos < 0 ? -1 : (rowOfPos.get(parentPos) ?? -1)
    if (parent < 0) continue
    // The parent is the previous entry of the same line, or the folder/branch point holding it.
    const holder = item.head ? container : (prev ?? container)
    assert.equal(
      holder?.row,
      parent,
      `row ${item.row} (${rows[item.row]?.id}) hangs under its parent`,
    )
  }
  // The 1.6.0 branches fixture: 3 branches + a summary branch at cd6ec4ee, and a second root.
  const branchPoint = items.find((x) => rows[x.item.row]?.id === 'cd6ec4ee')!.item
  assert.equal(branchPoint.branches, 5)
  assert.ok(
    data.some((item) => item.head && rows[item.row]?.parentPos === -1),
    'second root is a folder',
  )
})

test("the active path marks exactly pi's branch of the leaf in every fixture", async () => {
  let checked = 0
  // pi's getBranch never ends on a parent cycle (no branch recorded): those are left out.
  for (const file of branchedFixtures()) {
    const { rows, leafRow } = await fixtureRows(file)
    const marks = pathMarks(rows, leafRow)
    const marked = rows.filter((_, i) => marks.has(i)).map((r) => r.id)
    assert.deepEqual(marked.sort(), [...file.branch].sort(), file.rel)
    checked++
  }
  assert.ok(checked > 5, `${checked} fixtures checked`)
})

test('the nearest accepted ancestor is found walking up, and -1 past the root', () => {
  // 0 <- 1 <- 2 <- 3, and 4 a second root.
  const rows = [row(0, -1), row(1, 0), row(2, 1), row(3, 2), row(4, -1)]
  assert.equal(
    nearestAncestor(rows, 3, (r) => r === 3),
    3,
  )
  assert.equal(
    nearestAncestor(rows, 3, (r) => r <= 1),
    1,
  )
  assert.equal(
    nearestAncestor(rows, 4, (r) => r === 0),
    -1,
  )
  assert.equal(
    nearestAncestor(rows, -1, () => true),
    -1,
  )
})

test("pi's filter modes decide which rows are shown", () => {
  const rows = [
    row(0, -1),
    row(1, 0, { role: 'assistant', quiet: true }),
    row(2, 1, { role: 'toolResult' }),
    row(3, 2, { type: 'label', role: undefined, head: '[label: x]' }),
    row(4, 3, { role: 'user', label: 'keep' }),
  ]
  const shown = (mode: FilterMode) =>
    rows.filter((r, i) => passesFilter(r, mode, i === 4)).map((r) => r.pos)
  assert.deepEqual(shown('default'), [0, 2, 4])
  assert.deepEqual(shown('no-tools'), [0, 4])
  assert.deepEqual(shown('user-only'), [0, 4])
  assert.deepEqual(shown('labeled-only'), [4])
  assert.deepEqual(shown('all'), [0, 1, 2, 3, 4])
  // A hidden row's children hang on the nearest shown ancestor.
  const { data } = buildTreeData(rows, { mode: 'user-only', leafRow: 4, runMin: 0 })
  assert.deepEqual(
    data.map((i) => i.row),
    [0, 4],
  )
})

test('a 50,000-deep chain lays out flat with long runs collapsed', () => {
  const n = 50_000
  const rows = Array.from({ length: n }, (_, i) => row(i, i - 1))
  rows[25_000] = { ...(rows[25_000] as TreeRow), label: 'middle' }
  const started = performance.now()
  const { data, runIds } = buildTreeData(rows, { mode: 'all', leafRow: n - 1, runMin: 24 })
  assert.ok(performance.now() - started < 2000)
  assert.equal(runIds.length, 2, 'runs on both sides of the labelled entry')
  const top = data.map((i) => (i.row >= 0 ? rows[i.row]?.id : `run:${i.count}`))
  assert.deepEqual(top, [
    'id0',
    'id1',
    'run:24996',
    'id24998',
    'id24999',
    'id25000',
    'id25001',
    'id25002',
    'run:24994',
    'id49997',
    'id49998',
    'id49999',
  ])
  // Closed runs hand react-arborist no children; their entries are counted in `count`.
  const items = walk(data)
  const inRuns = items.reduce((sum, x) => sum + (x.item.row < 0 ? (x.item.count ?? 0) : 0), 0)
  assert.equal(items.filter((x) => x.item.row >= 0).length + inRuns, n)
  assert.ok(items.length < 20, 'only what shows is built')
  // An opened run, or one holding the selected entry, gets its children.
  const open = buildTreeData(rows, {
    mode: 'all',
    leafRow: n - 1,
    runMin: 24,
    openRuns: new Set([runIds[0] as string]),
  })
  assert.equal(walk(open.data).filter((x) => x.item.row >= 0).length, 12 - 2 + 24996)
  const reveal = buildTreeData(rows, { mode: 'all', leafRow: n - 1, runMin: 24, revealRow: 40_000 })
  assert.ok(walk(reveal.data).some((x) => x.item.row === 40_000))
})

test('a leaf the filter hides (a label appended last) is shown by its nearest shown ancestor', () => {
  // 40 messages, then a label on the first and a session name: pi's leaf is the name.
  const rows = Array.from({ length: 40 }, (_, i) => row(i, i - 1))
  rows[0] = { ...(rows[0] as TreeRow), label: 'start' }
  rows.push(row(40, 39, { type: 'label', role: undefined, head: '[label: start]', text: '' }))
  rows.push(row(41, 40, { type: 'session_info', role: undefined, head: '[title: x]', text: '' }))
  const hidden = buildTreeData(rows, { mode: 'default', leafRow: 41, runMin: 24 })
  assert.equal(hidden.leafShown, 39)
  assert.equal(hidden.inData[39], 1, 'the row standing for the leaf is a node')
  assert.equal(hidden.inData[41], 0)
  assert.deepEqual(hidden.tail?.rows.at(-1), 39, 'the top line ends there')
  const all = buildTreeData(rows, { mode: 'all', leafRow: 41, runMin: 24 })
  assert.equal(all.leafShown, 41)
  assert.equal(buildTreeData(rows, { mode: 'all', leafRow: -1, runMin: 24 }).leafShown, -1)
})

test('a deep comb of side branches keeps nesting bounded', () => {
  // Each node has two children: a continuing chain (second, later) and a one-entry side branch
  // that itself continues the comb, so every level is a side branch.
  const rows: TreeRow[] = [row(0, -1)]
  let parent = 0
  for (let k = 0; k < 3000; k++) {
    rows.push(row(rows.length, parent)) // stays on the line
    const side = rows.length
    rows.push(row(side, parent))
    parent = side
  }
  const { data } = buildTreeData(rows, { mode: 'all', leafRow: rows.length - 1, runMin: 0 })
  const items = walk(data)
  assert.equal(items.filter((x) => x.item.row >= 0).length, rows.length)
  assert.ok(Math.max(...items.map((x) => x.depth)) <= MAX_DEPTH + 1)
})

/** Every item of `data` by entry position: its id, for entries and for collapsed runs. */
function idsByPos(rows: readonly TreeRow[], data: TreeItem[]): Map<string, string> {
  const ids = new Map<string, string>()
  for (const { item } of walk(data)) {
    if (item.row >= 0) ids.set(`entry ${(rows[item.row] as TreeRow).pos}`, item.id)
    else ids.set(`run of ${item.count}`, item.id)
  }
  return ids
}

test('a new branch reorders the rows, and every entry and unchanged run keeps its item id', async () => {
  // A chain long enough for a collapsed run; pi then branches from its 71st entry and the new
  // entry becomes the leaf, so the view's rows put that branch first (pi spec 15.6).
  const dir = mkdtempSync(join(tmpdir(), 'pi-sessions-layout-'))
  try {
    const path = join(dir, 'chain.jsonl')
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()
    const lines = [headerLine('019d0000-0000-7000-8000-00000000c0de', at(0), '/tmp/chain')]
    for (let i = 0; i < 80; i++)
      lines.push(
        messageLine(
          `c${i}`,
          i ? `c${i - 1}` : null,
          i % 2 ? 'assistant' : 'user',
          `m${i}`,
          at(i + 1),
        ),
      )
    writeFileSync(path, lines.join('\n') + '\n')
    const layoutOf = async () => {
      const overview = await buildOverview(await loadViewSource(path), '0123456789abcdef', 'f')
      const { rows } = overview
      const leafRow = rows.findIndex((r) => r.pos === overview.leafPos)
      return { rows, ...buildTreeData(rows, { mode: 'all', leafRow, runMin: RUN_MIN }) }
    }
    const before = await layoutOf()
    appendFileSync(path, messageLine('b0', 'c70', 'user', 'a new branch', at(90)) + '\n')
    const after = await layoutOf()
    const rowOf = (rows: readonly TreeRow[], id: string) => rows.findIndex((r) => r.id === id)
    assert.notEqual(rowOf(after.rows, 'c75'), rowOf(before.rows, 'c75'), 'the rows were reordered')
    // Entries shown in both layouts (outside collapsed runs) keep their ids.
    const ids = idsByPos(after.rows, after.data)
    let compared = 0
    for (const [entry, id] of idsByPos(before.rows, before.data)) {
      if (!entry.startsWith('entry') || !ids.has(entry)) continue
      assert.equal(ids.get(entry), id, `${entry} keeps its item id`)
      compared++
    }
    assert.ok(compared >= 4, `${compared} entries are shown in both (c0, c1, c78, c79 at least)`)
    // The run before the branch point starts at the same entry: a run the user opened stays so.
    const runIds = (l: { data: TreeItem[] }) =>
      walk(l.data)
        .filter((x) => x.item.row < 0)
        .map((x) => x.item.id)
    assert.equal(runIds(before).length, 1)
    assert.deepEqual(runIds(after), runIds(before))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
