/**
 * Bulk trash and restore through the handler table, on 1,000 generated sessions in a temp
 * root with a temp freedesktop trash (XDG_DATA_HOME set before `trash` is first imported):
 * progress events, a cancel midway that leaves each session either trashed and listed in
 * "Recently deleted" or untouched, running sessions left out unless included by name, and
 * restoring a whole deletion.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHandlers } from '../../../main/api/handlers'
import { dispatch } from '../../helpers/dispatch'
import { createEventHub } from '../../../main/api/events'
import { SessionLibrary } from '../../../main/library/library'
import { SettingsStore } from '../../../main/settings/store'
import type {
  DeletedSessionView,
  TrashMoveResult,
  TrashRestoreResult,
} from '../../../preload/contract/trash'
import { RUNNING_SESSION_MS } from '../../../preload/contract/timing'
import { headerLine, messageLine } from '../../helpers/append'
import { recordingLog } from '../../helpers/log'
import { query } from '../../helpers/library'
import { useTempTrashHome } from '../../helpers/trash-home'

const xdg = useTempTrashHome('pi-bulk-xdg-')

/** `count` sessions in 10 project folders, last changed an hour ago (not running). */
function generate(root: string, count: number): string[] {
  const paths: string[] = []
  const hourAgo = new Date(Date.now() - 3_600_000)
  for (let i = 0; i < count; i++) {
    const folder = join(root, `--home-u-p${i % 10}--`)
    mkdirSync(folder, { recursive: true })
    const id = `0000-${String(i).padStart(6, '0')}`
    const path = join(folder, `2026-01-01T00-00-00-000Z_${id}.jsonl`)
    writeFileSync(
      path,
      [
        headerLine(id, '2026-01-01T00:00:00.000Z', `/home/u/p${i % 10}`),
        messageLine(`m${i}`, null, 'user', `session number ${i}`, '2026-01-01T00:00:01.000Z'),
      ].join('\n') + '\n',
    )
    utimesSync(path, hourAgo, hourAgo)
    paths.push(path)
  }
  return paths
}

async function setup(count: number) {
  const base = mkdtempSync(join(tmpdir(), 'pi-bulk-'))
  const root = join(base, 'sessions')
  const dataDir = join(base, 'data')
  const paths = generate(root, count)
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const events = createEventHub(recordingLog())
  const handlers = createHandlers({
    library,
    settings: new SettingsStore(dataDir),
    dataDir,
    events,
    resolved: { agentDir: base, roots: [], warnings: [] },
    host: 'server',
    version: 'test',
  })
  const call = async <T>(channel: string, args: unknown): Promise<T> => {
    const result = await dispatch(handlers, channel, args, recordingLog())
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value as T
  }
  const cleanup = async () => {
    await library.close()
    rmSync(base, { recursive: true, force: true })
    rmSync(join(xdg, 'Trash'), { recursive: true, force: true })
  }
  const ids = () => library.select(query()).ids
  return { library, call, events, paths, ids, cleanup }
}

test('1,000 sessions: progress, a cancel midway, then the rest, each fully trashed or untouched', async () => {
  const t = await setup(1000)
  const bytes = new Map(t.paths.map((p) => [p, readFileSync(p)]))
  const operationId = '6f1c1e2a-6a0e-4d1e-9c53-2b0f7f2f8a11'
  const progress: number[] = []
  let cancelAsked = false
  t.events.subscribe((event, payload) => {
    if (event !== 'library:bulk-progressed' || payload.operationId !== operationId) return
    progress.push(payload.done)
    assert.equal(payload.total, 1000)
    if (payload.done >= 200 && !cancelAsked) {
      cancelAsked = true
      void t.call('library:cancel-bulk', { operationId })
    }
  })
  const all = t.ids()
  assert.equal(all.length, 1000)
  const first = await t.call<TrashMoveResult>('trash:move-sessions', {
    sessionIds: all,
    operationId,
  })
  assert.ok(cancelAsked, 'progress was told while the move ran')
  assert.deepEqual(
    progress,
    [...progress].sort((a, b) => a - b),
    'progress only grows',
  )
  assert.ok(first.cancelled > 0 && first.moved.length > 0, 'stopped midway')
  assert.equal(first.moved.length + first.cancelled, 1000)
  assert.deepEqual(first.failed, [])

  // Each session is either in the trash and listed, or in its folder byte for byte.
  const listed = await t.call<DeletedSessionView[]>('trash:list', {})
  const listedNames = new Set(listed.map((d) => d.fileName))
  assert.equal(listed.length, first.moved.length)
  assert.ok(listed.every((d) => d.batchId === first.batchId && d.inTrash && d.restorable))
  for (const path of t.paths) {
    const name = path.slice(path.lastIndexOf('/') + 1)
    if (existsSync(path)) {
      assert.deepEqual(readFileSync(path), bytes.get(path), `${name} untouched`)
      assert.equal(listedNames.has(name), false, `${name} is not listed`)
    } else assert.ok(listedNames.has(name), `${name} is listed in Recently deleted`)
  }

  const rest = await t.call<TrashMoveResult>('trash:move-sessions', { sessionIds: t.ids() })
  assert.equal(rest.cancelled, 0)
  assert.equal(rest.moved.length, 1000 - first.moved.length)
  assert.equal(t.paths.filter((p) => existsSync(p)).length, 0)
  assert.equal((await t.call<DeletedSessionView[]>('trash:list', {})).length, 1000)
  await t.cleanup()
})

test('a running session is left out with the reason, and moved only when included by name', async () => {
  const t = await setup(3)
  const running = t.paths[1] as string
  // Changed just inside the rule's window.
  const recent = new Date(Date.now() - RUNNING_SESSION_MS + 5000)
  utimesSync(running, recent, recent)
  const all = t.ids()
  const runningId = all.find((id) => t.library.getSession(id).path === running) as string
  const described = await t.call<{ running: { sessionId: string; reason: string }[] }>(
    'library:describe-sessions',
    { sessionIds: all },
  )
  assert.deepEqual(
    described.running.map((r) => r.sessionId),
    [runningId],
  )
  assert.match(described.running[0]?.reason ?? '', /pi may still be writing it/)
  const moved = await t.call<TrashMoveResult>('trash:move-sessions', { sessionIds: all })
  assert.equal(moved.moved.length, 2)
  assert.deepEqual(
    moved.skipped.map((s) => s.sessionId),
    [runningId],
  )
  assert.equal(existsSync(running), true, 'the running session stays')
  const included = await t.call<TrashMoveResult>('trash:move-sessions', {
    sessionIds: [runningId],
    includeRunning: [runningId],
  })
  assert.equal(included.moved.length, 1)
  assert.equal(existsSync(running), false)
  await t.cleanup()
})

test('a whole deletion comes back at once, byte for byte', async () => {
  const t = await setup(20)
  const bytes = t.paths.map((p) => readFileSync(p))
  const moved = await t.call<TrashMoveResult>('trash:move-sessions', { sessionIds: t.ids() })
  assert.equal(moved.moved.length, 20)
  const restored = await t.call<TrashRestoreResult>('trash:restore-many', {
    deletedIds: moved.moved.map((m) => m.deletedId),
  })
  assert.equal(restored.restored.length, 20)
  assert.deepEqual(restored.failed, [])
  assert.deepEqual(
    t.paths.map((p) => readFileSync(p)),
    bytes,
  )
  assert.equal((await t.call<DeletedSessionView[]>('trash:list', {})).length, 0)
  assert.equal(t.ids().length, 20)
  await t.cleanup()
})
