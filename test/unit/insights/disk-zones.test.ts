/**
 * Disk use on fixture files, and the rules no fixture shows: a daylight-saving change inside
 * the range, usage on a tool result, an entry with an unreadable timestamp, an append.
 * Fixture sizes are `stat -c %s` of the files: images 5237 bytes, the fork 4274, the
 * damaged (truncated) file 1551.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { activityByDay, diskUse, usageOverTime } from '../../../main/insights'
import { SessionLibrary } from '../../../main/library/library'
import { FILES, openLibraryOf, round, scopeOf } from './helpers'
import { allRows } from '../../helpers/library'

test('disk use: bytes per project, largest files, files with images, damaged files', async () => {
  const lib = await openLibraryOf([FILES.images, FILES.fork, FILES.damaged])
  try {
    const projects = lib.library.listProjects().projects
    const idOf = (cwd: string) => projects.find((p) => p.cwd === cwd)?.id
    const disk = lib.read((db) => diskUse(db, scopeOf('UTC')))
    assert.deepEqual(
      disk.projects.map((p) => ({ ...p })),
      [
        { projectId: idOf('/home/ayla/src/orbit-notes'), bytes: 5237, sessions: 1 },
        { projectId: idOf('/home/ayla/src/orbit notes (fork) ✨'), bytes: 4274, sessions: 1 },
        { projectId: idOf('/home/ayla/sandbox/damaged'), bytes: 1551, sessions: 1 },
      ],
    )
    assert.deepEqual(
      disk.largest.map((s) => s.bytes),
      [5237, 4274, 1551],
    )
    // jq: content blocks of type image: user text+image, tool result image, image-only user.
    assert.deepEqual(
      disk.withImages.map((s) => [s.bytes, s.images]),
      [[5237, 3]],
    )
    assert.deepEqual(
      disk.damaged.map((s) => [s.bytes, s.status]),
      [[1551, 'damaged']],
    )
    assert.ok(disk.damaged[0]?.problem, 'a damaged file says what is wrong')
    const scoped = lib.read((db) =>
      diskUse(
        db,
        scopeOf('UTC', { projectId: idOf('/home/ayla/src/orbit notes (fork) ✨') as string }),
      ),
    )
    assert.deepEqual(
      [
        scoped.projects.length,
        scoped.largest.length,
        scoped.withImages.length,
        scoped.damaged.length,
      ],
      [1, 1, 0, 0],
    )
  } finally {
    await lib.close()
  }
})

const usage = (input: number, cost: number) => ({
  input,
  output: 10,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + 10,
  cost: { input: cost, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
})

/** A session around the US daylight-saving change of 2026-03-08 (07:00 UTC). */
function writeSession(dir: string): string {
  const lines = [
    {
      type: 'session',
      version: 3,
      id: 's-dst',
      timestamp: '2026-03-08T04:00:00.000Z',
      cwd: '/w/dst',
    },
    {
      type: 'message',
      id: 'a',
      parentId: null,
      timestamp: '2026-03-08T04:30:00.000Z',
      message: { role: 'assistant', provider: 'p', model: 'm', content: [], usage: usage(100, 1) },
    },
    // Tool results carry usage where a tool reports its own: counted, under the model in force.
    {
      type: 'message',
      id: 'b',
      parentId: 'a',
      timestamp: '2026-03-09T04:30:00.000Z',
      message: {
        role: 'toolResult',
        toolCallId: 'x',
        toolName: 't',
        content: [],
        usage: usage(20, 0.5),
      },
    },
    // No readable timestamp: dated like the entry before it.
    {
      type: 'compaction',
      id: 'c',
      parentId: 'b',
      timestamp: 'not a time',
      summary: 's',
      firstKeptEntryId: 'b',
      tokensBefore: 1,
      usage: usage(3, 0.25),
    },
  ]
  const project = join(dir, '--w-dst--')
  mkdirSync(project, { recursive: true })
  const path = join(project, '2026-03-08T04-00-00-000Z_s-dst.jsonl')
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n')
  return path
}

test('days across a daylight-saving change, tool-result usage, undated entries, appends', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-insights-dst-'))
  const path = writeSession(dir)
  const library = new SessionLibrary([{ path: dir, source: 'cli' }], { watch: false })
  try {
    await library.start()
    await library.whenIdle()
    const cells = (zone: string) =>
      library
        .readIndex((db) =>
          usageOverTime(db, { scope: scopeOf(zone), period: 'day', stackBy: 'model' }),
        )
        .cells.map((c) => [c.period, c.series, c.input, round(c.cost)])
    // 04:30 UTC is 23:30 EST on 03-07; a day later it is 00:30 EDT on 03-09 (after the change).
    assert.deepEqual(cells('America/New_York'), [
      ['2026-03-07', 'p/m', 100, 1],
      ['2026-03-09', 'p/m', 23, 0.75],
    ])
    assert.deepEqual(cells('UTC'), [
      ['2026-03-08', 'p/m', 100, 1],
      ['2026-03-09', 'p/m', 23, 0.75],
    ])
    // The row's totals count the same entries.
    const row = allRows(library)[0]
    assert.deepEqual([row?.tokens.input, row?.cost], [123, 1.75])
    appendFileSync(
      path,
      JSON.stringify({
        type: 'message',
        id: 'd',
        parentId: 'c',
        timestamp: '2026-03-10T12:00:00.000Z',
        message: { role: 'user', content: 'more' },
      }) + '\n',
    )
    await library.refresh()
    await library.whenIdle()
    assert.deepEqual(
      library
        .readIndex((db) => activityByDay(db, scopeOf('UTC')))
        .days.map((d) => [d.day, d.sessions, d.messages]),
      [
        ['2026-03-08', 1, 1],
        ['2026-03-09', 1, 1],
        ['2026-03-10', 1, 1],
      ],
    )
    // New York's days were built before the append: the appended session's rows are
    // rewritten there too (12:00 UTC on the 10th is 08:00 EDT the same day).
    assert.deepEqual(
      library
        .readIndex((db) => activityByDay(db, scopeOf('America/New_York')))
        .days.map((d) => [d.day, d.sessions, d.messages]),
      [
        ['2026-03-07', 1, 1],
        ['2026-03-09', 1, 1],
        ['2026-03-10', 1, 1],
      ],
    )
  } finally {
    await library.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a session without messages is titled on the disk lists as in the library list', async () => {
  const lib = await openLibraryOf([FILES.headerOnly, FILES.images])
  try {
    const disk = lib.read((db) => diskUse(db, scopeOf('UTC')))
    const rows = await allRows(lib.library)
    const byId = new Map(rows.map((r) => [r.id, r]))
    // pi's first-message text of an empty session is "(no messages)" (pi spec 15.1); the
    // library titles it by its project folder (rowTitle), and Insights the same way.
    assert.equal(disk.largest.length, 2)
    const empty = disk.largest.find((s) => byId.get(s.id)?.firstMessage === '(no messages)')
    assert.equal(empty?.label, 'Empty session in damaged')
    // A session with messages keeps its first message as its title.
    const other = disk.largest.find((s) => s !== empty)
    assert.equal(other?.label, byId.get(other?.id ?? '')?.firstMessage)
  } finally {
    await lib.close()
  }
})
