/**
 * Live follow (`session:follow`): while pi appends to the open session, only the new bytes are
 * read and the view's rows grow to exactly what a fresh open of the file gives (every entry
 * once, in order, labels applied); a new branch, a truncation, a rewrite or a replaced file
 * asks for a full re-open (with a notice when another program changed the file); a deleted
 * file says so.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import {
  appendFileSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { resolve } from 'node:path'
import type { HandlerContext, HandlerTable } from '../../../main/api/context'
import { dispatch } from '../../helpers/dispatch'
import { createSessionHandlers } from '../../../main/api/session-handlers'
import { SourceCache } from '../../../main/api/session-view/cache'
import { localViewCore } from '../../../main/api/session-view/core'
import { growSource } from '../../../main/api/session-view/grow'
import { loadViewSource, stampOf } from '../../../main/api/session-view/source'
import {
  treeRowsOf,
  type FollowResult,
  type TreePage,
} from '../../../preload/contract/session-live'
import type { PathPage, SessionOverview, TreeRow } from '../../../preload/contract/session-view'
import { appendAfterLast, labelEntry, userEntry } from '../../helpers/append'
import { libraryWithSession } from '../../helpers/library'
import { recordingLog } from '../../helpers/log'

const log = recordingLog()

/** A library over a copy of the fixtures and a fresh handler table; `open` a scenario in it. */
async function setup(t: { after(fn: () => Promise<void>): void }, scenario = 'plain-chat') {
  const { library, id, path } = await libraryWithSession(t, 'pi-sessions-follow-', scenario)
  const table = () => createSessionHandlers({ library } as HandlerContext) as HandlerTable
  return { id, path, library, handlers: table(), fresh: table }
}

async function ok<T>(handlers: HandlerTable, channel: string, args: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, args, log)
  assert.ok(result.ok, JSON.stringify(result))
  return result.value as T
}

/** What the view holds: the overview and every row, kept up to date as the renderer does. */
class View {
  rows: TreeRow[] = []
  constructor(
    private readonly handlers: HandlerTable,
    public overview: SessionOverview,
  ) {}

  static async open(handlers: HandlerTable, sessionId: string): Promise<View> {
    const view = new View(handlers, await ok(handlers, 'session:open', { sessionId }))
    while (view.rows.length < view.overview.rowCount) {
      const page = await ok<TreePage>(handlers, 'session:get-tree', {
        sessionId,
        revision: view.overview.revision,
        offset: view.rows.length,
      })
      view.rows.push(...treeRowsOf(page))
    }
    return view
  }

  async follow(): Promise<FollowResult> {
    const result = await ok<FollowResult>(this.handlers, 'session:follow', {
      sessionId: this.overview.id,
      revision: this.overview.revision,
      rowCount: this.rows.length,
    })
    if (result.kind === 'appended') {
      this.overview = result.overview
      this.rows.push(...result.rows)
      for (const { row, label } of result.labels) {
        const next = { ...(this.rows[row] as TreeRow) }
        if (label === null) delete next.label
        else next.label = label
        this.rows[row] = next
      }
    }
    return result
  }
}

/** Rows and header facts a fresh open of the file gives (another cache, nothing reused). */
async function freshView(fresh: () => HandlerTable, id: string): Promise<View> {
  return View.open(fresh(), id)
}

function sameAsFresh(view: View, fresh: View): void {
  assert.deepEqual(view.rows, fresh.rows)
  const { revision: _a, ...followed } = view.overview
  const { revision: _b, ...opened } = fresh.overview
  assert.deepEqual(followed, opened)
}

test('entries pi writes while the view is open arrive once each, in order, as a fresh open shows them', async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  const view = await View.open(handlers, id)
  const before = view.rows.length
  // 10 ms apart: the writing lasts long enough for several follows also on a loaded machine.
  const writer = spawn(
    process.execPath,
    [resolve('test/helpers/pi-writer.mjs'), path, '40', '10'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  writer.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const exited = new Promise<number | null>((done) => writer.once('exit', done))
  let running = true
  void exited.then(() => (running = false))
  let appended = 0
  while (running) {
    if ((await view.follow()).kind === 'appended') appended++
    await new Promise((r) => setTimeout(r, 2))
  }
  assert.equal(await exited, 0)
  await view.follow()
  const written = out.trim().split('\n')
  assert.equal(written.length, 40)
  const ids = view.rows.slice(before).map((r) => r.id)
  assert.deepEqual(ids, written, 'every appended entry once, in order')
  assert.ok(appended > 1, `followed in several steps (${appended})`)
  assert.equal(view.overview.leafId, written.at(-1))
  sameAsFresh(view, await freshView(fresh, id))
})

test('labels and a session name appended later change the rows and the header', async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  const view = await View.open(handlers, id)
  const target = view.rows[1] as TreeRow
  appendAfterLast(path, labelEntry('feed0001', target.id, 'checkpoint'))
  appendAfterLast(path, {
    type: 'session_info',
    id: 'feed0002',
    timestamp: new Date().toISOString(),
    name: 'Followed name',
  })
  const result = await view.follow()
  assert.equal(result.kind, 'appended')
  assert.equal(view.rows[1]?.label, 'checkpoint')
  assert.equal(view.overview.name, 'Followed name')
  sameAsFresh(view, await freshView(fresh, id))
  assert.equal((await view.follow()).kind, 'same')
})

