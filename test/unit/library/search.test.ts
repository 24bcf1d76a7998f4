/**
 * Search forms (pi spec 15.5), filters and sorts over the fixture store.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { SessionQuery } from '../../../preload/contract/library'
import { SessionLibrary } from '../../../main/library/library'
import { parseQuery, QueryError } from '../../../main/library/search'
import { readExpected } from '../../helpers/fixtures'
import { openFixtureLibrary, query } from '../../helpers/library'

let library: SessionLibrary
let close: () => Promise<void>

before(async () => {
  ;({ library, close } = await openFixtureLibrary())
})
after(() => close())

const BASE: SessionQuery = query()

const run = (q: Partial<SessionQuery>) => library.query({ ...BASE, ...q })

interface PiInfo {
  path: string
  name: string | null
  allMessagesText: string
}
const piSessions = () =>
  (readExpected().store.pi160 as { listAll: { sessions: PiInfo[] } }).listAll.sessions

test('query forms parse as pi parses them', () => {
  assert.deepEqual(parseQuery('  '), { kind: 'empty' })
  assert.deepEqual(parseQuery('retry backoff'), { kind: 'terms', terms: ['retry', 'backoff'] })
  assert.deepEqual(parseQuery('"exact phrase" word'), {
    kind: 'terms',
    terms: ['exact phrase', 'word'],
  })
  // An unbalanced quote leaves plain tokens.
  assert.deepEqual(parseQuery('"unbalanced word'), {
    kind: 'terms',
    terms: ['"unbalanced', 'word'],
  })
  const re = parseQuery('re:ret(ry|ries)')
  assert.equal(re.kind, 'regex')
  assert.ok(re.kind === 'regex' && re.regex.flags.includes('i'))
  assert.throws(() => parseQuery('re:(unclosed'), QueryError)
  assert.throws(() => parseQuery('re:'), QueryError)
})

test('every token must match; matches carry a snippet and the entry to jump to', () => {
  const expected = piSessions().filter(
    (s) => /exponential/i.test(s.allMessagesText) && /backoff/i.test(s.allMessagesText),
  )
  const result = run({ text: 'backoff EXPONENTIAL' })
  assert.deepEqual(
    result.rows.map((r) => r.fileName).sort(),
    expected.map((s) => basename(s.path)).sort(),
  )
  for (const row of result.rows) {
    assert.match(row.snippet ?? '', /backoff/i)
    const segment = library.textsOf(row.id).find((t) => t.entryId === row.matchEntryId)
    assert.match(segment?.text ?? '', /backoff/i)
  }
  assert.equal(run({ text: 'backoff zzznotthere' }).rows.length, 0)
})

test('a quoted phrase matches only the exact phrase; re: matches a regex', () => {
  const phrase = 'Resumed in 0.73.1'
  const holders = piSessions().filter((s) => s.allMessagesText.includes(phrase))
  assert.deepEqual(
    run({ text: `"${phrase}"` }).rows.map((r) => r.fileName),
    holders.map((s) => basename(s.path)),
  )
  assert.equal(run({ text: '"0.73.1 Resumed"' }).rows.length, 0)
  const regex = run({ text: 're:resumed\\s+in\\s+0\\.73' })
  assert.deepEqual(
    regex.rows.map((r) => r.fileName),
    holders.map((s) => basename(s.path)),
  )
  const invalid = run({ text: 're:(' })
  assert.match(invalid.queryError ?? '', /Invalid regular expression/)
  assert.equal(invalid.rows.length, 0)
})

test('a name match ranks first in relevance order', () => {
  const named = piSessions().filter((s) => s.name)
  assert.ok(named.length > 0)
  const word = (named[0]?.name ?? '').split(/\s+/)[0] as string
  const rows = run({ text: word, sort: 'relevance' }).rows
  assert.ok(rows.length > 0)
  assert.ok(rows[0]?.name?.toLowerCase().includes(word.toLowerCase()))
})

// pi 1.6.0 matches a token against the name, id, cwd and messages, never the file name: every
// file name holds `.jsonl`, `_` and its date, so these would otherwise match (nearly) all. A
// file pi does not list (no header id) is found by its file name, its only name.
for (const token of ['jsonl', '_', '2026-0']) {
  test(`"${token}" matches what pi matches, not every file name`, () => {
    // A damaged fixture's header id is a number.
    type PiFields = PiInfo & { id: unknown; cwd: unknown }
    const expected = (piSessions() as PiFields[]).filter((s) =>
      [s.name, s.id, s.cwd, s.allMessagesText].some((field) =>
        String(field ?? '')
          .toLowerCase()
          .includes(token),
      ),
    )
    const inFileName = piSessions().filter((s) => basename(s.path).includes(token))
    assert.ok(inFileName.length > expected.length, 'more file names hold it than pi matches')
    // Files without a header id (pi lists none of them) have only their file name.
    const listed = new Set(piSessions().map((s) => basename(s.path)))
    const unlisted = run({})
      .rows.filter((r) => r.headerId === null && r.fileName.includes(token))
      .map((r) => r.fileName)
    assert.ok(unlisted.every((name) => !listed.has(name)))
    if (token === 'jsonl') assert.ok(unlisted.length > 0, 'the fixtures hold files without an id')
    assert.deepEqual(
      run({ text: token })
        .rows.map((r) => r.fileName)
        .sort(),
      [...expected.map((s) => basename(s.path)), ...unlisted].sort(),
    )
  })
}

test('filters: named, labeled, model, modified range, project', () => {
  const all = run({}).rows
  const named = run({ named: true }).rows
  assert.deepEqual(
    named.map((r) => r.id).sort(),
    all
      .filter((r) => r.name?.trim())
      .map((r) => r.id)
      .sort(),
  )
  assert.ok(named.length > 0)
  const labeled = run({ labeled: true }).rows
  assert.ok(labeled.length > 0)
  assert.ok(labeled.every((r) => r.labelCount > 0))
  const model = all.flatMap((r) => r.models)[0] as string
  assert.ok(run({ model }).rows.every((r) => r.models.includes(model)))
  const pivot = all[Math.floor(all.length / 2)]?.modified as number
  const recent = run({ modifiedFrom: pivot }).rows
  assert.deepEqual(
    recent.map((r) => r.id).sort(),
    all
      .filter((r) => r.modified >= pivot)
      .map((r) => r.id)
      .sort(),
  )
  const project = library.listProjects().projects[0]
  const scoped = run({ projectId: project?.id ?? null }).rows
  assert.equal(scoped.length, project?.sessionCount)
})

test('sorts: recent, created, name, size, cost, threaded', () => {
  const check = (
    sort: SessionQuery['sort'],
    key: (r: ReturnType<typeof run>['rows'][number]) => number,
    desc = true,
  ) => {
    const rows = run({ sort }).rows
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [key(rows[i - 1] as never), key(rows[i] as never)]
      assert.ok(desc ? a >= b : a <= b, `${sort} at ${i}`)
    }
  }
  check('recent', (r) => r.modified)
  check('created', (r) => r.created ?? 0)
  check('size', (r) => r.size)
  check('cost', (r) => r.cost)
  const byName = run({ sort: 'name' }).rows.map((r) =>
    (r.name ?? r.firstMessage).toLocaleLowerCase(),
  )
  assert.deepEqual(
    byName,
    [...byName].sort((a, b) => a.localeCompare(b)),
  )
  // Threaded: every fork comes after its parent, one level deeper.
  const threaded = run({ sort: 'threaded' }).rows
  const forks = threaded.filter((r) => r.parentId && threaded.some((p) => p.id === r.parentId))
  assert.ok(forks.length > 0)
  for (const fork of forks) {
    const parentIndex = threaded.findIndex((r) => r.id === fork.parentId)
    assert.ok(parentIndex < threaded.indexOf(fork))
    assert.equal(fork.depth, (threaded[parentIndex]?.depth ?? 0) + 1)
  }
})

test('a catastrophically backtracking re: pattern is stopped and reported, not hung', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-redos-'))
  const header = {
    type: 'session',
    version: 3,
    id: 'redos',
    timestamp: '2026-01-01T00:00:00.000Z',
    cwd: '/r',
  }
  const entry = {
    type: 'message',
    id: 'e1',
    parentId: null,
    timestamp: '2026-01-01T00:00:01.000Z',
    message: { role: 'user', content: 'a'.repeat(40), timestamp: 1767225601000 },
  }
  writeFileSync(join(dir, 'x.jsonl'), `${JSON.stringify(header)}\n${JSON.stringify(entry)}\n`)
  const lib = new SessionLibrary([{ path: dir, source: 'cli' }], { watch: false })
  await lib.start()
  await lib.whenIdle()
  const result = lib.query(query({ text: 're:(a+)+b' }))
  assert.match(result.queryError ?? '', /took longer/)
  assert.equal(result.rows.length, 0)
  // The library still answers afterwards.
  assert.equal(lib.query(query({ text: 'aaaa' })).rows.length, 1)
  await lib.close()
  rmSync(dir, { recursive: true, force: true })
})

test('a NUL character in a term, a phrase or a regex is searched like any other, never an error', () => {
  // Match pi: a plain substring test (pi spec 15.5); no fixture text holds U+0000.
  for (const text of ['a\u0000b', '"a\u0000bcd"', 're:ab\u0000cd', 'resumed\u0000', '\u0000']) {
    const result = run({ text })
    assert.equal(result.queryError, null, JSON.stringify(text))
    const holders = piSessions().filter((s) =>
      text.startsWith('re:') || text.startsWith('"')
        ? false
        : text.split(/\s+/).every((t) => s.allMessagesText.toLowerCase().includes(t.toLowerCase())),
    )
    assert.equal(result.rows.length, holders.length, JSON.stringify(text))
  }
})
