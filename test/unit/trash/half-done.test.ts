/**
 * A move to the trash that succeeds while "Recently deleted" cannot be written (the data
 * folder is unusable): the failure says both halves in words, where the file is now and that
 * the list was not updated (XDG_DATA_HOME set before `trash` is first imported).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHandlers } from '../../../main/api/handlers'
import { dispatch } from '../../../main/api/dispatch'
import { SessionLibrary } from '../../../main/library/library'
import { SettingsStore } from '../../../main/settings/store'
import { copyFixtureStore } from '../../helpers/fixtures'
import { query } from '../../helpers/library'

const xdg = mkdtempSync(join(tmpdir(), 'pi-trash-half-xdg-'))
process.env.XDG_DATA_HOME = xdg
process.env.HOME = xdg

test('moved to the trash but not logged: the message says where the file is', async () => {
  const store = copyFixtureStore()
  const scratch = mkdtempSync(join(tmpdir(), 'pi-trash-half-'))
  // A data folder that is a file: every write into it fails (ENOTDIR / EEXIST).
  const dataDir = join(scratch, 'data')
  writeFileSync(dataDir, 'not a folder')
  const library = new SessionLibrary([{ path: store.sessionsDir, source: 'cli' }], { watch: false })
  try {
    await library.start()
    await library.whenIdle()
    const handlers = createHandlers({
      library,
      settings: new SettingsStore(dataDir),
      dataDir,
      resolved: { agentDir: store.agentDir, roots: [], warnings: [] },
      host: 'server',
      version: 'test',
    })
    const row = library
      .query(query({ limit: 1000 }))
      .rows.find((r) => r.cwd === '/home/ayla/src/tide-tables')
    const path = library.getSession(row?.id as string).path
    const result = await dispatch(handlers, 'trash:move-sessions', { sessionIds: [row?.id] })
    assert.ok(result.ok)
    const failed = (result.value as { failed: { code: string; message: string }[] }).failed
    assert.equal(failed[0]?.code, 'io')
    assert.match(
      failed[0]?.message ?? '',
      new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in the trash, but “Recently deleted” could not be updated: .+; nothing was written \\(`,
      ),
    )
    assert.equal(existsSync(path), false, 'the file did move')
  } finally {
    await library.close()
    store.cleanup()
    rmSync(scratch, { recursive: true, force: true })
    rmSync(xdg, { recursive: true, force: true })
  }
})
