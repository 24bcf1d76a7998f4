/**
 * The library index and re-reads: a relaunch reads only changed files, an append is read
 * from the previous end, a truncated or replaced file is read in full, a deleted one
 * disappears, a corrupt, foreign or older index is rebuilt and says so; the watcher sees an
 * append.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { DatabaseSync } from 'node:sqlite'
import { indexPath, INDEX_SCHEMA_VERSION } from '../../../main/library/index-db'
import { appendAfterLast, userEntry } from '../../helpers/append'
import { copyFixtureStore } from '../../helpers/fixtures'
import { query } from '../../helpers/library'

const FOLDER = '--home-ayla-src-tide-tables--'
const FILE = '2026-02-12T14-45-40-199Z_019c5250-9ae6-72ec-b5aa-19fab0912fe3.jsonl'

function setup(watch = false) {
  const store = copyFixtureStore()
  const dataDir = mkdtempSync(join(tmpdir(), 'pi-sessions-data-'))
  const make = () =>
    new SessionLibrary([{ path: store.sessionsDir, source: 'cli' }], { dataDir, watch })
  const file = join(store.sessionsDir, FOLDER, FILE)
  const cleanup = () => {
    store.cleanup()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { store, dataDir, make, file, cleanup }
}

async function rowOf(library: SessionLibrary, file: string) {
  const id = library.query(query()).rows.find((r) => r.fileName === file)?.id
  return id ? library.getSummary(id) : undefined
}

test('a relaunch with the cache reads only the files that changed', async () => {
  const t = setup()
  const first = t.make()
  await first.start()
  await first.whenIdle()
  const total = first.reads.full
  await first.close()

  appendAfterLast(t.file, userEntry('cache001', 'relaunch marker q7x'))
  const second = t.make()
  await second.start()
  await second.whenIdle()
  assert.equal(second.reads.full, 0, 'no file is read in full')
  assert.equal(second.reads.appended, 1, 'the appended file is read from its previous end')
  assert.equal(second.reads.unchanged, total - 1)
  const row = await rowOf(second, FILE)
  assert.equal(row?.firstMessage.startsWith('Timeline session 2'), true)
  // Search texts come back from the texts cache, the appended text from the new bytes.
  await second.whenTextsReady()
  const old = second.query(query({ text: '"Timeline session 2: add a retry"' }))
  assert.deepEqual(
    old.rows.map((r) => r.fileName),
    [FILE],
  )
  assert.deepEqual(
    second.query(query({ text: '"relaunch marker q7x"' })).rows.map((r) => r.fileName),
    [FILE],
  )
  assert.equal(old.pendingTexts, 0)
  assert.equal(second.reads.full, 0, 'texts did not need a full read either')
  await second.close()
  t.cleanup()
})

/** The fixture session's row as a library of its own, reading every file in full, lists it. */
async function rowReadAfresh(sessionsDir: string) {
  const fresh = new SessionLibrary([{ path: sessionsDir, source: 'cli' }], { watch: false })
  await fresh.start()
  await fresh.whenIdle()
  const row = await rowOf(fresh, FILE)
  await fresh.close()
  return row
}

test('an append read incrementally equals a full read of the same file', async () => {
  const t = setup()
  const library = t.make()
  await library.start()
  await library.whenIdle()
  const before = await rowOf(library, FILE)
  appendAfterLast(t.file, userEntry('cache002', 'appended text'))
  const incremental = await library.reread(before?.id as string)
  assert.equal(library.reads.appended, 1)
  assert.equal(incremental.messageCount, (before?.messageCount ?? 0) + 1)
  assert.deepEqual(incremental, await rowReadAfresh(t.store.sessionsDir))
  await library.close()
  t.cleanup()
})

test('line numbers stay the file’s over appends read one after another', async () => {
  const t = setup()
  const library = t.make()
  await library.start()
  await library.whenIdle()
  const id = (await rowOf(library, FILE))?.id as string
  for (const n of [1, 2, 3]) {
    appendAfterLast(t.file, userEntry(`cache00${n}`, `appended text ${n}`))
    await library.reread(id)
  }
  writeFileSync(t.file, '{"type": not json\n', { flag: 'a' })
  const incremental = await library.reread(id)
  assert.equal(library.reads.appended, 4)
  const lines = readFileSync(t.file, 'utf8').split('\n').length - 1
  assert.match(incremental.problem ?? '', new RegExp(`^Line ${lines}: `))
  assert.deepEqual(incremental, await rowReadAfresh(t.store.sessionsDir))
  await library.close()
  t.cleanup()
})

