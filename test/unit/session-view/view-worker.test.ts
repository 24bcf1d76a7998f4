/**
 * The view core in its worker process (session-view/worker-core.ts, view-worker.ts) answers
 * as the in-process core does, errors keep their meaning across the process, and a worker
 * that dies fails its calls in words and is replaced on the next call.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { dispatch, valueOf } from '../../helpers/dispatch'
import { createSessionHandlers } from '../../../main/api/session-handlers'
import { localViewCore, type ViewCore } from '../../../main/api/session-view/core'
import { workerViewCore } from '../../../main/api/session-view/worker-core'
import { SessionLibrary } from '../../../main/library/library'
import { ApiError } from '../../../preload/contract/errors'
import type { PathPage, SessionOverview } from '../../../preload/contract/session-view'
import type { TempStore } from '../../helpers/fixtures'
import { openFixtureLibrary, query } from '../../helpers/library'
import { recordingLog } from '../../helpers/log'

const WORKER = {
  path: resolve('main/api/session-view/view-worker.ts'),
  execArgv: ['--import', 'tsx'],
}
const log = recordingLog()
let fixtures: Awaited<ReturnType<typeof openFixtureLibrary>>
let store: TempStore
let library: SessionLibrary
let worker: ViewCore

before(async () => {
  fixtures = await openFixtureLibrary()
  ;({ store, library } = fixtures)
  worker = workerViewCore(WORKER, null)
})
after(async () => {
  await worker.close()
  await fixtures.close()
})

const table = (core: ViewCore) =>
  createSessionHandlers({ library } as HandlerContext, core) as HandlerTable

async function call(handlers: HandlerTable, channel: string, args: unknown) {
  return dispatch(handlers, channel, args, log)
}

const withoutRevision = ({ revision: _r, ...rest }: SessionOverview) => rest

test('every fixture opens in the worker as in-process, its leaf path too', async () => {
  const inWorker = table(worker)
  const here = table(localViewCore())
  const rows = library.query(query()).rows
  assert.ok(rows.length > 10)
  for (const { id } of rows) {
    const a = await call(inWorker, 'session:open', { sessionId: id })
    const b = await call(here, 'session:open', { sessionId: id })
    assert.equal(a.ok, b.ok, id)
    if (!a.ok || !b.ok) {
      // A file that cannot be read fails alike on both sides (a directory named .jsonl).
      assert.deepEqual(a, b)
      continue
    }
    const got = a.value as SessionOverview
    assert.deepEqual(withoutRevision(got), withoutRevision(b.value as SessionOverview))
    if (got.leafPos === null) continue
    const pa = await call(inWorker, 'session:get-path', { sessionId: id, position: got.leafPos })
    const pb = await call(here, 'session:get-path', { sessionId: id, position: got.leafPos })
    assert.ok(pa.ok && pb.ok)
    assert.deepEqual((pa.value as PathPage).items, (pb.value as PathPage).items)
  }
})

test("the library's read-only reason (an archived session) is said by the open, in either core", async () => {
  const here = localViewCore()
  const files = library
    .query(query())
    .rows.map((r) => library.getSession(r.id).path)
    .filter((path) => statSync(path).isFile())
    .map((path, i) => ({ id: `s${i}`, path, fileName: 'f.jsonl', size: statSync(path).size }))
  let file: (typeof files)[number] | undefined
  for (const f of files)
    if (!file && !(await here.call('session:open', f, { sessionId: f.id })).readOnly) file = f
  assert.ok(file, 'a fixture that opens writable')
  const row = { id: file.id }
  const why = 'This session is archived: restore it to edit.'
  for (const core of [worker, here]) {
    const sound: SessionOverview = valueOf(
      await core.call('session:open', file, { sessionId: row.id }),
    )
    assert.equal(sound.readOnly, false)
    const archived: SessionOverview = valueOf(
      await core.call('session:open', { ...file, readOnlyReason: why }, { sessionId: row.id }),
    )
    assert.equal(archived.readOnly, true)
    assert.equal(archived.readOnlyReason, why)
  }
})

test('errors keep their code across the thread: a stale revision, a file gone', async () => {
  const inWorker = table(worker)
  const [row] = library.query(query()).rows.filter((r) => {
    const path = library.getSession(r.id).path
    return statSync(path).isFile()
  })
  assert.ok(row)
  const opened = await call(inWorker, 'session:open', { sessionId: row.id })
  assert.ok(opened.ok)
  const stale = await call(inWorker, 'session:get-tree', {
    sessionId: row.id,
    revision: 1,
    offset: 0,
  })
  assert.deepEqual(stale, {
    ok: false,
    error: {
      code: 'conflict',
      message: 'The session was read again: open it again to see its tree.',
    },
  })
  const file = {
    id: 'gone',
    path: resolve(store.sessionsDir, 'no-such.jsonl'),
    fileName: 'x',
    size: 0,
  }
  await assert.rejects(worker.call('session:open', file, { sessionId: 'gone' }), (e: unknown) => {
    assert.equal((e as NodeJS.ErrnoException).code, 'ENOENT')
    return true
  })
})

test('a worker that dies fails its calls in words, and the next call gets a new one', async () => {
  const core = workerViewCore(WORKER, null)
  const [row] = library
    .query(query())
    .rows.filter((r) => statSync(library.getSession(r.id).path).isFile())
  assert.ok(row)
  const path = library.getSession(row.id).path
  const file = { id: row.id, path, fileName: 'f.jsonl', size: statSync(path).size }
  const inFlight = core.call('session:open', file, { sessionId: row.id })
  await core.close()
  await assert.rejects(inFlight, (e: unknown) => {
    assert.ok(e instanceof ApiError)
    assert.equal(e.code, 'io')
    assert.match(e.message, /The session view stopped while reading this session/)
    return true
  })
  const again = valueOf(await core.call('session:open', file, { sessionId: row.id }))
  assert.equal(again.id, row.id)
  await core.close()
})
