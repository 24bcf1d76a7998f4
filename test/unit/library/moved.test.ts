/**
 * A session's file moved to another folder is found by the session id in its header (pi spec
 * 1): the open view can say where it went. Copies of it are all found, the file changed last first.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, mkdirSync, readFileSync, renameSync, utimesSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { libraryWithSession } from '../../helpers/library'

test('the sessions carrying a header id: the moved file under its new id, then copies too', async (t) => {
  const { library, id, path: from } = await libraryWithSession(t, 'pi-sessions-moved-')
  const headerId = JSON.parse(readFileSync(from, 'utf8').split('\n')[0] as string).id as string
  assert.deepEqual(
    library.sessionsWithHeader(headerId).map((r) => r.id),
    [id],
  )

  const elsewhere = join(dirname(dirname(from)), '--home-ayla-src-elsewhere--')
  mkdirSync(elsewhere)
  const to = join(elsewhere, basename(from))
  renameSync(from, to)
  await library.refresh()
  const moved = library.sessionsWithHeader(headerId)
  assert.equal(moved.length, 1)
  assert.notEqual(moved[0]?.id, id)
  assert.equal(moved[0]?.fileName, basename(from))
  assert.throws(() => library.getSummary(id), { code: 'not_found' })

  const copy = join(elsewhere, `copy-${basename(from)}`)
  copyFileSync(to, copy)
  const later = new Date(Date.now() + 60_000)
  utimesSync(copy, later, later)
  await library.refresh()
  const both = library.sessionsWithHeader(headerId)
  assert.deepEqual(
    both.map((r) => r.fileName),
    [basename(copy), basename(from)],
  )
  assert.deepEqual(library.sessionsWithHeader('no-such-session-id'), [])
})
