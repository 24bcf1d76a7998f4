/**
 * The branch tree's outline (renderer/src/features/branch-tree/outline.ts, sent with
 * `session:open` when asked for): for every fixture and each of pi's filters it is exactly the
 * layout the tree makes from every row, with those rows and the active path; a large session's
 * outline carries a small part of its rows, from a parse and from its skeleton alike; a tree of
 * one page or with nothing to collapse gets none; an odd filter is refused.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { dispatch } from '../../helpers/dispatch'
import { createSessionHandlers } from '../../../main/api/session-handlers'
import {
  localViewCore,
  type LocalViewCore,
  type SessionFile,
} from '../../../main/api/session-view/core'
import { TreeSkeletons } from '../../../main/api/session-view/skeletons'
import { SessionLibrary } from '../../../main/library/library'
import {
  type OpenReply,
  type TreeOutline,
  type TreePage,
} from '../../../preload/contract/session-live'
import type { SessionOverview, TreeRow } from '../../../preload/contract/session-view'
import { FILTER_MODES } from '../../../renderer/src/features/branch-tree/filters'
import {
  RUN_MIN,
  buildTreeData,
  pathMarks,
  type TreeItem,
} from '../../../renderer/src/features/branch-tree/layout'
import {
  OUTLINE_MAX_NODES,
  encodeTreeOutline,
  readTreeOutline,
  readTreeOutlineInTasks,
} from '../../../renderer/src/features/branch-tree/outline'
import { largeSession } from './large-session'
import { openFixtureLibrary, query } from '../../helpers/library'
import { recordingLog } from '../../helpers/log'
import { tempDir } from '../../helpers/temp'
import { allTreeRows } from '../../helpers/tree-rows'

const log = recordingLog()
let fixtures: Awaited<ReturnType<typeof openFixtureLibrary>>
let library: SessionLibrary
let handlers: HandlerTable

before(async () => {
  fixtures = await openFixtureLibrary()
  library = fixtures.library
  handlers = createSessionHandlers({ library } as HandlerContext) as HandlerTable
})
after(() => fixtures.close())

async function ok<T>(channel: string, args: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, args, log)
  assert.ok(result.ok, JSON.stringify(result))
  return result.value as T
}

const rowsOf = (overview: SessionOverview) =>
  allTreeRows(overview, (args) => ok<TreePage>('session:get-tree', args))

/** Every node of arborist data, depth first. */
function nodes(data: TreeItem[]): TreeItem[] {
  return data.flatMap((item) => [item, ...nodes(item.children ?? [])])
}

/** Checks that `outline` is the full layout of `rows` in `mode`, with its rows and path marks. */
function assertOutlineOf(
  outline: TreeOutline,
  rows: readonly TreeRow[],
  leafRow: number,
  mode: (typeof FILTER_MODES)[number],
  what: string,
): void {
  const view = readTreeOutline(outline)
  const full = buildTreeData(rows, { mode, leafRow, runMin: RUN_MIN })
  assert.equal(outline.total, rows.length, what)
  assert.equal(view.mode, mode, what)
  assert.equal(view.leafRow, leafRow, what)
  assert.deepEqual(view.layout.data, full.data, what)
  assert.equal(view.layout.shown, full.shown, what)
  assert.deepEqual(view.layout.runIds.sort(), [...full.runIds].sort(), what)
  const active = pathMarks(rows, leafRow)
  for (const node of nodes(full.data)) {
    if (node.row < 0) continue
    assert.deepEqual(view.rows[node.row], rows[node.row], `${what}: row ${node.row}`)
    assert.equal(view.active.has(node.row), active.has(node.row), `${what}: active ${node.row}`)
    assert.equal(view.layout.inData[node.row], 1, what)
  }
}

test('the outline of every fixture, in each of pi filters, is the layout made from every row', async () => {
  const sessions = library.query(query()).rows.filter((r) => r.messageCount > 0)
  assert.ok(sessions.length > 10)
  let checked = 0
  for (const { id, fileName } of sessions) {
    const opened = await dispatch(handlers, 'session:open', { sessionId: id, outline: 'all' }, log)
    if (!opened.ok) continue
    const overview = opened.value as OpenReply
    // One page holds a fixture's whole tree: the page is as quick as an outline.
    assert.equal(overview.outline, null, fileName)
    const rows = await rowsOf(overview)
    const leafRow = rows.findIndex((r) => r.pos === overview.leafPos)
    for (const mode of FILTER_MODES) {
      const text = encodeTreeOutline(rows, leafRow, mode)
      assert.ok(text, `${fileName} ${mode}: small trees have an outline`)
      const outline = { revision: overview.revision, total: rows.length, text }
      assertOutlineOf(outline, rows, leafRow, mode, `${fileName} ${mode}`)
      checked++
    }
  }
  assert.ok(checked >= 50, `${checked} outlines checked`)
})

