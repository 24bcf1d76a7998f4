/**
 * Rules that once lived in two places and drifted apart, now each in one home: pi's listing
 * fold (main/session/fold.ts) feeds both the row and the session header, also after an
 * append, and the agent dir is resolved by main/session/paths.ts alone.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { resolveSessionRoots } from '../../../main/library/roots'
import {
  buildSessionInfo,
  getAgentDir,
  isListedByPi,
  loadSessionFileSync,
} from '../../../main/session'
import { appendAfterLast, headerLine } from '../../helpers/append'
import { openFixtureLibrary, query } from '../../helpers/library'

test('an appended non-string session name hides the session from pi, in the row too', async () => {
  const { library, close } = await openFixtureLibrary()
  try {
    const row = library.query(query()).rows.find((r) => r.listedByPi && r.status === 'ok')
    assert.ok(row)
    const { path } = library.getSession(row.id)
    appendAfterLast(path, {
      type: 'session_info',
      id: 'drift001',
      timestamp: new Date().toISOString(),
      name: 42,
    })
    assert.equal(isListedByPi(loadSessionFileSync(path)), false, 'pi would hide the whole file')
    const after = await library.reread(row.id)
    assert.equal(library.reads.appended, 1, 'the append was read from the previous end')
    assert.equal(after.listedByPi, false)
  } finally {
    await close()
  }
})

test('a numeric entry timestamp gives the row and the session header one modified time', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-drift-'))
  try {
    const file = join(dir, '2026-01-01T00-00-00-000Z_drift.jsonl')
    const header = headerLine('drift', '2026-01-01T00:00:00.000Z', '/d')
    const activity = Date.UTC(2026, 2, 3, 4, 5, 6)
    const message = {
      type: 'message',
      id: 'm1',
      parentId: null,
      timestamp: activity,
      message: { role: 'user', content: 'numeric time' },
    }
    writeFileSync(file, `${header}\n${JSON.stringify(message)}\n`)
    const library = new SessionLibrary([{ path: dir, source: 'cli' }], { watch: false })
    await library.start()
    await library.whenIdle()
    const row = library.query(query()).rows[0]
    // The session view's header takes its fields from buildSessionInfo (source.ts).
    const { info } = buildSessionInfo(file, loadSessionFileSync(file), new Date())
    assert.equal(info?.modified.getTime(), activity, 'pi: new Date(entry.timestamp)')
    assert.equal(row?.modified, activity)
    await library.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a file:// PI_CODING_AGENT_DIR names the same folder for the library and the session module', () => {
  const env = { PI_CODING_AGENT_DIR: 'file:///tmp/pi-drift/agent' }
  const roots = resolveSessionRoots({ env, homedir: '/home/nobody' })
  assert.equal(getAgentDir(env), '/tmp/pi-drift/agent')
  assert.equal(roots.agentDir, getAgentDir(env))
  assert.equal(roots.roots[0]?.path, '/tmp/pi-drift/agent/sessions')
})
