/**
 * The `session:*` handlers through dispatch, over a library of the fixture store: argument
 * validation (ARCHITECTURE.md rule 3), ids only (rule 5), images, lineage, a damaged file.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { dispatch } from '../../helpers/dispatch'
import { createSessionHandlers } from '../../../main/api/session-handlers'
import { SessionLibrary } from '../../../main/library/library'
import {
  copyFixtureStore,
  fixtureFile,
  fixtureFileName,
  type TempStore,
} from '../../helpers/fixtures'
import type {
  SessionOverview,
  SessionLineage,
  ImageData,
} from '../../../preload/contract/session-view'
import { query } from '../../helpers/library'
import type { TreePage } from '../../../preload/contract/session-live'
import { recordingLog } from '../../helpers/log'
import { allTreeRows } from '../../helpers/tree-rows'

const log = recordingLog()

let store: TempStore
let library: SessionLibrary
let handlers: HandlerTable

before(async () => {
  store = copyFixtureStore('pi-sessions-view-')
  library = new SessionLibrary(
    [
      { path: store.sessionsDir, source: 'cli' },
      { path: store.customDir, source: 'cli' },
    ],
    { watch: false, dataDir: null },
  )
  await library.refresh()
  handlers = createSessionHandlers({ library } as HandlerContext) as HandlerTable
})
after(async () => {
  await library.close()
  store.cleanup()
})

function idOf(scenario: string, writer = 'pi 1.6.0'): string {
  const name = fixtureFileName(scenario, writer)
  const row = library.query(query()).rows.find((r) => r.fileName === name)
  assert.ok(row, `${scenario} is in the library`)
  return row.id
}

async function ok<T>(channel: string, args: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, args, log)
  assert.ok(result.ok, JSON.stringify(result))
  return result.value as T
}

test('arguments are validated: paths, forged ids, odd entry ids are refused', async () => {
  for (const args of [
    { sessionId: '../../etc/passwd' },
    { sessionId: '0123456789abcdef', path: '/etc/passwd' },
    {},
  ]) {
    const r = await dispatch(handlers, 'session:open', args, log)
    assert.equal(!r.ok && r.error.code, 'invalid_argument', JSON.stringify(args))
  }
  const id = idOf('branches')
  for (const args of [
    { sessionId: id },
    { sessionId: id, entryId: 'x'.repeat(129) },
    { sessionId: id, entryId: 'a\nb' },
    { sessionId: id, entryId: 'abc', limit: 100000 },
    { sessionId: id, entryId: 'abc', offset: -1 },
  ]) {
    const r = await dispatch(handlers, 'session:get-path', args, log)
    assert.equal(!r.ok && r.error.code, 'invalid_argument', JSON.stringify(args))
  }
  const forged = await dispatch(handlers, 'session:open', { sessionId: 'ffffffffffffffff' }, log)
  assert.equal(!forged.ok && forged.error.code, 'not_found')
})

/** Every tree row of an opened session, page by page (`session:get-tree`). */
const rowsOf = (overview: SessionOverview) =>
  allTreeRows(overview, (args) => ok<TreePage>('session:get-tree', args))

test('a damaged file opens read-only with its diagnostics and parsable entries', async () => {
  const overview = await ok<SessionOverview>('session:open', {
    sessionId: idOf('damaged-garbage-line', 'handwritten'),
  })
  assert.equal(overview.readOnly, true)
  assert.ok(overview.diagnostics.some((d) => d.kind === 'malformed-json' && d.line > 1 && d.damage))
  assert.ok(overview.rowCount > 0)
  const dir = await dispatch(
    handlers,
    'session:open',
    { sessionId: idOf('damaged-directory-named-jsonl', 'handwritten') },
    log,
  )
  assert.equal(!dir.ok && dir.error.code, 'io')
})

test('bytes that are not UTF-8 are a finding, not damage: the file stays writable', async () => {
  // A copy of a sound session in which another program wrote "é" as Latin-1 (0xE9 alone).
  const source = `${store.root}/${fixtureFile('tools-images', 'pi 1.6.0').file}`
  const bytes = readFileSync(source)
  const lines = bytes.toString('latin1').split('\n')
  const line = lines.findIndex((l) => l.includes('"role":"user"')) + 1
  // The first letter of the user's text ("Here is a screenshot…").
  const text = bytes.indexOf('"text":"', bytes.indexOf('"role":"user"')) + '"text":"'.length
  assert.equal(String.fromCharCode(bytes[text] as number), 'H')
  bytes[text] = 0xe9
  const copy = source.replace(/\.jsonl$/, '-latin1.jsonl')
  writeFileSync(copy, bytes)
  await library.refresh()
  const row = library.query(query()).rows.find((r) => r.fileName === basename(copy))
  assert.equal(row?.status, 'ok')
  const overview = await ok<SessionOverview>('session:open', { sessionId: row.id })
  assert.equal(overview.readOnly, false)
  assert.deepEqual(
    overview.diagnostics.map(({ kind, line, damage }) => ({ kind, line, damage })),
    [{ kind: 'not-utf8', line, damage: false }],
  )
})

test('images are served by reference, only as raster base64', async () => {
  const id = idOf('tools-images')
  const overview = await ok<SessionOverview>('session:open', { sessionId: id })
  const first = (await rowsOf(overview)).find((r) => r.role === 'user')!
  const image = await ok<ImageData>('session:get-image', {
    sessionId: id,
    position: first.pos,
    index: 0,
  })
  const file = fixtureFile('tools-images', 'pi 1.6.0')
  const line = readFileSync(`${store.root}/${file.file}`, 'utf8').split('\n')[
    first.line - 1
  ] as string
  assert.equal(image.data, JSON.parse(line).message.content[1].data)
  assert.equal(image.mimeType, 'image/png')
  const missing = await dispatch(
    handlers,
    'session:get-image',
    { sessionId: id, position: first.pos, index: 5 },
    log,
  )
  assert.equal(!missing.ok && missing.error.code, 'not_found')
})

test('lineage: a fork names its parent, the parent lists its forks', async () => {
  const fork = await ok<SessionLineage>('session:get-lineage', { sessionId: idOf('fork-from') })
  assert.equal(fork.parent?.id, idOf('plain-chat'))
  const parent = await ok<SessionLineage>('session:get-lineage', { sessionId: idOf('plain-chat') })
  assert.ok(parent.forks.some((f) => f.id === idOf('fork-from')))
})

test('a file pi appended to is read again (the cache checks size and mtime)', async () => {
  const id = idOf('plain-chat')
  const before = await ok<SessionOverview>('session:open', { sessionId: id })
  const file = fixtureFile('plain-chat', 'pi 1.6.0')
  const entry = {
    type: 'message',
    id: 'feedf00d',
    parentId: before.leafId,
    timestamp: new Date().toISOString(),
    message: { role: 'user', content: 'appended while the view was open', timestamp: Date.now() },
  }
  appendFileSync(`${store.root}/${file.file}`, `${JSON.stringify(entry)}\n`)
  const after = await ok<SessionOverview>('session:open', { sessionId: id })
  assert.equal(after.rowCount, before.rowCount + 1)
  assert.equal(after.leafId, 'feedf00d')
  assert.ok((await rowsOf(after)).some((r) => r.id === 'feedf00d'))
})
