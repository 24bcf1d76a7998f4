/**
 * Labels and renames of a session the view holds loaded are made by the view's core (in-process
 * and in its worker): only what the file gained since the load is read, never the whole file,
 * and the line lands after pi's newest entry as an edit from the whole file would. A session
 * the core has not loaded is left to the caller.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, statSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { createEditHandlers } from '../../../main/api/edit-handlers'
import { SourceCache } from '../../../main/api/session-view/cache'
import { localViewCore, type ViewCore } from '../../../main/api/session-view/core'
import { workerViewCore } from '../../../main/api/session-view/worker-core'
import { SessionManager } from '../../../main/session'
import { ApiError } from '../../../preload/contract/errors'
import { appendAfterLast, lastEntryId, userEntry } from '../../helpers/append'
import { dispatch } from '../../helpers/dispatch'
import { libraryWithSession } from '../../helpers/library'
import { recordingLog } from '../../helpers/log'

const log = recordingLog()

/** A library over a copy of the fixtures, and the plain-chat session in it. */
async function setup(t: { after(fn: () => Promise<void>): void }) {
  const { library, id, path } = await libraryWithSession(t, 'pi-sessions-view-edits-')
  const file = { id, path, fileName: basename(path), size: statSync(path).size }
  return { library, file }
}

/** Makes any read of a whole session file through `SessionManager.openAsync` fail. */
function forbidWholeReads(t: { after(fn: () => void): void }): void {
  const openAsync = SessionManager.openAsync
  SessionManager.openAsync = () => Promise.reject(new Error('the whole file was read'))
  t.after(() => {
    SessionManager.openAsync = openAsync
  })
}

test('a label on a session the view holds is made from it: pi’s new line is read, the file is not', async (t) => {
  const { library, file } = await setup(t)
  const core = localViewCore()
  await core.call('session:open', file, { sessionId: file.id })
  // pi answers after the view loaded the session.
  appendAfterLast(file.path, userEntry('pi000001', 'from pi, after the view loaded'))
  const target = PiSessionManager.open(file.path).getEntries()[0]?.id as string
  forbidWholeReads(t)
  const edits = createEditHandlers({ library, view: core } as HandlerContext) as HandlerTable
  const set = await dispatch(
    edits,
    'session:set-label',
    { sessionId: file.id, entryId: target, label: 'from the view' },
    log,
  )
  assert.deepEqual(set, { ok: true, value: { previous: null, current: 'from the view' } })
  const renamed = await dispatch(
    edits,
    'session:rename',
    { sessionId: file.id, name: 'Named' },
    log,
  )
  assert.ok(renamed.ok, JSON.stringify(renamed))

  const pi = PiSessionManager.open(file.path)
  assert.equal(pi.getLabel(target), 'from the view')
  assert.equal(pi.getSessionName(), 'Named')
  const entries = pi.getEntries()
  assert.deepEqual(
    entries.slice(-3).map((e) => [e.type, e.parentId]),
    [
      ['message', entries.at(-4)?.id],
      ['label', 'pi000001'],
      ['session_info', entries.at(-2)?.id],
    ],
  )
})

test('an edit while the view reads what pi appended waits for that read, not for a whole one', async (t) => {
  const { file } = await setup(t)
  const cache = new SourceCache()
  const core = localViewCore({}, cache)
  const opened = await core.call('session:open', file, { sessionId: file.id })
  // Two megabytes from pi: the view's read of them takes several turns of the event loop.
  for (let i = 0; i < 40; i++)
    appendAfterLast(file.path, userEntry(`feed${String(i).padStart(4, '0')}`, 'x'.repeat(50_000)))
  const following = core.call('session:follow', file, {
    sessionId: file.id,
    revision: opened.revision,
    rowCount: opened.rowCount,
  })
  while (!cache.peek(file.id)?.busy) await new Promise((next) => setImmediate(next))
  forbidWholeReads(t)
  const result = await core.edit(file.id, file.path, { kind: 'rename', name: 'During growth' })
  assert.deepEqual(result, { previous: null, current: 'During growth' })
  assert.equal((await following).kind, 'appended')
  const pi = PiSessionManager.open(file.path)
  assert.equal(pi.getSessionName(), 'During growth')
  assert.equal(pi.getEntry(lastEntryId(file.path))?.parentId, 'feed0039')
})

test('a session the view has not loaded is left to the caller, the file untouched', async (t) => {
  const { file } = await setup(t)
  const before = readFileSync(file.path)
  const core = localViewCore()
  const result = await core.edit(file.id, file.path, { kind: 'rename', name: 'Not here' })
  assert.equal(result, null)
  assert.deepEqual(readFileSync(file.path), before)
})

test('in the worker: the edit is made from the loaded session, and its errors keep their code', async (t) => {
  const { file } = await setup(t)
  const worker: ViewCore = workerViewCore(
    { path: resolve('main/api/session-view/view-worker.ts'), execArgv: ['--import', 'tsx'] },
    null,
  )
  t.after(() => worker.close())
  assert.equal(await worker.edit(file.id, file.path, { kind: 'rename', name: 'Not yet' }), null)
  await worker.call('session:open', file, { sessionId: file.id })
  appendAfterLast(file.path, userEntry('pi000002', 'from pi, after the worker loaded'))
  const result = await worker.edit(file.id, file.path, { kind: 'rename', name: 'From the worker' })
  assert.deepEqual(result, { previous: null, current: 'From the worker' })
  const pi = PiSessionManager.open(file.path)
  assert.equal(pi.getSessionName(), 'From the worker')
  assert.equal(pi.getEntry(lastEntryId(file.path))?.parentId, 'pi000002')
  await assert.rejects(
    worker.edit(file.id, file.path, { kind: 'label', entryId: 'nosuchid', label: 'x' }),
    (error) => error instanceof ApiError && error.code === 'not_found',
  )
})
