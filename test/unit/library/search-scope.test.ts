/**
 * Search scopes over the fixture store: pi's scope (user/assistant text) stays the default
 * and finds what pi finds; tool output, thinking and commands and paths are each searched
 * only when asked for, and kept in the index only from the first search that asks for one
 * (then read again in the background); an append's texts land in their kind; an index of an
 * older schema is rebuilt; an empty result says how many matches the filters hid.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { SearchScope, SessionQueryInput } from '../../../preload/contract/library'
import { SessionLibrary } from '../../../main/library/library'
import { INDEX_SCHEMA_VERSION, indexPath } from '../../../main/library/index-db'
import { capText, OTHER_TEXT_CHARS } from '../../../main/library/search-texts'
import { KIND_BITS } from '../../../main/library/index-chunks'
import { indexTextSlice, wantOtherKinds } from '../../../main/library/other-kinds'
import { appendAfterLast } from '../../helpers/append'
import { copyFixtureStore, filesHolding } from '../../helpers/fixtures'
import { openFixtureLibrary, query } from '../../helpers/library'

let library: SessionLibrary
let close: () => Promise<void>
let roots: string[]

before(async () => {
  let store
  ;({ library, close, store } = await openFixtureLibrary())
  roots = [store.sessionsDir, store.customDir]
  // The first search of another kind starts indexing them; the tests below read them all.
  library.query(query({ text: 'x', scopes: ['tool-output'] }))
  await library.whenTextsReady()
})
after(() => close())

const run = (fields: Partial<SessionQueryInput>) => library.query(query(fields))

/**
 * Appends a bash tool result holding `text`, as pi writes one, to a tide-tables session.
 * @returns the file name of the session
 */
function appendToolResult(sessionsDir: string, id: string, text: string): string {
  const file = '2026-02-12T14-45-40-199Z_019c5250-9ae6-72ec-b5aa-19fab0912fe3.jsonl'
  appendAfterLast(join(sessionsDir, '--home-ayla-src-tide-tables--', file), {
    type: 'message',
    id,
    timestamp: new Date().toISOString(),
    message: {
      role: 'toolResult',
      toolCallId: `t-${id}`,
      toolName: 'bash',
      content: [{ type: 'text', text }],
      isError: false,
      timestamp: Date.now(),
    },
  })
  return file
}

/** The fixture files whose raw lines hold `needle`, by file name. */
const holding = (needle: string) => filesHolding(roots, needle)

const names = (fields: Partial<SessionQueryInput>) =>
  run(fields)
    .rows.map((r) => r.fileName)
    .sort()

// Each phrase is in the fixtures only as the kind named (a tool result's text, an assistant
// thought, a `!` command).
const PHRASES: [SearchScope, string][] = [
  ['tool-output', 'expected 2 children'],
  ['thinking', 'map runs over an empty list'],
  ['commands', 'git status --short'],
]

for (const [scope, phrase] of PHRASES) {
  test(`"${phrase}" is found under ${scope} only, not under pi's scope`, () => {
    const holders = holding(phrase)
    assert.ok(holders.length > 0, `the fixtures hold "${phrase}"`)
    assert.deepEqual(names({ text: `"${phrase}"` }), [], 'messages (the default) miss it')
    assert.deepEqual(names({ text: `"${phrase}"`, scopes: ['messages'] }), [])
    for (const [other] of PHRASES.filter(([s]) => s !== scope))
      assert.deepEqual(names({ text: `"${phrase}"`, scopes: [other] }), [], other)
    assert.deepEqual(names({ text: `"${phrase}"`, scopes: [scope] }), holders)
    assert.deepEqual(names({ text: `"${phrase}"`, scopes: ['messages', scope] }), holders)
    // A regex without literals scans the texts instead of the full-text index.
    const regex = `re:${phrase.replaceAll(' ', '\\s')}`
    assert.deepEqual(names({ text: regex, scopes: [scope] }), holders)
    for (const row of run({ text: `"${phrase}"`, scopes: [scope] }).rows) {
      assert.match(row.snippet ?? '', new RegExp(phrase.replaceAll('-', '\\-'), 'i'))
      assert.ok(row.matchEntryId, 'the hit names its entry')
    }
  })
}

