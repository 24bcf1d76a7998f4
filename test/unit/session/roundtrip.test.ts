/**
 * Round trip with pi: sessions written by our SessionManager are opened with pi's own
 * SessionManager (@mariozechner/pi-coding-agent 0.73.1, the version that runs on Node 20) and
 * must give the same header, entries, tree, leaf, labels, name and context.
 *
 * Compared only where 0.73.1 and 1.6.0 agree (pi spec 18.1): 0.73.1 does not apply
 * `context_edit` entries and does not replay a compaction's `systemMessage`, so the context is
 * not compared for the session that uses those (everything else is).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { SessionManager, type SessionTreeNode } from '../../../main/session/index.js'
import { FIXTURE_STORE, fixtureFile } from '../../helpers/fixtures.js'
import {
  assistant,
  bash,
  customRole,
  toolCallAssistant,
  toolResult,
  usage,
  user,
} from './samples.js'

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pi-roundtrip-'))
})
after(() => rmSync(dir, { recursive: true, force: true }))

interface Shape {
  id: string
  label?: string
  labelTimestamp?: string
  children: Shape[]
}
function shape(
  nodes: { entry: { id: string }; label?: string; labelTimestamp?: string; children: unknown[] }[],
): Shape[] {
  return nodes.map((n) => ({
    id: n.entry.id,
    ...(n.label !== undefined ? { label: n.label, labelTimestamp: n.labelTimestamp } : {}),
    children: shape(n.children as SessionTreeNode[]),
  }))
}
function leaves(nodes: Shape[]): string[] {
  return nodes.flatMap((n) => (n.children.length === 0 ? [n.id] : leaves(n.children)))
}

/** Opens `path` with ours and (on a copy) with pi 0.73.1 and compares what both report. */
function compareWithPi(
  path: string,
  { context = true } = {},
): { ours: SessionManager; pi: PiSessionManager } {
  const copy = `${path}.pi-copy.jsonl`
  copyFileSync(path, copy)
  const before = readFileSync(copy)
  const ours = SessionManager.open(path)
  const pi = PiSessionManager.open(copy)
  assert.ok(readFileSync(copy).equals(before), 'pi did not need to repair or migrate the file')
  assert.deepEqual(ours.getHeader(), pi.getHeader())
  assert.deepEqual(ours.getEntries(), pi.getEntries())
  assert.equal(ours.getLeafId(), pi.getLeafId())
  assert.equal(ours.getSessionName(), pi.getSessionName())
  for (const e of pi.getEntries())
    assert.equal(ours.getLabel(e.id), pi.getLabel(e.id), `label of ${e.id}`)
  const tree = shape(pi.getTree())
  assert.deepEqual(shape(ours.getTree()), tree)
  assert.deepEqual(
    ours.getBranch().map((e) => e.id),
    pi.getBranch().map((e) => e.id),
  )
  if (context) {
    assert.deepEqual(ours.buildSessionContext(), pi.buildSessionContext())
    for (const leaf of leaves(tree)) {
      ours.branch(leaf)
      pi.branch(leaf)
      assert.deepEqual(ours.buildSessionContext(), pi.buildSessionContext(), `context at ${leaf}`)
    }
  }
  rmSync(copy)
  return { ours, pi }
}

