/**
 * Bad input in the roots: folders that are not sessions, non-jsonl files, a
 * directory named *.jsonl, dangling links and symlink loops, a pipe or a device named *.jsonl,
 * a root that is missing or disappears: the library keeps working and says what it could not
 * read and why.
 */
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import type { SessionQuery } from '../../../preload/contract/library'
import { SessionLibrary } from '../../../main/library/library'
import { loadSessionFile, loadSessionFileSync, readSessionHeader } from '../../../main/session'
import { FIXTURE_STORE } from '../../helpers/fixtures'
import { query } from '../../helpers/library'
import { headerLine, messageLine } from '../../helpers/append'
import { tempDir } from '../../helpers/temp'

const ALL: SessionQuery = query()
const GOOD = 'agent/sessions/--home-ayla-src-tide-tables--'

function hostileRoot(ctx: TestContext): string {
  const root = tempDir(ctx, 'pi-sessions-bad-')
  cpSync(join(FIXTURE_STORE, GOOD), join(root, 'project'), { recursive: true })
  mkdirSync(join(root, 'not-sessions'))
  writeFileSync(join(root, 'not-sessions', 'notes.txt'), 'hello')
  writeFileSync(join(root, 'project', 'README.md'), 'not a session')
  mkdirSync(join(root, 'project', 'folder.jsonl'))
  symlinkSync(join(root, 'nowhere.jsonl'), join(root, 'project', 'dangling.jsonl'))
  symlinkSync(join(root, 'project', 'loop-a.jsonl'), join(root, 'project', 'loop-b.jsonl'))
  symlinkSync(join(root, 'project', 'loop-b.jsonl'), join(root, 'project', 'loop-a.jsonl'))
  symlinkSync(join(root, 'dir-loop'), join(root, 'dir-loop'))
  return root
}

test('hostile files next to sessions are listed with the reason, sessions still load', async (ctx) => {
  const root = hostileRoot(ctx)
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const rows = library.query(ALL).rows
  const byName = new Map(rows.map((r) => [r.fileName, r]))
  assert.equal(
    rows.filter((r) => r.status !== 'unreadable').length,
    7,
    'the seven tide-tables sessions',
  )
  assert.match(byName.get('folder.jsonl')?.problem ?? '', /folder/)
  assert.match(byName.get('dangling.jsonl')?.problem ?? '', /does not exist/)
  assert.match(byName.get('loop-a.jsonl')?.problem ?? '', /loop/)
  for (const name of ['folder.jsonl', 'dangling.jsonl', 'loop-a.jsonl', 'loop-b.jsonl']) {
    assert.equal(byName.get(name)?.status, 'unreadable', name)
  }
  assert.ok(!byName.has('README.md') && !byName.has('notes.txt'), 'non-session files are not rows')
  const problems = library.listProjects().problems
  assert.ok(problems.some((p) => p.path.endsWith('dir-loop') && /loop/.test(p.message)))
  await library.close()
})

test('a session with bytes that are not UTF-8 is listed as sound, its text read as pi reads it', async (ctx) => {
  const root = tempDir(ctx, 'pi-sessions-latin1-')
  const t = '2026-01-01T00:00:00.000Z'
  // "café" written by another program in Latin-1: 0xE9 is not UTF-8 on its own.
  const user = Buffer.from(messageLine('u1', null, 'user', 'caf\u00e9 menu', t), 'latin1')
  writeFileSync(
    join(root, 'latin1.jsonl'),
    Buffer.concat([Buffer.from(`${headerLine('s1', t, '/w')}\n`), user, Buffer.from('\n')]),
  )
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const [row] = library.query(ALL).rows
  assert.equal(row?.status, 'ok')
  assert.equal(row?.problem, null)
  assert.equal(row?.firstMessage, 'caf\uFFFD menu')
  await library.close()
})

const posix = process.platform !== 'win32' && existsSync('/dev/zero')

test(
  'a pipe or a device named *.jsonl is listed as not a regular file, and never read',
  { skip: !posix && 'needs mkfifo and /dev/zero', timeout: 20_000 },
  async (ctx) => {
    const root = tempDir(ctx, 'pi-sessions-special-')
    cpSync(join(FIXTURE_STORE, GOOD), join(root, 'project'), { recursive: true })
    const fifo = join(root, 'project', 'pipe.jsonl')
    const zero = join(root, 'project', 'zero.jsonl')
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo')
    // Opening a pipe waits for a writer; reading /dev/zero never ends: both would hang.
    symlinkSync('/dev/zero', zero)
    const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
    await library.start()
    await library.whenIdle()
    const byName = new Map(library.query(ALL).rows.map((r) => [r.fileName, r]))
    for (const name of ['pipe.jsonl', 'zero.jsonl']) {
      assert.equal(byName.get(name)?.status, 'unreadable', name)
      assert.match(byName.get(name)?.problem ?? '', /not a regular file/, name)
    }
    assert.equal([...byName.values()].filter((r) => r.status !== 'unreadable').length, 7)
    await library.close()
    // Every reader of a session file refuses them at once, in words.
    for (const path of [fifo, zero]) {
      await assert.rejects(loadSessionFile(path), /not a regular file/)
      assert.throws(() => loadSessionFileSync(path), /not a regular file/)
      assert.throws(() => readSessionHeader(path), /not a regular file/)
    }
  },
)

