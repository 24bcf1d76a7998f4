/**
 * The bulk channels take ids only, never paths (ARCHITECTURE.md rule 5), through the one
 * handler table both hosts use; the archive folder is refused when relative, and cannot
 * change while it holds archived sessions.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { createHandlers } from '../../../main/api/handlers'
import { dispatch } from '../../helpers/dispatch'
import { ArchiveLog } from '../../../main/library/archive'
import { SessionLibrary } from '../../../main/library/library'
import { SettingsStore } from '../../../main/settings/store'
import { recordingLog } from '../../helpers/log'
import { tempDir } from '../../helpers/temp'

test('bulk channels refuse paths and forged ids before anything moves', async (ctx) => {
  const data = tempDir(ctx)
  const library = new SessionLibrary([{ path: join(data, 'archive'), source: 'archive' }], {
    watch: false,
  })
  ctx.after(() => library.close())
  const handlers = createHandlers({
    library,
    settings: new SettingsStore(data),
    dataDir: data,
    resolved: { agentDir: data, roots: [], warnings: [] },
    host: 'server',
    version: 'test',
  })
  const call = (channel: string, args: unknown) => dispatch(handlers, channel, args, recordingLog())
  const path = '/home/u/.pi/agent/sessions/--x--/a.jsonl'
  const refused: [string, unknown][] = [
    ['archive:move-sessions', { sessionIds: [path] }],
    ['archive:move-sessions', { sessionIds: ['0123456789abcdef'], includeRunning: [path] }],
    ['archive:restore-sessions', { sessionIds: ['../../etc/passwd'] }],
    ['trash:move-sessions', { sessionIds: ['0123456789abcdef'], operationId: 'not-a-uuid' }],
    ['trash:restore-many', { deletedIds: [path] }],
    ['library:describe-sessions', { sessionIds: [path] }],
    ['library:star-sessions', { sessionIds: [path], starred: true }],
    ['library:cancel-bulk', { operationId: path }],
    ['library:select-sessions', { projectId: path }],
    ['archive:set-folder', { path: 'relative/folder' }],
  ]
  for (const [channel, args] of refused) {
    const result = await call(channel, args)
    assert.equal(!result.ok && result.error.code, 'invalid_argument', channel)
  }
  const unknown = await call('archive:move-sessions', { sessionIds: ['0123456789abcdef'] })
  assert.ok(unknown.ok)
  assert.equal((unknown.value as { failed: { code: string }[] }).failed[0]?.code, 'not_found')

  await new ArchiveLog(data).put({
    archived: join(data, 'archive', 'x'),
    original: '/x',
    archivedAt: 0,
  })
  const busy = await call('archive:set-folder', { path: join(data, 'elsewhere') })
  assert.equal(!busy.ok && busy.error.code, 'conflict')
})
