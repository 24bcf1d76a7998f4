/**
 * The activity heatmap's days and the top lists on fixture files. Expected figures come
 * from the files by hand (jq over their timestamps, roles and usage; see usage.test.ts):
 * the parent has 6 messages on 2026-02-02 13:30-13:34 UTC; the fork 6 copied ones and 2
 * of its own at 2026-02-06 00:55 UTC; the compaction file 17 messages 04:58-05:13 UTC on
 * 2026-02-04, the first 2 (04:58:48, 04:59:32) before 05:00 UTC; the usage file 4
 * messages at 21:43-21:48 UTC on 2026-02-05.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { activityByDay, topItems } from '../../../main/insights'
import { FILES, openLibraryOf, round, scopeOf } from './helpers'
import { allRows } from '../../helpers/library'

test('sessions and messages per day follow the user’s zone; copied history is not activity', async () => {
  const lib = await openLibraryOf([FILES.forkParent, FILES.fork, FILES.compaction, FILES.usage])
  try {
    const days = (zone: string) =>
      lib
        .read((db) => activityByDay(db, scopeOf(zone)))
        .days.map((d) => [d.day, d.sessions, d.messages])
    assert.deepEqual(days('UTC'), [
      ['2026-02-02', 1, 6],
      ['2026-02-04', 1, 17],
      ['2026-02-05', 1, 4],
      ['2026-02-06', 1, 2],
    ])
    // +03:00: the usage file's messages are at 00:43-00:48 on the 6th, with the fork's.
    assert.deepEqual(days('Europe/Istanbul'), [
      ['2026-02-02', 1, 6],
      ['2026-02-04', 1, 17],
      ['2026-02-06', 2, 6],
    ])
    // -05:00: the compaction file crosses midnight (2 messages on the 3rd, 15 on the 4th);
    // the fork's own turn is at 19:55 on the 5th, beside the usage file's.
    assert.deepEqual(days('America/New_York'), [
      ['2026-02-02', 1, 6],
      ['2026-02-03', 1, 2],
      ['2026-02-04', 1, 15],
      ['2026-02-05', 2, 6],
    ])
    assert.deepEqual(
      lib
        .read((db) =>
          activityByDay(db, scopeOf('America/New_York', { from: '2026-02-04', to: '2026-02-05' })),
        )
        .days.map((d) => d.day),
      ['2026-02-04', '2026-02-05'],
    )
  } finally {
    await lib.close()
  }
})

test('top sessions, models and projects by cost and by tokens', async () => {
  const files = [
    FILES.usage,
    FILES.compaction,
    FILES.branches,
    FILES.forkParent,
    FILES.fork,
    FILES.images,
  ]
  const lib = await openLibraryOf(files)
  try {
    const top = (
      kind: 'session' | 'model' | 'project',
      by: 'cost' | 'tokens',
      limit = 3,
      projectId: string | null = null,
    ) =>
      lib.read((db) => topItems(db, { scope: scopeOf('UTC', { projectId }), kind, by, limit }))
        .items
    const rows = allRows(lib.library)
    const idOf = (file: string) => rows.find((r) => file.endsWith(r.fileName))?.id
    // Costs: compaction $0.22332 (68840 tokens), branches $0.06528 (13400+1560+5600 =
    // 20560), usage $0.01308+$0.0156+$0.002445 = $0.031125 (3200+363+53600 = 57163).
    assert.deepEqual(
      top('session', 'cost').map((i) => [i.id, round(i.cost), i.tokens]),
      [
        [idOf(FILES.compaction), 0.22332, 68840],
        [idOf(FILES.branches), 0.06528, 20560],
        [idOf(FILES.usage), 0.031125, 57163],
      ],
    )
    assert.deepEqual(
      top('session', 'tokens').map((i) => i.id),
      [idOf(FILES.compaction), idOf(FILES.usage), idOf(FILES.branches)],
    )
    // A session without a name is titled by its first user message (jq: first role user).
    assert.equal(
      top('session', 'cost')[0]?.label,
      'Step 1: Index module timeout trace timeout lint schema thread bench channel router.',
    )
    // Models: everything but the classifier is claude-sonnet-4-5 in all 6 sessions:
    // $0.22332 + $0.06528 + $0.02868 + $0.01962 (parent) + $0.00654 (fork's own turn) +
    // $0.01962 (images file: 3 assistant messages with usage, 2 with zero usage).
    assert.deepEqual(
      top('model', 'cost', 10).map((i) => [i.id, round(i.cost), i.sessions]),
      [
        ['anthropic/claude-sonnet-4-5', 0.36306, 6],
        ['llama-cpp/qwen3-coder-30b', 0.002445, 1],
      ],
    )
    const projects = lib.library.listProjects().projects
    const orbit = projects.find((p) => p.cwd === '/home/ayla/src/orbit-notes')?.id as string
    const fork = projects.find((p) => p.cwd === '/home/ayla/src/orbit notes (fork) ✨')
      ?.id as string
    assert.deepEqual(
      top('project', 'cost', 10).map((i) => [i.id, round(i.cost), i.sessions]),
      [
        [orbit, 0.358965, 5],
        [fork, 0.00654, 1],
      ],
    )
    // Scoped to the fork's project: its own turn only (1200+180+800 tokens).
    assert.deepEqual(
      top('session', 'tokens', 10, fork).map((i) => [i.id, i.tokens, i.projectId]),
      [[idOf(FILES.fork), 2180, fork]],
    )
  } finally {
    await lib.close()
  }
})
