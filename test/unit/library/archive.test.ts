/**
 * The archive on temp copies: archive + unarchive round trip byte for byte (pi's folder
 * layout kept, the session listed as archived and searchable, edits refused); the same
 * across file systems (a tmpfs in /dev/shm) verified by hash with the source in the OS trash;
 * conflicts refused with nothing moved; running sessions left out; stars follow the moves.
 */
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ArchiveLog } from '../../../main/library/archive'
import { archiveSessions, unarchiveSessions } from '../../../main/library/bulk-archive'
import { SessionLibrary } from '../../../main/library/library'
import { headerLine, messageLine } from '../../helpers/append'
import { allRows } from '../../helpers/library'
import { tempDir } from '../../helpers/temp'
import { useTempTrashHome } from '../../helpers/trash-home'

// Before the first trash: `trash` reads these when it is first imported (lazily).
const xdg = useTempTrashHome('pi-archive-xdg-')

const FOLDER = '--home-u-notes--'
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** Two old sessions with headers and a headerless one, a library over them with an archive. */
async function setup(ctx: TestContext, archiveDir?: string) {
  const base = tempDir(ctx)
  const root = join(base, 'sessions')
  const archive = archiveDir ?? join(base, 'archive')
  const data = join(base, 'data')
  mkdirSync(join(root, FOLDER), { recursive: true })
  mkdirSync(archive, { recursive: true })
  const hourAgo = new Date(Date.now() - 3_600_000)
  const write = (name: string, lines: string[]) => {
    const path = join(root, FOLDER, name)
    writeFileSync(path, lines.join('\n') + '\n')
    utimesSync(path, hourAgo, hourAgo)
    return path
  }
  const paths = [
    write('2026-01-01T00-00-00-000Z_aaaa.jsonl', [
      headerLine('aaaa', '2026-01-01T00:00:00.000Z', '/home/u/notes'),
      messageLine('a1', null, 'user', 'the quarterly kumquat report', '2026-01-01T00:00:01.000Z'),
    ]),
    write('2026-01-02T00-00-00-000Z_bbbb.jsonl', [
      headerLine('bbbb', '2026-01-02T00:00:00.000Z', '/home/u/notes'),
      messageLine('b1', null, 'user', 'beta', '2026-01-02T00:00:01.000Z'),
    ]),
    write('headerless.jsonl', [
      messageLine('c1', null, 'user', 'gamma', '2026-01-03T00:00:01.000Z'),
    ]),
  ]
  const library = new SessionLibrary(
    [
      { path: root, source: 'cli' },
      { path: archive, source: 'archive' },
    ],
    { watch: false, dataDir: data },
  )
  await library.start()
  await library.whenIdle()
  ctx.after(async () => {
    await library.close()
    rmSync(join(xdg, 'Trash'), { recursive: true, force: true })
  })
  const log = new ArchiveLog(data)
  const idOf = (text: string) => {
    const row = allRows(library).find((r) => r.firstMessage === text)
    assert.ok(row, text)
    return row.id
  }
  return { library, log, root, archive, paths, idOf }
}

test('archive and unarchive: the same bytes back in the same folder', async (ctx) => {
  const t = await setup(ctx)
  const bytes = t.paths.map((p) => readFileSync(p))
  const ids = ['the quarterly kumquat report', 'beta'].map(t.idOf)
  const archived = await archiveSessions(t.library, t.log, { sessionIds: ids, includeRunning: [] })
  assert.equal(archived.moved.length, 2)
  assert.deepEqual(archived.failed, [])
  for (const [i, p] of t.paths.slice(0, 2).entries()) {
    assert.equal(existsSync(p), false, 'gone from pi’s folder')
    const there = join(t.archive, FOLDER, p.slice(p.lastIndexOf('/') + 1))
    assert.deepEqual(readFileSync(there), bytes[i], 'same bytes in the archive, same layout')
  }
  const inArchive = allRows(t.library, { archived: 'only' })
  assert.deepEqual(inArchive.map((r) => r.firstMessage).sort(), [
    'beta',
    'the quarterly kumquat report',
  ])
  assert.ok(inArchive.every((r) => r.archived))
  assert.deepEqual(
    allRows(t.library, { archived: 'none' }).map((r) => r.firstMessage),
    ['gamma'],
  )
  assert.deepEqual(
    allRows(t.library, { text: 'kumquat' }).map((r) => r.archived),
    [true],
    'an archived session is still found by a search',
  )
  const notes = () => t.library.listProjects().projects.find((p) => p.cwd === '/home/u/notes')
  assert.equal(notes(), undefined, 'the projects count no archived session')
  const newId = archived.moved[0]?.newSessionId as string
  assert.throws(() => t.library.writablePath(newId), /read-only/)

  const back = await unarchiveSessions(
    t.library,
    t.log,
    archived.moved.map((m) => m.newSessionId),
  )
  assert.equal(back.moved.length, 2)
  assert.deepEqual(
    t.paths.map((p) => readFileSync(p)),
    bytes,
  )
  assert.deepEqual(readdirSync(join(t.archive, FOLDER)), [])
  assert.deepEqual(await t.log.list(), [])
  assert.equal(allRows(t.library, { archived: 'only' }).length, 0)
  assert.equal(notes()?.sessionCount, 2)
})

