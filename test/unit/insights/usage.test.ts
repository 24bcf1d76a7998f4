/**
 * Usage per period and series on fixture files. Every expected figure was read off the
 * files by hand with
 *   jq -c 'select(.type!="session") | [.timestamp, .type, (.message.usage // .usage)
 *     | if . then [.input,.output,.cacheRead,.cacheWrite,.cost.total] else null end]' <file>
 * and is written as a literal: 1200/180/800/0/$0.00654 is the usage of every assistant
 * message in these files.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { usageOverTime } from '../../../main/insights'
import type { UsageResult } from '../../../preload/contract/insights'
import { FILES, openLibraryOf, round, scopeOf } from './helpers'

const SONNET = 'anthropic/claude-sonnet-4-5'

/** Cells as [period, series, input, output, cacheRead, cacheWrite, cost]. */
function table(result: UsageResult) {
  return result.cells.map((c) => [
    c.period,
    c.series,
    c.input,
    c.output,
    c.cacheRead,
    c.cacheWrite,
    round(c.cost),
  ])
}

test('usage entries count under their own model, compactions and branch summaries under the one in force', async () => {
  const lib = await openLibraryOf([FILES.usage, FILES.compaction, FILES.branches])
  try {
    const result = lib.read((db) =>
      usageOverTime(db, { scope: scopeOf('UTC'), period: 'day', stackBy: 'model' }),
    )
    assert.deepEqual(table(result), [
      // compaction file: 8 assistant messages (9600/1440/6400/$0.05232) plus compactions
      // 30000/900/$0.1035 and 20000/500/$0.0675, all on 2026-02-04 UTC.
      ['2026-02-04', SONNET, 59600, 2840, 6400, 0, 0.22332],
      // branches file: 7 assistant messages (8400/1260/5600/$0.04578) + branch_summary
      // 5000/300/$0.0195; usage file: 2 assistant messages (2400/360/1600/$0.01308) + the
      // cache_warm usage entry 0/0/52000/$0.0156: $0.06528 + $0.02868.
      ['2026-02-05', SONNET, 8400 + 5000 + 2400, 1260 + 300 + 360, 5600 + 1600 + 52000, 0, 0.09396],
      // usage file: the classifier usage entry names its own model.
      ['2026-02-05', 'llama-cpp/qwen3-coder-30b', 800, 3, 0, 0, 0.002445],
    ])
  } finally {
    await lib.close()
  }
})

test('a fork’s copied history is counted once, in its parent', async () => {
  const lib = await openLibraryOf([FILES.forkParent, FILES.fork])
  try {
    const result = lib.read((db) =>
      usageOverTime(db, { scope: scopeOf('UTC'), period: 'day', stackBy: 'model' }),
    )
    // Parent: 3 assistant messages on 2026-02-02. Fork: the same 3 copied (dated before
    // its header, 2026-02-06T00:54:44.136Z) and 1 of its own at 2026-02-06T00:55:50.
    assert.deepEqual(table(result), [
      ['2026-02-02', SONNET, 3600, 540, 2400, 0, 0.01962],
      ['2026-02-06', SONNET, 1200, 180, 800, 0, 0.00654],
    ])
    const byProject = lib.read((db) =>
      usageOverTime(db, { scope: scopeOf('UTC'), period: 'month', stackBy: 'project' }),
    )
    const projects = lib.library.listProjects().projects
    const idOf = (cwd: string) => projects.find((p) => p.cwd === cwd)?.id
    assert.deepEqual(
      byProject.cells.map((c) => [c.period, c.series, round(c.cost)]),
      [
        ['2026-02', idOf('/home/ayla/src/orbit-notes'), 0.01962],
        ['2026-02', idOf('/home/ayla/src/orbit notes (fork) ✨'), 0.00654],
      ],
    )
  } finally {
    await lib.close()
  }
})