test('a new branch is opened again from the loaded session, without a notice: the file is not read again', async (t) => {
  const { id, path, library, fresh } = await setup(t)
  const cache = new SourceCache()
  const core = localViewCore({}, cache)
  const handlers = createSessionHandlers({ library } as HandlerContext, core) as HandlerTable
  let view = await View.open(handlers, id)
  const loaded = cache.peek(id)?.source
  assert.ok(loaded)
  // Our label hangs on pi's last entry; pi, which does not read the file, writes on from there.
  const last = view.rows.at(-1) as TreeRow
  appendAfterLast(path, labelEntry('feed0001', (view.rows[1] as TreeRow).id, 'while pi writes'))
  appendFileSync(path, JSON.stringify({ ...userEntry('feed0002', 'pi'), parentId: last.id }) + '\n')
  let result = await view.follow()
  view = await View.open(handlers, id)
  // pi's leaf is the file's last entry (pi spec 7); its path runs on from the leaf shown.
  const branched = (leafId: string, continues: boolean | null) => ({
    kind: 'reopen',
    reason: 'pi started a new branch',
    notice: false,
    leaf: { id: leafId, pos: view.overview.leafPos, continues },
  })
  assert.deepEqual(result, branched('feed0002', true))
  assert.equal(view.overview.leafId, 'feed0002')
  assert.equal(view.rows[1]?.label, 'while pi writes')
  sameAsFresh(view, await freshView(fresh, id))
  // pi goes on from an older entry.
  appendFileSync(
    path,
    JSON.stringify({ ...userEntry('feed0003', 'a branch'), parentId: view.rows[0]?.id }) + '\n',
  )
  result = await view.follow()
  view = await View.open(handlers, id)
  // From an older entry: the path shown does not run on to it.
  assert.deepEqual(result, branched('feed0003', false))
  assert.equal(view.overview.leafId, 'feed0003')
  sameAsFresh(view, await freshView(fresh, id))
  assert.equal(cache.peek(id)?.source, loaded, 'the loaded session grew; it was not read again')
  // An entry that hangs on no entry is read again from the file.
  appendFileSync(
    path,
    JSON.stringify({ ...userEntry('feed0004', 'x'), parentId: 'nowhere' }) + '\n',
  )
  result = await view.follow()
  view = await View.open(handlers, id)
  // Read again: whether the path runs on is not known.
  assert.deepEqual(result, {
    ...branched('feed0004', null),
    reason: 'a new entry hangs on no entry',
  })
  assert.notEqual(cache.peek(id)?.source, loaded)
})

test('a stat that sees an append before its mtime does not make the file look written in place', async (t) => {
  const { path } = await setup(t)
  // The file was last written a minute ago: pi's append moves its mtime.
  const past = new Date(Date.now() - 60_000)
  utimesSync(path, past, past)
  const source = await loadViewSource(path)
  appendAfterLast(path, userEntry('feed0001', 'pi writes on'))
  const now = await stampOf(path)
  assert.notEqual(now.mtimeMs, source.stamp.mtimeMs)
  // A stat racing the write sees its size with the mtime from before it.
  const racing = { ...now, mtimeMs: source.stamp.mtimeMs }
  assert.deepEqual(await growSource(source, undefined, racing), { kind: 'grown', entries: 1 })
  // The file holds exactly the bytes read: nothing to read again, nothing to tell.
  assert.deepEqual(await growSource(source, undefined, await stampOf(path)), { kind: 'same' })
})

