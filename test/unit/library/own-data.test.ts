/**
 * A session folder that holds other files, such as the app's own data folder (a user adding
 * a broad folder, like their home): writes to files that are not sessions (the index, a log)
 * are no change of the library, so they never start a rescan, which would write the index and
 * the log again, and so on without end. Folders and session files still are.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { watchRoots, type ChangeBatch } from '../../../main/library/watcher'

test('only session files and folders make a change batch', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'pi-watch-own-data-'))
  mkdirSync(join(root, 'app-data'))
  mkdirSync(join(root, '--work-x--'))
  const batches: ChangeBatch[] = []
  const watcher = watchRoots([root], (batch) => batches.push(batch))
  t.after(async () => {
    await watcher.close()
    rmSync(root, { recursive: true, force: true })
  })
  const settle = () => new Promise((r) => setTimeout(r, 800))
  await settle()
  for (let i = 0; i < 5; i++) {
    appendFileSync(join(root, 'app-data', 'index.db-wal'), 'page\n')
    appendFileSync(join(root, 'app-data', 'pi-sessions.log'), 'rescan done\n')
    await new Promise((r) => setTimeout(r, 100))
  }
  await settle()
  assert.equal(batches.length, 0, 'the index and the log are not sessions')
  const session = join(root, '--work-x--', 'a.jsonl')
  writeFileSync(session, '{"type":"session"}\n')
  mkdirSync(join(root, '--work-y--'))
  await settle()
  const paths = new Set(batches.flatMap((b) => [...b.paths]))
  assert.ok(paths.has(session), 'a session file is a change')
  assert.ok(paths.has(join(root, '--work-y--')), 'a new folder is a change')
})
