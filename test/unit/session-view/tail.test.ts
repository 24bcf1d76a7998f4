/**
 * First paint from the end (`session:peek-tail`): whatever the tail of a file settles must be
 * exactly the end of pi's active path as the full parse gives it (the model's view, pi spec
 * 12.3, at pi's leaf, spec 7), for every fixture and for tails of every size; what it cannot
 * settle is refused with a reason, and the view waits for the full parse.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, copyFileSync, readFileSync, statSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { localViewCore } from '../../../main/api/session-view/core'
import { pathPage } from '../../../main/api/session-view/page'
import { TreeSkeletons } from '../../../main/api/session-view/skeletons'
import { loadViewSource } from '../../../main/api/session-view/source'
import { FIRST_TAIL_BYTES, PREVIEW_ITEMS, peekTail } from '../../../main/api/session-view/tail'
import { buildRows } from '../../../main/api/session-view/rows'
import type { PathItem } from '../../../preload/contract/session-view'
import { TailPreview, type EntryNaming } from '../../../preload/contract/session-live'
import { generateSession } from '../../../bench/generate-session'
import { tempDir } from '../../helpers/temp'
import { expectedFiles } from './expected'

/** Positions and lines are unknown in a preview: compare everything else. */
function withoutPlaces(items: readonly PathItem[]): unknown {
  return JSON.parse(
    JSON.stringify(items, (key, value: unknown) =>
      key === 'pos' || key === 'line' ? undefined : value,
    ),
  )
}

/** Checks one preview against the full parse; returns whether it was given. */
async function agrees(path: string, tailBytes?: number, items = 1000): Promise<boolean> {
  const preview = TailPreview.parse(await peekTail(path, { tailBytes, items }))
  if (preview.items.length === 0) {
    assert.ok(preview.reason, `${path} @${tailBytes}: a refusal says why`)
    return false
  }
  const source = await loadViewSource(path)
  const leaf = source.entries[source.leafPos]
  assert.ok(leaf, 'the full parse has a leaf where the tail found one')
  assert.equal(preview.leafId, leaf.id, `${path} @${tailBytes}: same leaf as pi`)
  const full = await pathPage(source, new Map(), { entryId: String(leaf.id), limit: 5000 })
  const end = full.items.slice(full.items.length - preview.items.length)
  assert.ok(full.items.length >= preview.items.length)
  assert.deepEqual(withoutPlaces(preview.items), withoutPlaces(end), `${path} @${tailBytes}`)
  // Said to begin at the path's first item only when it does (its day separator is the view's).
  if (preview.fromStart)
    assert.equal(preview.items.length, full.items.length, `${path} @${tailBytes}: from the start`)
  // The entries the items point at are named as the tree's rows name them.
  const rows = new Map((await buildRows(source)).map((r) => [r.id, r]))
  for (const target of preview.targets ?? []) {
    const row = rows.get(target.id)
    const named = ({ id, type, role, text }: EntryNaming) => ({ id, type, role, text })
    assert.ok(row, `${path} @${tailBytes}: ${target.id} is a row of the tree`)
    assert.deepEqual(named(target), named(row), `${path} @${tailBytes}: ${target.id}`)
  }
  return true
}

const TAILS = [256, 1024, 4096, 16_384, 65_536, 1 << 22]

for (const file of expectedFiles()) {
  test(`the tail agrees with the full parse: ${file.scenario} (${file.rel.split('/').pop()?.slice(0, 24)})`, async () => {
    for (const tail of TAILS) await agrees(file.path, tail)
  })
}

test('a whole pi-written fixture read from its end paints at once', async () => {
  const given = []
  for (const file of expectedFiles())
    if (await agrees(file.path, 1 << 22)) given.push(file.scenario)
  for (const scenario of ['plain-chat', 'branches', 'compaction', 'tools-images'])
    assert.ok(given.includes(scenario), `${scenario} paints from its tail`)
  const plain = expectedFiles().find((f) => f.scenario === 'plain-chat')!.path
  assert.equal((await peekTail(plain, { tailBytes: 1 << 22 })).fromStart, true, 'from the start')
})

test('a preview names the entries its items point at, where the tail holds them', async () => {
  const named = new Set<string>()
  for (const file of expectedFiles()) {
    const preview = await peekTail(file.path, { tailBytes: 1 << 22, items: 1000 })
    if ((preview.targets ?? []).length > 0) named.add(file.scenario)
  }
  // A compaction's first kept entry, a label's target (checked against the rows in agrees).
  for (const scenario of ['compaction', 'labels-on-path-source'])
    assert.ok(named.has(scenario), `${scenario} names its targets`)
})

test('a long session: small tails settle its newest entries or wait, never show others', async (t) => {
  const dir = tempDir(t)
  const path = join(dir, 'long.jsonl')
  await generateSession(path, { entries: 12_000, targetBytes: 6e6, branchEvery: 500 })
  let given = 0
  for (const tail of [512, 2048, 8192, 32_768, 131_072, 524_288, 2_097_152])
    if (await agrees(path, tail)) given++
  assert.ok(given >= 4, `most tails settle the newest entries (${given} of 7)`)
  // A tail holding less than a page of the path is refused: the branch leaves it.
  assert.equal((await peekTail(path, { tailBytes: 131_072 })).fromStart, false, 'mid-path')
  const tiny = await peekTail(path, { tailBytes: 300 })
  assert.equal(tiny.items.length, 0)
  assert.match(String(tiny.reason), /leaves the part of the file read|no whole line/)
})