test('a stat that sees the mtime of a write before its bytes waits for them and reads them: no re-open', async (t) => {
  const { path } = await setup(t)
  const past = new Date(Date.now() - 60_000)
  utimesSync(path, past, past)
  const source = await loadViewSource(path)
  // Linux stamps the mtime of a write, then extends the file: a stat in between sees the new
  // mtime on the old size. pi's line lands a moment later.
  const racing = { ...source.stamp, mtimeMs: Date.now() }
  const landed = new Promise<void>((done) =>
    setTimeout(() => {
      appendAfterLast(path, userEntry('feed0001', 'pi writes on'))
      done()
    }, 15),
  )
  const growth = await growSource(source, undefined, racing)
  await landed
  assert.deepEqual(growth, { kind: 'grown', entries: 1 })
  assert.equal(source.entries.at(-1)?.id, 'feed0001')
  assert.deepEqual(await growSource(source, undefined, await stampOf(path)), { kind: 'same' })
})

test('a line pi is still writing is not damage: opened meanwhile, the view stops before it and follows it once it lands', async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  const view = await View.open(handlers, id)
  const leafId = view.overview.leafId
  const line = `${JSON.stringify({ ...userEntry('feed0101', 'written in two parts'), parentId: leafId })}\n`
  // pi's line, half written (a large entry, a slow disk): the file was written a moment ago.
  appendFileSync(path, line.slice(0, 60))
  assert.deepEqual(await view.follow(), { kind: 'same', revision: view.overview.revision })
  const reread = await ok<SessionOverview>(handlers, 'session:open', {
    sessionId: id,
    reread: true,
  })
  assert.deepEqual(
    [reread.leafId, reread.rowCount, reread.readOnly, reread.diagnostics],
    [leafId, view.overview.rowCount, false, []],
    'the whole lines, not a damaged file',
  )
  const opened = await View.open(handlers, id)
  appendFileSync(path, line.slice(60))
  assert.equal((await opened.follow()).kind, 'appended')
  assert.equal(opened.overview.leafId, 'feed0101')
  sameAsFresh(opened, await freshView(fresh, id))
})

test('a last line without its newline waits for pi to finish it; once the file is quiet, read again whole, it is an entry, as pi reads it', async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  const view = await View.open(handlers, id)
  const leafId = view.overview.leafId
  // A whole entry, its newline not written (yet, or ever: another program).
  const entry = { ...userEntry('feed0101', 'no newline'), parentId: leafId }
  appendFileSync(path, JSON.stringify(entry))
  assert.deepEqual(await view.follow(), { kind: 'same', revision: view.overview.revision })
  const reread = await ok<SessionOverview>(handlers, 'session:open', {
    sessionId: id,
    reread: true,
  })
  assert.equal(reread.leafId, leafId, 'a line on its way is left out while the file is live')
  const opened = await View.open(handlers, id)
  // Quiet now: the newline will not come.
  const past = new Date(Date.now() - 20_000)
  utimesSync(path, past, past)
  const result = await opened.follow()
  assert.deepEqual(result.kind === 'reopen' && [result.reason, result.notice, result.leaf?.id], [
    'the last line was left unfinished',
    false,
    'feed0101',
  ])
  const again = await View.open(handlers, id)
  assert.equal(again.overview.leafId, 'feed0101')
  assert.equal(again.overview.rowCount, view.overview.rowCount + 1)
  sameAsFresh(again, await freshView(fresh, id))
})

test('truncated, rewritten, written in place or replaced files are re-opened with a notice; a deleted one is gone', async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  const cases: [string, () => void][] = [
    ['the file was truncated', () => truncateSync(path, readFileSync(path).length - 10)],
    [
      'the file was rewritten',
      () => {
        // Another program edits the last entry in place (what the end-of-file check sees).
        const text = readFileSync(path, 'utf8')
        const at = text.search(/\d[^\d]*$/)
        const digit = text[at] === '1' ? '2' : '1'
        writeFileSync(path, `${text.slice(0, at)}${digit}${text.slice(at + 1)}`)
        appendAfterLast(path, userEntry('feed0004', 'after a rewrite'))
      },
    ],
    [
      'the file changed without growing',
      () => {
        // Another program changes one letter of the first message in place (same length):
        // the size and the end are as they were, only the mtime says it was written.
        const text = readFileSync(path, 'utf8')
        const at = text.search(/"content":"[A-Za-z]/) + '"content":"'.length
        writeFileSync(
          path,
          `${text.slice(0, at)}${text[at] === 'Q' ? 'Z' : 'Q'}${text.slice(at + 1)}`,
        )
        const later = new Date(statSync(path).mtimeMs + 1000)
        utimesSync(path, later, later)
      },
    ],
    [
      'the file was replaced',
      () => {
        writeFileSync(`${path}.new`, readFileSync(path))
        renameSync(`${path}.new`, path)
      },
    ],
  ]
  const original = readFileSync(path)
  for (const [reason, change] of cases) {
    writeFileSync(path, original)
    const view = await View.open(handlers, id)
    change()
    assert.deepEqual(await view.follow(), { kind: 'reopen', reason, notice: true }, reason)
    // Opened again, the view shows the file as it is now.
    sameAsFresh(await View.open(handlers, id), await freshView(fresh, id))
  }
  const view = await View.open(handlers, id)
  rmSync(path)
  const gone = await dispatch(
    handlers,
    'session:follow',
    { sessionId: id, revision: view.overview.revision, rowCount: view.rows.length },
    log,
  )
  assert.equal(!gone.ok && gone.error.code, 'not_found')
})