test('a truncated or replaced file is read in full; a deleted one disappears', async () => {
  const t = setup()
  const library = t.make()
  await library.start()
  await library.whenIdle()
  const id = (await rowOf(library, FILE))?.id as string
  const text = readFileSync(t.file, 'utf8')
  const keep = text.split('\n').slice(0, 2).join('\n') + '\n'
  truncateSync(t.file, Buffer.byteLength(keep))
  const truncated = await library.reread(id)
  assert.equal(library.reads.full > 0, true)
  assert.equal(truncated.messageCount, 1)

  const replacement = join(t.store.root, 'replacement.jsonl')
  writeFileSync(replacement, text)
  renameSync(replacement, t.file)
  const fullBefore = library.reads.full
  const replaced = await library.reread(id)
  assert.equal(library.reads.full, fullBefore + 1)
  assert.equal(replaced.messageCount, 2)

  unlinkSync(t.file)
  await library.refresh()
  assert.equal(await rowOf(library, FILE), undefined)
  await library.close()
  t.cleanup()
})

/** A SQLite file at `file` with the given application id and schema version and one table. */
function sqliteFile(file: string, applicationId: number, version: number): void {
  const db = new DatabaseSync(file)
  db.exec(
    `CREATE TABLE other (x); PRAGMA application_id = ${applicationId}; PRAGMA user_version = ${version}`,
  )
  db.close()
}

test('a corrupt, foreign or older index is rebuilt and reported, never fatal', async () => {
  const t = setup()
  const file = indexPath(t.dataDir)
  const cases: [string, () => void, RegExp][] = [
    [
      'not a database',
      () => writeFileSync(file, '{not json'.repeat(1000)),
      /could not be (read|opened)/,
    ],
    ['foreign', () => sqliteFile(file, 0x1234, 1), /not a Pi Sessions index/],
    ['older schema', () => sqliteFile(file, 0x70695373, INDEX_SCHEMA_VERSION + 7), /schema/],
  ]
  for (const [what, make, reason] of cases) {
    rmSync(file, { force: true })
    make()
    const library = t.make()
    await library.start()
    await library.whenIdle()
    assert.ok((await rowOf(library, FILE))?.messageCount, what)
    assert.ok(library.reads.full > 0, what)
    const problem = library
      .listProjects()
      .problems.find((p) => p.message.startsWith('Library index rebuilt'))
    assert.match(problem?.message ?? '', reason, what)
    await library.close()
    const db = new DatabaseSync(file)
    const version = db.prepare('PRAGMA user_version').get()?.user_version
    db.close()
    assert.equal(version, INDEX_SCHEMA_VERSION, `${what}: a usable index is left behind`)
  }
  // An empty file is simply a new index: nothing to report.
  rmSync(file, { force: true })
  writeFileSync(file, '')
  const library = t.make()
  await library.start()
  await library.whenIdle()
  assert.equal(library.listProjects().problems.filter((p) => /index/.test(p.message)).length, 0)
  await library.close()
  t.cleanup()
})

test('an index that cannot be created on disk is kept in memory and said so', async (t) => {
  const store = copyFixtureStore()
  t.after(() => store.cleanup())
  const dataDir = join(store.root, 'not-a-folder')
  writeFileSync(dataDir, 'a file where the data folder should be')
  const library = new SessionLibrary([{ path: store.sessionsDir, source: 'cli' }], {
    dataDir,
    watch: false,
  })
  await library.start()
  await library.whenIdle()
  assert.ok((await rowOf(library, FILE))?.messageCount, 'the library still lists sessions')
  assert.ok(library.query(query({ text: 'Timeline' })).matched > 0, 'and searches them')
  const problem = library.listProjects().problems.find((p) => /kept in memory/.test(p.message))
  assert.match(problem?.message ?? '', /could not be created in .*not-a-folder/)
  await library.close()
})

test('the watcher brings an append without a rescan, read from the previous end', async () => {
  const t = setup(true)
  const library = t.make()
  await library.start()
  await library.whenIdle()
  const before = await rowOf(library, FILE)
  const changed = new Promise<void>((resolve) => {
    const stop = library.onChange(async () => {
      const row = await rowOf(library, FILE)
      if (row && row.messageCount > (before?.messageCount ?? 0)) {
        stop()
        resolve()
      }
    })
  })
  appendAfterLast(t.file, userEntry('watch001', 'seen by the watcher'))
  // How fast is measured by bench/library.ts; here: the watcher alone brings the change.
  await changed
  assert.equal(library.reads.appended, 1)
  await library.close()
  t.cleanup()
})
