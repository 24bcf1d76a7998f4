/**
 * The demo library shipped in resources/demo (made by scripts/make-demo.ts with our
 * SessionManager) is valid: no diagnostics, and pi's own SessionManager reads every file.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { resolve } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { SessionLibrary } from '../../../main/library/library'
import { query } from '../../helpers/library'

test('the demo library loads cleanly here and in pi', async () => {
  const library = new SessionLibrary([{ path: resolve('resources/demo'), source: 'user' }], {
    watch: false,
  })
  await library.start()
  await library.whenIdle()
  const rows = library.query(query({ limit: 100 })).rows
  assert.ok(rows.length >= 4)
  for (const row of rows) {
    assert.equal(row.status, 'ok', `${row.fileName}: ${row.problem}`)
    assert.equal(row.diagnosticCount, 0)
    const pi = PiSessionManager.open(library.getSession(row.id).path)
    assert.equal(pi.getEntries().length, row.entryCount, row.fileName)
  }
  assert.ok(
    rows.some((r) => r.labelCount > 0 && r.branchCount > 1),
    'a branched, labelled session',
  )
  assert.ok(
    rows.some((r) => r.parentId !== null),
    'a fork of another demo session',
  )
  await library.close()
})