test('tree pages of an older read are refused, not mixed with the new one', async (t) => {
  const { id, path, handlers } = await setup(t)
  const view = await View.open(handlers, id)
  writeFileSync(`${path}.new`, readFileSync(path))
  renameSync(`${path}.new`, path)
  assert.equal((await view.follow()).kind, 'reopen')
  const stale = await dispatch(
    handlers,
    'session:get-tree',
    { sessionId: id, revision: view.overview.revision, offset: 0 },
    log,
  )
  assert.equal(!stale.ok && stale.error.code, 'conflict')
})

test('the path to the new leaf, extended from the planned one, is the path a fresh open plans', async (t) => {
  const { id, path, handlers, fresh } = await setup(t, 'tools-images')
  const view = await View.open(handlers, id)
  const page = (table: HandlerTable, raw: boolean) =>
    ok<PathPage>(table, 'session:get-path', {
      sessionId: id,
      entryId: String(view.overview.leafId),
      raw,
      limit: 500,
    })
  for (const raw of [false, true]) await page(handlers, raw)
  const time = () => new Date().toISOString()
  appendAfterLast(path, userEntry('feed0010', 'read the file again'))
  appendAfterLast(path, {
    type: 'message',
    id: 'feed0011',
    timestamp: time(),
    message: {
      role: 'assistant',
      content: [{ type: 'toolCall', id: 'call-f1', name: 'read', arguments: { path: 'a.ts' } }],
      provider: 'openai',
      model: 'gpt-5.1',
      stopReason: 'toolUse',
      timestamp: Date.now(),
    },
  })
  appendAfterLast(path, {
    type: 'message',
    id: 'feed0012',
    timestamp: time(),
    message: {
      role: 'toolResult',
      toolCallId: 'call-f1',
      toolName: 'read',
      content: [{ type: 'text', text: 'export {}' }],
      isError: false,
      timestamp: Date.now(),
    },
  })
  appendAfterLast(path, {
    type: 'thinking_level_change',
    id: 'feed0013',
    timestamp: time(),
    thinkingLevel: 'low',
  })
  assert.equal((await view.follow()).kind, 'appended')
  const other = fresh()
  for (const raw of [false, true]) {
    const followed = await page(handlers, raw)
    assert.equal(followed.targetId, 'feed0013')
    assert.deepEqual(followed, await page(other, raw), raw ? 'raw' : 'model view')
  }
})

test('a line pi is still writing is read once it is whole, not taken for damage', async (t) => {
  const { id, path, handlers, fresh } = await setup(t)
  const view = await View.open(handlers, id)
  const line = JSON.stringify({
    ...userEntry('feed0020', 'half now, half later'),
    parentId: view.overview.leafId,
  })
  appendFileSync(path, line.slice(0, 40))
  assert.deepEqual(await view.follow(), { kind: 'same', revision: view.overview.revision })
  appendFileSync(path, `${line.slice(40)}\n`)
  assert.equal((await view.follow()).kind, 'appended')
  assert.equal(view.overview.leafId, 'feed0020')
  sameAsFresh(view, await freshView(fresh, id))
})

test('requests that arrive together after an append share one growth: each entry once, no re-open', async (t) => {
  const { path } = await setup(t)
  const cache = new SourceCache()
  const first = await cache.get('k', path)
  const entries = first.source.entries.length
  // Two megabytes of appends: reading them takes several turns of the event loop.
  const ids = Array.from({ length: 80 }, (_, i) => `feed${String(i).padStart(4, '0')}`)
  for (const id of ids) appendAfterLast(path, userEntry(id, 'x'.repeat(50_000)))
  // Several readers of the same session in the same tick (a follow, a path page, an image).
  const all = await Promise.all(Array.from({ length: 8 }, () => cache.get('k', path)))
  for (const got of all) {
    assert.equal(got.slot.reason, null, `read again: ${got.slot.reason}`)
    assert.deepEqual(
      got.source.entries.slice(entries).map((e) => e.id),
      ids,
    )
  }
})
