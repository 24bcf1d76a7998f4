/**
 * The JSONL export is a pi session file: pi 0.73.1's own SessionManager opens what we write and
 * finds the same entries and leaf as ours finds in the source (the whole session), or the
 * branch our createBranchedSession makes (one branch as a new session, pi spec 14.6).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import type { ExportScope } from '../../../main/export/scope.js'
import { SessionManager } from '../../../main/session/index.js'
import { exportToString, fixtureSessions } from './helpers.js'

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-export-jsonl-'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

/** Fixtures ours opens writable with a header: pi reads those as we do (roundtrip.test.ts). */
function readable(): string[] {
  return fixtureSessions().filter((f) => {
    const ours = SessionManager.open(f)
    return !ours.isReadOnly() && ours.getHeader() !== null && ours.getEntries().length > 0
  })
}

async function exportAndOpen(file: string, scope: ExportScope) {
  const { text } = await exportToString(file, { format: 'jsonl', redact: false, scope })
  const out = join(dir, `${basename(file)}-${scope.kind}.jsonl`)
  writeFileSync(out, text)
  return PiSessionManager.open(out)
}

describe('JSONL export opens in pi 0.73.1', () => {
  const files = readable()
  it('has fixtures to check', () => assert.ok(files.length >= 30, `${files.length} files`))

  it('whole session: same header, entries and leaf', async () => {
    for (const file of files) {
      const ours = SessionManager.open(file)
      const pi = await exportAndOpen(file, { kind: 'session' })
      const name = basename(file)
      assert.deepEqual(pi.getHeader(), ours.getHeader(), `${name}: header`)
      assert.deepEqual(pi.getEntries(), ours.getEntries(), `${name}: entries`)
      assert.equal(pi.getLeafId(), ours.getLeafId(), `${name}: leaf`)
    }
  })

  it('path to an entry: the branch as a new session, same entries and leaf', async () => {
    let checked = 0
    for (const file of files) {
      const ours = SessionManager.open(file)
      const target = ours.getEntries().find((e) => e.type === 'message' && e.parentId !== null)
      if (!target) continue
      const expected = SessionManager.inMemory(ours.getCwd(), undefined, [
        ours.getHeader(),
        ...ours.getEntries(),
      ])
      expected.createBranchedSession(target.id)
      const pi = await exportAndOpen(file, { kind: 'entry', entryId: target.id })
      const name = basename(file)
      assert.deepEqual(
        pi
          .getEntries()
          .map(({ timestamp: _t, ...e }) => (e.type === 'label' ? { ...e, id: '' } : e)),
        expected
          .getEntries()
          .map(({ timestamp: _t, ...e }) => (e.type === 'label' ? { ...e, id: '' } : e)),
        `${name}: entries`,
      )
      assert.ok(
        pi.getEntries().some((e) => e.id === target.id),
        `${name}: holds the target`,
      )
      assert.notEqual(pi.getHeader()?.id, ours.getHeader()?.id, `${name}: a new session id`)
      const labels = expected.getEntries().filter((e) => e.type === 'label').length
      if (labels === 0) assert.equal(pi.getLeafId(), target.id, `${name}: leaf`)
      else assert.equal(pi.getEntry(pi.getLeafId()!)?.type, 'label', `${name}: leaf`)
      assert.ok(
        pi.getBranch().some((e) => e.id === target.id),
        `${name}: the leaf's path holds the target`,
      )
      checked++
    }
    assert.ok(checked >= 20, `${checked} branches checked`)
  })
})
