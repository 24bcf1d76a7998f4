/**
 * Events and unexpected errors reach the app log: the event hub keeps delivering when one
 * listener throws and logs it; the HTTP host logs an unexpected handler error while the caller
 * gets only `internal`; the library's change event matches its contract schema.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createEventHub } from '../../../main/api/events'
import { createHandlers } from '../../../main/api/handlers'
import { SessionLibrary } from '../../../main/library/library'
import { startHttpHost } from '../../../main/server/http'
import { SettingsStore } from '../../../main/settings/store'
import { EVENT_SCHEMAS } from '../../../preload/contract/events'
import type { EventArgs } from '../../../preload/contract/events'
import { recordingLog } from '../../helpers/log'
import { tempDir } from '../../helpers/temp'

test('a throwing listener is logged and the others still get the event', () => {
  const log = recordingLog()
  const hub = createEventHub(log)
  const seen: EventArgs[] = []
  hub.subscribe(() => {
    throw new Error('listener bug')
  })
  const stop = hub.subscribe((...args) => seen.push(args))
  hub.emit('app:error', { message: 'disk full' })
  stop()
  hub.emit('app:command', { command: 'search' })
  assert.deepEqual(seen, [['app:error', { message: 'disk full' }]])
  assert.equal(log.errors.length, 2)
  assert.match(log.errors[0]?.message ?? '', /app:error/)
  assert.equal((log.errors[0]?.error as Error).message, 'listener bug')
})

test('the HTTP host logs an unexpected handler error; the caller sees only internal', async (ctx) => {
  const dataDir = tempDir(ctx, 'pi-events-')
  const library = new SessionLibrary([], { watch: false, dataDir: null })
  const handlers = createHandlers({
    library,
    settings: new SettingsStore(dataDir),
    dataDir,
    resolved: { agentDir: dataDir, roots: [], warnings: [] },
    host: 'server',
    version: 'test',
  })
  handlers['app:get-info'] = async () => {
    throw new TypeError('secret internals')
  }
  const log = recordingLog()
  const host = await startHttpHost({ handlers, log, token: 't', staticDir: dataDir })
  ctx.after(() => Promise.all([host.close(), library.close()]))
  const response = await fetch(`${host.url}api/app:get-info`, {
    method: 'POST',
    headers: { Authorization: 'Bearer t' },
    body: '{}',
  })
  const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } }
  assert.equal(body.error.code, 'internal')
  assert.ok(!body.error.message.includes('secret'))
  assert.equal(log.errors.length, 1)
  assert.match(log.errors[0]?.message ?? '', /app:get-info/)
  assert.equal((log.errors[0]?.error as Error).message, 'secret internals')
})

test('the library change event matches its contract schema', async () => {
  const library = new SessionLibrary([], { watch: false, dataDir: null })
  const change = await new Promise<unknown>((resolve) => {
    const stop = library.onChange((c) => {
      stop()
      resolve(c)
    })
  })
  await library.close()
  assert.ok(EVENT_SCHEMAS['library:changed'].safeParse(change).success, JSON.stringify(change))
})