describe('round trip: written by us, read by pi 0.73.1', () => {
  it('a new session with every append kind, labels and renames', () => {
    const m = SessionManager.create('/home/ayla/src/roundtrip', join(dir, 'all-kinds'))
    m.appendModelChange('anthropic', 'claude-sonnet-4-5')
    m.appendThinkingLevelChange('medium')
    const u1 = m.appendMessage(user('list the files'))
    m.appendMessage(toolCallAssistant('call_1'))
    m.appendMessage(toolResult('call_1', 'a.txt\nb.txt'))
    const a1 = m.appendMessage(assistant('two files'))
    m.appendMessage(bash('git status'))
    m.appendMessage(customRole('from an extension'))
    m.appendCustomEntry('ext-state', { count: 1 })
    m.appendCustomMessageEntry('ext', [{ type: 'text', text: 'injected' }], false, { why: 'test' })
    m.appendLabelChange(u1, 'start')
    m.appendLabelChange(a1, 'answer')
    m.appendLabelChange(a1, 'answer v2')
    m.appendLabelChange(u1, undefined)
    m.appendSessionInfo('First\nname ')
    m.appendUsage('cache_warm', 'anthropic', 'claude-sonnet-4-5', usage, 'warm')
    m.appendCompaction('summary of the start', a1, 12000, { readFiles: ['a.txt'] })
    m.appendMessage(user('after compaction'))
    m.appendMessage(assistant('still here'))
    m.appendSessionInfo('Renamed')
    const file = m.getSessionFile() as string
    compareWithPi(file)
    assert.equal(SessionManager.open(file).getSessionName(), 'Renamed')
  })

  it('branches, resetLeaf and branchWithSummary', () => {
    const m = SessionManager.create('/home/ayla/src/roundtrip', join(dir, 'branches'))
    const u1 = m.appendMessage(user('first'))
    m.appendMessage(assistant('reply one'))
    const u2 = m.appendMessage(user('second'))
    m.appendMessage(assistant('reply two'))
    m.branch(u1)
    m.appendMessage(assistant('alternative reply'))
    m.branchWithSummary(u2, 'tried something else', { readFiles: [] })
    m.appendMessage(user('third on the summary branch'))
    m.resetLeaf()
    m.appendMessage(user('a new root'))
    m.branchWithSummary(null, 'from the very start')
    m.appendMessage(assistant('after a root summary'))
    compareWithPi(m.getSessionFile() as string)
  })

  it('forkFrom copies every entry under a new header', () => {
    const src = SessionManager.create('/home/ayla/src/a', join(dir, 'fork-src'))
    const u = src.appendMessage(user('source prompt'))
    src.appendMessage(assistant('source answer'))
    src.appendLabelChange(u, 'keep')
    src.appendSessionInfo('Source')
    const fork = SessionManager.forkFrom(
      src.getSessionFile() as string,
      '/home/ayla/src/b',
      join(dir, 'fork-dst'),
    )
    const { pi } = compareWithPi(fork.getSessionFile() as string)
    assert.equal(pi.getHeader()?.parentSession, src.getSessionFile())
    assert.deepEqual(
      pi.getEntries(),
      SessionManager.open(src.getSessionFile() as string).getEntries(),
    )
  })

  it('createBranchedSession through labels re-chains the path and re-appends labels', () => {
    const m = SessionManager.create('/home/ayla/src/roundtrip', join(dir, 'branched'))
    const u1 = m.appendMessage(user('label this answer'))
    const a1 = m.appendMessage(assistant('answer'))
    m.appendLabelChange(a1, 'important')
    m.appendMessage(user('second turn: parent is a label'))
    m.appendMessage(assistant('second answer'))
    m.appendCompaction('compacted', u1, 5000)
    const leaf = m.appendMessage(user('third'))
    const source = m.getSessionFile()
    const created = m.createBranchedSession(leaf) as string
    assert.notEqual(created, source)
    const { pi } = compareWithPi(created)
    assert.equal(pi.getHeader()?.parentSession, source)
    assert.equal(pi.getTree().length, 1, 'one root after re-chaining')
    assert.equal(pi.getLabel(a1), 'important')
  })

  it('newSession({parentSession}) links the new file', () => {
    const m = SessionManager.create('/home/ayla/src/roundtrip', join(dir, 'new-session'))
    m.appendMessage(user('old'))
    const previous = m.getSessionFile() as string
    m.newSession({ parentSession: previous })
    m.appendMessage(user('fresh start'))
    const { pi } = compareWithPi(m.getSessionFile() as string)
    assert.equal(pi.getHeader()?.parentSession, previous)
  })

  it('a legacy v1 file, migrated in memory and rewritten on its first edit, reads the same in pi', () => {
    const legacy = fixtureFile('legacy-v1')
    const path = join(dir, 'legacy-v1.jsonl')
    copyFileSync(join(FIXTURE_STORE, legacy.file), path)
    const m = SessionManager.open(path)
    const first = m.getEntries()[0]?.id as string
    m.appendLabelChange(first, 'migrated')
    const { pi } = compareWithPi(path)
    assert.equal(pi.getHeader()?.version, 3)
    assert.equal(pi.getLabel(first), 'migrated')
  })

  it('context edits and system-message checkpoints (entries, tree, labels; context not compared)', () => {
    const m = SessionManager.create('/home/ayla/src/roundtrip', join(dir, 'context-edit'))
    m.appendMessage({ role: 'system', content: 'You are pi.', timestamp: 1 })
    const u = m.appendMessage(user('secret: hunter2'))
    m.appendMessage(assistant('noted'))
    m.appendContextEdit(u, { content: 'secret: [redacted]' })
    m.appendCompaction('checkpoint', null, 100)
    m.appendMessage(user('continue'))
    compareWithPi(m.getSessionFile() as string, { context: false })
    const compaction = m.getEntries().find((e) => e.type === 'compaction') as {
      systemMessage?: unknown
      id: string
      firstKeptEntryId: string
    }
    assert.deepEqual(
      compaction.systemMessage && (compaction.systemMessage as { content: string }).content,
      'You are pi.',
    )
    assert.equal(compaction.firstKeptEntryId, compaction.id, 'null = retain none (own id)')
  })
})
