/**
 * The metadata cache and re-reads (issue 4): a relaunch reads only changed files, an
 * append is read from the previous end, a truncated or replaced file is read in full, a
 * deleted one disappears, a corrupt cache is rebuilt; the watcher sees an append.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import {
  appendFileSync,
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
import { cachePath } from '../../../main/library/cache'
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

function userLine(parentId: string, id: string, text: string): string {
  const entry = {
    type: 'message',
    id,
    parentId,
    timestamp: new Date().toISOString(),
    message: { role: 'user', content: text, timestamp: Date.now() },
  }
  return JSON.stringify(entry) + '\n'
}

function lastId(file: string): string {
  const lines = readFileSync(file, 'utf8').trim().split('\n')
  return (JSON.parse(lines.at(-1) as string) as { id: string }).id
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

  appendFileSync(t.file, userLine(lastId(t.file), 'cache001', 'relaunch marker q7x'))
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

test('an append read incrementally equals a full read of the same file', async () => {
  const t = setup()
  const library = t.make()
  await library.start()
  await library.whenIdle()
  const before = await rowOf(library, FILE)
  appendFileSync(t.file, userLine(lastId(t.file), 'cache002', 'appended text'))
  const incremental = await library.reread(before?.id as string)
  assert.equal(library.reads.appended, 1)
  assert.equal(incremental.messageCount, (before?.messageCount ?? 0) + 1)
  const fresh = new SessionLibrary([{ path: t.store.sessionsDir, source: 'cli' }], { watch: false })
  await fresh.start()
  await fresh.whenIdle()
  assert.deepEqual(incremental, await rowOf(fresh, FILE))
  await fresh.close()
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

test('a corrupt or foreign cache is rebuilt, never fatal', async () => {
  const t = setup()
  for (const garbage of ['{not json', JSON.stringify({ magic: 'other', version: 1 }), '']) {
    writeFileSync(cachePath(t.dataDir), garbage)
    const library = t.make()
    await library.start()
    await library.whenIdle()
    assert.ok((await rowOf(library, FILE))?.messageCount)
    assert.ok(library.reads.full > 0)
    await library.close()
    assert.match(readFileSync(cachePath(t.dataDir), 'utf8'), /pi-sessions-library-cache/)
  }
  t.cleanup()
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
  appendFileSync(t.file, userLine(lastId(t.file), 'watch001', 'seen by the watcher'))
  // How fast is measured by bench/library.ts; here: the watcher alone brings the change.
  await changed
  assert.equal(library.reads.appended, 1)
  await library.close()
  t.cleanup()
})