test('a file path of a tool call is found under commands and paths', () => {
  // The read tool's `path` argument in the fixtures.
  const holders = holding('"path":"src/ui/panel.tsx"')
  assert.ok(holders.length > 0)
  const found = names({ text: 'src/ui/panel.tsx', scopes: ['commands'] })
  for (const file of holders) assert.ok(found.includes(file), file)
})

test('an empty result under filters says how many matches the filters hid', () => {
  const phrase = '"expected 2 children"'
  const all = run({ text: phrase, scopes: ['tool-output'] })
  assert.ok(all.matched > 0)
  assert.equal(all.hiddenByFilters, null, 'nothing hidden when rows match')
  const future = Date.now() + 365 * 24 * 3600 * 1000
  const none = run({ text: phrase, scopes: ['tool-output'], modifiedFrom: future })
  assert.equal(none.matched, 0)
  assert.equal(none.hiddenByFilters, all.matched)
  const named = run({ text: phrase, named: true, labeled: true, scopes: ['tool-output'] })
  if (named.matched === 0) assert.equal(named.hiddenByFilters, all.matched)
  assert.equal(run({ text: 'zzznotthere q7' }).hiddenByFilters, null, 'no filters, no count')
})

test('a long tool output keeps both ends searchable', () => {
  const text = `head-marker ${'x'.repeat(OTHER_TEXT_CHARS * 3)} tail-marker`
  const kept = capText(text)
  assert.ok(kept.length <= OTHER_TEXT_CHARS + 3)
  assert.ok(kept.startsWith('head-marker') && kept.endsWith('tail-marker'))
  assert.equal(capText('short'), 'short')
})

