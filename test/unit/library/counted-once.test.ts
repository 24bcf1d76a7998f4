/**
 * What a row counts does not depend on what else is listed: a fork's copied history is
 * recognised from the fork file itself (pi copies entries with their ids and timestamps
 * before the new header's time, pi spec 14.5 and 14.6), and a file whose header cannot be
 * read is titled from its readable entries.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SessionLibrary } from '../../../main/library/library'
import { messageLine } from '../../helpers/append'
import { openFixtureLibrary, query } from '../../helpers/library'

test('a parent session removed from the library leaves its forks’ usage as it was', async () => {
  const { library, close } = await openFixtureLibrary()
  const aside = mkdtempSync(join(tmpdir(), 'pi-parents-aside-'))
  try {
    const rows = library.query(query()).rows
    const forks = rows.filter((r) => r.parentId)
    assert.ok(forks.length > 0)
    const before = new Map(forks.map((f) => [f.id, f.cost]))
    const parents = new Set(forks.map((f) => f.parentId as string))
    const parentCost = rows.filter((r) => parents.has(r.id)).reduce((sum, r) => sum + r.cost, 0)
    const totalBefore = library.listProjects().projects.reduce((sum, p) => sum + p.cost, 0)
    for (const id of parents) {
      const { path, fileName } = library.getSession(id)
      renameSync(path, join(aside, fileName))
    }
    await library.refresh()
    const after = library.query(query()).rows
    for (const [id, cost] of before) {
      const row = after.find((r) => r.id === id)
      if (!row) continue // a fork that was itself a parent is gone too
      assert.ok(Math.abs(row.cost - cost) < 1e-9, `${row.fileName}: ${row.cost} vs ${cost}`)
      assert.equal(row.parentId, null)
    }
    const totalAfter = library.listProjects().projects.reduce((sum, p) => sum + p.cost, 0)
    assert.ok(
      Math.abs(totalBefore - parentCost - totalAfter) < 1e-9,
      'totals change by the parents’ own usage only',
    )
  } finally {
    await close()
    rmSync(aside, { recursive: true, force: true })
  }
})

test('a file whose header cannot be read is titled from its readable messages', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pi-bad-header-'))
  try {
    const lines = ['{"type":"session","version":3,"id":"broken",'] // unparseable header
    let parent: string | null = null
    for (let i = 1; i <= 6; i++) {
      const id = `m${i}`
      const role = i % 2 ? 'user' : 'assistant'
      const text = i % 2 ? `question ${i}` : `answer ${i}`
      const timestamp = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()
      lines.push(messageLine(id, parent, role, text, timestamp))
      parent = id
    }
    writeFileSync(join(dir, 'broken.jsonl'), lines.join('\n') + '\n')
    const library = new SessionLibrary([{ path: dir, source: 'cli' }], { watch: false })
    await library.start()
    await library.whenIdle()
    const [row] = library.query(query()).rows
    assert.equal(row?.status, 'damaged')
    assert.equal(row?.firstMessage, 'question 1')
    assert.equal(row?.messageCount, 6)
    assert.equal(row?.modified, Date.UTC(2026, 0, 1, 0, 6))
    assert.notEqual(row?.problem, null)
    await library.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
