/**
 * Path pages (session:get-path) against pi 1.6.0's context per leaf recorded in expected.json
 * (pi spec 12.3): the model's view lists pi's contextEntryIds and counts its messages; the raw
 * view lists the whole branch and marks what the model does not see.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadViewSource, type ViewSource } from '../../../main/api/session-view/source'
import { PAGE_BUDGET, pathPage } from '../../../main/api/session-view/page'
import { TEXT_CUT } from '../../../main/api/session-view/cut-text'
import { PathPage } from '../../../preload/contract/session-view'
import { ApiError } from '../../../preload/contract/errors'
import { expectedFiles, idMapper } from './expected'
import { headerLine, messageLine } from '../../helpers/append'
import { tempDir } from '../../helpers/temp'

/** pi never returns from these (cycles): nothing recorded to compare with. */
const NON_TERMINATING = [
  'damaged-parent-cycle',
  'damaged-self-parent',
  'damaged-duplicate-id-self-chain',
]

function ids(source: ViewSource) {
  return source.entries.map((e) => (typeof e.id === 'string' ? e.id : ''))
}

for (const file of expectedFiles(NON_TERMINATING)) {
  test(`context and raw paths match pi for every leaf: ${file.scenario} (${file.rel.split('/').pop()?.slice(0, 24)})`, async () => {
    const source = await loadViewSource(file.path)
    const map = idMapper(file, ids(source))
    for (const [leaf, pi] of Object.entries(file.byLeaf)) {
      const entryId = map(leaf)
      if (!source.byId.has(entryId)) continue // pi's `undefined` leaf of an id-less line
      const memo = new Map()
      const context = PathPage.parse(await pathPage(source, memo, { entryId, limit: 500 }))
      assert.deepEqual(
        context.items.map((i) => i.id),
        pi.contextEntryIds.map(map),
        `context at ${leaf}`,
      )
      // Our one intended difference (pi spec 12.4): a seed-style retainedTail is replayed.
      const tail =
        context.items[0]?.body.kind === 'compaction' ? context.items[0].body.retainedTail : 0
      assert.equal(context.contextMessages, pi.roles.length + tail, `messages at ${leaf}`)
      assert.equal(context.thinkingLevel, pi.thinkingLevel)
      const raw = PathPage.parse(await pathPage(source, memo, { entryId, raw: true, limit: 500 }))
      assert.deepEqual(
        raw.items.map((i) => i.id),
        pi.branch.map(map),
        `branch at ${leaf}`,
      )
      const kept = new Set(pi.contextEntryIds.map(map))
      for (const item of raw.items) {
        if (!kept.has(item.id)) assert.equal(item.inContext, false, `${item.id} is compacted away`)
      }
      assert.equal(raw.compactedAway, pi.branch.length - pi.contextEntryIds.length)
    }
  })
}

test('a compacted path starts with the compaction card; raw shows what it hides', async () => {
  const file = expectedFiles()
    .filter((f) => f.scenario === 'compaction')
    .at(-1)!
  const source = await loadViewSource(file.path)
  const leaf = file.leafId as string
  const page = await pathPage(source, new Map(), { entryId: leaf })
  assert.equal(page.items[0]?.body.kind, 'compaction')
  assert.ok(page.compactedAway > 0)
  const raw = await pathPage(source, new Map(), { entryId: leaf, raw: true })
  assert.equal(raw.items.filter((i) => !i.inContext).length, page.compactedAway)
  assert.equal(raw.items.length, page.items.length + page.compactedAway)
})

