/**
 * The library in Chromium against server mode on a temp copy of the fixture store:
 * every project and session pi lists is there under pi's cwd; every file pi hides is
 * there too, marked; the API refuses calls without the token or with a foreign Host.
 */
import { readdirSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { expect, test } from './harness'
import { readExpected } from '../helpers/fixtures'

interface PiSessionInfo {
  path: string
  cwd: string
}

/**
 * What pi 1.6.0 listed: listAll over the default tree plus list() of the custom dir per cwd,
 * as file name -> the project the app must show it under: pi's cwd, or for pi's `""` (a
 * header without cwd) the app's folder-based project `<folder> (cwd unknown)`.
 */
function piListing(): Map<string, string> {
  const store = readExpected().store.pi160 as {
    listAll: { sessions: PiSessionInfo[] }
    customDir: { list: Record<string, { order: string[] }> }
  }
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
  const cwds = [...new Set(pi.values())]
  for (const cwd of cwds) await expect(library.project(cwd)).toHaveCount(1)

  const seen = new Map<string, { cwd: string; status: string }>()
  const projectCount = await library.projects().count()
  for (let i = 0; i < projectCount; i++) {
    const row = library.projects().nth(i)
    const cwd = (await row.locator('.project-cwd').textContent()) ?? ''
    await row.click()
    await expect(page.locator('.session-list')).toHaveAttribute('data-status', 'ready')
    const rows = await library
      .sessions()
      .evaluateAll((els) =>
        els.map((el) => [
          el.getAttribute('data-file-name') ?? '',
          el.getAttribute('data-status') ?? '',
        ]),
      )
    for (const [file, status] of rows) seen.set(file ?? '', { cwd, status: status ?? '' })
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
  await page.screenshot({ path: 'test-results/screenshots/library.png' })
})

test('clicking a project lists its sessions newest first', async ({ library }) => {
  await library.openProject('/home/ayla/src/tide-tables')
  const names = await library.sessionFileNames()
  const store = readExpected().store.pi160 as { list: Record<string, { order: string[] }> }
  // pi's list() of that folder holds only tide-tables sessions, sorted by activity.
  expect(names).toEqual(store.list['--home-ayla-src-tide-tables--']?.order)
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
})
