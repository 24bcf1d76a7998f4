/**
 * The tree's rows in a new order (pi started a new branch) told as runs over the rows the view
 * holds (`session:get-tree-order`, tree-order.ts): applied to those rows they are exactly the
 * rows a fresh open of the file reads, and only the rows that changed travel whole.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync } from 'node:fs'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { createSessionHandlers } from '../../../main/api/session-handlers'
import { treeRowsOf, type FollowResult } from '../../../preload/contract/session-live'
import type { SessionOverview, TreeRow } from '../../../preload/contract/session-view'
import { applyTreeOrder, treeOrderOf, type TreeOrder } from '../../../preload/contract/tree-order'
import { parentRows } from '../../../preload/contract/row-parents'
import { appendAfterLast, labelEntry, userEntry } from '../../helpers/append'
import { dispatch } from '../../helpers/dispatch'
import { libraryWithSession } from '../../helpers/library'
import { recordingLog } from '../../helpers/log'
import { SessionManager } from '../../../main/session'
import { allTreeRows } from '../../helpers/tree-rows'

const log = recordingLog()

async function ok<T>(handlers: HandlerTable, channel: string, args: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, args, log)
  assert.ok(result.ok, JSON.stringify(result))
  return result.value as T
}

/** The overview and every row of a session opened through `handlers`, page by page. */
async function openWhole(handlers: HandlerTable, sessionId: string) {
  const overview = await ok<SessionOverview>(handlers, 'session:open', { sessionId })
  const rows = await allTreeRows(overview, (args) => ok(handlers, 'session:get-tree', args))
  return { overview, rows }
}

/** A library over a copy of the fixtures, a session of `scenario` in it, two handler tables. */
async function setup(t: { after(fn: () => Promise<void>): void }, scenario = 'branches') {
  const { library, id, path } = await libraryWithSession(t, 'pi-sessions-order-', scenario)
  const table = () => createSessionHandlers({ library } as HandlerContext) as HandlerTable
  return { id, path, handlers: table(), fresh: table }
}

/** The ids of `rows`, in their order. */
function idsOf(rows: readonly TreeRow[]): string[] {
  return rows.map((r) => r.id)
}

test('after pi starts a new branch, the runs over the rows held give the rows a fresh open reads; only changed rows travel', async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  let held = await openWhole(handlers, id)
  // Our label on the second row, then pi's new branch from the fork point, which holds three
  // branches already (pi 1.6.0 wrote this session): the active branch changes under it.
  const target = held.rows[1] as TreeRow
  appendAfterLast(path, labelEntry('feed0001', target.id, 'kept in the new order'))
  appendFileSync(
    path,
    JSON.stringify({ ...userEntry('feed0002', 'a fourth branch'), parentId: 'cd6ec4ee' }) + '\n',
  )
  const follow = await ok<FollowResult>(handlers, 'session:follow', {
    sessionId: id,
    revision: held.overview.revision,
    rowCount: held.rows.length,
  })
  assert.equal(follow.kind, 'reopen')
  for (const [branch, from] of [
    ['feed0002', 'the fork point'],
    ['feed0003', 'the end of a branch pi left'],
  ] as const) {
    if (branch === 'feed0003') {
      // pi goes on from the leaf of the first branch, which the view shows last.
      const left = held.rows.find((r) => r.id === 'd212dd00') as TreeRow
      assert.ok(left, 'the fixture has its first branch')
      appendFileSync(
        path,
        JSON.stringify({ ...userEntry(branch, 'on a branch left'), parentId: left.id }) + '\n',
      )
      await ok(handlers, 'session:follow', {
        sessionId: id,
        revision: held.overview.revision,
        rowCount: held.rows.length,
      })
    }
    const next = await ok<SessionOverview>(handlers, 'session:open', { sessionId: id })
    const order = await ok<TreeOrder | null>(handlers, 'session:get-tree-order', {
      sessionId: id,
      revision: next.revision,
      from: held.overview.revision,
    })
    assert.ok(order, `an order over the rows held (${from})`)
    const rows = applyTreeOrder(held.rows, order)
    const whole = await openWhole(fresh(), id)
    assert.deepEqual(rows, whole.rows, `the rows a fresh open reads (${from})`)
    assert.equal(rows?.[0]?.id, whole.rows[0]?.id)
    assert.equal(next.leafId, branch)
    // What changed travels: the new rows (and, the first time, the relabelled row); every
    // other row is named by its index in the rows held.
    const travelled = idsOf(treeRowsOf(order)).sort()
    const expected = branch === 'feed0002' ? ['feed0001', 'feed0002', target.id] : ['feed0003']
    assert.deepEqual(travelled, expected.sort())
    assert.ok(order.runs.length < rows?.length, `${order.runs.length / 2} runs`)
    // Told once: main lets the rows before go, and a second view of them reads the pages.
    assert.equal(
      await ok(handlers, 'session:get-tree-order', {
        sessionId: id,
        revision: next.revision,
        from: held.overview.revision,
      }),
      null,
    )
    held = { overview: next, rows: rows as TreeRow[] }
  }
  // Rows of a revision main does not hold: the view reads the pages.
  const now = await ok<SessionOverview>(handlers, 'session:open', { sessionId: id })
  assert.equal(
    await ok(handlers, 'session:get-tree-order', {
      sessionId: id,
      revision: now.revision,
      from: now.revision - 1_000,
    }),
    null,
  )
})

