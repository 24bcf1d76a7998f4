/**
 * Tree skeletons (main/api/session-view/skeleton*.ts): a session opened from its skeleton gets
 * the same facts and rows as one parsed whole, for every fixture; the parse then takes over at
 * the served revision; a skeleton of the file before pi appended (or while pi writes) serves it
 * behind and live follow brings the rest; a skeleton of bytes the file no longer starts with,
 * of another app version or damaged is never used, nor one whose bytes were rewritten in place;
 * the background pass builds skeletons of quiet large sessions only and prunes the rest.
 */
import { test, before, after, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { join, resolve } from 'node:path'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { dispatch } from '../../helpers/dispatch'
import { createSessionHandlers } from '../../../main/api/session-handlers'
import { localViewCore } from '../../../main/api/session-view/core'
import { ServedSkeletons } from '../../../main/api/session-view/skeleton-open'
import { TreeSkeletons } from '../../../main/api/session-view/skeletons'
import { readSkeletonMeta } from '../../../main/api/session-view/skeleton'
import { buildOverview } from '../../../main/api/session-view/overview'
import { loadViewSource } from '../../../main/api/session-view/source'
import { SessionLibrary } from '../../../main/library/library'
import type { TempStore } from '../../helpers/fixtures'
import { openFixtureLibrary, query } from '../../helpers/library'
import { appendAfterLast, userEntry } from '../../helpers/append'
import { recordingLog } from '../../helpers/log'
import { tempDir } from '../../helpers/temp'
import { allTreeRows } from '../../helpers/tree-rows'
import {
  type FollowResult,
  type OpenReply,
  type TreePage,
} from '../../../preload/contract/session-live'
import type { PathPage, SessionOverview } from '../../../preload/contract/session-view'

const log = recordingLog()
let fixtures: Awaited<ReturnType<typeof openFixtureLibrary>>
let store: TempStore
let library: SessionLibrary
let dir: string

before(async (ctx) => {
  fixtures = await openFixtureLibrary()
  ;({ store, library } = fixtures)
  dir = join(tempDir(ctx as unknown as TestContext, 'pi-sessions-trees-'), 'trees')
})
after(() => fixtures.close())

const trees = (app = '1.0.0') => new TreeSkeletons({ dir, app })
const handlersWith = (t?: TreeSkeletons) =>
  createSessionHandlers({ library } as HandlerContext, localViewCore({ trees: t })) as HandlerTable

async function call<T>(handlers: HandlerTable, channel: string, args: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, args, log)
  assert.ok(result.ok, JSON.stringify(result))
  return result.value as T
}

const rowsOf = (handlers: HandlerTable, overview: SessionOverview) =>
  allTreeRows(overview, (args) => call<TreePage>(handlers, 'session:get-tree', args))

const withoutRevision = ({ revision: _r, ...rest }: SessionOverview) => rest

/** Live follow of a view at `at` (its revision and row count), which must append rows. */
async function followAppended(
  handlers: HandlerTable,
  sessionId: string,
  at: { revision: number; rowCount: number },
): Promise<Extract<FollowResult, { kind: 'appended' }>> {
  const follow = await call<FollowResult>(handlers, 'session:follow', {
    sessionId,
    revision: at.revision,
    rowCount: at.rowCount,
  })
  assert.equal(follow.kind, 'appended', JSON.stringify(follow))
  return follow as Extract<FollowResult, { kind: 'appended' }>
}

/** The sessions of the fixture store that open at all (a directory named .jsonl does not). */
function openable(): { id: string; path: string }[] {
  return library
    .query(query())
    .rows.map((r) => ({ id: r.id, path: library.getSession(r.id).path }))
    .filter((s) => statSync(s.path).isFile())
}

