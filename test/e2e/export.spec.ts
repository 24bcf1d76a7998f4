/**
 * Export from the UI in Chromium against server mode: a branch from the session view (E, the
 * Export dialog, a download) opened as a file in the browser, offline: labels and the
 * selected branch are there, branches switch in the page, nothing leaves the page and no
 * script from session text runs. Then a library selection as one zip.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import yauzl from 'yauzl'
import { headerLine, messageLine } from '../helpers/append'
import { FIXTURE_STORE, readManifest } from '../helpers/fixtures'
import { expect, test, type ServerHandle } from './harness'
import { SessionPage } from './pages/session-page'

const fixtureName = (scenario: string) =>
  readManifest()
    .files.find((f) => f.scenario === scenario && f.writer === 'pi 1.6.0')!
    .file.split('/')
    .at(-1) as string

/** Exports through the open dialog and saves the download; returns its path. */
async function exportDownload(page: Page, dir: string): Promise<string> {
  const download = page.waitForEvent('download')
  await page.getByTestId('export-start').click()
  const file = join(dir, (await download).suggestedFilename())
  await (await download).saveAs(file)
  await expect(page.getByTestId('export-done')).toContainText('Downloaded')
  return file
}

/** Opens the branches fixture in the session view; returns its page object. */
async function openBranches(page: Page, server: ServerHandle): Promise<SessionPage> {
  const session = new SessionPage(page, server)
  await session.open(fixtureName('branches'))
  return session
}

/** Opens an exported page from disk with the network cut off; records what it tried. */
async function openOffline(browser: Browser, file: string) {
  const context = await browser.newContext({ offline: true })
  const page = await context.newPage()
  const problems: string[] = []
  await context.route(/^(?!file:|data:)/, (route) => {
    problems.push(`request: ${route.request().url()}`)
    return route.abort()
  })
  page.on('dialog', (d) => (problems.push(`dialog: ${d.message()}`), void d.dismiss()))
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`csp: ${m.text()}`)
  })
  await page.goto(`file://${file}`)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  return { page, problems, close: () => context.close() }
}

test('export a branch from the session view and open the page offline', async ({
  page,
  server,
  browser,
  scratch,
}) => {
  const dir = scratch('pi-export-e2e-')
  const session = await openBranches(page, server)
  await session.selectNode('d212dd00')
  await page.keyboard.press('e')
  const dialog = page.getByTestId('export-dialog')
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('export-scope')).toHaveValue('entry')
  await expect(page.getByTestId('export-redact')).toBeChecked()
  await page.getByTestId('export-format').selectOption('html')
  await session.screenshot('export-dialog')
  const file = await exportDownload(page, dir)
  expect(file).toMatch(/\.html$/)

  const exported = await openOffline(browser, file)
  const view = exported.page
  await expect(view.locator('main section.item:not([hidden])')).toHaveCount(6)
  await expect(view.locator('main')).toContainText('Try variant A')
  await expect(
    view.locator('main section.item:not([hidden])', { hasText: 'Try variant B' }),
  ).toHaveCount(0)
  await expect(view.locator('#tree .label')).toHaveText(['checkpoint-2', 'variant-a'])
  await expect(view.locator('#tree .node.selected')).toContainText('Token daemon')
  await view.screenshot({ path: 'test-results/screenshots/export-branch-html.png' })
  expect(exported.problems).toEqual([])
  await exported.close()
})

test('the whole session switches branches in the page', async ({
  page,
  server,
  browser,
  scratch,
}) => {
  const dir = scratch('pi-export-e2e-')
  await openBranches(page, server)
  await page.getByTestId('action-export').click()
  await page.getByTestId('export-scope').selectOption('session')
  const whole = await openOffline(browser, await exportDownload(page, dir))
  await whole.page.locator('#tree .node', { hasText: 'Try variant B' }).click()
  const shown = whole.page.locator('main section.item:not([hidden])')
  await expect(shown.filter({ hasText: 'Try variant B' })).toHaveCount(1)
  await expect(shown.filter({ hasText: 'Try variant A' })).toHaveCount(0)
  await whole.page.locator('#filter').selectOption('labeled-only')
  await expect(whole.page.locator('#tree .node:not([hidden])')).toHaveCount(2)
  expect(whole.problems).toEqual([])
  await whole.close()
})

test('the hostile session exported as HTML stays inert offline', async ({
  page,
  serverFor,
  browser,
  scratch,
}) => {
  const root = scratch('pi-export-hostile-')
  cpSync(join(FIXTURE_STORE, '..', 'hostile', 'sessions'), join(root, 'sessions'), {
    recursive: true,
  })
  const session = new SessionPage(page, await serverFor(join(root, 'sessions')))
  await session.open('2026-03-01T10-00-00-000Z_019ca000-0000-7000-8000-00000000beef.jsonl')
  await page.keyboard.press('e')
  await page.getByTestId('export-scope').selectOption('session')
  const hostile = await openOffline(browser, await exportDownload(page, root))
  for (const details of await hostile.page.locator('details').all()) {
    await details.evaluate((d) => ((d as HTMLDetailsElement).open = true))
  }
  for (const node of await hostile.page.locator('#tree .node').all()) await node.click()
  await expect(hostile.page.locator('main')).toContainText('<script>window.__pwned')
  expect(await hostile.page.evaluate('window.__pwned')).toBeUndefined()
  expect(hostile.problems).toEqual([])
  await hostile.close()
})