test('an append lands in its kind, and an index of the previous schema is rebuilt', async () => {
  const store = copyFixtureStore()
  const dataDir = mkdtempSync(join(tmpdir(), 'pi-sessions-data-'))
  try {
    // An index of schema 4 (no kinds in its chunk ids) at the index's place.
    const old = new DatabaseSync(indexPath(dataDir))
    old.exec(
      `CREATE TABLE other (x); PRAGMA application_id = ${0x70695373}; PRAGMA user_version = 4`,
    )
    old.close()
    const lib = new SessionLibrary([{ path: store.sessionsDir, source: 'cli' }], {
      dataDir,
      watch: false,
    })
    try {
      await lib.start()
      await lib.whenIdle()
      const problem = lib
        .listProjects()
        .problems.find((p) => p.message.startsWith('Library index rebuilt'))
      assert.match(
        problem?.message ?? '',
        new RegExp(`schema 4, this version uses ${INDEX_SCHEMA_VERSION}`),
      )
      lib.query(query({ text: 'x', scopes: ['tool-output'] }))
      await lib.whenTextsReady()
      const file = appendToolResult(store.sessionsDir, 'scope001', 'segfault at q7z marker')
      await lib.refresh()
      await lib.whenIdle()
      const hit = lib.query(query({ text: 'q7z marker', scopes: ['tool-output'] })).rows
      assert.deepEqual(
        hit.map((r) => [r.fileName, r.matchEntryId]),
        [[file, 'scope001']],
      )
      assert.equal(lib.query(query({ text: 'q7z marker' })).rows.length, 0)
    } finally {
      await lib.close()
    }
  } finally {
    store.cleanup()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

/** Chunks in each full-text table, by kind number (index-chunks.ts rowids). */
function ftsKinds(lib: SessionLibrary): Record<string, number[]> {
  return lib.readIndex((db) => {
    const kinds = (table: string) =>
      (
        db
          .prepare(`SELECT DISTINCT (id >> ${KIND_BITS}) & 3 AS kind FROM ${table}_docsize`)
          .all() as { kind: number }[]
      )
        .map((r) => r.kind)
        .sort()
    return { messages: kinds('message_fts'), others: kinds('other_fts') }
  })
}

test('the other kinds stay out of the index until a search asks for one, then all sessions get them', async () => {
  const opened = await openFixtureLibrary()
  try {
    const lib = opened.library
    const otherChunks = () =>
      lib.readIndex(
        (db) =>
          (
            db
              .prepare(`SELECT count(*) AS n FROM chunks WHERE (id >> ${KIND_BITS}) & 3 != 0`)
              .get() as { n: number }
          ).n,
      )
    const phrase = '"expected 2 children"'
    // An append read before the ask keeps its messages only; the background adds the rest.
    const file = appendToolResult(opened.store.sessionsDir, 'scope002', 'late q8z output')
    await lib.refresh()
    const messages = lib.query(query({ text: phrase }))
    assert.equal(messages.progress.otherTextsIndexed, null, 'nothing asked for yet')
    assert.equal(otherChunks(), 0, 'no text of the other kinds is kept')
    assert.deepEqual(ftsKinds(lib), { messages: [0], others: [] })
    const first = lib.query(query({ text: phrase, scopes: ['tool-output'] }))
    const { otherTextsIndexed, textsTotal } = first.progress
    assert.ok(otherTextsIndexed !== null && otherTextsIndexed < textsTotal, 'being indexed')
    await lib.whenTextsReady()
    const after = lib.query(query({ text: phrase, scopes: ['tool-output'] }))
    assert.equal(after.progress.otherTextsIndexed, after.progress.textsTotal)
    assert.deepEqual(after.rows.map((r) => r.fileName).sort(), holding('expected 2 children'))
    const late = lib.query(query({ text: 'q8z output', scopes: ['tool-output'] })).rows
    assert.deepEqual(
      late.map((r) => [r.fileName, r.matchEntryId]),
      [[file, 'scope002']],
    )
    // pi's scope keeps its own table: a Messages search never reads the other kinds'.
    assert.deepEqual(ftsKinds(lib), { messages: [0], others: [1, 2, 3] })
    assert.deepEqual(lib.query(query({ text: phrase })).rows, [])
  } finally {
    await opened.close()
  }
})

test('a slice of the background stores one session’s other kinds, the next indexes them; messages stay counted as indexed', async () => {
  const opened = await openFixtureLibrary()
  try {
    const lib = opened.library
    const progress = () => lib.listProjects().progress
    const total = progress().textsTotal
    // Asked for directly, so no background loop runs: each slice is taken by hand.
    assert.equal(
      lib.readIndex((db) => wantOtherKinds(db)),
      true,
    )
    assert.deepEqual([progress().textsIndexed, progress().otherTextsIndexed], [total, 0])
    let stored = 0
    while (stored === 0) stored = await lib.readIndex((db) => indexTextSlice(db, 1, false))
    const waiting = lib.readIndex(
      (db) => (db.prepare('SELECT count(*) AS n FROM pending_chunks').get() as { n: number }).n,
    )
    assert.ok(waiting > 0, 'the other kinds wait for the full-text index')
    assert.equal(progress().textsIndexed, total, "pi's messages are still all indexed")
    // Sessions without such texts are done at once; the one whose texts wait is not counted.
    const kept = lib.readIndex(
      (db) =>
        (
          db.prepare('SELECT count(*) AS n FROM sessions WHERE other_texts = 1').get() as {
            n: number
          }
        ).n,
    )
    assert.equal(progress().otherTextsIndexed, kept - 1)
    assert.ok((await lib.readIndex((db) => indexTextSlice(db, Infinity, false))) > 0)
    assert.equal(progress().otherTextsIndexed, kept)
    for (let i = 0; i < 1000 && progress().otherTextsIndexed !== total; i++)
      await lib.readIndex((db) => indexTextSlice(db, Infinity, false))
    assert.equal(progress().otherTextsIndexed, total)
    assert.equal(await lib.readIndex((db) => indexTextSlice(db, Infinity, false)), 0, 'done')
  } finally {
    await opened.close()
  }
})
