/**
 * Labels, session names and branch extraction (pi spec 10, 11, 14.6) on temp copies of the fixtures;
 * pi's own SessionManager (0.73.1) reads back what we wrote.
 */
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import { extractBranch, renameSession, setLabel } from '../../../main/library/edits'
import { normalizeText } from '../../../preload/contract/edit-text'
import { LABEL_MAX } from '../../../preload/contract/session'
import { ApiError } from '../../../preload/contract/errors'
import { copyFixtureFile } from '../../helpers/fixtures'

/** A temp copy of the fixture file of `scenario` by `writer`, removed after the test `ctx`. */
function copyOf(ctx: TestContext, scenario: string, writer = 'pi 1.6.0') {
  const copy = copyFixtureFile(scenario, writer, 'pi-edit-')
  ctx.after(copy.cleanup)
  return copy
}

const code = (e: unknown) => (e instanceof ApiError ? e.code : String(e))

test('a label set, changed and cleared reads back in pi; undo writes the previous value', async (ctx) => {
  const t = copyOf(ctx, 'plain-chat')
  const target = PiSessionManager.open(t.path).getEntries()[2]?.id as string
  const first = await setLabel(t.path, target, 'checkpoint')
  assert.deepEqual(first, { previous: null, current: 'checkpoint' })
  assert.equal(PiSessionManager.open(t.path).getLabel(target), 'checkpoint')
  const second = await setLabel(t.path, target, 'renamed checkpoint')
  assert.equal(second.previous, 'checkpoint')
  await setLabel(t.path, target, second.previous) // undo
  assert.equal(PiSessionManager.open(t.path).getLabel(target), 'checkpoint')
  await setLabel(t.path, target, null)
  assert.equal(PiSessionManager.open(t.path).getLabel(target), undefined)
  // Every write is one whole line; the file is valid JSONL throughout.
  for (const line of readFileSync(t.path, 'utf8').trimEnd().split('\n')) JSON.parse(line)
})

test('a session name is set, normalised as pi does, and cleared', async (ctx) => {
  const t = copyOf(ctx, 'plain-chat')
  const result = await renameSession(t.path, '  Release\nnotes\r\nfor v2\t ')
  assert.equal(result.current, 'Release notes for v2')
  assert.equal(PiSessionManager.open(t.path).getSessionName(), 'Release notes for v2')
  await renameSession(t.path, '   ')
  assert.equal(PiSessionManager.open(t.path).getSessionName(), undefined)
})

test('the name or label already there writes nothing, and says so', async (ctx) => {
  const t = copyOf(ctx, 'plain-chat')
  const target = PiSessionManager.open(t.path).getEntries()[2]?.id as string
  const untouched = readFileSync(t.path)
  // No name yet: clearing it (a blank name) has nothing to write.
  assert.deepEqual(await renameSession(t.path, '   '), { previous: null, current: null })
  assert.deepEqual(await setLabel(t.path, target, null), { previous: null, current: null })
  assert.deepEqual(readFileSync(t.path), untouched)
  await renameSession(t.path, 'Release notes')
  await setLabel(t.path, target, 'checkpoint')
  const named = readFileSync(t.path)
  // The same value again, after pi's normalisation: nothing more in the file.
  assert.deepEqual(await renameSession(t.path, ' Release\nnotes '), {
    previous: 'Release notes',
    current: 'Release notes',
  })
  assert.deepEqual(await setLabel(t.path, target, 'checkpoint'), {
    previous: 'checkpoint',
    current: 'checkpoint',
  })
  assert.deepEqual(readFileSync(t.path), named)
  assert.equal(PiSessionManager.open(t.path).getSessionName(), 'Release notes')
})

