/**
 * The library's listing equals pi 1.6.0's list/listAll info for every session pi lists
 * (expected.json store section), and lists the files pi hides, marked.
 */
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { readExpected } from '../../helpers/fixtures'
import { openFixtureLibrary, query } from '../../helpers/library'

interface PiInfo {
  path: string
  id: string
  cwd: string
  name: string | null
  parentSessionPath: string | null
  created: string
  modified: string
  messageCount: number
  firstMessage: string
  allMessagesText: string
  allMessagesTextLength: number
  /** First 16 hex of sha256 over the text as a JSON string (expected.json). */
  allMessagesTextHash: string
}

const sha16 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

let library: SessionLibrary
let close: () => Promise<void>

before(async () => {
  ;({ library, close } = await openFixtureLibrary())
})
after(() => close())

function piSessions(): PiInfo[] {
  const pi = readExpected().store.pi160 as { listAll: { sessions: PiInfo[] } }
  return pi.listAll.sessions
}

function rowsByFile() {
  const rows = library.query(query()).rows
  return new Map(rows.map((row) => [row.fileName, row]))
}

test('every session pi lists is listed with pi’s info', () => {
  const rows = rowsByFile()
  const sessions = piSessions()
  assert.ok(sessions.length > 50)
  for (const pi of sessions) {
    const file = basename(pi.path)
    const row = rows.get(file)
    assert.ok(row, `${file} is listed`)
    assert.equal(row.headerId, String(pi.id), file)
    // pi reports "" for a header without cwd; the row says null (unknown) for the same fact.
    assert.equal(row.cwd ?? '', pi.cwd, file)
    assert.equal(row.name, pi.name, file)
    assert.equal(
      row.parentFileName,
      pi.parentSessionPath ? basename(pi.parentSessionPath) : null,
      file,
    )
    assert.equal(
      row.created === null ? 'Invalid Date' : new Date(row.created).toISOString(),
      pi.created,
      file,
    )
    if (!pi.modified.startsWith('<'))
      assert.equal(new Date(row.modified).toISOString(), pi.modified, file)
    assert.equal(row.messageCount, pi.messageCount, file)
    assert.equal(row.firstMessage, pi.firstMessage, file)
    const text = library
      .textsOf(row.id)
      .map((t) => t.text)
      .join(' ')
    assert.equal(text.length, pi.allMessagesTextLength, file)
    assert.equal(sha16(JSON.stringify(text)), pi.allMessagesTextHash, file)
    assert.equal(row.listedByPi, true, file)
  }
})

test('the custom session dir is listed per cwd as pi’s list(cwd, dir)', () => {
  const pi = readExpected().store.pi160 as {
    customDir: { list: Record<string, { order: string[] }> }
  }
  const rows = rowsByFile()
  for (const [cwd, list] of Object.entries(pi.customDir.list)) {
    for (const file of list.order) assert.equal(rows.get(file)?.cwd, cwd, file)
  }
})

test('sessions pi hides are listed and marked, never dropped', () => {
  const rows = rowsByFile()
  const piFiles = new Set(piSessions().map((s) => basename(s.path)))
  const manifest = readExpected().files
  let hidden = 0
  for (const rel of Object.keys(manifest)) {
    const file = basename(rel)
    if (piFiles.has(file) || rel.startsWith('custom-session-dir/')) continue
    if (dirname(rel) === 'agent/sessions') continue // the stray file: hidden by location only
    const row = rows.get(file)
    if (!row) {
      // Not on disk at all: pi's lazy persistence never wrote these scenarios.
      const scenario = manifest[rel]?.scenario ?? ''
      assert.match(scenario, /^lazy-/, `${file} (${scenario}) must be listed`)
      continue
    }
    hidden += 1
    assert.notEqual(row.status, 'ok', `${file} is hidden by pi and must be marked`)
    assert.ok(row.problem, `${file} says what is wrong`)
  }
  assert.ok(hidden >= 5, `found ${hidden} sessions pi hides`)
})

test('projects split one folder shared by two cwds and name each by its cwd', () => {
  const { projects } = library.listProjects()
  const cwds = projects.map((p) => p.cwd)
  assert.ok(cwds.includes('/home/ayla/src/data:v2/api'))
  assert.ok(cwds.includes('/home/ayla/src/data/v2/api'))
  const a = projects.find((p) => p.cwd === '/home/ayla/src/data:v2/api')
  const b = projects.find((p) => p.cwd === '/home/ayla/src/data/v2/api')
  assert.deepEqual(a?.folders, b?.folders)
  assert.equal(a?.sessionCount, 2)
})

test('forks point at their parent session and the parent lists them', () => {
  const rows = [...rowsByFile().values()]
  const forks = rows.filter((r) => r.parentFileName !== null)
  assert.ok(forks.length > 0)
  for (const fork of forks.filter((f) => f.parentId)) {
    const parent = rows.find((r) => r.id === fork.parentId)
    assert.equal(parent?.fileName, fork.parentFileName)
    assert.ok(parent?.forkIds.includes(fork.id))
  }
})

/** Costs read straight from a file: entry id -> usage.cost.total (assistant messages and usage-bearing entries). */
function costsById(path: string): Map<string, number> {
  const costs = new Map<string, number>()
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    let entry: {
      id?: string
      message?: { role?: string; usage?: { cost?: { total?: number } } }
      usage?: { cost?: { total?: number } }
    }
    try {
      entry = JSON.parse(line)
    } catch {
      continue
    }
    const total =
      entry?.message?.role === 'assistant'
        ? entry.message.usage?.cost?.total
        : entry?.usage?.cost?.total
    if (entry?.id && typeof total === 'number') costs.set(entry.id, total)
  }
  return costs
}

test('a fork’s copied history is counted once, in its origin', () => {
  const rows = [...rowsByFile().values()]
  const forks = rows.filter((r) => r.parentId)
  assert.ok(forks.length > 0)
  for (const fork of forks) {
    const parent = rows.find((r) => r.id === fork.parentId)
    const own = costsById(library.getSession(fork.id).path)
    const inherited = costsById(library.getSession(parent?.id as string).path)
    let expected = 0
    for (const [id, c] of own) if (!inherited.has(id)) expected += c
    assert.ok(
      Math.abs(fork.cost - expected) < 1e-9,
      `${fork.fileName}: ${fork.cost} vs ${expected}`,
    )
  }
  const fullCopy = forks.find((f) => f.fileName.includes('019c3071'))
  assert.ok(fullCopy, 'the 1.6.0 forkFrom fixture copies its whole origin')
  assert.ok((rows.find((r) => r.id === fullCopy.parentId)?.cost ?? 0) > 0)
})