test('every fixture opens from its skeleton with the facts and rows of a full parse', async () => {
  const t = trees()
  const sessions = openable()
  assert.ok(sessions.length > 10)
  for (const { path } of sessions) await t.build(path)
  const read = t.read.bind(t)
  let used = 0
  t.read = async (path) => {
    const found = await read(path)
    if (found) used++
    return found
  }
  const parsed = handlersWith()
  const fast = handlersWith(t)
  for (const { id, path } of sessions) {
    const want = await call<SessionOverview>(parsed, 'session:open', { sessionId: id })
    const got = await call<SessionOverview>(fast, 'session:open', { sessionId: id })
    assert.deepEqual(withoutRevision(got), withoutRevision(want), path)
    assert.deepEqual(await rowsOf(fast, got), await rowsOf(parsed, want), path)
    // The parse that ran meanwhile took over at the served revision: nothing to catch up.
    const follow = await call<FollowResult>(fast, 'session:follow', {
      sessionId: id,
      revision: got.revision,
      rowCount: got.rowCount,
    })
    assert.deepEqual(follow, { kind: 'same', revision: got.revision }, path)
  }
  assert.equal(used, sessions.length, 'every open came from its skeleton')
})

/** The header's `version` of the session file at `path`, or null when it has none. */
function versionOf(path: string): unknown {
  try {
    return (
      JSON.parse(readFileSync(path, 'utf8').split('\n')[0] as string) as { version?: unknown }
    ).version
  } catch {
    return null
  }
}

/** The fixture store's sessions of pi's current version (version 3), that pi appends to. */
const current = () =>
  openable().filter((c) => c.path.includes(store.sessionsDir) && versionOf(c.path) === 3)

/** A skeleton of session `s` built now, and what a full parse of its file gives meanwhile. */
async function builtAndParsed(s: { id: string; path: string }) {
  const t = trees()
  await t.build(s.path)
  const parsed = handlersWith()
  const before = await call<SessionOverview>(parsed, 'session:open', { sessionId: s.id })
  return { t, before, beforeRows: await rowsOf(parsed, before) }
}

test('a skeleton of the file before pi appended opens behind it, and live follow brings the rest', async () => {
  // A session pi writes version 3 lines to, ending at its leaf: appends continue it.
  const [s] = current()
  assert.ok(s)
  const { t, before, beforeRows } = await builtAndParsed(s)
  appendAfterLast(s.path, userEntry('skel0001', 'written after the skeleton'))
  appendAfterLast(s.path, userEntry('skel0002', 'and one more'))
  const handlers = handlersWith(t)
  const got = await call<OpenReply>(handlers, 'session:open', { sessionId: s.id })
  // The skeleton serves what it was built from, and says the file has more.
  assert.equal(got.behind, true)
  // The file's size and mtime are as it is now (the header's size, the live marker).
  const now = statSync(s.path)
  assert.deepEqual([got.size, got.mtimeMs], [now.size, now.mtimeMs])
  assert.ok(got.size > before.size)
  assert.equal(got.rowCount, before.rowCount)
  assert.equal(got.leafId, before.leafId)
  assert.deepEqual(await rowsOf(handlers, got), beforeRows)
  // Live follow at the served revision reads what pi appended, as when the view was open.
  const follow = await followAppended(handlers, s.id, got)
  assert.deepEqual(
    follow.rows.map((r) => r.id),
    ['skel0001', 'skel0002'],
  )
  assert.equal(follow.overview.leafId, 'skel0002')
  assert.equal(follow.overview.rowCount, before.rowCount + 2)
  const path = await call<PathPage>(handlers, 'session:get-path', {
    sessionId: s.id,
    entryId: 'skel0002',
  })
  assert.equal(path.targetPos, follow.overview.leafPos)
  assert.deepEqual(
    path.items.slice(-2).map((item) => item.id),
    ['skel0001', 'skel0002'],
  )
  // What a full parse of the file now says, but for the order of rows live follow appends.
  const want = await call<SessionOverview>(handlersWith(), 'session:open', { sessionId: s.id })
  assert.deepEqual(
    withoutRevision({ ...follow.overview, revision: 0 }),
    withoutRevision({ ...want, revision: 0 }),
  )
  const again = await call<FollowResult>(handlers, 'session:follow', {
    sessionId: s.id,
    revision: follow.overview.revision,
    rowCount: follow.overview.rowCount,
  })
  assert.deepEqual(again, { kind: 'same', revision: follow.overview.revision })
  // pi branches: the view opens the file again, parsed whole now, and not from the skeleton.
  appendFileSync(
    s.path,
    `${JSON.stringify({ ...userEntry('skel0003', 'a new branch'), parentId: 'skel0001' })}\n`,
  )
  const branched = await call<FollowResult>(handlers, 'session:follow', {
    sessionId: s.id,
    revision: follow.overview.revision,
    rowCount: follow.overview.rowCount,
  })
  assert.equal(branched.kind, 'reopen')
  const reopened = await call<OpenReply>(handlers, 'session:open', { sessionId: s.id })
  assert.equal(reopened.behind, undefined)
  assert.equal(reopened.rowCount, before.rowCount + 3)
  assert.equal(reopened.leafId, 'skel0003')
})