test('over-long text is refused before anything is written', async (ctx) => {
  const t = copyOf(ctx, 'plain-chat')
  const before = readFileSync(t.path)
  const target = PiSessionManager.open(t.path).getEntries()[1]?.id as string
  await assert.rejects(
    setLabel(t.path, target, 'x'.repeat(LABEL_MAX + 1)),
    (e) => code(e) === 'invalid_argument',
  )
  assert.equal(normalizeText('a\u0007b\u2028c', 50, 'label'), 'a b c')
  // Bidi overrides could make a label display as something else.
  assert.equal(normalizeText('a\u202eb\u2066c', 50, 'label'), 'a b c')
  assert.deepEqual(readFileSync(t.path), before)
})

test('a missing entry, a missing file and a damaged file are refused with no write', async (ctx) => {
  const t = copyOf(ctx, 'plain-chat')
  const before = readFileSync(t.path)
  await assert.rejects(
    setLabel(t.path, 'nope0000', 'x'),
    (e) =>
      code(e) === 'not_found' &&
      (e as Error).message ===
        'Entry nope0000 is no longer in this session: the file was cut short or rewritten since it was shown',
  )
  assert.deepEqual(readFileSync(t.path), before)
  await assert.rejects(
    renameSession(join(t.dir, 'gone.jsonl'), 'x'),
    (e) => code(e) === 'not_found',
  )
  assert.equal(existsSync(join(t.dir, 'gone.jsonl')), false)
  const damaged = copyOf(ctx, 'damaged-bom', 'handwritten')
  const bytes = readFileSync(damaged.path)
  await assert.rejects(renameSession(damaged.path, 'x'), (e) => code(e) === 'conflict')
  assert.deepEqual(readFileSync(damaged.path), bytes)
})

test('editing a legacy v1 file migrates it atomically and keeps the original as a backup', async (ctx) => {
  const t = copyOf(ctx, 'legacy-v1', 'handwritten')
  const original = readFileSync(t.path)
  await renameSession(t.path, 'Old but named')
  const backups = readdirSync(t.dir).filter((n) => n.endsWith('.bak'))
  assert.equal(backups.length, 1)
  assert.deepEqual(readFileSync(join(t.dir, backups[0] as string)), original)
  const pi = PiSessionManager.open(t.path)
  assert.equal(pi.getHeader()?.version, 3)
  assert.equal(pi.getSessionName(), 'Old but named')
})

test('extracting a branch writes a new session with the parent named in its header', async (ctx) => {
  const t = copyOf(ctx, 'branches')
  const source = PiSessionManager.open(t.path)
  const leaf = source.getTree()[0]?.children[0]?.children[0]?.entry.id as string
  const created = await extractBranch(t.path, leaf)
  assert.notEqual(created, t.path)
  const pi = PiSessionManager.open(created)
  assert.equal(pi.getHeader()?.parentSession, t.path)
  const expectedPath = source
    .getBranch(leaf)
    .filter((e) => e.type !== 'label')
    .map((e) => e.id)
  const extracted = pi
    .getEntries()
    .filter((e) => e.type !== 'label')
    .map((e) => e.id)
  assert.deepEqual(extracted, expectedPath)
})

test('an extracted branch is named with a session_info entry pi reads; a too-long name writes nothing', async (ctx) => {
  const t = copyOf(ctx, 'branches')
  const leaf = PiSessionManager.open(t.path).getTree()[0]?.children[0]?.children[0]?.entry
    .id as string
  const created = await extractBranch(t.path, leaf, 'Side\nquest')
  const pi = PiSessionManager.open(created)
  assert.equal(pi.getSessionName(), 'Side quest')
  assert.equal(pi.getEntries().at(-1)?.type, 'session_info')
  assert.equal(
    PiSessionManager.open(await extractBranch(t.path, leaf, '  ')).getSessionName(),
    undefined,
  )
  const files = readdirSync(t.dir).length
  await assert.rejects(
    extractBranch(t.path, leaf, 'x'.repeat(301)),
    (e) => code(e) === 'invalid_argument',
  )
  assert.equal(readdirSync(t.dir).length, files)
})