test("the new order is laid out over the tree built at open: pi's new entries join it, the tree is not built again", async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  const held = await openWhole(handlers, id)
  const build = SessionManager.prototype.getForestSteps
  let builds = 0
  SessionManager.prototype.getForestSteps = function (this: SessionManager) {
    builds++
    return build.call(this)
  }
  t.after(() => {
    SessionManager.prototype.getForestSteps = build
  })
  appendAfterLast(path, labelEntry('feed0001', (held.rows[1] as TreeRow).id, 'relabelled'))
  appendFileSync(
    path,
    JSON.stringify({ ...userEntry('feed0002', 'from the fork'), parentId: 'cd6ec4ee' }) + '\n',
  )
  await ok(handlers, 'session:follow', {
    sessionId: id,
    revision: held.overview.revision,
    rowCount: held.rows.length,
  })
  const next = await ok<SessionOverview>(handlers, 'session:open', { sessionId: id })
  assert.equal(builds, 0)
  const order = await ok<TreeOrder | null>(handlers, 'session:get-tree-order', {
    sessionId: id,
    revision: next.revision,
    from: held.overview.revision,
  })
  assert.ok(order)
  // Built once, by the fresh open that checks the rows.
  assert.deepEqual(applyTreeOrder(held.rows, order), (await openWhole(fresh(), id)).rows)
  assert.equal(builds, 1)
})

/** pi 1.6.0's bash call in `tools-images`, whose result is entry 3251046f. */
const REUSED_CALL = 'toolu_02798668'

/**
 * An assistant message entry (pi's shape) calling the write tool by call id `callId`, without
 * its parent.
 */
function callEntry(id: string, callId: string): Record<string, unknown> {
  return {
    type: 'message',
    id,
    timestamp: new Date().toISOString(),
    message: {
      role: 'assistant',
      content: [{ type: 'toolCall', id: callId, name: 'write', arguments: { path: 'b.txt' } }],
    },
  }
}

/**
 * Opens the `tools-images` session, then `append` writes pi's entry feed0001, whose call reuses
 * {@link REUSED_CALL} (its result is entry 3251046f): the view holding the rows is told to open
 * again, and the new order over its rows gives the rows a fresh open reads, the earlier tool
 * result's row changed.
 * @returns the handlers, the session's file and id, and the overview and rows after it
 */
async function afterReusedCall(
  t: { after(fn: () => Promise<void>): void },
  append: (path: string) => void,
) {
  const { id, path, handlers, fresh } = await setup(t, 'tools-images')
  const held = await openWhole(handlers, id)
  const result = held.rows.find((r) => r.id === '3251046f') as TreeRow
  assert.equal(result?.role, 'toolResult')
  append(path)
  const follow = await ok<FollowResult>(handlers, 'session:follow', {
    sessionId: id,
    revision: held.overview.revision,
    rowCount: held.rows.length,
  })
  // Not an append the view adds at its end: a row it holds reads differently now.
  assert.equal(follow.kind, 'reopen')
  const next = await ok<SessionOverview>(handlers, 'session:open', { sessionId: id })
  assert.equal(next.leafId, 'feed0001')
  const order = await ok<TreeOrder | null>(handlers, 'session:get-tree-order', {
    sessionId: id,
    revision: next.revision,
    from: held.overview.revision,
  })
  assert.ok(order)
  const rows = applyTreeOrder(held.rows, order)
  const whole = await openWhole(fresh(), id)
  assert.deepEqual(rows, whole.rows)
  // The tool result's row names the later call now: it is not the row before.
  const now = whole.rows.find((r) => r.id === '3251046f') as TreeRow
  assert.notDeepEqual(now, result)
  return { id, path, handlers, next, rows: whole.rows }
}

