/**
 * A value the session view's worker encoded (main/api/json-reply.ts) reaches the renderer as
 * the very value: the HTTP host splices its bytes into the envelope unread, and the Electron
 * preload's `openEnvelope` decodes them; errors and plain envelopes pass as they are.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHandlers } from '../../../main/api/handlers'
import { encodeJsonReply } from '../../../main/api/json-reply'
import { dispatch } from '../../../main/api/dispatch'
import { SessionLibrary } from '../../../main/library/library'
import { startHttpHost } from '../../../main/server/http'
import { SettingsStore } from '../../../main/settings/store'
import { fail } from '../../../preload/contract/errors'
import { isEncodedEnvelope, openEnvelope } from '../../../preload/contract/wire'
import { recordingLog } from '../../helpers/log'
import { tempDir } from '../../helpers/temp'

// Text that JSON must escape, and text that UTF-8 takes several bytes for.
const VALUE = {
  text: 'naïve "quoted" \\ back\nslash — 日本語 🙂',
  rows: '[{"id":"a1","label":"ünïcode"}]',
  nested: [{ n: 1.5, none: null, yes: true }],
}

test('the HTTP host sends an encoded value as the JSON of the value itself', async (ctx) => {
  const dataDir = tempDir(ctx, 'pi-encoded-')
  const library = new SessionLibrary([], { watch: false, dataDir: null })
  const handlers = createHandlers({
    library,
    settings: new SettingsStore(dataDir),
    dataDir,
    resolved: { agentDir: dataDir, roots: [], warnings: [] },
    host: 'server',
    version: 'test',
  })
  handlers['app:get-info'] = async () => encodeJsonReply(VALUE)
  const log = recordingLog()
  assert.ok(isEncodedEnvelope(await dispatch(handlers, 'app:get-info', {}, log)))
  const host = await startHttpHost({ handlers, log, token: 't', staticDir: dataDir })
  ctx.after(() => Promise.all([host.close(), library.close()]))
  const response = await fetch(`${host.url}api/app:get-info`, {
    method: 'POST',
    headers: { Authorization: 'Bearer t' },
    body: '{}',
  })
  const body = Buffer.from(await response.arrayBuffer())
  assert.equal(body.toString('utf8'), JSON.stringify({ ok: true, value: VALUE }))
  assert.equal(Number(response.headers.get('content-length')), body.length)
  assert.match(response.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/)
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
  assert.deepEqual(log.errors, [])
})

test('openEnvelope decodes an encoded value and passes other envelopes as they are', () => {
  const wire = { ok: true as const, json: encodeJsonReply(VALUE).bytes }
  assert.deepEqual(openEnvelope(wire), { ok: true, value: VALUE })
  const failure = fail('conflict', 'The session was read again')
  assert.equal(openEnvelope(failure), failure)
  const plain = { ok: true as const, value: { json: 'not bytes' } }
  assert.equal(openEnvelope(plain), plain)
  assert.equal(isEncodedEnvelope(plain), false)
  assert.deepEqual(openEnvelope({ ok: true, json: encodeJsonReply(undefined).bytes }), {
    ok: true,
    value: null,
  })
})
