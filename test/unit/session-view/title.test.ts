/**
 * The view titles a session as the library lists it: a file whose first line is not a session
 * header (pi lists no such file; the library lists it, damaged) is named by its first message
 * in both.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildOverview } from '../../../main/api/session-view/overview'
import { loadViewSource } from '../../../main/api/session-view/source'
import { SessionLibrary } from '../../../main/library/library'
import { query } from '../../helpers/library'
import { tempDir } from '../../helpers/temp'

test('a file without a header has the same title in the view as in the list', async (ctx) => {
  const root = tempDir(ctx, 'pi-sessions-title-')
  const file = join(root, 'headerless.jsonl')
  const message = {
    type: 'message',
    id: 'a1',
    parentId: null,
    timestamp: '2026-01-01T00:00:00.000Z',
    message: { role: 'user', content: 'hello after a bad header', timestamp: 1 },
  }
  writeFileSync(file, `this is not json\n${JSON.stringify(message)}\n`)
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const row = library.query(query()).rows.find((r) => r.fileName === 'headerless.jsonl')
  await library.close()
  assert.equal(row?.firstMessage, 'hello after a bad header')
  const overview = await buildOverview(await loadViewSource(file), 'x', 'headerless.jsonl')
  assert.equal(overview.firstMessage, row?.firstMessage)
  assert.equal(overview.name, null)
  assert.ok(overview.readOnly, 'a file without a header opens read-only')
})