test('a damaged end, or an unfinished one in a quiet file, waits for the full parse', async (t) => {
  const dir = tempDir(t)
  const source = expectedFiles().find((f) => f.scenario === 'plain-chat')!.path
  const damaged = join(dir, 'damaged.jsonl')
  copyFileSync(source, damaged)
  appendFileSync(damaged, '{"type":"message","id":"torn\n')
  const refused = await peekTail(damaged, { tailBytes: 1 << 20 })
  assert.equal(refused.items.length, 0)
  assert.match(String(refused.reason), /damaged or still being written/)
  const unfinished = join(dir, 'unfinished.jsonl')
  copyFileSync(source, unfinished)
  appendFileSync(unfinished, '{"type":"message"')
  // Written a moment ago, the line is on its way: the preview is of the whole lines before it,
  // as the full read is.
  assert.ok(await agrees(unfinished), 'a line on its way is left out, not taken for damage')
  // Quiet, the line will not be finished: it is damage.
  const past = new Date(Date.now() - 20_000)
  utimesSync(unfinished, past, past)
  assert.equal((await peekTail(unfinished)).items.length, 0)
  assert.ok(statSync(unfinished).size > statSync(source).size, 'reading never repairs the file')
})

test('the first read is the last 256 KB; a tail that cannot settle a window grows', async (t) => {
  const dir = tempDir(t)
  const long = join(dir, 'long.jsonl')
  await generateSession(long, { entries: 12_000, targetBytes: 6e6, branchEvery: 500 })
  const small = await peekTail(long)
  assert.equal(small.items.length, PREVIEW_ITEMS)
  assert.ok(small.bytes <= FIRST_TAIL_BYTES, `read ${small.bytes} bytes`)
  assert.ok(await agrees(long, undefined, PREVIEW_ITEMS))

  // The newest entry alone is longer than the first read: no whole line in it, so it grows.
  const big = join(dir, 'big.jsonl')
  copyFileSync(expectedFiles().find((f) => f.scenario === 'plain-chat')!.path, big)
  const lines = readFileSync(big, 'utf8').trimEnd().split('\n')
  const leaf = (JSON.parse(lines[lines.length - 1] as string) as { id: string }).id
  const content = `a long prompt ${'x'.repeat(FIRST_TAIL_BYTES + 1000)}`
  const message = { role: 'user', content, timestamp: 1 }
  const entry = { type: 'message', id: 'big00001', parentId: leaf, timestamp: 't', message }
  appendFileSync(big, `${JSON.stringify(entry)}\n`)
  const grown = await peekTail(big)
  assert.equal(grown.reason, null)
  assert.ok(grown.bytes > FIRST_TAIL_BYTES, `read ${grown.bytes} bytes`)
  assert.equal(grown.items.at(-1)?.id, 'big00001')
  assert.ok(await agrees(big, undefined, PREVIEW_ITEMS))
})

test("a large session's preview is answered before its open from the skeleton, whichever is asked first", async (t) => {
  const dir = tempDir(t)
  const path = join(dir, 'long.jsonl')
  await generateSession(path, { entries: 12_000, targetBytes: 6e6, branchEvery: 500 })
  const trees = new TreeSkeletons({ dir: join(dir, 'trees'), app: '1' })
  await trees.build(path)
  const file = { id: '0123456789abcdef', path, fileName: 'long.jsonl', size: statSync(path).size }
  const args = { sessionId: file.id }
  for (const first of ['peek', 'open', 'peek', 'open']) {
    // A new core each time: the session is not in memory, so it opens from its skeleton.
    const core = localViewCore({ trees })
    const answered: string[] = []
    const peek = () =>
      core.call('session:peek-tail', file, args).then((p) => {
        assert.ok(p.items.length > 0, 'the tail settles the newest entries')
        answered.push('peek')
      })
    const open = () =>
      core.call('session:open', file, { ...args, outline: 'default' }).then((o) => {
        assert.ok(o.outline, 'opened from the skeleton, with its outline')
        answered.push('open')
      })
    await Promise.all(first === 'peek' ? [peek(), open()] : [open(), peek()])
    assert.deepEqual(answered, ['peek', 'open'], `${first} asked first`)
    await core.close()
  }
})

test('a large session held in memory paints from its tail too, answered before its open', async (t) => {
  const dir = tempDir(t)
  const path = join(dir, 'held.jsonl')
  await generateSession(path, { entries: 12_000, targetBytes: 6e6, branchEvery: 500 })
  const file = { id: '0123456789abcdef', path, fileName: 'held.jsonl', size: statSync(path).size }
  const args = { sessionId: file.id }
  const core = localViewCore()
  t.after(() => core.close())
  const held = await core.call('session:open', file, { ...args, outline: 'default' })
  for (const first of ['peek', 'open']) {
    const answered: string[] = []
    const peek = () =>
      core.call('session:peek-tail', file, args).then((p) => {
        answered.push('peek')
        return p
      })
    const open = () =>
      core.call('session:open', file, { ...args, outline: 'default' }).then((o) => {
        answered.push('open')
        return o
      })
    const [preview] =
      first === 'peek'
        ? await Promise.all([peek(), open()])
        : (await Promise.all([open(), peek()])).reverse()
    assert.deepEqual(answered, ['peek', 'open'], `${first} asked first`)
    const p = preview as Awaited<ReturnType<typeof peek>>
    assert.equal(p.reason, null)
    assert.equal(p.leafId, held.leafId, "it ends at pi's leaf")
    assert.equal(p.items.length, PREVIEW_ITEMS)
    const full = await pathPage(await loadViewSource(path), new Map(), {
      entryId: String(held.leafId),
      limit: 5000,
    })
    const end = full.items.slice(full.items.length - p.items.length)
    assert.deepEqual(withoutPlaces(p.items), withoutPlaces(end), 'the newest items of the path')
  }
})