test('in the exported page a long unbroken word wraps and never widens the transcript', async ({
  page,
  serverFor,
  browser,
  scratch,
}) => {
  const root = scratch('pi-export-wrap-')
  const dir = join(root, 'sessions', '--work-wrap--')
  mkdirSync(dir, { recursive: true })
  const at = '2026-03-02T10:00:00.000Z'
  const id = '019cb000-0000-7000-8000-0000000000e1'
  const token = 'abc'.repeat(300)
  const lines = [
    headerLine(id, at, '/work/wrap'),
    messageLine('w1', null, 'user', `Here is the token: ${token}`, at),
    messageLine('w2', 'w1', 'assistant', `Saved ${token} as asked.`, at),
  ]
  const name = `2026-03-02T10-00-00-000Z_${id}.jsonl`
  writeFileSync(join(dir, name), lines.join('\n') + '\n')
  const session = new SessionPage(page, await serverFor(join(root, 'sessions')))
  await session.open(name)
  await page.keyboard.press('e')
  await page.getByTestId('export-format').selectOption('html')
  const exported = await openOffline(browser, await exportDownload(page, root))
  const main = exported.page.locator('main')
  await expect(main).toContainText('Here is the token')
  const { scroll, client } = await main.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(client)
  // Nor the page: its title wraps too.
  const whole = await exported.page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(whole.scroll).toBeLessThanOrEqual(whole.client)
  await exported.page.screenshot({ path: 'test-results/screenshots/export-long-word.png' })
  expect(exported.problems).toEqual([])
  await exported.close()
})

test('export a library selection as one zip', async ({ page, library, scratch }) => {
  const dir = scratch('pi-export-e2e-')
  await library.openProject('/home/ayla/src/orbit-notes')
  await page.getByTestId('session-check').nth(0).check()
  await page.getByTestId('session-check').nth(1).check()
  await page.getByTestId('session-check').nth(2).check()
  await page.getByTestId('bulk-export').click()
  await expect(page.getByTestId('export-dialog')).toContainText('Export 3 sessions')
  await page.getByTestId('export-format').selectOption('markdown')
  const download = page.waitForEvent('download')
  await page.getByTestId('export-start').click()
  const file = join(dir, (await download).suggestedFilename())
  await (await download).saveAs(file)
  await expect(page.getByTestId('export-summary')).toContainText('3 written, 0 failed')
  const names = await new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const found: string[] = []
      zip.on('entry', (e: yauzl.Entry) => (found.push(e.fileName), zip.readEntry()))
      zip.on('end', () => resolve(found))
      zip.readEntry()
    }),
  )
  expect(names).toHaveLength(3)
  for (const name of names) expect(name).toMatch(/\.md$/)
})

test('a branch saved as a new session appears beside its source', async ({
  page,
  server,
  store,
}) => {
  const session = await openBranches(page, server)
  await session.selectNode('d212dd00')
  await page.keyboard.press('e')
  await page.getByTestId('export-format').selectOption('jsonl')
  await page.getByTestId('export-as-session').check()
  const folder = join(store.sessionsDir, '--home-ayla-src-orbit-notes--')
  const before = readdirSync(folder)
  await page.getByTestId('export-start').click()
  await expect(page.getByTestId('export-done')).toContainText('Saved as a new session')
  const created = readdirSync(folder).filter((f) => !before.includes(f))
  expect(created).toHaveLength(1)
  expect(await session.idOf(created[0] as string)).not.toBe('')
})

test('Markdown with its images as files downloads as a zip of the page and its images folder', async ({
  page,
  server,
  scratch,
}) => {
  const dir = scratch('pi-export-e2e-')
  const session = new SessionPage(page, server)
  await session.open(fixtureName('tools-images'))
  await page.keyboard.press('e')
  await page.getByTestId('export-format').selectOption('markdown')
  await page.getByTestId('export-images').selectOption('files')
  await page.getByTestId('export-dialog').screenshot({
    path: 'test-results/screenshots/export-markdown-images.png',
  })
  const file = await exportDownload(page, dir)
  expect(file).toMatch(/\.zip$/)
  const entries = await new Promise<Map<string, string>>((resolve, reject) =>
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const found = new Map<string, string>()
      zip.on('entry', (e: yauzl.Entry) =>
        zip.openReadStream(e, (err, stream) => {
          if (err || !stream) return reject(err)
          const parts: Buffer[] = []
          stream.on('data', (c: Buffer) => parts.push(c))
          stream.on(
            'end',
            () => (found.set(e.fileName, Buffer.concat(parts).toString('latin1')), zip.readEntry()),
          )
        }),
      )
      zip.on('end', () => resolve(found))
      zip.readEntry()
    }),
  )
  const markdown = [...entries.keys()].find((name) => name.endsWith('.md')) as string
  const links = [...(entries.get(markdown) as string).matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map(
    (m) => decodeURIComponent(m[1] as string),
  )
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) {
    expect(link.startsWith(markdown.replace(/\.md$/, '-images/'))).toBe(true)
    expect(entries.get(link)?.slice(1, 4)).toBe('PNG')
  }
})
