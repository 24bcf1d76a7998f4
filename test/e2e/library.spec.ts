/**
 * The library in Chromium against server mode on a temp copy of the fixture store:
 * every project and session pi lists is there under pi's cwd; every file pi hides is
 * there too, marked; live updates on append; search deep inside a session; the API refuses
 * calls without the token or with a foreign Host.
 */
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { expect, startServer, test } from './harness'
import { LibraryPage } from './pages/library-page'
import { readExpected } from '../helpers/fixtures'
import { headerLine, messageLine } from '../helpers/append'

interface PiSessionInfo {
  path: string
  cwd: string
  allMessagesText: string
  firstMessage: string
}

function piStore() {
  return readExpected().store.pi160 as {
    listAll: { sessions: PiSessionInfo[] }
    list: Record<string, { order: string[] }>
    customDir: { list: Record<string, { order: string[] }> }
  }
}

/**
 * What pi 1.6.0 listed: listAll over the default tree plus list() of the custom dir per cwd,
 * as file name -> the project the app must show it under: pi's cwd, or for pi's `""` (a
 * header without cwd) the app's folder-based project `<folder> (cwd unknown)`.
 */
function piListing(): Map<string, string> {
  const store = piStore()
  const byFile = new Map<string, string>()
  for (const session of store.listAll.sessions) {
    const project = session.cwd || `${basename(dirname(session.path))} (cwd unknown)`
    byFile.set(basename(session.path), project)
  }
  for (const [cwd, list] of Object.entries(store.customDir.list)) {
    for (const file of list.order) byFile.set(file, cwd)
  }
  return byFile
}

/** Every `*.jsonl` name in a folder and its sub-folders (one level, as pi's layout). */
function jsonlNames(root: string): string[] {
  const names: string[] = []
  for (const name of readdirSync(root)) {
    if (name.endsWith('.jsonl')) names.push(name)
    else if (statSync(join(root, name)).isDirectory()) {
      names.push(...readdirSync(join(root, name)).filter((n) => n.endsWith('.jsonl')))
    }
  }
  return names
}

test('every fixture project is listed with its sessions, damaged ones marked', async ({
  library,
  store,
  page,
}) => {
  const pi = piListing()
  for (const cwd of new Set(pi.values())) await expect(library.project(cwd)).toHaveCount(1)

  const seen = new Map<string, { cwd: string; status: string }>()
  const projectCount = await library.projects().count()
  for (let i = 0; i < projectCount; i++) {
    const row = library.projects().nth(i)
    const cwd = (await row.locator('.project-cwd').textContent()) ?? ''
    await library.openProject(cwd)
    for (const r of await library.allRows()) seen.set(r.fileName, { cwd, status: r.status })
  }

  const onDisk = [...jsonlNames(store.sessionsDir), ...jsonlNames(store.customDir)]
  expect([...seen.keys()].sort()).toEqual(onDisk.sort())
  for (const [file, cwd] of pi) expect(seen.get(file)?.cwd, file).toBe(cwd)
  // pi's listAll ignores files directly in the sessions root (spec 15.3): we list them.
  const stray = readdirSync(store.sessionsDir).filter((f) => f.endsWith('.jsonl'))
  expect(stray.length).toBeGreaterThan(0)
  for (const file of stray) expect(seen.get(file)?.status, file).toBe('ok')
  // Every other file pi hides, it hides because its loader rejects it: we show it, marked.
  for (const file of onDisk.filter((f) => !pi.has(f) && !stray.includes(f))) {
    expect(seen.get(file)?.status, `${file} is hidden by pi, so it must be marked`).not.toBe('ok')
  }
  await library.showAllProjects()
  await page.screenshot({ path: 'test-results/screenshots/library.png' })
})

test('a project lists its sessions in pi’s order', async ({ library }) => {
  await library.openProject('/home/ayla/src/tide-tables')
  await library.sortBy('recent')
  const names = (await library.allRows()).map((r) => r.fileName)
  // pi's list() of that folder holds only tide-tables sessions, sorted by activity.
  expect(names).toEqual(piStore().list['--home-ayla-src-tide-tables--']?.order)
})

