/**
 * The whole branch through an entry (what a search hit opens): the path runs on to pi's leaf
 * when the entry is on pi's path, else to the newest entry below it; the page is the window
 * around the entry, whose index in the path it names.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadViewSource } from '../../../main/api/session-view/source'
import { branchLeaf } from '../../../main/api/session-view/branch'
import { pathPage } from '../../../main/api/session-view/page'
import { PathPage } from '../../../preload/contract/session-view'
import { tempDir } from '../../helpers/temp'

/** root - a - (b - b2 - b3 | c - c2): c2 is appended last, so pi's leaf; b3 ends the other branch. */
function sessionFile(dir: string): string {
  const lines: object[] = [
    { type: 'session', version: 3, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' },
  ]
  const add = (id: string, parentId: string | null, role: 'user' | 'assistant') =>
    lines.push({
      type: 'message',
      id,
      parentId,
      timestamp: '2026-01-01T00:00:01.000Z',
      message: { role, content: role === 'user' ? id : [{ type: 'text', text: id }], timestamp: 1 },
    })
  add('root', null, 'user')
  add('a', 'root', 'assistant')
  add('b', 'a', 'user')
  add('b2', 'b', 'assistant')
  add('c', 'a', 'user')
  add('b3', 'b2', 'user')
  add('c2', 'c', 'assistant')
  const file = join(dir, 'branches.jsonl')
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n')
  return file
}

test('the branch through an entry ends at pi’s leaf on pi’s path, else the newest entry below', async (t) => {
  const source = await loadViewSource(sessionFile(tempDir(t)))
  const leafOf = (id: string) => branchLeaf(source, source.byId.get(id) as never).id
  assert.equal(leafOf('root'), 'c2')
  assert.equal(leafOf('a'), 'c2')
  assert.equal(leafOf('c'), 'c2')
  // Off pi's path: the branch's own newest entry, appended after pi's branch forked.
  assert.equal(leafOf('b'), 'b3')
  assert.equal(leafOf('b2'), 'b3')
  assert.equal(leafOf('b3'), 'b3')
})

test('a branch page runs to the branch’s leaf and names the entry’s index', async (t) => {
  const source = await loadViewSource(sessionFile(tempDir(t)))
  const page = PathPage.parse(await pathPage(source, new Map(), { entryId: 'b', branch: true }))
  assert.equal(page.targetId, 'b3')
  assert.deepEqual(
    page.items.map((i) => i.id),
    ['root', 'a', 'b', 'b2', 'b3'],
  )
  assert.equal(page.focusIndex, 2)
  // Without `branch`, the path still ends at the entry and names no focus.
  const plain = PathPage.parse(await pathPage(source, new Map(), { entryId: 'b' }))
  assert.equal(plain.targetId, 'b')
  assert.equal(plain.focusIndex, undefined)
})