test('a session crossing midnight in the user’s zone splits across the two days', async () => {
  const lib = await openLibraryOf([FILES.compaction])
  try {
    const day = (timeZone: string) =>
      table(
        lib.read((db) =>
          usageOverTime(db, { scope: scopeOf(timeZone), period: 'day', stackBy: 'model' }),
        ),
      )
    // The file runs 04:58:48-05:13:42 UTC: one day in UTC and in Istanbul (+03:00).
    assert.deepEqual(day('UTC'), [['2026-02-04', SONNET, 59600, 2840, 6400, 0, 0.22332]])
    assert.deepEqual(day('Europe/Istanbul'), [
      ['2026-02-04', SONNET, 59600, 2840, 6400, 0, 0.22332],
    ])
    // New York is at -05:00 in February: the system and user messages before 05:00 UTC are
    // on 2026-02-03 there but carry no usage; all usage (first at 05:00:04 UTC) is on the 4th.
    assert.deepEqual(day('America/New_York'), [
      ['2026-02-04', SONNET, 59600, 2840, 6400, 0, 0.22332],
    ])
    // Slots are quarter hours, so an offset that is not a multiple of 15 minutes is refused.
    assert.throws(
      () =>
        lib.read((db) =>
          usageOverTime(db, { scope: scopeOf('+05:10'), period: 'day', stackBy: 'model' }),
        ),
      /quarter/,
    )
  } finally {
    await lib.close()
  }
})

test('weeks are ISO weeks labelled by their Monday, months by YYYY-MM', async () => {
  const lib = await openLibraryOf([FILES.forkParent, FILES.fork, FILES.usage])
  try {
    const period = (p: 'week' | 'month') =>
      table(
        lib.read((db) => usageOverTime(db, { scope: scopeOf('UTC'), period: p, stackBy: 'model' })),
      )
    // 2026-02-02 is a Monday: the parent (Mon 2nd), the usage file (Thu 5th) and the fork's
    // own turn (Fri 6th) fall in one week: 3600+2400+1200 input, 540+360+180 output,
    // 2400+1600+52000+800 cache read, $0.01962+$0.01308+$0.0156+$0.00654.
    assert.deepEqual(period('week'), [
      ['2026-02-02', SONNET, 7200, 1080, 56800, 0, 0.05484],
      ['2026-02-02', 'llama-cpp/qwen3-coder-30b', 800, 3, 0, 0, 0.002445],
    ])
    assert.deepEqual(period('month'), [
      ['2026-02', SONNET, 7200, 1080, 56800, 0, 0.05484],
      ['2026-02', 'llama-cpp/qwen3-coder-30b', 800, 3, 0, 0, 0.002445],
    ])
  } finally {
    await lib.close()
  }
})

test('a date range keeps the days it names, in the scope’s zone', async () => {
  const lib = await openLibraryOf([FILES.forkParent, FILES.fork])
  try {
    const cells = (from: string, to: string, zone: string) =>
      table(
        lib.read((db) =>
          usageOverTime(db, {
            scope: scopeOf(zone, { from, to }),
            period: 'day',
            stackBy: 'model',
          }),
        ),
      )
    assert.deepEqual(cells('2026-02-06', '2026-02-06', 'UTC'), [
      ['2026-02-06', SONNET, 1200, 180, 800, 0, 0.00654],
    ])
    // In New York the fork's own turn (00:55:50 UTC) is on the evening of 2026-02-05.
    assert.deepEqual(cells('2026-02-06', '2026-02-06', 'America/New_York'), [])
    assert.deepEqual(cells('2026-02-05', '2026-02-05', 'America/New_York'), [
      ['2026-02-05', SONNET, 1200, 180, 800, 0, 0.00654],
    ])
    assert.throws(() => cells('2026-02-06', '2026-02-01', 'UTC'), /ends .* before it starts/)
    assert.throws(() => cells('2026-02-01', '2026-02-06', 'Mars/Olympus'), /Unknown time zone/)
  } finally {
    await lib.close()
  }
})
