/**
 * The `export:*` handlers through dispatch over a library of the fixture store: ids only (a
 * path from the renderer is refused by the schema), the desktop save dialog (cancel, a target
 * inside a session root refused), server mode's one-time download over the HTTP host (token
 * required), the redaction preview, and a batch zip announced by events.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { SessionManager as PiSessionManager } from '@mariozechner/pi-coding-agent'
import type { DesktopActions, HandlerContext, HandlerTable } from '../../../main/api/context'
import { dispatch } from '../../helpers/dispatch'
import { createEventHub } from '../../../main/api/events'
import { createExportHandlers } from '../../../main/api/export-handlers'
import { ExportDownloads } from '../../../main/export/downloads'
import type { SessionLibrary } from '../../../main/library/library'
import { startHttpHost } from '../../../main/server/http'
import type { EventArgs } from '../../../preload/contract/events'
import { fixtureFileName, type TempStore } from '../../helpers/fixtures'
import { openFixtureLibrary, query } from '../../helpers/library'
import { recordingLog } from '../../helpers/log'
import { SessionManager } from '../../../main/session/index.js'
import { assistant, user } from '../session/samples.js'

const log = recordingLog()
let fixtures: Awaited<ReturnType<typeof openFixtureLibrary>>
let store: TempStore
let library: SessionLibrary
let out: string

before(async () => {
  fixtures = await openFixtureLibrary()
  ;({ store, library } = fixtures)
  out = mkdtempSync(join(tmpdir(), 'pi-export-out-'))
})
after(async () => {
  await fixtures.close()
  rmSync(out, { recursive: true, force: true })
})

function idOf(scenario: string): string {
  const name = fixtureFileName(scenario, 'pi 1.6.0')
  const row = library.query(query()).rows.find((r) => r.fileName === name)
  assert.ok(row, `${scenario} is in the library`)
  return row.id
}

function desktop(choose: () => string | null): DesktopActions {
  return {
    showItemInFolder: () => undefined,
    openPath: async () => '',
    chooseSavePath: async () => choose(),
    chooseFolder: async () => choose(),
  }
}

function table(context: Partial<HandlerContext>): HandlerTable {
  return createExportHandlers({ library, ...context } as HandlerContext) as HandlerTable
}

async function call(handlers: HandlerTable, channel: string, args: unknown) {
  return dispatch(handlers, channel, args, log)
}

describe('export handlers', () => {
  it('take ids only: a path or an unknown argument is refused', async () => {
    const handlers = table({ desktop: desktop(() => null) })
    const id = idOf('branches')
    for (const args of [
      { sessionId: '/etc/passwd', format: 'html', scope: { kind: 'session' } },
      { sessionId: id, format: 'html', scope: { kind: 'session' }, path: '/tmp/x.html' },
      { sessionId: id, format: 'pdf', scope: { kind: 'session' } },
      { sessionId: id, format: 'html', scope: { kind: 'entry' } },
    ]) {
      const result = await call(handlers, 'export:session', args)
      assert.equal(result.ok ? 'ok' : result.error.code, 'invalid_argument', JSON.stringify(args))
    }
  })

  it('desktop: writes where the save dialog says, and says when it was closed', async () => {
    const target = join(out, 'branch.html')
    let proposed = ''
    const handlers = table({
      desktop: {
        ...desktop(() => null),
        chooseSavePath: async (o) => ((proposed = o.defaultName), target),
      },
    })
    const result = await call(handlers, 'export:session', {
      sessionId: idOf('branches'),
      format: 'html',
      scope: { kind: 'active' },
    })
    assert.ok(result.ok, JSON.stringify(result))
    assert.equal((result.value as { status: string }).status, 'written')
    assert.match(proposed, /\.html$/)
    assert.match(readFileSync(target, 'utf8'), /^<!doctype html>/)
    const closed = await call(table({ desktop: desktop(() => null) }), 'export:session', {
      sessionId: idOf('branches'),
      format: 'markdown',
      scope: { kind: 'session' },
    })
    assert.deepEqual(closed, { ok: true, value: { status: 'cancelled' } })
  })

  it('desktop: never writes inside a session root', async () => {
    const inside = join(store.sessionsDir, 'export.jsonl')
    const result = await call(table({ desktop: desktop(() => inside) }), 'export:session', {
      sessionId: idOf('branches'),
      format: 'jsonl',
      scope: { kind: 'session' },
    })
    assert.ok(!result.ok)
    assert.equal(result.error.code, 'invalid_argument')
    assert.match(result.error.message, /not written inside the session folder/)
    assert.ok(!existsSync(inside))
  })

  it('JSONL saved as a new session: beside its source, in the library, opened by pi', async () => {
    const sourceId = idOf('branches')
    const source = library.getSession(sourceId).path
    const before = readdirSync(dirname(source))
    const result = await call(table({}), 'export:save-as-session', {
      sessionId: sourceId,
      scope: { kind: 'entry', entryId: 'd212dd00' },
    })
    assert.ok(result.ok, JSON.stringify(result))
    const value = result.value as { sessionId: string; fileName: string }
    const created = readdirSync(dirname(source)).filter((f) => !before.includes(f))
    assert.deepEqual(created, [value.fileName])
    assert.equal(library.getSession(value.sessionId).fileName, value.fileName)
    const pi = PiSessionManager.open(join(dirname(source), value.fileName))
    assert.equal(pi.getHeader()?.parentSession, source)
    assert.notEqual(pi.getHeader()?.id, PiSessionManager.open(source).getHeader()?.id)
    const branch = PiSessionManager.open(source)
      .getBranch('d212dd00')
      .filter((e) => e.type !== 'label')
      .map((e) => e.id)
    assert.deepEqual(
      pi
        .getEntries()
        .filter((e) => e.type !== 'label')
        .map((e) => e.id),
      branch,
    )
  })

  it('preview: redaction counts per kind and the proposed file name', async () => {
    const result = await call(table({}), 'export:preview', {
      sessionId: idOf('plain-chat'),
      format: 'markdown',
    })
    assert.ok(result.ok, JSON.stringify(result))
    const { fileName, counts } = result.value as { fileName: string; counts: object }
    assert.match(fileName, /\.md$/)
    // The fixtures were written under /home/ayla; the test's home is elsewhere: nothing found.
    assert.deepEqual(counts, {})
  })

  it('redacted: a secret in the session name is in no file name, and a session saved as new keeps its real cwd', async () => {
    // A session of a project under the home folder, named with a GitHub token.
    const token = `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`
    const cwd = join(homedir(), 'proj-secret')
    const manager = SessionManager.create(cwd, join(store.sessionsDir, '--proj-secret--'))
    manager.appendMessage(user('deploy it'))
    manager.appendMessage(assistant('deployed'))
    manager.appendSessionInfo(`deploy ${token}`)
    const path = manager.getSessionFile() as string
    await library.refresh()
    const row = library.query(query()).rows.find((r) => r.fileName === basename(path))
    assert.ok(row, 'the session is in the library')
    const secretPart = token.slice(4, 20)

    const downloads = new ExportDownloads(join(out, 'redacted-downloads'))
    const events = createEventHub(log)
    const seen: EventArgs[] = []
    events.subscribe((...args) => seen.push(args))
    const handlers = table({ downloads, events })
    for (const format of ['html', 'markdown', 'jsonl']) {
      const one = await call(handlers, 'export:session', {
        sessionId: row.id,
        format,
        scope: { kind: 'session' },
        images: 'files',
      })
      assert.ok(one.ok, JSON.stringify(one))
      const { fileName } = one.value as { fileName: string }
      assert.match(fileName, /^deploy-redacted-github-/, format)
      assert.ok(!fileName.includes(secretPart), `${format}: ${fileName}`)
      // Markdown with image files comes as a zip: its entries are named after the export.
      if (format === 'markdown') {
        const download = await downloads.open((one.value as { downloadId: string }).downloadId)
        assert.ok(download)
        const chunks: Buffer[] = []
        for await (const chunk of download.stream) chunks.push(chunk as Buffer)
        await download.done()
        assert.ok(!Buffer.concat(chunks).includes(secretPart), 'no zip entry names the token')
      }
    }
    const started = await call(handlers, 'export:batch', {
      sessionIds: [row.id],
      format: 'markdown',
      packaging: 'zip',
    })
    assert.ok(started.ok, JSON.stringify(started))
    for (let i = 0; i < 500 && !seen.some((e) => e[0] === 'export:finished'); i++)
      await new Promise((r) => setTimeout(r, 20))
    const summary = seen.find((e) => e[0] === 'export:finished')?.[1] as {
      written: { fileName: string }[]
    }
    assert.equal(summary.written.length, 1)
    assert.match(summary.written[0]!.fileName, /^deploy-redacted-github-/)

    // Saved as a new session beside its source: pi resumes it in the real project folder.
    const saved = await call(table({}), 'export:save-as-session', {
      sessionId: row.id,
      scope: { kind: 'session' },
    })
    assert.ok(saved.ok, JSON.stringify(saved))
    const fresh = PiSessionManager.open(
      join(dirname(path), (saved.value as { fileName: string }).fileName),
    )
    assert.equal(fresh.getHeader()?.cwd, cwd)
    assert.equal(fresh.getHeader()?.parentSession, path)
    assert.ok(!JSON.stringify(fresh.getEntries()).includes(secretPart), 'the text is redacted')
  })

  it('server mode: a one-time download over the HTTP host, token required', async (ctx) => {
    const downloads = new ExportDownloads(join(out, 'downloads'))
    const handlers = table({ downloads })
    const host = await startHttpHost({
      handlers,
      log,
      token: 't0k',
      staticDir: out,
      downloads,
    })
    ctx.after(() => host.close())
    const result = await call(handlers, 'export:session', {
      sessionId: idOf('branches'),
      format: 'markdown',
      scope: { kind: 'session' },
    })
    assert.ok(result.ok, JSON.stringify(result))
    const value = result.value as { status: string; downloadId: string; bytes: number }
    assert.equal(value.status, 'download')
    const url = `${host.url}api/export-download/${value.downloadId}`
    assert.equal((await fetch(url)).status, 401)
    const auth = { headers: { Authorization: 'Bearer t0k' } }
    const response = await fetch(url, auth)
    assert.equal(response.status, 200)
    assert.match(
      response.headers.get('content-disposition') ?? '',
      /^attachment; filename\*=UTF-8''.*\.md$/,
    )
    const text = await response.text()
    assert.equal(Buffer.byteLength(text), value.bytes)
    assert.match(text, /^---\ntitle: /)
    assert.equal((await fetch(url, auth)).status, 404, 'served once')
    // Removed once the response ended (the host removes it right after).
    for (let i = 0; i < 100 && readdirSync(downloads.dir).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 20))
    }
    assert.deepEqual(readdirSync(downloads.dir), [])
  })

  it('batch: a zip in server mode, with progress and a summary event', async () => {
    const events = createEventHub(log)
    const seen: EventArgs[] = []
    events.subscribe((...args) => seen.push(args))
    const downloads = new ExportDownloads(join(out, 'batch-downloads'))
    const handlers = table({ downloads, events })
    const ids = library
      .query(query())
      .rows.slice(0, 12)
      .map((r) => r.id)
    const started = await call(handlers, 'export:batch', {
      sessionIds: ids,
      format: 'html',
      packaging: 'zip',
    })
    assert.ok(started.ok, JSON.stringify(started))
    const finished = await new Promise<EventArgs>((resolve) => {
      const check = () => {
        const done = seen.find((e) => e[0] === 'export:finished')
        if (done) resolve(done)
        else setTimeout(check, 20)
      }
      check()
    })
    const summary = finished[1] as {
      status: string
      written: unknown[]
      failed: unknown[]
      downloadId: string
    }
    assert.equal(summary.status, 'done')
    assert.equal(summary.written.length + summary.failed.length, ids.length)
    assert.equal(seen.filter((e) => e[0] === 'export:progressed').length, ids.length)
    const download = await downloads.open(summary.downloadId)
    assert.ok(download && download.fileName.endsWith('.zip') && download.size > 0)
    let bytes = 0
    for await (const chunk of download.stream) bytes += (chunk as Buffer).length
    await download.done()
    assert.equal(bytes, download.size)
    const folder = await call(handlers, 'export:batch', {
      sessionIds: ids,
      format: 'html',
      packaging: 'folder',
    })
    assert.ok(!folder.ok && folder.error.code === 'conflict', 'no folder export in the browser')
  })
})
