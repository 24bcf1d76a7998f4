/**
 * Select by rule: each cleanup filter picks exactly the fixture sessions the rule names.
 * The expected sets are read from the fixture files themselves (a plain line-by-line JSON
 * reading here, independent of the library's reader) and from manifest.json / expected.json,
 * never from the library's own rows.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { SessionQueryInput } from '../../../preload/contract/library'
import type { SessionLibrary } from '../../../main/library/library'
import { readExpected, readManifest, type TempStore } from '../../helpers/fixtures'
import { allRows, openFixtureLibrary, query } from '../../helpers/library'

type Loose = Record<string, unknown>

let library: SessionLibrary
let store: TempStore
let close: () => Promise<void>

before(async () => {
  ;({ library, store, close } = await openFixtureLibrary())
})
after(() => close())

/** Every persisted fixture file: its path in the temp copy and its lines read plainly. */
function fixtureFiles() {
  return readManifest()
    .files.filter((f) => f.persisted)
    .map((f) => {
      const path = join(store.root, f.file)
      let lines: Loose[] = []
      try {
        lines = readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line) => {
            try {
              const value: unknown = JSON.parse(line)
              return value && typeof value === 'object' ? [value as Loose] : []
            } catch {
              return []
            }
          })
      } catch {
        // A directory named *.jsonl: no lines.
      }
      return { ...f, path, lines }
    })
}

const messages = (lines: Loose[]) =>
  lines.flatMap((l) =>
    l.type === 'message' && l.message && typeof l.message === 'object' ? [l.message as Loose] : [],
  )

/** File names the library selects for `fields` (every match, not a page). */
function selected(fields: Partial<SessionQueryInput>): string[] {
  const selection = library.select(query(fields))
  assert.equal(selection.queryError, null)
  return selection.ids.map((id) => library.getSummary(id).fileName).sort()
}

const names = (files: { path: string }[]) => files.map((f) => basename(f.path)).sort()

test('“no user message” selects exactly the session files without a user message', () => {
  // A folder named *.jsonl is not an empty session: it cannot be read at all.
  const expected = fixtureFiles().filter(
    (f) => statSync(f.path).isFile() && !messages(f.lines).some((m) => m.role === 'user'),
  )
  assert.ok(expected.length >= 3, 'the fixtures have empty sessions')
  assert.deepEqual(selected({ empty: true }), names(expected))
})

test('“with images” selects exactly the sessions whose messages hold an image', () => {
  const expected = fixtureFiles().filter((f) =>
    messages(f.lines).some(
      (m) =>
        Array.isArray(m.content) && m.content.some((c) => (c as Loose | null)?.type === 'image'),
    ),
  )
  assert.ok(expected.length > 0)
  assert.deepEqual(selected({ withImages: true }), names(expected))
})

test('“larger than” selects exactly the files of at least that many bytes', () => {
  const files = fixtureFiles().filter((f) => statSync(f.path).isFile())
  const sizes = files.map((f) => statSync(f.path).size).sort((a, b) => a - b)
  const threshold = sizes[Math.floor(sizes.length / 2)] as number
  const expected = files.filter((f) => statSync(f.path).size >= threshold)
  assert.deepEqual(selected({ minSize: threshold }), names(expected))
})

test('“project” selects exactly the sessions of that cwd, in every root', () => {
  const cwd = '/home/ayla/src/orbit-notes'
  const project = library.listProjects().projects.find((p) => p.cwd === cwd)
  assert.ok(project)
  // Projects are grouped by the header's cwd (pi spec 1.2), wherever the file lies.
  const expected = fixtureFiles().filter(
    (f) => f.lines.find((l) => l.type === 'session')?.cwd === cwd,
  )
  assert.deepEqual(selected({ projectId: project.id }), names(expected))
})

test('“model” selects exactly the sessions that used that model', () => {
  const usedModels = (lines: Loose[]) =>
    new Set(
      lines.flatMap((l) => {
        const m = l.type === 'message' ? (l.message as Loose | null) : null
        if (m && m.role === 'assistant' && typeof m.model === 'string')
          return [`${m.provider as string}/${m.model}`]
        if (l.type === 'model_change' && typeof l.modelId === 'string')
          return [`${l.provider as string}/${l.modelId}`]
        return []
      }),
    )
  const files = fixtureFiles()
  const model = [...usedModels(files.flatMap((f) => f.lines))].sort()[0] as string
  const expected = files.filter((f) => usedModels(f.lines).has(model))
  assert.ok(expected.length > 0 && expected.length < files.length)
  assert.deepEqual(selected({ model }), names(expected))
})

test('“older than” selects the sessions pi dates before the time, and no newer one', () => {
  const pi = (
    readExpected().store.pi160 as { listAll: { sessions: { path: string; modified: string }[] } }
  ).listAll.sessions.filter((s) => !s.modified.startsWith('<'))
  const times = pi.map((s) => new Date(s.modified).getTime()).sort((a, b) => a - b)
  const cut = times[Math.floor(times.length / 2)] as number
  const picked = new Set(selected({ olderThan: cut }))
  for (const s of pi) {
    const older = new Date(s.modified).getTime() < cut
    assert.equal(picked.has(basename(s.path)), older, basename(s.path))
  }
})

test('“damaged” selects exactly the sessions listed with a problem', () => {
  // The status itself is checked against the damage scenarios in listing.test.ts; here the
  // filter must agree with it row for row.
  const expected = allRows(library)
    .filter((r) => r.status !== 'ok')
    .map((r) => r.fileName)
    .sort()
  assert.ok(expected.length > 5)
  assert.deepEqual(selected({ damaged: true }), expected)
})

test('the selection counts bytes, forks and parents of forks as the files say', () => {
  const files = fixtureFiles()
  const byName = new Set(names(files))
  const header = (f: (typeof files)[number]) => f.lines.find((l) => l.type === 'session')
  const parentName = (f: (typeof files)[number]) => {
    const parent = header(f)?.parentSession
    return typeof parent === 'string' && byName.has(basename(parent)) ? basename(parent) : null
  }
  const forks = files.filter((f) => parentName(f) !== null)
  const parents = new Set(forks.map(parentName))
  const selection = library.select(query())
  assert.equal(selection.ids.length, files.length)
  const bytes = files.reduce(
    (n, f) => n + (statSync(f.path).isFile() ? statSync(f.path).size : 0),
    0,
  )
  assert.equal(selection.size, bytes)
  assert.equal(selection.forks, forks.length)
  assert.equal(selection.parents, parents.size)
  assert.ok(forks.length > 0)
})

test('select all matching covers every match, not only the first page of rows', () => {
  const page = library.query(query({ limit: 5 }))
  const all = library.select(query({ limit: 5 }))
  assert.equal(page.rows.length, 5)
  assert.equal(all.ids.length, page.matched)
  assert.ok(all.ids.length > 5)
})