test("a new branch whose tool call reuses an earlier call's id describes the earlier tool result anew, as a fresh open does", async (t) => {
  await afterReusedCall(t, (path) =>
    appendFileSync(
      path,
      JSON.stringify({ ...callEntry('feed0001', REUSED_CALL), parentId: '17e28afc' }) + '\n',
    ),
  )
})

test("pi going on from its leaf with a call that reuses an earlier call's id describes the earlier tool result anew, as a fresh open does", async (t) => {
  const { id, path, handlers, next, rows } = await afterReusedCall(t, (path) =>
    appendAfterLast(path, callEntry('feed0001', REUSED_CALL)),
  )
  // Each later append continues the leaf again, as before.
  appendAfterLast(path, userEntry('feed0002', 'and on'))
  const after = await ok<FollowResult>(handlers, 'session:follow', {
    sessionId: id,
    revision: next.revision,
    rowCount: rows.length,
  })
  assert.equal(after.kind, 'appended')
})

/** A user message's row: entry `id` at file position `pos`, under the entry at `parentPos`. */
function row(id: string, pos: number, parentPos: number): TreeRow {
  return {
    id,
    pos,
    parentPos,
    type: 'message',
    role: 'user',
    head: 'user:',
    text: id,
    time: 1_000 + pos,
    line: pos + 2,
  }
}

/** Three rows: a root, its child, and a grandchild. */
function chain(): TreeRow[] {
  return [row('a', 0, -1), row('b', 1, 0), row('c', 2, 1)]
}

test('runs that do not fit the rows held are refused, so the view reads the pages instead', () => {
  const rows = chain()
  const same = treeOrderOf(rows, rows, { revision: 2, from: 1 })
  assert.deepEqual(same.runs, [0, 3], 'unchanged rows: one run')
  assert.deepEqual(applyTreeOrder(rows, same), rows)
  assert.equal(applyTreeOrder(rows, { ...same, runs: [0, 4] }), null, 'beyond the rows held')
  assert.equal(applyTreeOrder(rows, { ...same, total: 4 }), null, 'another count')
  assert.equal(applyTreeOrder(rows, { ...same, runs: [1, 2, 0, 1] }), null, 'child first')
  assert.equal(applyTreeOrder(rows, { ...same, runs: [-1, 1, 1, 2] }), null, 'no rows sent')
  assert.equal(applyTreeOrder(rows.slice(0, 2), same), null, 'fewer rows held')
})

test('a row whose parent changed travels whole, and the rows under it follow it', () => {
  const before = chain()
  // `c` hangs on `a` now (an index winner changed): its row travels; `b` keeps its place.
  const after = [before[0], before[2], before[1]].map((r) => ({ ...(r as TreeRow) }))
  ;(after[1] as TreeRow).parentPos = 0
  ;(after[2] as TreeRow).parentPos = 0
  const order = treeOrderOf(before, after, { revision: 2, from: 1 })
  assert.deepEqual(order.runs, [0, 1, -1, 1, 1, 1])
  assert.deepEqual(applyTreeOrder(before, order), after)
})

test('rows in a new order are the very rows held: none is copied because its parent moved', () => {
  // a has two branches, b (going on to d) and c; pi's leaf moves to c, whose branch comes first.
  const [a, b, d, c] = [row('a', 0, -1), row('b', 1, 0), row('d', 3, 1), row('c', 2, 0)]
  const before = [a, b, d, c] as TreeRow[]
  const after = [a, c, b, d] as TreeRow[]
  const order = treeOrderOf(before, after, { revision: 2, from: 1 })
  assert.equal(order.rows, '[]', 'no row travels')
  const rows = applyTreeOrder(before, order)
  assert.ok(rows)
  // d's parent is at another index now (2, was 1), and d is still the same object.
  rows.forEach((r, i) => assert.equal(r, after[i], `row ${i}`))
  assert.deepEqual(Array.from(parentRows(rows).subarray(0, 4)), [-1, 0, 0, 2])
})
