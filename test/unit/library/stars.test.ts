/**
 * Stars: kept in the app's data folder (never in a session file), keyed by the header's
 * session id so they survive a session name change, a renamed or moved file, and a restart;
 * a headerless session is starred by its path. The star filter and "starred first" sort.
 */
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { StarStore } from '../../../main/library/stars'
import { appendAfterLast, headerLine, messageLine } from '../../helpers/append'
import { allRows } from '../../helpers/library'
import { tempDir } from '../../helpers/temp'

/** A root with two sessions with headers (a older than b) and one without a header (c). */
function makeRoot(ctx: TestContext) {
  const base = tempDir(ctx)
  const folder = join(base, 'sessions', '--home-u-p--')
  mkdirSync(folder, { recursive: true })
  const file = (name: string, lines: string[]) => {
    writeFileSync(join(folder, name), lines.join('\n') + '\n')
    return join(folder, name)
  }
  const a = file('2026-01-01T00-00-00-000Z_aaaa.jsonl', [
    headerLine('aaaa', '2026-01-01T00:00:00.000Z', '/home/u/p'),
    messageLine('a1', null, 'user', 'alpha', '2026-01-01T00:00:01.000Z'),
  ])
  const b = file('2026-01-02T00-00-00-000Z_bbbb.jsonl', [
    headerLine('bbbb', '2026-01-02T00:00:00.000Z', '/home/u/p'),
    messageLine('b1', null, 'user', 'beta', '2026-01-02T00:00:01.000Z'),
  ])
  const c = file('stray.jsonl', [
    messageLine('c1', null, 'user', 'gamma', '2025-12-01T00:00:01.000Z'),
  ])
  return { root: join(base, 'sessions'), data: join(base, 'data'), folder, a, b, c }
}

async function open(root: string, data: string) {
  const library = new SessionLibrary([{ path: root, source: 'cli' }], {
    watch: false,
    dataDir: data,
  })
  await library.start()
  await library.whenIdle()
  return library
}

const byText = (library: SessionLibrary, text: string) => {
  const row = allRows(library).find((r) => r.firstMessage === text)
  assert.ok(row, text)
  return row
}
const texts = (rows: { firstMessage: string }[]) => rows.map((r) => r.firstMessage)

test('stars live in the data folder, never in a session file, and filter and sort', async (ctx) => {
  const { root, data, a, b, c } = makeRoot(ctx)
  const before = [a, b, c].map((p) => readFileSync(p))
  const library = await open(root, data)
  ctx.after(() => library.close())
  assert.equal(
    await library.star([byText(library, 'alpha').id, byText(library, 'gamma').id], true),
    2,
  )
  assert.deepEqual(
    [a, b, c].map((p) => readFileSync(p)),
    before,
    'no session file changes',
  )
  const saved = JSON.parse(readFileSync(join(data, 'stars.json'), 'utf8'))
  assert.deepEqual(
    saved.stars.map((s: { headerId: string | null }) => s.headerId),
    ['aaaa', null],
  )
  assert.equal(byText(library, 'alpha').starred, true)
  assert.equal(byText(library, 'beta').starred, false)
  assert.deepEqual(texts(allRows(library, { starred: 'only' })).sort(), ['alpha', 'gamma'])
  assert.deepEqual(texts(allRows(library, { starred: 'none' })), ['beta'])
  assert.deepEqual(texts(allRows(library)), ['beta', 'alpha', 'gamma'], 'newest first')
  assert.deepEqual(texts(allRows(library, { starredFirst: true })), ['alpha', 'gamma', 'beta'])
  assert.equal(await library.star([byText(library, 'gamma').id], false), 1)
  assert.deepEqual(texts(allRows(library, { starred: 'only' })), ['alpha'])
})

test('a star survives a session name change, a renamed file and a restart', async (ctx) => {
  const { root, data, folder, a } = makeRoot(ctx)
  let library = await open(root, data)
  await library.star([byText(library, 'alpha').id], true)
  appendAfterLast(a, {
    type: 'session_info',
    id: 'a2',
    timestamp: new Date().toISOString(),
    name: 'Renamed',
  })
  await library.reread(byText(library, 'alpha').id)
  assert.equal(byText(library, 'alpha').name, 'Renamed')
  assert.equal(byText(library, 'alpha').starred, true, 'after a session name change')
  const moved = join(folder, 'moved.jsonl')
  renameSync(a, moved)
  await library.refresh()
  assert.equal(byText(library, 'alpha').fileName, 'moved.jsonl')
  assert.equal(byText(library, 'alpha').starred, true, 'after the file moved')
  await library.close()
  library = await open(root, data)
  ctx.after(() => library.close())
  assert.equal(byText(library, 'alpha').starred, true, 'after a restart')
})

test('a headerless session’s star follows its path when the app moves it', async (ctx) => {
  const { c, data } = makeRoot(ctx)
  const stars = new StarStore(data)
  await stars.set([{ headerId: null, path: c }], true)
  await stars.moved(c, `${c}.archived`)
  const reloaded = new StarStore(data)
  await reloaded.load()
  assert.equal(reloaded.has({ headerId: null, path: `${c}.archived` }), true)
  assert.equal(reloaded.has({ headerId: null, path: c }), false)
})

test('a corrupt stars file means no stars, not a failure', async (ctx) => {
  const { root, data } = makeRoot(ctx)
  mkdirSync(data, { recursive: true })
  writeFileSync(join(data, 'stars.json'), '{not json')
  const library = await open(root, data)
  ctx.after(() => library.close())
  assert.equal(allRows(library, { starred: 'only' }).length, 0)
  await library.star([byText(library, 'beta').id], true)
  assert.deepEqual(texts(allRows(library, { starred: 'only' })), ['beta'])
})