test('a missing root is reported; a root that disappears empties its rows, then comes back', async (ctx) => {
  const base = tempDir(ctx, 'pi-sessions-roots-')
  const root = join(base, 'sessions')
  cpSync(join(FIXTURE_STORE, GOOD), join(root, 'project'), { recursive: true })
  const missing = join(base, 'unmounted')
  const library = new SessionLibrary(
    [
      { path: root, source: 'cli' },
      { path: missing, source: 'cli' },
    ],
    { watch: false },
  )
  await library.start()
  await library.whenIdle()
  assert.equal(library.query(ALL).rows.length, 7)
  assert.ok(library.listProjects().problems.some((p) => p.path === missing && p.code === 'ENOENT'))

  renameSync(root, join(base, 'elsewhere'))
  await library.refresh()
  assert.equal(library.query(ALL).rows.length, 0)
  assert.ok(library.listProjects().problems.some((p) => p.path === root))

  renameSync(join(base, 'elsewhere'), root)
  await library.refresh()
  assert.equal(library.query(ALL).rows.length, 7)
  await library.close()
})

test('a folder reached again through a symlink lists its sessions once, under their own folder', async (ctx) => {
  const root = tempDir(ctx, 'pi-sessions-linked-')
  cpSync(join(FIXTURE_STORE, GOOD), join(root, 'project'), { recursive: true })
  // A link to the project folder beside it (sorted before it), and one to the root itself.
  symlinkSync(join(root, 'project'), join(root, 'a-alias'))
  symlinkSync('.', join(root, 'loop'))
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const rows = library.query(ALL).rows
  assert.equal(rows.length, 7, 'the seven tide-tables sessions, once each')
  for (const row of rows) assert.ok(!library.getSession(row.id).path.includes('a-alias'))
  const projects = library.listProjects().projects
  assert.equal(
    projects.reduce((n, p) => n + p.sessionCount, 0),
    7,
  )
  await library.close()
})

test('sessions in a folder that is there but cannot be listed stay, each saying why it cannot be read', async (ctx) => {
  const base = tempDir(ctx, 'pi-sessions-unlisted-')
  const root = join(base, 'sessions')
  const folder = join(root, 'project')
  cpSync(join(FIXTURE_STORE, GOOD), folder, { recursive: true })
  const library = new SessionLibrary([{ path: root, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const before = library.query(ALL).rows
  assert.equal(before.length, 7)

  // The folder's name now leads nowhere listable: a link to itself (ELOOP). As root, a chmod
  // would not stop the scan; an unlistable folder of another kind is the same case to it.
  renameSync(folder, join(base, 'aside'))
  symlinkSync(folder, folder)
  await library.refresh()
  const during = library.query(ALL).rows
  assert.deepEqual(
    during.map((r) => r.id).sort(),
    before.map((r) => r.id).sort(),
    'the same sessions, not taken for deleted',
  )
  for (const row of during) {
    assert.equal(row.status, 'unreadable')
    assert.match(row.problem ?? '', /Symbolic link loop/)
    // What it said when last read stays: its title, and its project in the project list.
    const was = before.find((r) => r.id === row.id)
    assert.equal(row.cwd, was?.cwd)
    assert.equal(row.firstMessage, was?.firstMessage)
  }
  assert.ok(library.listProjects().problems.some((p) => p.path === folder && p.code === 'ELOOP'))
  // Its project counts them as unreadable, not as damaged.
  const project = () => library.listProjects().projects.find((p) => p.cwd === before[0]?.cwd)
  assert.equal(project()?.unreadableCount, 7)

  rmSync(folder)
  renameSync(join(base, 'aside'), folder)
  await library.refresh()
  const after = library.query(ALL).rows
  assert.equal(after.length, 7)
  assert.equal(project()?.unreadableCount, 0)
  for (const row of after) assert.equal(row.status, before.find((r) => r.id === row.id)?.status)
  await library.close()
})
