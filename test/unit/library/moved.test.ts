/**
 * A session's file moved to another folder is found by the session id in its header (pi spec
 * 1): the open view can say where it went. Copies of it are all found, newest first.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, mkdirSync, readFileSync, renameSync, utimesSync } from 'node:fs'
import { basename, join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { copyFixtureStore, fixtureFile } from '../../helpers/fixtures'
import { query } from '../../helpers/library'

test('the sessions carrying a header id: the moved file under its new id, then copies too', async (t) => {
  const store = copyFixtureStore('pi-sessions-moved-')
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
  const from = join(store.root, file.file)
  const headerId = JSON.parse(readFileSync(from, 'utf8').split('\n')[0] as string).id as string
  const before = library.query(query()).rows.find((r) => r.fileName === basename(from))
  assert.ok(before)
  assert.deepEqual(
    library.sessionsWithHeader(headerId).map((r) => r.id),
    [before.id],
  )

  const elsewhere = join(store.sessionsDir, '--home-ayla-src-elsewhere--')
  mkdirSync(elsewhere)
  const to = join(elsewhere, basename(from))
  renameSync(from, to)
  await library.refresh()
  await library.whenIdle()
  const moved = library.sessionsWithHeader(headerId)
  assert.equal(moved.length, 1)
  assert.notEqual(moved[0]?.id, before.id)
  assert.equal(moved[0]?.fileName, basename(from))
  assert.throws(() => library.getSummary(before.id), { code: 'not_found' })

  const copy = join(elsewhere, `copy-${basename(from)}`)
  copyFileSync(to, copy)
  const later = new Date(Date.now() + 60_000)
  utimesSync(copy, later, later)
  await library.refresh()
  await library.whenIdle()
  const both = library.sessionsWithHeader(headerId)
  assert.deepEqual(
    both.map((r) => r.fileName),
    [basename(copy), basename(from)],
  )
  assert.deepEqual(library.sessionsWithHeader('no-such-session-id'), [])
})
