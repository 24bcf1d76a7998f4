import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { CHANNELS, CHANNEL_NAME_PATTERN, EVENTS } from '../../../preload/contract/channels'
import { EVENT_SCHEMAS } from '../../../preload/contract/events'
import { CHANNEL_SCHEMAS } from '../../../preload/contract/schemas'
import { createHandlers } from '../../../main/api/handlers'
import { dispatch } from '../../helpers/dispatch'
import { SessionLibrary } from '../../../main/library/library'
import { ApiError, ERROR_CODES } from '../../../preload/contract/errors'
import { SettingsStore } from '../../../main/settings/store'
import { recordingLog } from '../../helpers/log'

const library = new SessionLibrary([], { watch: false })
const log = recordingLog()
const handlers = createHandlers({
  library,
  settings: new SettingsStore('/nonexistent-pi-sessions-data'),
  dataDir: '/nonexistent-pi-sessions-data',
  resolved: { agentDir: '/nowhere', roots: [], warnings: [] },
  host: 'server',
  version: '0.0.0-test',
})

// ARCHITECTURE.md rule 2: every channel has a valid name, a schema and exactly one handler.
test('every channel has a valid name, schemas and exactly one handler', () => {
  assert.equal(new Set(CHANNELS).size, CHANNELS.length)
  for (const channel of CHANNELS) {
    assert.match(channel, CHANNEL_NAME_PATTERN)
    assert.ok(CHANNEL_SCHEMAS[channel], `${channel} has schemas`)
    assert.equal(typeof handlers[channel], 'function', `${channel} has a handler`)
  }
  assert.deepEqual(Object.keys(handlers).sort(), [...CHANNELS].sort())
  assert.deepEqual(Object.keys(CHANNEL_SCHEMAS).sort(), [...CHANNELS].sort())
})

test('dispatch refuses unknown channels and invalid arguments with codes', async () => {
  assert.deepEqual((await dispatch(handlers, 'library:drop-tables', {}, log)).ok, false)
  const unknown = await dispatch(handlers, 'library:drop-tables', {}, log)
  assert.equal(!unknown.ok && unknown.error.code, 'not_found')
  for (const args of [{ sessionId: '../../etc/passwd' }, { sessionId: 42 }, {}, null, 'x']) {
    const result = await dispatch(handlers, 'library:get-session', args, log)
    assert.equal(!result.ok && result.error.code, 'invalid_argument', JSON.stringify(args))
  }
  const extra = await dispatch(handlers, 'app:get-info', { path: '/etc' }, log)
  assert.equal(!extra.ok && extra.error.code, 'invalid_argument')
})

test('dispatch maps thrown errors to codes and hides unexpected ones', async () => {
  const log = recordingLog()
  const failing = {
    ...handlers,
    'app:get-info': async () => {
      throw new ApiError('conflict', 'busy')
    },
    'library:list-projects': async () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
    },
    'library:get-session': async () => {
      throw new TypeError('secret internals')
    },
  }
  const a = await dispatch(failing, 'app:get-info', {}, log)
  assert.deepEqual(a, { ok: false, error: { code: 'conflict', message: 'busy' } })
  const b = await dispatch(failing, 'library:list-projects', {}, log)
  assert.equal(!b.ok && b.error.code, 'io')
  // In words, not Node's "EACCES: permission denied, open …".
  assert.equal(!b.ok && b.error.message, 'Permission denied')
  const c = await dispatch(failing, 'library:get-session', { sessionId: '0123456789abcdef' }, log)
  assert.equal(!c.ok && c.error.code, 'internal')
  assert.ok(!c.ok && !c.error.message.includes('secret'))
  assert.equal(log.errors.length, 1)
})

test('a forged session id is not_found, a path is invalid_argument', async () => {
  const forged = await dispatch(
    handlers,
    'library:get-session',
    { sessionId: 'aaaaaaaaaaaaaaaa' },
    log,
  )
  assert.equal(!forged.ok && forged.error.code, 'not_found')
  const path = await dispatch(handlers, 'library:get-session', { sessionId: '/etc/passwd' }, log)
  assert.equal(!path.ok && path.error.code, 'invalid_argument')
})

test('app:get-info reports the host and roots', async () => {
  const result = await dispatch(handlers, 'app:get-info', {}, log)
  assert.ok(result.ok)
  const info = result.value as { host: string; version: string; roots: unknown[] }
  assert.equal(info.host, 'server')
  assert.equal(info.version, '0.0.0-test')
  assert.deepEqual(info.roots, [])
})

test('the README documents exactly the error codes the contract has', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
  const bullet = readme.slice(
    readme.indexOf('with codes'),
    readme.indexOf('\n- ', readme.indexOf('with codes')),
  )
  const documented = [...bullet.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])
  assert.deepEqual([...documented].sort(), [...ERROR_CODES].sort())
})

test('every event has exactly one payload schema and a domain:past-tense name', () => {
  assert.deepEqual(Object.keys(EVENT_SCHEMAS).sort(), [...EVENTS].sort())
  for (const event of EVENTS) assert.match(event, CHANNEL_NAME_PATTERN)
})

test("a find's count request names its path's entry and has text; nothing else is taken", () => {
  const args = CHANNEL_SCHEMAS['session:find-counts'].args
  const sessionId = '0123456789abcdef'
  assert.ok(args.safeParse({ sessionId, entryId: 'a1b2c3d4', text: 'tide' }).success)
  assert.ok(args.safeParse({ sessionId, position: 3, raw: true, text: '.*(' }).success)
  for (const bad of [
    { sessionId, text: 'tide' },
    { sessionId, entryId: 'a1b2c3d4', text: '' },
    { sessionId, entryId: 'a1b2c3d4', text: 'x'.repeat(10_001) },
    { sessionId, entryId: 'a1b2c3d4', text: 'tide', whole: true },
  ])
    assert.equal(args.safeParse(bad).success, false, JSON.stringify(bad).slice(0, 80))
})