test('a message appended on disk shows in its row', async ({ library, store }) => {
  await library.openProject('/home/ayla/src/tide-tables')
  const file = piStore().list['--home-ayla-src-tide-tables--']?.order.at(-1) as string
  const path = join(store.sessionsDir, '--home-ayla-src-tide-tables--', file)
  const row = library.row(file)
  await library.sortBy('recent')
  const before = piStore().listAll.sessions.find((s) => s.path.endsWith(file))
  expect(before).toBeDefined()
  const lines = readFileSync(path, 'utf8').trim().split('\n')
  const last = JSON.parse(lines.at(-1) as string) as { id: string }
  // What pi appends for a new prompt: one JSON line, parented on the last entry.
  const entry = {
    type: 'message',
    id: 'e2e00001',
    parentId: last.id,
    timestamp: new Date().toISOString(),
    message: {
      role: 'user',
      content: 'Appended while the app was watching',
      timestamp: Date.now(),
    },
  }
  appendFileSync(path, JSON.stringify(entry) + '\n')
  // The row moves to the top (newest activity) and counts one more message.
  const first = library.sessions().first()
  await expect(first).toHaveAttribute('data-file-name', file)
  await expect(row).toContainText('now')
})

test("the project the user chose comes back chosen when another program rewrites its only session's file", async ({
  library,
  store,
}) => {
  const cwd = '/home/ayla/src/solo-project'
  const dir = join(store.sessionsDir, '--home-ayla-src-solo-project--')
  mkdirSync(dir, { recursive: true })
  const id = '019d0000-0000-7000-8000-0000000000a1'
  const at = '2026-03-04T10:00:00.000Z'
  const path = join(dir, `2026-03-04T10-00-00-000Z_${id}.jsonl`)
  const only = messageLine('a1000001', null, 'user', 'The only session of its project.', at)
  const bytes = `${headerLine(id, at, cwd)}\n${only}\n`
  writeFileSync(path, bytes)
  await expect(library.project(cwd)).toHaveCount(1)
  await library.openProject(cwd)
  // Another program rewrites the file the plain way: emptied, then written again.
  writeFileSync(path, '')
  await expect(library.project(cwd)).toHaveCount(0)
  await expect(library.page.getByTestId('project-all')).toHaveAttribute('aria-current', 'true')
  writeFileSync(path, bytes)
  await expect(library.project(cwd)).toHaveAttribute('aria-current', 'true')
  await expect(library.sessions()).toHaveCount(1)
})

test('searching a phrase found only deep inside one session finds and opens it', async ({
  library,
  page,
}) => {
  const phrase = 'Resumed in 0.73.1'
  const holders = piStore().listAll.sessions.filter((s) => s.allMessagesText.includes(phrase))
  expect(holders).toHaveLength(1)
  const holder = holders[0] as PiSessionInfo
  expect(holder.firstMessage.includes(phrase)).toBe(false)
  await library.showAllProjects()
  await library.search(`"${phrase}"`)
  const rows = await library.allRows()
  expect(rows.map((r) => r.fileName)).toEqual([basename(holder.path)])
  expect(rows[0]?.matchEntryId).toBeTruthy()
  await expect(library.sessions().first()).toContainText(phrase)
  await library.sessions().first().click()
  await expect(library.sessions().first()).toHaveAttribute('aria-current', 'true')
  await page.screenshot({ path: 'test-results/screenshots/library-search.png' })
})

test('an invalid regex search says why instead of failing', async ({ library, page }) => {
  await library.search('re:(unclosed')
  await expect(page.getByTestId('query-error')).toContainText('Invalid regular expression')
})

test('a slow search says so, fades the rows it will replace and drops the error of the last query', async ({
  library,
  page,
}) => {
  await library.search('re:(unclosed')
  await expect(page.getByTestId('query-error')).toBeVisible()
  // The next queries answer only when released (a regex over every message can take seconds).
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/api\/library:query-sessions$/, async (route) => {
    await released
    await route.continue()
  })
  await page.getByTestId('search-input').fill('re:daemon|rollout')
  await expect(page.getByTestId('searching')).toHaveText('Searching…')
  await expect(page.getByTestId('query-error')).toHaveCount(0)
  await expect(page.locator('.session-rows')).toHaveAttribute('aria-busy', 'true')
  release()
  await library.waitRows()
  await expect(page.getByTestId('searching')).toHaveCount(0)
  await expect(page.locator('.session-rows')).toHaveAttribute('aria-busy', 'false')
  await expect(page.getByTestId('query-error')).toHaveCount(0)
})