const coreRows = (core: LocalViewCore, file: SessionFile, overview: SessionOverview) =>
  allTreeRows(overview, (args) => core.call('session:get-tree', file, args))

test('a large session outline carries a small part of its rows, from a parse and from its skeleton', async (ctx) => {
  const file = await largeSession(ctx)
  const parsed = localViewCore()
  const args = { sessionId: file.id, outline: 'default' as const }
  const reply = await parsed.call('session:open', file, args)
  assert.ok(reply.outline)
  assert.equal(reply.outline.revision, reply.revision)
  const rows = await coreRows(parsed, file, reply)
  const leafRow = rows.findIndex((r) => r.pos === reply.leafPos)
  assertOutlineOf(reply.outline, rows, leafRow, 'default', 'parsed')
  const carried = (JSON.parse(reply.outline.text) as { rows: unknown[] }).rows.length
  assert.ok(carried < rows.length / 10, `${carried} of ${rows.length} rows`)
  assert.ok(reply.outline.text.length < 400_000, `${reply.outline.text.length} characters`)
  const other = await parsed.call('session:open', file, { ...args, outline: 'no-tools' })
  assert.ok(other.outline)
  assertOutlineOf(other.outline, rows, leafRow, 'no-tools', 'parsed, no tools')
  // From its skeleton (before the file is parsed): the same outline in the filter it keeps.
  const trees = new TreeSkeletons({
    dir: join(tempDir(ctx, 'pi-sessions-trees-'), 'trees'),
    app: '1',
  })
  await trees.build(file.path)
  const fast = await localViewCore({ trees }).call('session:open', file, args)
  assert.notEqual(fast.revision, reply.revision, 'a new open')
  assert.deepEqual(fast.outline, { ...reply.outline, revision: fast.revision })
  const another = await localViewCore({ trees }).call('session:open', file, {
    ...args,
    outline: 'user-only',
  })
  assert.equal(another.outline, null, 'a skeleton keeps the default filter only')
  await parsed.close()
})

test('the outline read a step per task is the outline read at once; it stops once not wanted', async (ctx) => {
  const file = await largeSession(ctx)
  const reply = await localViewCore().call('session:open', file, {
    sessionId: file.id,
    outline: 'default',
  })
  assert.ok(reply.outline)
  const { active, ...atOnce } = readTreeOutline(reply.outline)
  let asked = 0
  const stepped = await readTreeOutlineInTasks(reply.outline, () => ++asked > 0)
  assert.equal(asked, 3, 'asked before each of its three steps, each in a task of its own')
  assert.ok(stepped)
  const { active: steppedActive, ...rest } = stepped
  assert.deepEqual(rest, atOnce)
  for (let row = 0; row < atOnce.rows.length; row++)
    assert.equal(steppedActive.has(row), active.has(row), `active ${row}`)
  let left = 2
  assert.equal(await readTreeOutlineInTasks(reply.outline, () => left-- > 0), null)
})

test('a tree with nothing to collapse has no outline: its pages are the way', () => {
  const rows: TreeRow[] = Array.from({ length: OUTLINE_MAX_NODES + 1 }, (_, i) => ({
    id: `id${i}`,
    pos: i,
    parentPos: i - 1,
    type: 'message',
    role: 'user',
    head: 'user:',
    text: `t${i}`,
    // Labelled entries never collapse into a run.
    label: `l${i}`,
    time: i,
    line: i + 2,
  }))
  assert.equal(encodeTreeOutline(rows, rows.length - 1, 'default'), null)
  assert.ok(encodeTreeOutline(rows.slice(0, 100), 99, 'default'))
})

test('an outline in a filter pi has not is refused', async () => {
  const [session] = library.query(query()).rows.filter((r) => r.messageCount > 2)
  assert.ok(session)
  const odd = await dispatch(
    handlers,
    'session:open',
    { sessionId: session.id, outline: 'everything' },
    log,
  )
  assert.equal(!odd.ok && odd.error.code, 'invalid_argument')
})
