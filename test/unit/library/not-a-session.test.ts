/**
 * Not every JSONL is a session: another program's JSONL in a session folder (first line JSON
 * of another shape, no pi entries) is reported once under the library's problems and never
 * listed as a damaged session of an invented project.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { NOT_A_SESSION } from '../../../main/library/record'
import { headerLine, messageLine } from '../../helpers/append'
import { query } from '../../helpers/library'
import { tempDir } from '../../helpers/temp'

test('a foreign JSONL folder in a flat session directory is a problem, not a session', async (t) => {
  const flat = tempDir(t, 'pi-flat-')
  const header = headerLine('real', '2026-01-01T00:00:00.000Z', '/p')
  const first = messageLine('m1', null, 'user', 'a real session', '2026-01-01T00:00:01.000Z')
  writeFileSync(join(flat, '2026-01-01T00-00-00-000Z_real.jsonl'), `${header}\n${first}\n`)
  mkdirSync(join(flat, 'subagent-artifacts'))
  const foreign = join(flat, 'subagent-artifacts', 'task-1_transcript.jsonl')
  const records = Array.from({ length: 3 }, (_, i) =>
    JSON.stringify({ version: 1, recordType: i === 0 ? 'meta' : 'turn', text: `step ${i}` }),
  )
  writeFileSync(foreign, records.join('\n') + '\n')
  // A torn pi file (nothing parses) stays a damaged session: it may be pi's own.
  writeFileSync(join(flat, 'torn.jsonl'), '{"type":"sess\n')

  const library = new SessionLibrary([{ path: flat, source: 'cli' }], { watch: false })
  await library.start()
  await library.whenIdle()
  const rows = library.query(query()).rows
  assert.deepEqual(rows.map((r) => r.fileName).sort(), [
    '2026-01-01T00-00-00-000Z_real.jsonl',
    'torn.jsonl',
  ])
  const list = library.listProjects()
  assert.equal(
    list.projects.filter((p) => p.cwd === null && p.damagedCount > 0).length,
    1,
    'only the torn file',
  )
  const problems = list.problems.filter((p) => p.path === foreign)
  assert.deepEqual(
    problems.map((p) => p.message),
    [NOT_A_SESSION],
  )
  await library.refresh()
  assert.equal(
    library.listProjects().problems.filter((p) => p.path === foreign).length,
    1,
    'once, also after a rescan',
  )
  assert.equal(library.reads.foreign, 2)
  await library.close()
})