test('context edits: replaced content is shown as the model sees it, omitted entries marked', async () => {
  const file = expectedFiles().find((f) => f.scenario === 'context-edit')!
  const source = await loadViewSource(file.path)
  const edits = source.entries.filter((e) => e.type === 'context_edit') as unknown as {
    id: string
    targetId: string
    replacement: { content: unknown } | null
  }[]
  const [leaf, pi] = Object.entries(file.byLeaf).find(([, v]) =>
    edits.some((e) => v.branch.includes(e.id) && e.replacement === null),
  )!
  const raw = await pathPage(source, new Map(), { entryId: leaf, raw: true, limit: 500 })
  const omitted = raw.items.filter((i) => i.edited === 'omitted').map((i) => i.id)
  // Edits are branch-relative (pi spec 12.3): only those on this branch apply.
  const expectedOmitted = edits.filter((e) => e.replacement === null && pi.branch.includes(e.id))
  assert.deepEqual(
    omitted,
    expectedOmitted.map((e) => e.targetId),
  )
  assert.ok(omitted.length > 0)
  const context = await pathPage(source, new Map(), { entryId: leaf, limit: 500 })
  const replaced = context.items.filter((i) => i.edited === 'replaced')
  assert.ok(replaced.length > 0)
  for (const item of replaced) {
    const edit = edits.filter((e) => e.targetId === item.id && pi.branch.includes(e.id)).at(-1)
    const want = edit?.replacement?.content
    const text =
      typeof want === 'string'
        ? want
        : (want as { text?: string }[]).map((b) => b.text ?? '').join('')
    const body = item.body as { content: { type: string; text?: string }[] }
    assert.equal(body.content.map((b) => b.text ?? '').join(''), text)
  }
})

test('pages: default is the end of the path, offsets page through, unknown entries are not_found', async () => {
  const file = expectedFiles()
    .filter((f) => f.scenario === 'compaction')
    .at(-1)!
  const source = await loadViewSource(file.path)
  const memo = new Map()
  const all = await pathPage(source, memo, {
    entryId: file.leafId as string,
    raw: true,
    limit: 500,
  })
  const tail = await pathPage(source, memo, { entryId: file.leafId as string, raw: true, limit: 5 })
  assert.equal(tail.offset, all.total - 5)
  assert.deepEqual(
    tail.items.map((i) => i.id),
    all.items.slice(-5).map((i) => i.id),
  )
  const second = await pathPage(source, memo, {
    entryId: file.leafId as string,
    raw: true,
    offset: 5,
    limit: 5,
  })
  assert.deepEqual(
    second.items.map((i) => i.id),
    all.items.slice(5, 10).map((i) => i.id),
  )
  await assert.rejects(
    pathPage(source, memo, { entryId: 'nope' }),
    (e: unknown) => e instanceof ApiError && e.code === 'not_found',
  )
  // A position names an entry even without using its id.
  const byPos = await pathPage(source, memo, { position: 3, raw: true })
  assert.equal(byPos.targetPos, 3)
})

test('tool calls and results are paired both ways on the path', async () => {
  const file = expectedFiles()
    .filter((f) => f.scenario === 'tools-images')
    .at(-1)!
  const source = await loadViewSource(file.path)
  const page = await pathPage(source, new Map(), { entryId: file.leafId as string, limit: 500 })
  const calls = page.items.flatMap((i) =>
    i.body.kind === 'assistant' ? i.body.content.filter((b) => b.type === 'toolCall') : [],
  )
  const results = page.items.filter((i) => i.body.kind === 'toolResult')
  assert.ok(calls.length >= 3 && results.length >= 3)
  for (const result of results) {
    const body = result.body as { toolCallId: string; isError: boolean; call?: { id: string } }
    assert.equal(body.call?.id, body.toolCallId)
    const call = calls.find((c) => c.type === 'toolCall' && c.id === body.toolCallId)
    assert.deepEqual(call?.type === 'toolCall' && call.result, {
      id: result.id,
      pos: result.pos,
      isError: body.isError,
    })
  }
  assert.ok(
    results.some((r) => r.body.kind === 'toolResult' && r.body.isError),
    'the error result is marked',
  )
})

