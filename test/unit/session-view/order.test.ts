/**
 * The order the view core answers in: after an open, the renderer asks for the path to pi's
 * leaf and for the tree's first pages at once; the path, which the reader looks at, is
 * answered first, and the pages still come whole.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { localViewCore } from '../../../main/api/session-view/core'
import { TREE_PAGE_ROWS, treeRowsOf } from '../../../preload/contract/session-live'
import { largeSession } from './large-session'

test("the path to pi's leaf is answered before the tree pages asked for with it", async (ctx) => {
  const file = await largeSession(ctx)
  const core = localViewCore()
  ctx.after(() => core.close())
  const opened = await core.call('session:open', file, { sessionId: file.id })
  assert.ok(opened.rowCount > 2 * TREE_PAGE_ROWS, `${opened.rowCount} rows: several pages`)
  const done: string[] = []
  const path = core
    .call('session:get-path', file, { sessionId: file.id, position: opened.leafPos ?? 0 })
    .then((page) => {
      done.push('path')
      return page
    })
  const pages = [0, 1, 2]
    .map((n) => n * TREE_PAGE_ROWS)
    .map((offset) =>
      core
        .call('session:get-tree', file, { sessionId: file.id, revision: opened.revision, offset })
        .then((page) => {
          done.push(`tree ${offset}`)
          return page
        }),
    )
  const [page, ...trees] = await Promise.all([path, ...pages])
  assert.equal(done[0], 'path', done.join(', '))
  assert.equal(page.targetPos, opened.leafPos)
  const rows = trees.flatMap((t) => treeRowsOf(t))
  assert.equal(rows.length, Math.min(opened.rowCount, 3 * TREE_PAGE_ROWS))
  assert.deepEqual(
    rows.map((r) => r.pos),
    [...new Set(rows.map((r) => r.pos))],
    'each row once',
  )
})