test('a skeleton is served while pi writes, when a stat sees the mtime of the write before its bytes', async () => {
  const s = current().at(-1)
  assert.ok(s)
  const { t, beforeRows } = await builtAndParsed(s)
  // Linux stamps the mtime of a write, then extends the file: a stat in between sees this.
  const later = new Date(statSync(s.path).mtimeMs + 1000)
  utimesSync(s.path, later, later)
  const handlers = handlersWith(t)
  const got = await call<OpenReply>(handlers, 'session:open', { sessionId: s.id })
  assert.equal(got.behind, true, 'served from the skeleton, the file said to have more')
  // pi's line lands: live follow reads it.
  appendAfterLast(s.path, userEntry('skel0201', 'the write that was under way'))
  assert.deepEqual(await rowsOf(handlers, got), beforeRows)
  const follow = await followAppended(handlers, s.id, got)
  assert.deepEqual(
    follow.rows.map((r) => r.id),
    ['skel0201'],
  )
})

test('a skeleton of bytes the file no longer starts with, of another app version, or damaged is not used', async (ctx) => {
  const [first, second, third] = openable().filter((s) => s.path.includes(store.sessionsDir))
  assert.ok(first && second && third)
  // Copies: the file is rewritten, cut and replaced here.
  const copies = tempDir(ctx, 'pi-sessions-skel-bytes-')
  const copy = (name: string) => {
    const path = join(copies, name)
    copyFileSync(first.path, path)
    return path
  }
  const t = trees()
  const rewritten = copy('rewritten.jsonl')
  const truncated = copy('truncated.jsonl')
  const replaced = copy('replaced.jsonl')
  for (const path of [rewritten, truncated, replaced]) await t.build(path)
  // Another tool rewrote the file in place (its last bytes differ) and it grew.
  const text = readFileSync(rewritten, 'utf8')
  const ino = statSync(rewritten).ino
  writeFileSync(rewritten, `${text.slice(0, -3)}X${text.slice(-2)}${text}`)
  assert.equal(statSync(rewritten).ino, ino, 'rewritten in place')
  assert.equal(await t.read(rewritten), null, 'rewritten')
  truncateSync(truncated, statSync(truncated).size - 10)
  assert.equal(await t.read(truncated), null, 'truncated')
  // Another file under the same name, with the same bytes and more.
  const next = join(copies, 'next.jsonl')
  writeFileSync(next, `${readFileSync(replaced, 'utf8')}${readFileSync(replaced, 'utf8')}`)
  renameSync(next, replaced)
  assert.equal(await t.read(replaced), null, 'replaced')
  // Another app version built it.
  await t.build(second.path)
  assert.equal(await trees('2.0.0').read(second.path), null)
  const current = await t.read(second.path)
  assert.ok(current)
  assert.equal(current.behind, false)
  await current.close()
  // A damaged skeleton file.
  await t.build(third.path)
  writeFileSync(t.fileOf(third.path), '{"format":1,"app":"1.0.0"\ngarbage')
  assert.equal(await t.read(third.path), null)
  const want = await call<SessionOverview>(handlersWith(), 'session:open', { sessionId: third.id })
  const got = await call<SessionOverview>(handlersWith(t), 'session:open', { sessionId: third.id })
  assert.deepEqual(withoutRevision(got), withoutRevision(want))
})