test('opened without its token the app says where the address is, and pasting it in loads the library', async ({
  page,
  server,
}) => {
  const library = new LibraryPage(page)
  await page.goto(server.origin)
  await expect(page.getByText(/Could not load the library/)).toContainText('#token=')
  // Only the fragment changes when the token is pasted into the address bar.
  await page.evaluate((hash) => (window.location.hash = hash), `#token=${server.token}`)
  await library.waitReady()
  await expect(library.projects().first()).toBeVisible()
})

test('the API refuses a request without the token or with a foreign Host', async ({
  server,
  request,
}) => {
  const url = `${server.origin}api/library:list-projects`
  const noToken = await request.post(url, { data: {} })
  expect(noToken.status()).toBe(401)
  const wrongToken = await request.post(url, {
    data: {},
    headers: { Authorization: 'Bearer nope' },
  })
  expect(wrongToken.status()).toBe(401)
  const foreignHost = await request.post(url, {
    data: {},
    headers: { Authorization: `Bearer ${server.token}`, Host: `evil.example:${server.port}` },
  })
  expect(foreignHost.status()).toBe(403)
  const good = await request.post(url, {
    data: {},
    headers: { Authorization: `Bearer ${server.token}` },
  })
  expect(good.status()).toBe(200)
  expect((await good.json()).ok).toBe(true)
  expect(good.headers()['access-control-allow-origin']).toBeUndefined()
  const events = await request.get(`${server.origin}api/events`)
  expect(events.status()).toBe(401)
  // Ids, never paths: forged ids and paths are refused before any file is touched.
  const auth = { Authorization: `Bearer ${server.token}` }
  const cases: [string, object, string][] = [
    [
      'session:set-label',
      { sessionId: '../../etc/passwd', entryId: 'x', label: 'y' },
      'invalid_argument',
    ],
    ['session:rename', { sessionId: '/home/ayla/x.jsonl', name: 'y' }, 'invalid_argument'],
    ['session:rename', { sessionId: 'aaaaaaaaaaaaaaaa', name: 'y' }, 'not_found'],
    ['trash:move-sessions', { sessionIds: ['../x'] }, 'invalid_argument'],
    ['library:add-root', { path: 'relative/dir' }, 'invalid_argument'],
    ['session:open', { sessionId: 'ffffffffffffffff', path: '/etc/passwd' }, 'invalid_argument'],
  ]
  for (const [channel, data, code] of cases) {
    const reply = await request.post(`${server.origin}api/${channel}`, { data, headers: auth })
    expect((await reply.json()).error?.code, `${channel} ${JSON.stringify(data)}`).toBe(code)
  }
})

test('a folder added by the user is scanned and remembered across restarts', async ({
  store,
  dataHome,
  page,
}) => {
  const args = ['--sessions-dir', store.sessionsDir]
  const first = await startServer(args, { XDG_DATA_HOME: dataHome, HOME: dataHome })
  const library = new LibraryPage(page)
  await library.open(first.appUrl)
  await expect(library.project('/home/ayla/src/alpha')).toHaveCount(0)
  await page.getByTestId('roots-panel').locator('summary').click()
  await expect(page.getByTestId('roots-panel')).toHaveAttribute('open', '')
  await page.getByLabel('Folder to add').fill(store.customDir)
  await page.getByRole('button', { name: 'Add folder' }).click()
  await expect(library.project('/home/ayla/src/alpha')).toHaveCount(1)
  await first.stop()

  const second = await startServer(args, { XDG_DATA_HOME: dataHome, HOME: dataHome })
  await library.open(second.appUrl)
  await expect(library.project('/home/ayla/src/beta')).toHaveCount(1)
  await second.stop()
})

test('Home, End and the page keys move through the session list, the keyboard with them', async ({
  library,
  page,
}) => {
  await library.openProject('/home/ayla/src/orbit-notes')
  await library.waitRows()
  const rows = library.sessions()
  const count = await rows.count()
  expect(count).toBeGreaterThan(12)
  await rows.first().click()
  await expect(rows.first()).toBeFocused()
  const focused = () =>
    page.evaluate(() => document.activeElement?.getAttribute('data-session-id') ?? null)
  const idAt = (i: number) => rows.nth(i).getAttribute('data-session-id')
  await page.keyboard.press('End')
  await expect.poll(focused).toBe(await idAt(count - 1))
  await page.keyboard.press('Home')
  await expect.poll(focused).toBe(await idAt(0))
  await page.keyboard.press('PageDown')
  await expect.poll(focused).toBe(await idAt(10))
  await page.keyboard.press('PageUp')
  await expect.poll(focused).toBe(await idAt(0))
})