test('across file systems the copy is verified by hash and the source goes to the trash', async (ctx) => {
  if (!existsSync('/dev/shm') || statSync('/dev/shm').dev === statSync(tmpdir()).dev)
    return ctx.skip('no second file system at /dev/shm')
  const shm = mkdtempSync('/dev/shm/pi-archive-')
  ctx.after(() => rmSync(shm, { recursive: true, force: true }))
  const t = await setup(ctx, shm)
  const source = t.paths[0] as string
  const hash = sha(readFileSync(source))
  const id = t.idOf('the quarterly kumquat report')
  const archived = await archiveSessions(t.library, t.log, { sessionIds: [id], includeRunning: [] })
  assert.deepEqual(archived.failed, [])
  const there = join(shm, FOLDER, source.slice(source.lastIndexOf('/') + 1))
  assert.equal(statSync(there).dev, statSync(shm).dev)
  assert.equal(sha(readFileSync(there)), hash, 'the archived copy has the original’s hash')
  assert.equal(existsSync(source), false)
  const trashed = readdirSync(join(xdg, 'Trash', 'files'))
  assert.equal(trashed.length, 1, 'the source went to the OS trash, not unlinked')
  assert.equal(sha(readFileSync(join(xdg, 'Trash', 'files', trashed[0] as string))), hash)

  const back = await unarchiveSessions(t.library, t.log, [
    archived.moved[0]?.newSessionId as string,
  ])
  assert.deepEqual(back.failed, [])
  assert.equal(sha(readFileSync(source)), hash)
  assert.equal(existsSync(there), false)
})

test('a taken name is a conflict and nothing moves, either way', async (ctx) => {
  const t = await setup(ctx)
  const [a, b] = t.paths as [string, string]
  const bytesA = readFileSync(a)
  // Into the archive: a file already has the name there.
  const taken = join(t.archive, FOLDER, b.slice(b.lastIndexOf('/') + 1))
  mkdirSync(join(t.archive, FOLDER), { recursive: true })
  writeFileSync(taken, 'someone else’s file\n')
  await t.library.refresh()
  const refused = await archiveSessions(t.library, t.log, {
    sessionIds: [t.idOf('beta')],
    includeRunning: [],
  })
  assert.equal(refused.failed[0]?.code, 'conflict')
  assert.equal(readFileSync(taken, 'utf8'), 'someone else’s file\n')
  assert.equal(existsSync(b), true)
  assert.deepEqual(await t.log.list(), [], 'no record of a move that did not happen')

  // Back out of the archive: pi wrote a new file under the original name meanwhile.
  const moved = await archiveSessions(t.library, t.log, {
    sessionIds: [t.idOf('the quarterly kumquat report')],
    includeRunning: [],
  })
  writeFileSync(a, 'a new session by the same name\n')
  const back = await unarchiveSessions(t.library, t.log, [moved.moved[0]?.newSessionId as string])
  assert.equal(back.failed[0]?.code, 'conflict')
  assert.equal(readFileSync(a, 'utf8'), 'a new session by the same name\n')
  assert.deepEqual(readFileSync(join(t.archive, FOLDER, a.slice(a.lastIndexOf('/') + 1))), bytesA)
})

test('a running session is left out; stars follow archived sessions', async (ctx) => {
  const t = await setup(ctx)
  const now = new Date()
  utimesSync(t.paths[1] as string, now, now)
  const ids = ['the quarterly kumquat report', 'beta', 'gamma'].map(t.idOf)
  await t.library.star(ids, true)
  const result = await archiveSessions(t.library, t.log, { sessionIds: ids, includeRunning: [] })
  assert.deepEqual(
    result.skipped.map((s) => s.sessionId),
    [t.idOf('beta')],
  )
  assert.match(result.skipped[0]?.reason ?? '', /pi may still be writing it/)
  assert.equal(existsSync(t.paths[1] as string), true)
  const archived = allRows(t.library, { archived: 'only' })
  assert.deepEqual(archived.map((r) => r.firstMessage).sort(), [
    'gamma',
    'the quarterly kumquat report',
  ])
  assert.ok(
    archived.every((r) => r.starred),
    'stars by header id and by path both followed',
  )
  // A flat-layout file keeps a --<cwd>-- folder: the headerless one lay in a project folder.
  assert.ok(existsSync(join(t.archive, FOLDER, 'headerless.jsonl')))
})