test('a skeleton of bytes rewritten in place, keeping their size and last bytes, is found out by the parse: the view opens the file again and says so', async () => {
  const v3 = current()
  // Another tool changes one letter of an early user message in place (same length), then pi
  // appends: the size grew, the inode and the skeleton's last bytes are as they were.
  const edited = v3
    .map((s) => {
      const text = readFileSync(s.path, 'utf8')
      const at = text.search(/"role":"user","content":"[a-z]/) + '"role":"user","content":"'.length
      return { ...s, text, at }
    })
    .find((s) => s.at > 100 && s.at < s.text.length - 1024)
  assert.ok(edited, 'a session with an early user message')
  const { t, beforeRows } = await builtAndParsed(edited)
  const letter = edited.text[edited.at] === 'q' ? 'z' : 'q'
  const { ino } = statSync(edited.path)
  writeFileSync(
    edited.path,
    edited.text.slice(0, edited.at) + letter + edited.text.slice(edited.at + 1),
  )
  assert.equal(statSync(edited.path).ino, ino, 'rewritten in place')
  appendAfterLast(edited.path, userEntry('skel0101', 'pi wrote after the edit'))
  const handlers = handlersWith(t)
  const got = await call<OpenReply>(handlers, 'session:open', { sessionId: edited.id })
  // Size and last bytes cannot tell: the skeleton is served, as the file's start.
  assert.equal(got.behind, true)
  assert.deepEqual(await rowsOf(handlers, got), beforeRows)
  // The parse of those bytes finds they are not the skeleton's: follow says to open again, with
  // the reason shown to the user, and the skeleton file is dropped so the next open parses.
  const follow = await call<FollowResult>(handlers, 'session:follow', {
    sessionId: edited.id,
    revision: got.revision,
    rowCount: got.rowCount,
  })
  assert.deepEqual(follow, { kind: 'reopen', reason: 'the file was rewritten', notice: true })
  assert.equal(existsSync(t.fileOf(edited.path)), false, 'the skeleton is dropped')
  const reopened = await call<OpenReply>(handlers, 'session:open', { sessionId: edited.id })
  const parsed = handlersWith()
  const want = await call<SessionOverview>(parsed, 'session:open', { sessionId: edited.id })
  assert.deepEqual(withoutRevision(reopened), withoutRevision(want))
  const rows = await rowsOf(handlers, reopened)
  assert.deepEqual(rows, await rowsOf(parsed, want))
  assert.notDeepEqual(rows.slice(0, beforeRows.length), beforeRows, 'the edited row is new')
})

test('a skeleton damaged on disk past its meta line serves nothing damaged: the parse answers, and the file is built again', async () => {
  const [s] = openable().filter((c) => c.path.includes(store.sessionsDir))
  assert.ok(s)
  const t = trees()
  await t.build(s.path)
  const file = t.fileOf(s.path)
  // Bytes of its first page overwritten in place (same size): the meta line is intact.
  const bytes = readFileSync(file)
  const body = bytes.indexOf(0x0a) + 1
  bytes.fill(0x7a, body + 10, body + 40)
  writeFileSync(file, bytes)
  const handlers = handlersWith(t)
  const got = await call<OpenReply>(handlers, 'session:open', { sessionId: s.id })
  const parsed = handlersWith()
  const want = await call<SessionOverview>(parsed, 'session:open', { sessionId: s.id })
  assert.deepEqual(withoutRevision(got), withoutRevision(want))
  assert.deepEqual(await rowsOf(handlers, got), await rowsOf(parsed, want))
  assert.equal(existsSync(file), false, 'the damaged skeleton is dropped')
  // The parse took over at the served revision: live follow goes on from it.
  const follow = await call<FollowResult>(handlers, 'session:follow', {
    sessionId: s.id,
    revision: got.revision,
    rowCount: got.rowCount,
  })
  assert.deepEqual(follow, { kind: 'same', revision: got.revision })
  // A skeleton cut short is not taken for one, so the background pass builds it again.
  await t.build(s.path)
  truncateSync(file, statSync(file).size - 5)
  assert.equal(await readSkeletonMeta(file, '1.0.0'), null)
  assert.equal(await t.read(s.path), null)
})

test("a session opened from its skeleton pages its tree while the path to pi's leaf waits for the parse", async () => {
  const [s] = current()
  assert.ok(s)
  const { t, before, beforeRows } = await builtAndParsed(s)
  const handlers = handlersWith(t)
  const got = await call<OpenReply>(handlers, 'session:open', { sessionId: s.id })
  const order: string[] = []
  // The renderer asks for the path first; it waits for the parse, which waits for the
  // skeleton's last page to be sent (or a second).
  const path = call<PathPage>(handlers, 'session:get-path', {
    sessionId: s.id,
    entryId: got.leafId,
  }).then((page) => (order.push('path'), page))
  await new Promise((r) => setTimeout(r, 50))
  const rows = rowsOf(handlers, got).then((all) => (order.push('tree'), all))
  const [page, all] = await Promise.all([path, rows])
  assert.deepEqual(order, ['tree', 'path'], 'the pages did not wait for the path')
  assert.deepEqual(all, beforeRows)
  assert.equal(page.targetPos, before.leafPos)
})

test('a parse of other bytes than the served skeleton keeps its revision; the skeleton still pages', async () => {
  const [s] = openable()
  assert.ok(s)
  const t = trees()
  await t.build(s.path)
  const served = new ServedSkeletons(t)
  const overview = await served.open(s.id, s.path, 'f.jsonl')
  assert.ok(overview)
  const source = await loadViewSource(s.path)
  const opened = await buildOverview(source, s.id, 'f.jsonl')
  const own = opened.revision
  served.adopt(s.id, opened, { ...source.stamp, size: source.stamp.size + 1 })
  assert.equal(opened.revision, own, 'not adopted')
  assert.ok(await served.page(s.id, overview.revision, 0), 'the served pages stay readable')
  served.adopt(s.id, opened, source.stamp)
  assert.equal(opened.revision, overview.revision, 'adopted')
  assert.equal(opened.follow.baseRevision, overview.revision)
  assert.equal(await served.page(s.id, overview.revision, 0), null, 'the parse serves from now on')
})

test('the background pass builds skeletons of quiet large sessions only, and prunes the rest', async (ctx) => {
  const passDir = join(tempDir(ctx, 'pi-sessions-trees-pass-'), 'trees')
  const sessions = openable()
  const big = sessions.slice(0, 3)
  const list = async () =>
    big.map((s, i) => ({ path: s.path, size: i === 2 ? 10 : 1_000_000, mtimeMs: 0 }))
  const stray = join(passDir, 'stray.tree')
  // Built in the tree worker, as the app does.
  const worker = {
    path: resolve('main/api/session-view/tree-worker.ts'),
    execArgv: ['--import', 'tsx'],
  }
  const quiet = new TreeSkeletons({
    dir: passDir,
    app: '1.0.0',
    minBytes: 1000,
    quietMs: 0,
    worker,
  })
  await quiet.build(big[2]?.path as string)
  writeFileSync(stray, 'left by an older run')
  quiet.start(list)
  await quiet.whenIdle()
  quiet.close()
  assert.ok(await quiet.read(big[0]?.path as string))
  assert.ok(await quiet.read(big[1]?.path as string))
  assert.equal(existsSync(quiet.fileOf(big[2]?.path as string)), false, 'too small: pruned')
  assert.equal(existsSync(stray), false)
  // A session written to just now waits.
  for (const s of big) utimesSync(s.path, new Date(), new Date())
  const busyDir = join(tempDir(ctx, 'pi-sessions-trees-busy-'), 'trees')
  const busy = new TreeSkeletons({ dir: busyDir, app: '1.0.0', minBytes: 1, quietMs: 3_600_000 })
  busy.start(list)
  await new Promise((r) => setTimeout(r, 100))
  busy.close()
  await busy.whenIdle()
  assert.deepEqual(existsSync(busyDir) ? readdirSync(busyDir) : [], [])
})

test('a skeleton that cannot be built is reported once, not tried again until the file changes', async (ctx) => {
  const failDir = join(tempDir(ctx, 'pi-sessions-trees-fail-'), 'trees')
  // A directory named like a session: reading it fails (EISDIR), as a file too large would.
  const bad = join(tempDir(ctx, 'pi-sessions-bad-'), 'bad.jsonl')
  mkdirSync(bad)
  const errors: string[] = []
  const t = new TreeSkeletons({
    dir: failDir,
    app: '1.0.0',
    minBytes: 1,
    quietMs: 0,
    onError: (message) => errors.push(message),
  })
  t.start(async () => [{ path: bad, size: 10, mtimeMs: 0 }])
  await t.whenIdle()
  t.kick(0)
  await t.whenIdle()
  assert.equal(errors.length, 1, errors.join('\n'))
  assert.match(errors[0] as string, /Tree skeleton of .*bad\.jsonl: .*EISDIR/)
  // New bytes: tried again.
  utimesSync(bad, new Date(Date.now() - 5000), new Date(Date.now() - 5000))
  t.kick(0)
  await t.whenIdle()
  t.close()
  assert.equal(errors.length, 2)
})