test('a page cut short by a huge item still ends at the path end, and the rest follows', async (t) => {
  // Six entries; the third is larger than a whole page's budget.
  const at = '2026-03-01T10:00:00.000Z'
  const texts = ['one', 'two', 'x'.repeat(PAGE_BUDGET + 1000), 'four', 'five', 'six']
  const lines = [headerLine('huge-item', at, '/work')]
  texts.forEach((text, i) =>
    lines.push(
      messageLine(`e${i}`, i === 0 ? null : `e${i - 1}`, i % 2 ? 'assistant' : 'user', text, at),
    ),
  )
  const file = join(tempDir(t), 'huge.jsonl')
  writeFileSync(file, lines.join('\n') + '\n')
  const source = await loadViewSource(file)
  const memo = new Map()
  const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id)
  // The first page (no offset) is what the reader sees first: the end, back to the huge item.
  // Texts whole (as "Show all" asks for them): a cut text would fit the budget.
  const end = await pathPage(source, memo, { entryId: 'e5', raw: true, whole: true })
  assert.equal(end.total, 6)
  assert.deepEqual(ids(end), ['e2', 'e3', 'e4', 'e5'])
  assert.equal(end.offset, 2)
  // Paging forward from 0 stops after the huge item; asking again from the first item missing
  // reaches the end: every item once, in order.
  const seen: string[] = []
  for (let offset = 0; offset < end.total;) {
    const page = await pathPage(source, memo, { entryId: 'e5', raw: true, offset, whole: true })
    assert.ok(page.items.length > 0, `a page from ${offset} has an item`)
    seen.push(...ids(page))
    offset = page.offset + page.items.length
  }
  assert.deepEqual(seen, ['e0', 'e1', 'e2', 'e3', 'e4', 'e5'])
  const first = await pathPage(source, memo, { entryId: 'e5', raw: true, offset: 0, whole: true })
  assert.deepEqual(ids(first), ['e0', 'e1', 'e2'], 'a forward page stops after the huge item')
})

test('a text longer than TEXT_CUT is sent cut, says what it left out, and comes whole when asked', async (t) => {
  const at = '2026-03-01T10:00:00.000Z'
  // Past the cut: an answer's text (with accents and line breaks) and a command's output.
  const long = Array.from({ length: 30_000 }, (_, i) => `ligne ${i} é`).join('\n')
  const output = Array.from({ length: 25_000 }, (_, i) => `out ${i} of a long listing`).join('\n')
  assert.ok(long.length > TEXT_CUT && output.length > TEXT_CUT)
  const bash = {
    type: 'message',
    id: 'e2',
    parentId: 'e1',
    timestamp: at,
    message: {
      role: 'bashExecution',
      command: 'ls -R /',
      output,
      exitCode: 0,
      cancelled: false,
      truncated: false,
      timestamp: 1,
    },
  }
  const lines = [
    headerLine('long-texts', at, '/work'),
    messageLine('e0', null, 'user', 'list it all', at),
    messageLine('e1', 'e0', 'assistant', long, at),
    JSON.stringify(bash),
    messageLine('e3', 'e2', 'assistant', 'short', at),
  ]
  const file = join(tempDir(t), 'long.jsonl')
  writeFileSync(file, lines.join('\n') + '\n')
  const source = await loadViewSource(file)
  const memo = new Map()
  const newlines = (text: string) => text.split('\n').length - 1
  const cut = PathPage.parse(await pathPage(source, memo, { entryId: 'e3' }))
  assert.deepEqual(
    cut.items.map((i) => i.id),
    ['e0', 'e1', 'e2', 'e3'],
  )
  const answer = cut.items[1]?.body
  const block = answer && 'content' in answer ? answer.content[0] : undefined
  assert.ok(block?.type === 'text' && block.cut)
  assert.ok(block.text.length <= TEXT_CUT && long.startsWith(block.text))
  assert.deepEqual(block.cut, {
    chars: long.length - block.text.length,
    lines: newlines(long.slice(block.text.length)),
  })
  const command = cut.items[2]?.body
  assert.ok(command?.kind === 'bash' && command.outputCut)
  assert.ok(command.output.length <= TEXT_CUT && output.startsWith(command.output))
  assert.deepEqual(command.outputCut, {
    chars: output.length - command.output.length,
    lines: newlines(output.slice(command.output.length)),
  })
  // Short texts are sent as they are.
  assert.deepEqual(cut.items[3]?.body.kind === 'assistant' && cut.items[3].body.content, [
    { type: 'text', text: 'short' },
  ])
  // Whole: the texts as stored, nothing said left out.
  const whole = PathPage.parse(await pathPage(source, memo, { entryId: 'e3', whole: true }))
  const wholeAnswer = whole.items[1]?.body
  assert.deepEqual(wholeAnswer && 'content' in wholeAnswer && wholeAnswer.content, [
    { type: 'text', text: long },
  ])
  const wholeCommand = whole.items[2]?.body
  assert.ok(wholeCommand?.kind === 'bash')
  assert.equal(wholeCommand.output, output)
  assert.equal(wholeCommand.outputCut, undefined)
})
