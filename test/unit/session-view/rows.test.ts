/**
 * Tree rows (session:open) against pi 1.6.0's getTree()/leaves/labels recorded in
 * expected.json, and pi /tree row text (pi spec 15.6).
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { loadViewSource } from '../../../main/api/session-view/source'
import { buildOverview } from '../../../main/api/session-view/overview'
import { SessionOverview } from '../../../preload/contract/session-view'
import { expectedFiles, idMapper, type ExpectedFile, type ExpectedNode } from './expected'

// Deliberate differences (pi spec 17, "no silent loss"): pi drops cycle members from its tree and
// shows a duplicate's later twin twice; the session module shows every entry once.
const DIFFERENT_TREE = [
  'damaged-parent-cycle',
  'damaged-self-parent',
  'damaged-duplicate-ids',
  'damaged-duplicate-id-self-chain',
  'cross-version-duplicate-header',
]

/** pi's /tree display order: pre-order, the child holding the leaf first (pi spec 15.6). */
function displayOrder(file: ExpectedFile): { id: string; parent: string | null; label?: string }[] {
  const active = new Set(file.branch)
  const order = (nodes: ExpectedNode[]) => [
    ...nodes.filter((n) => active.has(n.id ?? '')),
    ...nodes.filter((n) => !active.has(n.id ?? '')),
  ]
  const out: { id: string; parent: string | null; label?: string }[] = []
  const stack = order(file.tree.tree)
    .map((node) => ({ node, parent: null as string | null }))
    .reverse()
  while (stack.length > 0) {
    const { node, parent } = stack.pop() as { node: ExpectedNode; parent: string | null }
    out.push({ id: node.id ?? '', parent, ...(node.label ? { label: node.label } : {}) })
    for (const child of order(node.children ?? []).reverse())
      stack.push({ node: child, parent: node.id ?? '' })
  }
  return out
}

for (const file of expectedFiles(DIFFERENT_TREE)) {
  test(`rows follow pi's tree: ${file.scenario} (${file.rel.split('/').pop()?.slice(0, 24)})`, async () => {
    const source = await loadViewSource(file.path)
    const overview = await buildOverview(source, '0123456789abcdef', 'f.jsonl')
    SessionOverview.parse(overview)
    const ourIds = source.entries.map((e) => (typeof e.id === 'string' ? e.id : ''))
    const map = idMapper(file, ourIds)
    const expected = displayOrder(file).map((n) => ({
      id: map(n.id),
      parent: n.parent === null ? null : map(n.parent),
      ...(n.label ? { label: n.label } : {}),
    }))
    const byPos = new Map(overview.rows.map((r) => [r.pos, r]))
    const rows = overview.rows.map((r) => ({
      id: r.id,
      parent: r.parentPos < 0 ? null : (byPos.get(r.parentPos)?.id ?? '?'),
      ...(r.label ? { label: r.label } : {}),
    }))
    // pi keeps JSON non-objects as tree nodes without ids; we report them as diagnostics.
    assert.deepEqual(
      rows.filter((r) => r.id !== ''),
      expected.filter((r) => r.id !== ''),
    )
    // pi's tree holds JSON non-object lines (42, "x") as childless nodes; ours reports them.
    const nonObjects = file.entries.filter((e) => 'nonObject' in e).length
    assert.equal(overview.stats.branches, file.tree.leaves.length - nonObjects, 'branches = leaves')
    assert.equal(overview.stats.roots, file.tree.roots - nonObjects)
    assert.equal(overview.leafId, file.leafId === null ? null : map(file.leafId))
  })
}

test('a cycle and duplicate ids still show every entry once (no silent loss)', async () => {
  for (const file of expectedFiles().filter((f) => DIFFERENT_TREE.includes(f.scenario))) {
    const source = await loadViewSource(file.path)
    const overview = await buildOverview(source, '0123456789abcdef', 'f.jsonl')
    assert.equal(overview.rows.length, source.entries.length, file.scenario)
    assert.deepEqual(new Set(overview.rows.map((r) => r.pos)).size, source.entries.length)
    assert.ok(overview.diagnostics.length > 0, `${file.scenario} reports its damage`)
    assert.equal(overview.readOnly, true)
  }
})

test("row text is pi's /tree text", async () => {
  const byScenario = (s: string) =>
    expectedFiles()
      .filter((f) => f.scenario === s)
      .at(-1) as ExpectedFile
  const compaction = await loadViewSource(byScenario('compaction').path)
  const rows = (await buildOverview(compaction, '0123456789abcdef', 'f')).rows
  for (const entry of compaction.entries.filter((e) => e.type === 'compaction')) {
    const tokens = Math.round((entry as unknown as { tokensBefore: number }).tokensBefore / 1000)
    assert.equal(rows.find((r) => r.id === entry.id)?.head, `[compaction: ${tokens}k tokens]`)
  }
  const branches = await loadViewSource(byScenario('branches').path)
  const brows = (await buildOverview(branches, '0123456789abcdef', 'f')).rows
  const first = branches.entries[0] as unknown as { id: string; message: { content: string } }
  assert.deepEqual(
    [brows.find((r) => r.id === first.id)?.head, brows.find((r) => r.id === first.id)?.text],
    ['user:', first.message.content],
  )
  assert.ok(brows.some((r) => r.head === '[branch summary]:'))
  assert.ok(brows.some((r) => r.head === '[label: (cleared)]'))
  const tools = await loadViewSource(byScenario('tools-images').path)
  const trows = (await buildOverview(tools, '0123456789abcdef', 'f')).rows
  // A tool result shows the call it answers, formatted as pi does.
  assert.ok(trows.some((r) => r.role === 'toolResult' && r.head === '[read: src/ui/panel.tsx]'))
  assert.ok(trows.some((r) => r.role === 'toolResult' && r.head === '[bash: npm test -- panel]'))
  // Assistant messages with only tool calls are "quiet" (hidden by pi unless error/abort/leaf).
  assert.ok(trows.some((r) => r.role === 'assistant' && r.quiet))
  assert.ok(trows.some((r) => r.role === 'assistant' && r.text === '(aborted)' && !r.quiet))
})
