/**
 * Deletion to the OS trash and restore, through the handler table, on a temp
 * copy of the fixtures with a temp freedesktop trash (XDG_DATA_HOME set before `trash`
 * is first imported).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHandlers } from '../../../main/api/handlers'
import { dispatch } from '../../helpers/dispatch'
import { recordingLog } from '../../helpers/log'
import { SessionLibrary } from '../../../main/library/library'
import { SettingsStore } from '../../../main/settings/store'
import { copyFixtureStore } from '../../helpers/fixtures'
import { query } from '../../helpers/library'
import { useTempTrashHome } from '../../helpers/trash-home'

// Before the first move: `trash` reads these when main first imports it (lazily).
const xdg = useTempTrashHome('pi-trash-xdg-')

const FOLDER = '--home-ayla-src-tide-tables--'

async function setup() {
  const store = copyFixtureStore()
  const dataDir = mkdtempSync(join(tmpdir(), 'pi-trash-data-'))
  const library = new SessionLibrary([{ path: store.sessionsDir, source: 'cli' }], { watch: false })
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
  const call = async (channel: string, args: unknown) => {
    const result = await dispatch(handlers, channel, args, recordingLog())
    return result
  }
  const rows = () => library.query(query({ limit: 1000 })).rows
  const cleanup = async () => {
    await library.close()
    store.cleanup()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(join(xdg, 'Trash'), { recursive: true, force: true })
  }
  return { store, library, call, rows, cleanup, dataDir }
}

test('two sessions go to the trash, are logged, and one comes back byte for byte', async () => {
  const t = await setup()
  const picked = t
    .rows()
    .filter((r) => r.cwd === '/home/ayla/src/tide-tables')
    .slice(0, 2)
  const paths = picked.map((r) => t.library.getSession(r.id).path)
  const bytes = paths.map((p) => readFileSync(p))
  const moved = await t.call('trash:move-sessions', { sessionIds: picked.map((r) => r.id) })
  assert.ok(moved.ok)
  const value = moved.value as { moved: { deletedId: string }[]; failed: unknown[] }
  assert.equal(value.moved.length, 2)
  assert.deepEqual(value.failed, [])
  for (const p of paths) assert.equal(existsSync(p), false)
  const infos = readdirSync(join(xdg, 'Trash', 'info'))
  assert.equal(infos.length, 2)
  const named = infos.map((i) =>
    decodeURI(/Path=(.*)/.exec(readFileSync(join(xdg, 'Trash', 'info', i), 'utf8'))?.[1] ?? ''),
  )
  assert.deepEqual(named.sort(), [...paths].sort())
  assert.equal(
    t.rows().some((r) => picked.some((p) => p.id === r.id)),
    false,
  )

  const listed = await t.call('trash:list', {})
  assert.ok(listed.ok)
  const deleted = listed.value as { id: string; fileName: string; restorable: boolean }[]
  assert.equal(deleted.length, 2)
  assert.ok(deleted.every((d) => d.restorable))

  const target = deleted.find((d) => paths[0]?.endsWith(d.fileName)) as { id: string }
  const restored = await t.call('trash:restore', { deletedId: target.id })
  assert.ok(restored.ok)
  assert.deepEqual(readFileSync(paths[0] as string), bytes[0])
  assert.equal(readdirSync(join(xdg, 'Trash', 'info')).length, 1)
  assert.ok(t.rows().some((r) => r.id === picked[0]?.id))
  const after = await t.call('trash:list', {})
  assert.equal((after.ok && (after.value as unknown[]).length) || 0, 1)
  await t.cleanup()
})

test('a restore never overwrites a file that took the original name', async () => {
  const t = await setup()
  const row = t.rows().find((r) => r.cwd === '/home/ayla/src/tide-tables')
  const path = t.library.getSession(row?.id as string).path
  const moved = await t.call('trash:move-sessions', { sessionIds: [row?.id] })
  const deletedId = moved.ok
    ? (moved.value as { moved: { deletedId: string }[] }).moved[0]?.deletedId
    : ''
  writeFileSync(path, 'a new file by the same name\n')
  const restored = await t.call('trash:restore', { deletedId })
  assert.equal(!restored.ok && restored.error.code, 'conflict')
  assert.equal(readFileSync(path, 'utf8'), 'a new file by the same name\n')
  assert.equal(readdirSync(join(xdg, 'Trash', 'files')).length, 1, 'the trashed copy is kept')
  await t.cleanup()
})

test('a session deleted meanwhile is reported, the others still go', async () => {
  const t = await setup()
  const [a, b] = t.rows().filter((r) => r.cwd === '/home/ayla/src/tide-tables')
  rmSync(t.library.getSession(a?.id as string).path)
  const moved = await t.call('trash:move-sessions', { sessionIds: [a?.id, b?.id] })
  assert.ok(moved.ok)
  const value = moved.value as { moved: unknown[]; failed: { code: string }[] }
  assert.equal(value.moved.length, 1)
  assert.equal(value.failed[0]?.code, 'not_found')
  await t.cleanup()
})

test('when the trash fails the file stays, the error says why, and no stray .trashinfo is left', async () => {
  const t = await setup()
  // A trash whose files/ is not a folder: the package writes the .trashinfo, then the move fails.
  mkdirSync(join(xdg, 'Trash', 'info'), { recursive: true })
  writeFileSync(join(xdg, 'Trash', 'files'), 'not a folder')
  const row = t.rows().find((r) => r.cwd === '/home/ayla/src/tide-tables')
  const path = t.library.getSession(row?.id as string).path
  const before = readFileSync(path)
  const moved = await t.call('trash:move-sessions', { sessionIds: [row?.id] })
  assert.ok(moved.ok)
  const value = moved.value as { moved: unknown[]; failed: { code: string; message: string }[] }
  assert.equal(value.moved.length, 0)
  assert.equal(value.failed[0]?.code, 'io')
  assert.match(value.failed[0]?.message ?? '', /not touched/)
  assert.deepEqual(readFileSync(path), before)
  assert.deepEqual(readdirSync(join(xdg, 'Trash', 'info')), [])
  await t.cleanup()
})

test('forged ids are refused before anything moves', async () => {
  const t = await setup()
  for (const sessionIds of [['../../etc/passwd'], ['/home/ayla/x.jsonl'], [], 'abc']) {
    const result = await t.call('trash:move-sessions', { sessionIds })
    assert.equal(!result.ok && result.error.code, 'invalid_argument', JSON.stringify(sessionIds))
  }
  const unknown = await t.call('trash:move-sessions', { sessionIds: ['0000000000000000'] })
  assert.ok(unknown.ok)
  assert.equal((unknown.value as { failed: { code: string }[] }).failed[0]?.code, 'not_found')
  const restore = await t.call('trash:restore', { deletedId: 'not-a-uuid' })
  assert.equal(!restore.ok && restore.error.code, 'invalid_argument')
  assert.equal(existsSync(join(t.store.sessionsDir, FOLDER)), true)
  await t.cleanup()
})

test('moved to the trash but not logged: the message says where the file is', async () => {
  const t = await setup()
  // A data folder that is a file: every write into it fails (ENOTDIR / EEXIST).
  rmSync(t.dataDir, { recursive: true, force: true })
  writeFileSync(t.dataDir, 'not a folder')
  const row = t.rows().find((r) => r.cwd === '/home/ayla/src/tide-tables')
  const path = t.library.getSession(row?.id as string).path
  const result = await t.call('trash:move-sessions', { sessionIds: [row?.id] })
  assert.ok(result.ok)
  const failed = (result.value as { failed: { code: string; message: string }[] }).failed
  assert.equal(failed[0]?.code, 'io')
  const quoted = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  assert.match(
    failed[0]?.message ?? '',
    new RegExp(
      `^${quoted} is in the trash, but “Recently deleted” could not be updated: .+; nothing was written \\(`,
    ),
  )
  assert.equal(existsSync(path), false, 'the file did move')
  await t.cleanup()
})
