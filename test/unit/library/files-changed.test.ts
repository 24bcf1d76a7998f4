/**
 * The watcher tells which session files changed before the library reads them: an open
 * session follows its file at once, whatever indexing the rest of the change costs.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { basename } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { appendAfterLast, userEntry } from '../../helpers/append'
import { copyFixtureStore, fixtureFile } from '../../helpers/fixtures'
import { query } from '../../helpers/library'

test('a change pi writes is announced with the session id, before the row is read again', async (t) => {
  const store = copyFixtureStore('pi-sessions-files-changed-')
  const library = new SessionLibrary([{ path: store.sessionsDir, source: 'cli' }], {
    dataDir: null,
  })
  t.after(async () => {
    await library.close()
    store.cleanup()
  })
  await library.start()
  await library.whenIdle()
  const file = fixtureFile('plain-chat', 'pi 1.6.0')
  const row = library.query(query()).rows.find((r) => r.fileName === basename(file.file))
  assert.ok(row)
  const before = row.size
  const announced = new Promise<{ ids: string[]; size: number }>((done) => {
    library.onFilesChanged((ids) => done({ ids, size: library.getSummary(row.id).size }))
  })
  appendAfterLast(`${store.root}/${file.file}`, userEntry('feed0030', 'announced first'))
  const { ids, size } = await announced
  assert.deepEqual(ids, [row.id])
  assert.equal(size, before, 'announced before the library read the change')
})
